//! Elite troops and Blind-man's bluff (ST-42, ST-43): the formation a side makes once its elite
//! troops are fixed to their owner's best, and proofs (ST-22, ST-46) against sides holding them.
//!
//! An elite troop stands in for a clan card: a Joker for any colour and value, the Spy for any
//! colour at value 7 (Battle Line's Companion Cavalry: 8), the Shield-bearer for any colour at 1,
//! 2 or 3. A side is resolved by trying every assignment of stand-ins (at most four elite troops
//! exist, so a side has at most 60 · 6 · 18 of them, and sides with none take the plain path) and
//! keeping the strongest formation, the first in canonical order among equals. Under Blind-man's
//! bluff only the sum counts: every formation is of the class `sum`.

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::card::{Card, Colour, Tactic};
use crate::card_set::CardSet;
use crate::formation::{Class, Formation};
use crate::proof::beating_completion;
use crate::stone::MAX_SIDE;

/// How one stone is fought: the rules that decide the formations of its sides.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Fight {
    /// Blind-man's bluff lies on the stone (ST-43).
    pub bluff: bool,
    /// Battle Line values (Jokers up to 10, the Spy 8).
    pub battle_line: bool,
}

impl Fight {
    fn max_value(self) -> u8 {
        if self.battle_line { 10 } else { 9 }
    }

    /// The clan cards `card` may stand for (itself for a clan card), into `out`; their number.
    fn stand_ins(self, card: Card, out: &mut [Card; 60]) -> usize {
        let (values, top) = match card.tactic() {
            None => {
                out[0] = card;
                return 1;
            }
            Some(Tactic::Joker1 | Tactic::Joker2) => (1, self.max_value()),
            Some(Tactic::Spy) => {
                let spy = if self.battle_line { 8 } else { 7 };
                (spy, spy)
            }
            Some(Tactic::ShieldBearer) => (1, 3),
            Some(_) => return 0,
        };
        let mut n = 0;
        for colour in Colour::ALL {
            for value in values..=top {
                out[n] = Card::clan(colour, value).expect("values 1-10");
                n += 1;
            }
        }
        n
    }

    /// The highest value `card` can take.
    fn best_value(self, card: Card) -> u8 {
        match card.tactic() {
            None => card.value(),
            Some(Tactic::Joker1 | Tactic::Joker2) => self.max_value(),
            Some(Tactic::Spy) => {
                if self.battle_line {
                    8
                } else {
                    7
                }
            }
            Some(Tactic::ShieldBearer) => 3,
            Some(_) => 0,
        }
    }

    /// The formation of clan `cards` under this fight.
    fn formation_of(self, cards: &[Card]) -> Formation {
        if self.bluff {
            Formation { class: Class::Sum, sum: cards.iter().map(|c| c.value()).sum() }
        } else {
            Formation::of(cards)
        }
    }

    /// Calls `visit` with every assignment of stand-ins to `cards` (the clan cards unchanged),
    /// until it returns `true`.
    fn assignments(self, cards: &[Card], mut visit: impl FnMut(&[Card]) -> bool) {
        let n = cards.len().min(MAX_SIDE);
        let mut options = [[Card::FILLER; 60]; MAX_SIDE];
        let mut counts = [1usize; MAX_SIDE];
        for i in 0..n {
            counts[i] = self.stand_ins(cards[i], &mut options[i]);
            if counts[i] == 0 {
                return;
            }
        }
        let mut at = [0usize; MAX_SIDE];
        let mut concrete = [Card::FILLER; MAX_SIDE];
        loop {
            for i in 0..n {
                concrete[i] = options[i][at[i]];
            }
            if visit(&concrete[..n]) {
                return;
            }
            // The odometer: the last card's options turn fastest.
            let mut i = n;
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                at[i] += 1;
                if at[i] < counts[i] {
                    break;
                }
                at[i] = 0;
            }
        }
    }

    /// The formation `cards` (a complete side) make with every elite troop fixed to its owner's
    /// best (ST-42), and the clan cards they stand for, in the side's order.
    pub(crate) fn resolve(self, cards: &[Card]) -> (Formation, [Card; MAX_SIDE]) {
        let mut best = (Formation { class: Class::Sum, sum: 0 }, [Card::FILLER; MAX_SIDE]);
        let mut found = false;
        self.assignments(cards, |concrete| {
            let f = self.formation_of(concrete);
            if !found || f > best.0 {
                found = true;
                best.0 = f;
                best.1[..concrete.len()].copy_from_slice(concrete);
            }
            false
        });
        best
    }

    /// The formation of a complete side, elite troops at their best.
    #[inline]
    pub(crate) fn formation(self, cards: &[Card]) -> Formation {
        if !self.bluff && cards.iter().all(|c| c.is_clan()) { Formation::of(cards) } else { self.resolve(cards).0 }
    }

    /// A completion of the partial side `placed` (elite troops at their best) from the clan
    /// cards `available` that beats `threshold` outright, if there is one: the cards to add.
    pub(crate) fn beating_completion(
        self,
        placed: &[Card],
        capacity: usize,
        available: CardSet,
        threshold: Formation,
    ) -> Option<CardSet> {
        let available = available.clans();
        if !self.bluff && placed.iter().all(|c| c.is_clan()) {
            return beating_completion(placed, capacity, available, threshold);
        }
        if placed.len() >= capacity {
            return (self.formation(placed) > threshold).then_some(CardSet::EMPTY);
        }
        let m = capacity - placed.len();
        if available.len() < m {
            return None;
        }
        if self.bluff {
            // Only the sum counts: the highest values available, whatever their colours.
            let mut add = CardSet::EMPTY;
            let mut sum: u8 = placed.iter().map(|&c| self.best_value(c)).sum();
            'values: for v in (1..=self.max_value()).rev() {
                for card in available.intersection(CardSet::of_value(v)) {
                    if add.len() == m {
                        break 'values;
                    }
                    add.insert(card);
                    sum += v;
                }
            }
            let f = Formation { class: Class::Sum, sum };
            return (f > threshold).then_some(add);
        }
        let mut witness = None;
        self.assignments(placed, |concrete| {
            witness = beating_completion(concrete, capacity, available, threshold);
            witness.is_some()
        });
        witness
    }
}

