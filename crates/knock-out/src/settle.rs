//! Settling the tableaus (KO-31, KO-32) and the final settlement (KO-40).

use engine::{EventLog, Seat};

use crate::action::Tableau;
use crate::boxer::{BoxerId, Class};
use crate::edition::BetKind;
use crate::event::Event;
use crate::money::{Party, Payment, Why};
use crate::state::{FightResult, KnockOut, Phase};

/// Whether the bet of a `kind` field on the tableau backing side `backed` came true.
pub(crate) fn bet_won(kind: BetKind, backed: usize, result: FightResult) -> bool {
    result.winner == backed
        && match kind {
            BetKind::Win => true,
            BetKind::Points => !result.knock_out,
            BetKind::Ko => result.knock_out,
        }
}

impl KnockOut {
    /// KO-31: red tableau, then blue, field by field.
    pub(crate) fn settle_bets(&mut self, result: FightResult, log: &mut EventLog<Event>) {
        for tableau in Tableau::BOTH {
            for field in 0..self.field_count() {
                let slot = self.bets[tableau.index()][field];
                let Some(offerer) = slot.offer else { continue };
                let (kind, stake) = self.field(field);
                let won = bet_won(kind, tableau.index(), result);
                let at = Some((tableau, field as u8 + 1));
                match slot.accept {
                    Some(acceptor) if acceptor == offerer => {
                        log.push(Event::Cancelled { seat: offerer, tableau, field: field as u8 });
                    }
                    Some(acceptor) => {
                        let (from, to) = if won { (acceptor, offerer) } else { (offerer, acceptor) };
                        self.pay(
                            Payment {
                                from: Party::Seat(from),
                                to: Party::Seat(to),
                                amount: stake,
                                why: Why::Bet,
                                field: at,
                            },
                            true,
                            log,
                        );
                    }
                    None if won => self.pay(
                        Payment {
                            from: Party::Bank,
                            to: Party::Seat(offerer),
                            amount: stake / 2,
                            why: Why::BankBet,
                            field: at,
                        },
                        true,
                        log,
                    ),
                    None => self.pay(
                        Payment { from: Party::Seat(offerer), to: Party::Pot, amount: stake, why: Why::Pot, field: at },
                        true,
                        log,
                    ),
                }
            }
        }
    }

    /// KO-40: the bonus pot to the owner(s) of the boxer with the highest start money not
    /// knocked out; 5,000 S (edition) per card left; each debt certificate costs 50,000 S.
    pub(crate) fn final_settlement(&mut self, log: &mut EventLog<Event>) {
        self.payments.clear();
        let mut best = i64::MIN;
        let mut owners = 0u8;
        for seat in self.all_seats() {
            for class in Class::BOTH {
                let id = BoxerId::new(seat, class);
                if self.boxer(id).knocked_out {
                    continue;
                }
                let money = self.start_money(id);
                if money > best {
                    best = money;
                    owners = 0;
                }
                if money == best {
                    owners |= 1 << seat.index();
                }
            }
        }
        let pot = self.pot;
        if pot > 0 {
            let n = owners.count_ones() as i64;
            if n > 0 {
                let share = pot / n;
                for seat in self.all_seats().filter(|s| owners & (1 << s.index()) != 0) {
                    self.pay(
                        Payment {
                            from: Party::Pot,
                            to: Party::Seat(seat),
                            amount: share,
                            why: Why::PotShare,
                            field: None,
                        },
                        false,
                        log,
                    );
                }
            }
            let rest = self.pot;
            self.pay(
                Payment { from: Party::Pot, to: Party::Bank, amount: rest, why: Why::PotShare, field: None },
                false,
                log,
            );
        }
        let (bonus, debt) = (self.edition().card_bonus, self.edition().debt_amount);
        for seat in self.all_seats() {
            let cards = self.hands[seat.index()].len() as i64;
            self.pay(
                Payment {
                    from: Party::Bank,
                    to: Party::Seat(seat),
                    amount: cards * bonus,
                    why: Why::CardBonus,
                    field: None,
                },
                false,
                log,
            );
            let debts = self.debts[seat.index()] as i64;
            self.pay(
                Payment {
                    from: Party::Seat(seat),
                    to: Party::Bank,
                    amount: debts * debt,
                    why: Why::DebtCost,
                    field: None,
                },
                false,
                log,
            );
        }
        self.phase = Phase::Over;
        self.chips = [0; crate::edition::SEATS];
        if log.is_on() {
            log.push(Event::GameOver { money: self.money[..self.seats as usize].to_vec() });
        }
    }

    /// The final money of every seat once the game is over.
    pub(crate) fn final_money(&self) -> Option<&[i64]> {
        (self.phase == Phase::Over).then(|| &self.money[..self.seats as usize])
    }

    /// The seats owning a boxer with the highest start money among those not knocked out (the
    /// bonus pot's owners if the game ended now).
    pub fn pot_owners(&self) -> Vec<Seat> {
        let mut best = i64::MIN;
        let mut owners = Vec::new();
        for seat in self.all_seats() {
            for class in Class::BOTH {
                let id = BoxerId::new(seat, class);
                if self.boxer(id).knocked_out {
                    continue;
                }
                let money = self.start_money(id);
                if money > best {
                    best = money;
                    owners.clear();
                }
                if money == best && !owners.contains(&seat) {
                    owners.push(seat);
                }
            }
        }
        owners
    }
}
