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
        self.fight.as_ref().and_then(|f| f.side(seat))
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

    /// Whether the bettor `seat` may place `action`: exactly the actions [`Self::for_each_bet`]
    /// lists, checked directly because `apply` asks it on every chip.
    #[inline]
    fn bet_allowed(&self, seat: Seat, action: Action) -> bool {
        let slot = |tableau: Tableau, field: u8| {
            self.bets[tableau.index()].get(field as usize).filter(|_| (field as usize) < self.field_count())
        };
        match (self.fighter_side(seat), action) {
            (Some(side), Action::Offer { tableau, field }) if self.bet_pass == 1 => {
                tableau.index() == side
                    && slot(tableau, field).is_some_and(|s| s.offer.is_none())
                    && self.field(field as usize).0 == BetKind::Win
            }
            (Some(_), _) if self.bet_pass == 1 => false,
            (None, Action::Offer { tableau, field }) => slot(tableau, field).is_some_and(|s| s.offer.is_none()),
            (_, Action::Accept { tableau, field }) => {
                slot(tableau, field).is_some_and(|s| s.offer.is_some() && s.accept.is_none())
            }
            (_, Action::Pass) => true,
            _ => false,
        }
    }

    /// Places the bettor's chip.
    pub(crate) fn bet(&mut self, seat: Seat, action: Action, log: &mut EventLog<Event>) -> Result<(), IllegalAction> {
        if !self.bet_allowed(seat, action) {
            return Err(IllegalAction::Rule(match action {
                Action::Offer { .. } | Action::Accept { .. } | Action::Pass => match self.fighter_side(seat) {
                    Some(_) if self.bet_pass == 1 => "a fighter first offers a Sieg bet on their own tableau",
                    Some(_) => "a fighter places their last chip on an accept slot or the pass field",
                    None => "that slot is taken or its bet is not offered",
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

#[cfg(test)]
mod tests {
    use engine::testing::play_game;
    use rand::Rng;

    use super::*;
    use crate::config::Config;
    use crate::edition::MAX_FIELDS;

    /// `apply` checks a chip with `bet_allowed`, the move list comes from `for_each_bet`: the two
    /// must agree on every bet action at every betting position, or a listed chip is refused or
    /// an unlisted one accepted (KO-15, KO-17).
    #[test]
    fn ko_15_ko_17_the_bet_check_agrees_with_the_bet_list() {
        let mut every = vec![Action::Pass];
        for tableau in Tableau::BOTH {
            for field in 0..=MAX_FIELDS as u8 {
                every.push(Action::Offer { tableau, field });
                every.push(Action::Accept { tableau, field });
            }
        }
        let mut checked = 0;
        for game in 0..300 {
            let config = if game % 2 == 0 { Config::default() } else { Config::pro() };
            play_game::<KnockOut>(&config, 3 + game as usize % 3, game, |state, seat, legal, rng| {
                if state.phase == Phase::Betting {
                    for &action in &every {
                        assert_eq!(state.bet_allowed(seat, action), legal.contains(&action), "{action} at {seat}");
                        checked += 1;
                    }
                }
                legal[rng.random_range(0..legal.len())]
            });
        }
        assert!(checked > 10_000, "only {checked} checks");
    }
}
