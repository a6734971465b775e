//! Betting (KO-13 … KO-17): three passes, challenger, defender, then the others clockwise; the
//! fighters' two compulsory offers in pass 1; offers, accepts, bluffs and the pass field.

use engine::{EventLog, IllegalAction, Seat};

use crate::action::{Action, Tableau};
use crate::edition::BetKind;
use crate::event::Event;
use crate::state::{CHIPS, KnockOut, PASSES, Phase};

impl KnockOut {
    /// Opens the betting once both fighters have trained.
    pub(crate) fn begin_betting(&mut self) {
        let fight = self.fight.expect("a fight is set");
        let [red, blue] = fight.boxers.map(|b| b.owner);
        let n = self.seats as usize;
        self.order[0] = red;
        self.order[1] = blue;
        let mut k = 2;
        let mut seat = red.next(n);
        while k < n {
            if seat != blue {
                self.order[k] = seat;
                k += 1;
            }
            seat = seat.next(n);
        }
        self.chips = [0; crate::edition::SEATS];
        for s in self.all_seats() {
            self.chips[s.index()] = CHIPS;
        }
        self.bet_pass = 1;
        self.bet_turn = 0;
        self.phase = Phase::Betting;
    }

    /// The seat to place a chip now.
    #[inline]
    pub(crate) fn bettor(&self) -> Seat {
        self.order[self.bet_turn as usize]
    }

    /// Whether `seat` is a fighter this round.
    #[inline]
    pub(crate) fn fighter_side(&self, seat: Seat) -> Option<usize> {
        self.fight.and_then(|f| f.side(seat))
    }

    /// Calls `f` with every legal betting action of the bettor `seat` (KO-15, KO-17).
    #[inline]
    pub(crate) fn for_each_bet(&self, seat: Seat, mut f: impl FnMut(Action)) {
        let fields = self.field_count();
        match self.fighter_side(seat) {
            Some(side) if self.bet_pass == 1 => {
                // The compulsory Sieg offer on the own tableau (the K.O. offer goes with it).
                let tableau = Tableau::of(side);
                for field in 0..fields {
                    if self.field(field).0 == BetKind::Win && self.bets[side][field].offer.is_none() {
                        f(Action::Offer { tableau, field: field as u8 });
                    }
                }
            }
            fighter => {
                if fighter.is_none() {
                    for tableau in Tableau::BOTH {
                        for field in 0..fields {
                            if self.bets[tableau.index()][field].offer.is_none() {
                                f(Action::Offer { tableau, field: field as u8 });
                            }
                        }
                    }
                }
                for tableau in Tableau::BOTH {
                    for field in 0..fields {
                        let slot = self.bets[tableau.index()][field];
                        if slot.offer.is_some() && slot.accept.is_none() {
                            f(Action::Accept { tableau, field: field as u8 });
                        }
                    }
                }
                f(Action::Pass);
            }
        }
    }

    /// Places the bettor's chip.
    pub(crate) fn bet(&mut self, seat: Seat, action: Action, log: &mut EventLog<Event>) -> Result<(), IllegalAction> {
        let mut legal = false;
        self.for_each_bet(seat, |a| legal |= a == action);
        if !legal {
            return Err(IllegalAction::Rule(match action {
                Action::Offer { .. } | Action::Accept { .. } | Action::Pass => match self.fighter_side(seat) {
                    Some(_) if self.bet_pass == 1 => "a fighter first offers a Sieg bet on their own tableau (KO-15)",
                    Some(_) => "a fighter places their last chip on an accept slot or the pass field (KO-15)",
                    None => "that slot is taken or its bet is not offered (KO-17)",
                },
                _ => "place a betting chip: offer, accept or pass",
            }));
        }
        let chips = &mut self.chips[seat.index()];
        match action {
            Action::Offer { tableau, field } => {
                self.bets[tableau.index()][field as usize].offer = Some(seat);
                *chips -= 1;
                log.push(Event::Offered { seat, tableau, field });
                if let Some(side) = self.fighter_side(seat) {
                    // KO-15: the second compulsory chip, the K.O. offer of the own tableau.
                    let ko = (0..self.field_count())
                        .find(|&i| self.field(i).0 == BetKind::Ko)
                        .expect("an edition has a ko field");
                    self.bets[side][ko].offer = Some(seat);
                    self.chips[seat.index()] -= 1;
                    log.push(Event::Offered { seat, tableau: Tableau::of(side), field: ko as u8 });
                }
            }
            Action::Accept { tableau, field } => {
                let slot = &mut self.bets[tableau.index()][field as usize];
                slot.accept = Some(seat);
                *chips -= 1;
                let offerer = slot.offer.expect("accepted only when offered");
                log.push(Event::Accepted { seat, tableau, field, offerer, bluff: offerer == seat });
            }
            Action::Pass => {
                *chips -= 1;
                self.passes[seat.index()] += 1;
                log.push(Event::Passed { seat });
            }
            _ => unreachable!("checked legal above"),
        }
        self.advance_betting(log);
        Ok(())
    }

    /// Moves to the next seat with a chip to place in this pass, or the next pass; after the
    /// third pass the fight begins.
    fn advance_betting(&mut self, log: &mut EventLog<Event>) {
        let n = self.seats;
        loop {
            self.bet_turn += 1;
            if self.bet_turn >= n {
                self.bet_turn = 0;
                self.bet_pass += 1;
                if self.bet_pass > PASSES {
                    self.phase = Phase::Fight;
                    log.push(Event::BettingClosed);
                    return;
                }
            }
            if self.chips[self.bettor().index()] > 0 {
                return;
            }
        }
    }
}