/// The clan card each elite troop of a side was fixed to when its stone was resolved (ST-42).
/// Serialises as `[{"card": "joker1", "as": "r7"}, …]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Resolution {
    pairs: [(Card, Card); MAX_SIDE],
    len: u8,
}

impl Default for Resolution {
    fn default() -> Self {
        Resolution { pairs: [(Card::FILLER, Card::FILLER); MAX_SIDE], len: 0 }
    }
}

impl Resolution {
    /// The resolution of the complete side `cards` under `fight`; empty without elite troops.
    pub(crate) fn of(fight: Fight, cards: &[Card]) -> Resolution {
        let mut out = Resolution::default();
        if cards.iter().all(|c| c.is_clan()) {
            return out;
        }
        let (_, concrete) = fight.resolve(cards);
        for (i, &card) in cards.iter().enumerate() {
            if !card.is_clan() {
                out.pairs[out.len as usize] = (card, concrete[i]);
                out.len += 1;
            }
        }
        out
    }

    /// Each elite troop and the clan card it stands for.
    pub fn pairs(&self) -> &[(Card, Card)] {
        &self.pairs[..self.len as usize]
    }

    /// Whether no elite troop was resolved.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Serialize for Resolution {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Pair {
            card: Card,
            #[serde(rename = "as")]
            stands_for: Card,
        }
        let mut seq = serializer.serialize_seq(Some(self.len as usize))?;
        for &(card, stands_for) in self.pairs() {
            seq.serialize_element(&Pair { card, stands_for })?;
        }
        seq.end()
    }
}

/// Whether some completion of `placed` from `available` beats `threshold` outright under the
/// given combat modes, by enumerating every completion (the slow reference for the tests of
/// ST-46; `bluff` is ST-43, `battle_line` ST-50).
#[doc(hidden)]
pub fn brute_force_beats(
    placed: &[Card],
    capacity: usize,
    available: CardSet,
    threshold: Formation,
    bluff: bool,
    battle_line: bool,
) -> bool {
    fn go(side: &mut Vec<Card>, capacity: usize, rest: &[Card], fight: Fight, threshold: Formation) -> bool {
        if side.len() == capacity {
            return fight.resolve(side).0 > threshold;
        }
        for (i, &card) in rest.iter().enumerate() {
            side.push(card);
            let beats = go(side, capacity, &rest[i + 1..], fight, threshold);
            side.pop();
            if beats {
                return true;
            }
        }
        false
    }
    let cards: Vec<Card> = available.clans().iter().collect();
    go(&mut placed.to_vec(), capacity, &cards, Fight { bluff, battle_line }, threshold)
}

/// The fast check [`brute_force_beats`] is held against (elite troops at their best).
#[doc(hidden)]
pub fn fast_beats(
    placed: &[Card],
    capacity: usize,
    available: CardSet,
    threshold: Formation,
    bluff: bool,
    battle_line: bool,
) -> bool {
    Fight { bluff, battle_line }.beating_completion(placed, capacity, available, threshold).is_some()
}

/// The formation a complete side makes (elite troops at their best) under the given modes.
#[doc(hidden)]
pub fn side_formation(cards: &[Card], bluff: bool, battle_line: bool) -> Formation {
    Fight { bluff, battle_line }.formation(cards)
}
