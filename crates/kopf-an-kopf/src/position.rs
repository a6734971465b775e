//! Setting up positions by hand — for tests, puzzles and analysis. Every change keeps the
//! deck whole (cards move between hands and piles) and leaves a state the rules can go on from.

use engine::{EventLog, GameRng, Seat};

use crate::card::{CardKind, Cards};
use crate::event::Event;
use crate::horse::{HORSES, Horse};
use crate::state::{KopfAnKopf, NOBODY, Phase, Roll};

impl KopfAnKopf {
    /// Puts `horse` at `position` (below the finish: finishing is the rules' business).
    pub fn set_position(&mut self, horse: Horse, position: u8) -> Result<(), String> {
        if position >= self.rules.track || self.is_finished(horse) {
            return Err(format!("horse {horse} cannot be put at {position}"));
        }
        self.pos[horse.index()] = position;
        Ok(())
    }

    /// Gives `horse` to `seat` (or back to the bank).
    pub fn set_owner(&mut self, horse: Horse, seat: Option<Seat>) {
        self.owner[horse.index()] = seat.map_or(NOBODY, |s| s.index() as u8);
    }

    /// Sets `seat`'s money.
    pub fn set_money(&mut self, seat: Seat, money: u32) {
        self.money[seat.index()] = money;
    }

    /// Takes `seat`'s second chance away (or gives it back).
    pub fn set_second_chance(&mut self, seat: Seat, has: bool) {
        if has {
            self.second_chance.insert(seat);
        } else {
            self.second_chance.remove(seat);
        }
    }

    /// Gives `seat` exactly `hand`: its old cards go to pile 1, the new ones come from the piles
    /// and the discard pile.
    pub fn set_hand(&mut self, seat: Seat, hand: Cards) -> Result<(), String> {
        let old = self.hands[seat.index()];
        self.piles[0].add_all(&old);
        self.hands[seat.index()] = Cards::EMPTY;
        for kind in hand.iter() {
            let [first, second] = &mut self.piles;
            let from = [first, second, &mut self.discard].into_iter().find(|c| c.has(kind));
            match from {
                Some(cards) => {
                    cards.remove(kind);
                    self.hands[seat.index()].add(kind, 1);
                }
                None => return Err(format!("no {kind} left in the piles for seat {seat}")),
            }
        }
        for o in 0..self.seats as usize {
            self.known[o][seat.index()] = Cards::EMPTY;
        }
        Ok(())
    }

    /// Moves every card of both piles to the discard pile but `keep` (for the reshuffle).
    pub fn empty_piles(&mut self, keep: &[CardKind]) {
        for p in 0..2 {
            self.discard.add_all(&self.piles[p]);
            self.piles[p] = Cards::EMPTY;
        }
        for &k in keep {
            if self.discard.remove(k) {
                self.piles[0].add(k, 1);
            }
        }
    }

    /// Sets the dice of the current roll (in the second chance or the re-roll window).
    pub fn set_roll(&mut self, horse: Horse, movement: u8) -> Result<(), String> {
        match (self.phase, self.roll) {
            (Phase::SecondChance | Phase::RollWindow, Some(r)) => {
                self.roll = Some(Roll { horse, movement, ..r });
                Ok(())
            }
            _ => Err("no roll to set".into()),
        }
    }

    /// Starts a fresh turn of `seat` (abilities, then the roll), as if the turn had passed to it.
    pub fn begin_turn(&mut self, seat: Seat, rng: &mut GameRng) {
        self.active = seat;
        self.stack_len = 0;
        self.base = None;
        self.start_turn(rng, &mut EventLog::<Event>::off());
    }

    /// Starts a fresh turn of `seat`, writing its events to `log`.
    pub fn begin_turn_logged(&mut self, seat: Seat, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.active = seat;
        self.stack_len = 0;
        self.base = None;
        self.start_turn(rng, log);
    }

    /// Whether every horse is at the start and none has finished (a fresh race).
    pub fn at_start(&self) -> bool {
        (0..HORSES).all(|h| self.pos[h] == 0 && self.place[h] == 0)
    }
}
