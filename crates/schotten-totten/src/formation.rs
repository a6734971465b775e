//! Formations (ST-10 … ST-14) and how they compare (ST-15).

use std::fmt;

use serde::Serialize;

use crate::card::Card;

/// The class of a formation, weakest first, so `Ord` ranks them (ST-10 … ST-14).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// ST-14: anything else; only the sum counts.
    Sum,
    /// ST-13: consecutive values of mixed colours (runs do not wrap: 9-1-2 is no run).
    Run,
    /// ST-12: one colour.
    Colour,
    /// ST-11: one value ("three of a kind"; four of a kind under Mud, ST-44).
    OfAKind,
    /// ST-10: one colour with consecutive values.
    ColourRun,
}

impl Class {
    /// All classes, weakest first.
    pub const ALL: [Class; 5] = [Class::Sum, Class::Run, Class::Colour, Class::OfAKind, Class::ColourRun];

    /// A name for humans.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Sum => "sum",
            Class::Run => "run",
            Class::Colour => "colour",
            Class::OfAKind => "of a kind",
            Class::ColourRun => "colour run",
        }
    }
}

/// A complete side's strength: its class, then its sum (ST-15). `Ord` is the comparison before
/// the completion-order tie-break.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub struct Formation {
    /// The class.
    pub class: Class,
    /// The sum of the values.
    pub sum: u8,
}

impl Formation {
    /// The formation `cards` make (any number of clan cards; the game uses 3, Mud 4).
    pub fn of(cards: &[Card]) -> Formation {
        let Some((first, rest)) = cards.split_first() else {
            return Formation { class: Class::Sum, sum: 0 };
        };
        let mut sum = first.value();
        let (mut lo, mut hi) = (first.value(), first.value());
        let mut values = 1u16 << first.value();
        let mut one_colour = true;
        let mut one_value = true;
        for card in rest {
            let v = card.value();
            sum += v;
            lo = lo.min(v);
            hi = hi.max(v);
            values |= 1 << v;
            one_colour &= card.colour() == first.colour();
            one_value &= v == first.value();
        }
        let n = cards.len() as u32;
        let consecutive = values.count_ones() == n && u32::from(hi - lo) == n - 1;
        let class = match (one_colour, consecutive, one_value) {
            (true, true, _) => Class::ColourRun,
            (_, _, true) => Class::OfAKind,
            (true, false, _) => Class::Colour,
            (false, true, _) => Class::Run,
            _ => Class::Sum,
        };
        Formation { class, sum }
    }

    /// A single number ordered like the formation: class, then sum.
    #[inline]
    pub const fn key(self) -> u16 {
        (self.class as u16) << 6 | self.sum as u16
    }

    /// The formation with this [`Formation::key`].
    pub const fn from_key(key: u16) -> Formation {
        Formation { class: Class::ALL[(key >> 6) as usize], sum: (key & 63) as u8 }
    }

    /// Whether `self` beats `other` (ST-15): higher class, else higher sum, else whoever
    /// completed their side first — `self_first` says whether that is `self`'s side.
    #[inline]
    pub fn beats(self, other: Formation, self_first: bool) -> bool {
        self > other || (self == other && self_first)
    }
}

impl fmt::Display for Formation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.class.name(), self.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formation(cards: &str) -> Formation {
        let cards: Vec<Card> = cards.split_whitespace().map(|c| c.parse().unwrap()).collect();
        Formation::of(&cards)
    }

    #[test]
    fn st_10_to_14_classes() {
        assert_eq!(formation("b7 b8 b9").class, Class::ColourRun);
        assert_eq!(formation("b9 b7 b8").class, Class::ColourRun, "ST-10: order of play does not matter");
        assert_eq!(formation("b3 r3 y3").class, Class::OfAKind);
        assert_eq!(formation("b1 b3 b7").class, Class::Colour);
        assert_eq!(formation("b2 r3 y4").class, Class::Run);
        assert_eq!(formation("b2 r3 y5").class, Class::Sum);
        assert_eq!(formation("b9 b1 b2").class, Class::Colour, "runs do not wrap");
        assert_eq!(formation("r9 b1 g2").class, Class::Sum, "runs do not wrap");
        assert_eq!(formation("r4 r5 r6 r7").class, Class::ColourRun, "a run of four under Mud");
        assert_eq!(formation("r4 b4 g4 y4").class, Class::OfAKind);
        assert_eq!(formation("b2 r3 y4").sum, 9);
    }

    #[test]
    fn st_15_class_beats_sum_and_key_orders_like_formations() {
        let order = ["b1 r2 g4", "r1 b2 g3", "b1 b2 b4", "b1 r1 g1", "b1 b2 b3"];
        for pair in order.windows(2) {
            assert!(formation(pair[1]) > formation(pair[0]), "{} beats {}", pair[1], pair[0]);
            assert!(formation(pair[1]).key() > formation(pair[0]).key());
        }
        let f = formation("y7 y8 y9");
        assert_eq!(Formation::from_key(f.key()), f);
    }
}
