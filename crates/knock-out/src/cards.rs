//! A multiset of fight cards (values 1 to 5): a hand, a training choice. Five counters packed
//! in one `u32`, so it is `Copy`, hashable and free to pass around.

use std::fmt;

use serde::{Serialize, Serializer};

/// The highest card value.
pub const MAX_VALUE: u8 = 5;

/// A multiset of fight cards, values 1 to 5, at most 63 of each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Cards(u32);

const BITS: u32 = 6;
const MASK: u32 = (1 << BITS) - 1;

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(0);

    /// The cards with these values (each 1 to 5; others are ignored).
    pub fn of(values: &[u8]) -> Cards {
        let mut cards = Cards::EMPTY;
        for &v in values {
            if (1..=MAX_VALUE).contains(&v) {
                cards.add(v);
            }
        }
        cards
    }

    /// How many cards of `value` (1 to 5).
    #[inline]
    pub const fn count(self, value: u8) -> u8 {
        ((self.0 >> (BITS * (value as u32 - 1))) & MASK) as u8
    }

    /// How many cards in all.
    #[inline]
    pub const fn len(self) -> u8 {
        let mut n = 0;
        let mut v = 1;
        while v <= MAX_VALUE {
            n += self.count(v);
            v += 1;
        }
        n
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether a card of `value` is among them.
    #[inline]
    pub const fn contains(self, value: u8) -> bool {
        value >= 1 && value <= MAX_VALUE && self.count(value) > 0
    }

    /// Adds one card of `value` (1 to 5).
    #[inline]
    pub fn add(&mut self, value: u8) {
        debug_assert!((1..=MAX_VALUE).contains(&value));
        self.0 += 1 << (BITS * (value as u32 - 1));
    }

    /// Removes one card of `value`, which must be among them.
    #[inline]
    pub fn remove(&mut self, value: u8) {
        debug_assert!(self.contains(value));
        self.0 -= 1 << (BITS * (value as u32 - 1));
    }

    /// Whether every card of `self` is in `other` (as many times).
    #[inline]
    pub fn is_within(self, other: Cards) -> bool {
        (1..=MAX_VALUE).all(|v| self.count(v) <= other.count(v))
    }

    /// These cards and `other`'s.
    #[inline]
    pub fn plus(self, other: Cards) -> Cards {
        Cards(self.0 + other.0)
    }

    /// These cards without `other`'s (which must be within them).
    #[inline]
    pub fn minus(self, other: Cards) -> Cards {
        debug_assert!(other.is_within(self));
        Cards(self.0 - other.0)
    }

    /// The sum of the values.
    pub fn total(self) -> u32 {
        (1..=MAX_VALUE).map(|v| v as u32 * self.count(v) as u32).sum()
    }

    /// The highest value held.
    pub fn highest(self) -> Option<u8> {
        (1..=MAX_VALUE).rev().find(|&v| self.contains(v))
    }

    /// The values, lowest first, each as often as held.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=MAX_VALUE).flat_map(move |v| std::iter::repeat_n(v, self.count(v) as usize))
    }

    /// The distinct values held, lowest first.
    pub fn distinct(self) -> impl Iterator<Item = u8> {
        (1..=MAX_VALUE).filter(move |&v| self.contains(v))
    }

    /// The card at position `i` (0-based, lowest first); `None` past the end.
    pub fn nth(self, mut i: u8) -> Option<u8> {
        for v in 1..=MAX_VALUE {
            let c = self.count(v);
            if i < c {
                return Some(v);
            }
            i -= c;
        }
        None
    }

    /// Calls `f` with every sub-multiset of exactly `size` cards, in a fixed order (most of
    /// the lowest value first).
    ///
    /// Training's legal actions come from here, so it is a hot path: four nested counts with
    /// the fifth implied, each subset built by one addition of packed counters.
    #[inline]
    pub fn for_each_subset(self, size: u8, mut f: impl FnMut(Cards)) {
        let c = [1, 2, 3, 4, 5].map(|v| self.count(v));
        let shift = |v: u32, n: u8| (n as u32) << (BITS * (v - 1));
        for a in (0..=c[0].min(size)).rev() {
            let left_a = size - a;
            for b in (0..=c[1].min(left_a)).rev() {
                let left_b = left_a - b;
                for d in (0..=c[2].min(left_b)).rev() {
                    let left_d = left_b - d;
                    for e in (0..=c[3].min(left_d)).rev() {
                        let g = left_d - e;
                        if g <= c[4] {
                            f(Cards(shift(1, a) + shift(2, b) + shift(3, d) + shift(4, e) + shift(5, g)));
                        }
                    }
                }
            }
        }
    }
}

impl fmt::Display for Cards {
    /// Values separated by spaces, lowest first: `1 2 3 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for v in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
            first = false;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl Serialize for Cards {
    /// A list of values, lowest first: `[1, 2, 3, 5]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_every_multiset_once() {
        let hand = Cards::of(&[1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5]);
        let mut all = Vec::new();
        hand.for_each_subset(4, |s| all.push(s));
        assert!(all.iter().all(|s| s.len() == 4 && s.is_within(hand)));
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
        // Multisets of 4 from 5 values with at most 2 ones, 3 twos, 3 threes, 2 fours, 2 fives.
        let brute = (0..5u32.pow(4))
            .map(|n| {
                Cards::of(&[(n % 5) as u8 + 1, (n / 5 % 5) as u8 + 1, (n / 25 % 5) as u8 + 1, (n / 125) as u8 + 1])
            })
            .filter(|c| c.is_within(hand))
            .collect::<std::collections::BTreeSet<_>>();
        assert_eq!(brute.len(), all.len());
        assert_eq!(hand.len(), 12);
        assert_eq!(hand.total(), 35);
        assert_eq!(Cards::of(&[5, 1, 3]).to_string(), "1 3 5");
    }
}
