//! The end (KK-50 … KK-53): bets handed back or paid by the odds, most money wins.

use engine::{EventLog, MAX_SEATS, Outcome, Seat, SeatSet};
use serde::Serialize;

use crate::event::Event;
use crate::horse::{HORSES, Horse};
use crate::state::{KopfAnKopf, Phase};

/// One seat's line of the settlement table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Settlement {
    /// The seat.
    pub seat: Seat,
    /// Money in hand when the third horse finished.
    pub cash: u32,
    /// KK-51: stakes on horses without a place, handed back.
    pub handed_back: u32,
    /// KK-52: stake × odds for bets (and free bets) on placed horses.
    pub winnings: u32,
    /// KK-53: the final money.
    pub total: u32,
}

impl KopfAnKopf {
    /// The settlement line of `seat` from its bets as they stand (the final one once over).
    pub fn settlement(&self, seat: Seat) -> Settlement {
        let i = seat.index();
        let mut handed_back = 0;
        let mut winnings = 0;
        for h in 0..HORSES {
            let (stake, free) = (self.bets[i][h], self.free_bets[i][h]);
            match self.place[h] {
                p @ 1..=3 => winnings += (stake + free) * self.rules.odds[h][p as usize - 1],
                _ => handed_back += stake,
            }
        }
        let cash = self.money[i];
        Settlement { seat, cash, handed_back, winnings, total: cash + handed_back + winnings }
    }

    /// KK-50: the third horse has finished; the turn stops here. Cards on the stack go to the
    /// discard pile.
    pub(crate) fn end_game(&mut self, log: &mut EventLog<Event>) {
        for k in 0..self.stack_len as usize {
            self.discard.add(self.stack[k].0, 1);
        }
        self.stack_len = 0;
        self.base = None;
        self.phase = Phase::Over;
        self.listed = Default::default();
        self.waiting = SeatSet::EMPTY;
        let ladder = {
            let mut ladder = [Horse::at(0); 3];
            for h in Horse::ALL {
                if let p @ 1..=3 = self.place[h.index()] {
                    ladder[p as usize - 1] = h;
                }
            }
            ladder
        };
        log.push(Event::GameOver { ladder });
    }

    /// KK-53: places by final money, equal money sharing a place.
    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut scores = [0i64; MAX_SEATS];
        for seat in Seat::all(self.seats as usize) {
            scores[seat.index()] = self.settlement(seat).total as i64;
        }
        Some(Outcome::from_scores(&scores[..self.seats as usize]))
    }
}
