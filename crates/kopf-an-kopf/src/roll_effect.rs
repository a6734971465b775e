//! KK-11 1–3: what a roll does once no re-roll changes it. The rolled horse moves; then the
//! active player's horses whose sprint bar lists it *may* move, in the order the player picks,
//! any of them or none (rules 2: "darf … dürfen"); then a 3 on the movement die *may* take a
//! card from the rolled horse's owner, or from a pile of the player's choice when nobody owns it
//! ("darf"). Each choice is a step only when there is something to choose.

use engine::{EventLog, GameRng, Seat};

use crate::event::{Event, Why};
use crate::horse::{Horse, HorseSet};
use crate::state::{KopfAnKopf, NOBODY, Phase, seat_of};

/// Where the 3's card would come from (KK-11.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ThreeFrom {
    /// Nothing to take: no 3, the player's own horse, an empty hand or no cards left.
    Nothing,
    /// A random card of this seat's hand (it owns the rolled horse).
    Seat(Seat),
    /// The top card of a pile of the player's choice (nobody owns the rolled horse).
    Piles,
}

impl KopfAnKopf {
    /// KK-11.1: the rolled horse moves; then the sprint-bar horses (KK-11.2) may.
    pub(crate) fn roll_takes_effect(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        let Some(roll) = self.roll else { return };
        if self.move_horse(roll.horse, roll.movement as i16, Why::Roll, log) {
            return;
        }
        let mut sprinters = self.rules.sprinters[roll.horse.index()];
        for h in sprinters.iter() {
            if !self.owns(self.active, h) || self.is_finished(h) {
                sprinters.remove(h);
            }
        }
        self.sprinters = sprinters;
        self.continue_sprint(rng, log);
    }

    /// KK-11.2: while sprint-bar horses may still move, the player picks the next or stops;
    /// then the 3's card.
    fn continue_sprint(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        if self.sprinters.is_empty() {
            self.three(rng, log);
        } else {
            self.phase = Phase::Sprint;
        }
    }

    /// KK-11.2: moves the sprint-bar horse the player picked.
    pub(crate) fn sprint(&mut self, h: Horse, rng: &mut GameRng, log: &mut EventLog<Event>) {
        self.sprinters.remove(h);
        let movement = self.roll.map_or(0, |r| r.movement);
        if !self.move_horse(h, movement as i16, Why::Sprint, log) {
            // A horse that finished by moving cannot be among the others: only `h` moved.
            self.continue_sprint(rng, log);
        }
    }

    /// KK-11.2: the sprint-bar horses still to move stay where they are.
    pub(crate) fn hold_sprinters(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        log.push(Event::Held { seat: self.active, horses: self.sprinters });
        self.sprinters = HorseSet::EMPTY;
        self.three(rng, log);
    }

    /// KK-11.3: where the 3's card of this roll would come from.
    pub(crate) fn three_from(&self) -> ThreeFrom {
        let Some(roll) = self.roll.filter(|r| r.movement == 3) else { return ThreeFrom::Nothing };
        match self.owner[roll.horse.index()] {
            NOBODY if self.piles[0].is_empty() && self.piles[1].is_empty() => ThreeFrom::Nothing,
            NOBODY => ThreeFrom::Piles,
            o => match seat_of(o) {
                Some(s) if s != self.active && !self.hands[s.index()].is_empty() => ThreeFrom::Seat(s),
                _ => ThreeFrom::Nothing,
            },
        }
    }

    /// KK-11.3: on a 3 the player may take a card (a step), else on to the action.
    fn three(&mut self, rng: &mut GameRng, log: &mut EventLog<Event>) {
        // KK-6 first: a pile card may come from a reshuffled discard pile.
        if self.roll.is_some_and(|r| r.movement == 3 && self.owner[r.horse.index()] == NOBODY) {
            self.refill(rng, log);
        }
        self.phase = match self.three_from() {
            ThreeFrom::Nothing => Phase::Action,
            ThreeFrom::Seat(_) | ThreeFrom::Piles => Phase::ThreeCard,
        };
    }

    /// KK-11.3: the player takes the 3's card: a random one of the owner's hand (`pile` is
    /// `None`), or the top card of `pile`.
    pub(crate) fn take_three(&mut self, pile: Option<u8>, rng: &mut GameRng, log: &mut EventLog<Event>) {
        match (self.three_from(), pile) {
            (ThreeFrom::Seat(victim), None) => self.steal(victim, rng, log),
            (ThreeFrom::Piles, Some(p)) => self.draw(self.active, p, rng, log),
            _ => {}
        }
        self.phase = Phase::Action;
    }

    /// KK-11.3: the player leaves the 3's card.
    pub(crate) fn decline_three(&mut self, log: &mut EventLog<Event>) {
        let from = match self.three_from() {
            ThreeFrom::Seat(s) => Some(s),
            _ => None,
        };
        log.push(Event::Declined { seat: self.active, from });
        self.phase = Phase::Action;
    }
}
