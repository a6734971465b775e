//! The observation tensor (`Game::observe`): what one seat knows, as numbers, written straight
//! from the state (the same facts as the seat's view). The layout is in the crate docs ("The
//! observation tensor").

use engine::{Seat, Tensor};

use crate::card::{CARD_SLOTS, Card};
use crate::card_set::CardSet;
use crate::config::Config;
use crate::formation::Class;
use crate::state::{Phase, SchottenTotten};
use crate::stone::STONES;

/// The first card slot of the tactic cards.
const FIRST_TACTIC: u32 = 60;

/// The number of values of the tensor of a game with `config`.
pub(crate) fn observation_len(config: &Config) -> usize {
    let cards = config.cards().len();
    // Hand, the two proofs' cards; the seat, the piles and the match.
    let mut len = 3 * cards + 2 + 1 + 9 + 1 + 4 + 1 + 2;
    // Per stone: two sides of cards, formation (5), sum, first, owner; the capacity.
    let mut stone = 2 * (cards + SIDE_FACTS) + 1;
    if config.tactics {
        // Known, tucked, discard, two sets of played tactics; tactic pile, tactics in hands,
        // the Recruiter's steps; the combat modes on each stone.
        len += 5 * cards + 1 + 2 + 2;
        stone += 10;
    }
    len + STONES * stone
}

/// Values per side of a stone after its cards: the formation's class (5) and sum, first, owner.
const SIDE_FACTS: usize = 8;

/// A class's place in the one-hot of classes, weakest first.
#[inline]
fn class_place(class: Class) -> usize {
    match class {
        Class::Sum => 0,
        Class::Run => 1,
        Class::Colour => 2,
        Class::OfAKind => 3,
        Class::ColourRun => 4,
    }
}

/// The writer of one observation: the tensor and the game's cards.
struct Writer<'a, 'b> {
    t: &'b mut Tensor<'a>,
    /// Each card slot's place among the game's cards.
    places: &'static [u8; CARD_SLOTS],
    /// How many cards the game has.
    len: usize,
}

impl Writer<'_, '_> {
    /// A card set: one value per card of the game, set for `cards`.
    #[inline]
    fn cards(&mut self, cards: impl IntoIterator<Item = Card>) {
        let segment = self.t.take(self.len);
        for card in cards {
            if let Some(value) = segment.get_mut(usize::from(self.places[card.index()])) {
                *value = 1.0;
            }
        }
    }
}

impl SchottenTotten {
    /// Writes `seat`'s observation (see the crate docs for the layout), the seat first in every
    /// pair. What it reads of hidden cards is the seat's own: its hand, what it knows of the
    /// other hand and what it tucked away.
    pub(crate) fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        // A seat not at the table sees what a spectator sees.
        let viewer = (seat.index() < 2).then_some(seat.index());
        let me = seat.index() % 2;
        let pair = [me, 1 - me];
        let hand = self.config.hand_size() as u8;
        let tactics = self.config.tactics;
        let mut tensor = Tensor::new(out);
        let mut w = Writer { t: &mut tensor, places: self.config.card_places(), len: self.config.cards().len() };
        let own = |sets: &[CardSet; 2]| viewer.map(|s| sets[s]).unwrap_or_default();
        w.cards(own(&self.hands));
        for s in pair {
            w.cards(self.revealed[s]);
        }
        if tactics {
            w.cards(own(&self.known));
            w.cards(own(&self.tucked));
            w.cards(self.discard);
            for s in pair {
                w.cards(self.played_tactics[s]);
            }
        }
        let t = &mut *w.t;
        for s in pair {
            t.scaled(self.hands[s].len() as u8, hand);
        }
        t.scaled(self.pile.len() as u8, 60);
        if tactics {
            t.scaled(self.tactic_pile.len() as u8, 10);
            for s in pair {
                t.scaled(self.hands[s].tactics().len() as u8, hand);
            }
        }
        let (phase, turns, recruit) = match self.phase {
            Phase::Play => (0, 0, (0, 0)),
            Phase::Claim => (1, 0, (0, 0)),
            Phase::Draw => (2, 0, (0, 0)),
            Phase::Recruit { draws, returns } => (3, 0, (draws, returns)),
            Phase::Strategist => (4, 0, (0, 0)),
            Phase::Banshee => (5, 0, (0, 0)),
            Phase::Traitor => (6, 0, (0, 0)),
            Phase::FinalClaims { turns } => (7, turns, (0, 0)),
            Phase::Over => (8, 0, (0, 0)),
        };
        t.one_hot(Some(phase), 9);
        t.scaled(turns, 2);
        if tactics {
            t.scaled(recruit.0, 3);
            t.scaled(recruit.1, 3);
        }
        t.flag(tactics);
        t.flag(self.config.battle_line);
        t.flag(self.phase != Phase::Over && self.active == seat);
        t.flag(self.starting == seat);
        t.scaled(self.game, self.config.match_games);
        for s in pair {
            t.scaled(self.scores[s], u16::from(self.config.match_games) * 5);
        }
        for stone in &self.stones {
            let formations = stone.formations();
            for s in pair {
                w.cards(stone.sides()[s].as_slice().iter().copied());
                // The formation (one-hot class, sum), first, owner: one segment, one bound check.
                // Without a branch on whether the side is complete: which sides are is random,
                // and the mispredictions cost a tenth of the fill.
                let side = w.t.take(SIDE_FACTS);
                let (class, sum, complete) = formations[s].map_or((0, 0, 0.0), |f| (class_place(f.class), f.sum, 1.0));
                side[class] = complete;
                side[5] = f32::from(sum) * (1.0 / 40.0);
                side[6] = f32::from(u8::from(stone.first == Some(Seat::at(s))));
                side[7] = f32::from(u8::from(stone.owner == Some(Seat::at(s))));
            }
            let t = &mut *w.t;
            if tactics {
                t.bits(stone.modes().bits() >> FIRST_TACTIC, 10);
            }
            t.scaled(stone.capacity() as u8, 4);
        }
        tensor.finish();
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, Match};

    use super::*;

    #[test]
    fn the_tensor_has_the_documented_length_for_each_card_list() {
        // The lengths the crate docs give.
        let configs = [
            (Config::default(), 1307),
            (Config { battle_line: true, ..Config::default() }, 1433),
            (Config { tactics: true, ..Config::default() }, 1932),
            (Config { tactics: true, battle_line: true, ..Config::default() }, 2088),
        ];
        for (config, len) in configs {
            assert_eq!(SchottenTotten::observation_shape(&config, 2), Some(vec![len]), "{config:?}");
            let m = Match::<SchottenTotten>::new(&config, 2, 1).unwrap();
            let mut out = vec![f32::NAN; len];
            m.state().observe(Seat::at(0), &mut out);
            // The seat's hand: its first values, one per card held.
            let held = out[..config.cards().len()].iter().filter(|&&v| v == 1.0).count();
            assert_eq!(held, config.hand_size(), "{config:?}");
        }
    }
}
