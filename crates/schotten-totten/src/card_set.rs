//! Sets of cards as a 128-bit bitset: hands, the table, what is still available.

use std::fmt;

use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{CARD_SLOTS, Card, Colour, MAX_VALUE};

/// A set of cards, bit `i` = the card with index `i`. Iterates in canonical order (red 1 … brown 9),
/// serialises as a JSON array of card strings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u128);

const _: () = assert!(CARD_SLOTS <= 128);
// The per-value and per-colour helpers work on the low 64 bits, where every clan card is.
const _: () = assert!(CardSet::BATTLE_DECK.0 >> 64 == 0);

/// The ten bits of one colour, shifted to that colour's place.
const COLOUR_BITS: u128 = (1 << MAX_VALUE) - 1;

/// Bit `v − 1` of every colour: the cards of value `v` when shifted by `v − 1`.
const VALUE_BITS: u128 = {
    let mut bits = 0u128;
    let mut c = 0;
    while c < 6 {
        bits |= 1 << (c * MAX_VALUE as usize);
        c += 1;
    }
    bits
};

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The 54 clan cards of the base game: six colours × 1–9 (ST-1).
    pub const BASE_DECK: CardSet = {
        let mut bits = 0u128;
        let mut c = 0;
        while c < 6 {
            bits |= ((1 << 9) - 1) << (c * MAX_VALUE as usize);
            c += 1;
        }
        CardSet(bits)
    };

    /// The 60 troop cards of Battle Line: six colours × 1–10 (ST-50).
    pub const BATTLE_DECK: CardSet = CardSet((1 << 60) - 1);

    /// The 10 tactic cards (ST-40).
    pub const TACTICS: CardSet = CardSet(((1 << 10) - 1) << 60);

    /// A set from raw bits (bit = card index).
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits)
    }

    /// The raw bits.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `card`.
    pub const fn only(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// All cards of `colour` (values 1–10).
    pub const fn of_colour(colour: Colour) -> CardSet {
        CardSet(COLOUR_BITS << (colour as usize * MAX_VALUE as usize))
    }

    /// All cards of `value` (one per colour).
    pub const fn of_value(value: u8) -> CardSet {
        // Clan cards live in the low 60 bits: a 64-bit shift is exact and cheaper.
        CardSet(((VALUE_BITS as u64) << (value - 1)) as u128)
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes `card`.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// The number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in either set.
    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards of `self` not in `other`.
    #[inline]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The values present in `colour`, as a mask (bit `v − 1` = value `v`).
    #[inline]
    pub const fn values_of(self, colour: Colour) -> u16 {
        (((self.0 as u64) >> (colour as usize * MAX_VALUE as usize)) & COLOUR_BITS as u64) as u16
    }

    /// The values present in any colour, as a mask (bit `v − 1` = value `v`).
    #[inline]
    pub const fn values(self) -> u16 {
        let mut mask = 0u16;
        let mut c = 0;
        let low = self.0 as u64;
        while c < 6 {
            mask |= ((low >> (c * MAX_VALUE as usize)) & COLOUR_BITS as u64) as u16;
            c += 1;
        }
        mask
    }

    /// How many cards of `value` the set holds.
    #[inline]
    pub const fn count_value(self, value: u8) -> usize {
        ((self.0 as u64) & ((VALUE_BITS as u64) << (value - 1))).count_ones() as usize
    }

    /// The lowest card, if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as usize) }
    }

    /// The clan cards of the set.
    #[inline]
    pub const fn clans(self) -> CardSet {
        CardSet(self.0 & CardSet::BATTLE_DECK.0)
    }

    /// The tactic cards of the set.
    #[inline]
    pub const fn tactics(self) -> CardSet {
        CardSet(self.0 & CardSet::TACTICS.0)
    }

    /// The cards in canonical order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter { low: self.0 as u64, high: (self.0 >> 64) as u64 }
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Iterator over a [`CardSet`] in canonical order. Works on two 64-bit halves: every clan card
/// lives in the low one, so the common case is plain 64-bit bit tricks.
#[derive(Clone, Debug)]
pub struct CardSetIter {
    low: u64,
    high: u64,
}

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        // Sets only ever hold cards.
        if self.low != 0 {
            let index = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(Card::from_index_unchecked(index))
        } else if self.high != 0 {
            let index = self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(Card::from_index_unchecked(64 + index))
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for card in self.iter() {
            seq.serialize_element(&card)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Card>::deserialize(deserializer)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn st_1_the_base_deck_has_six_colours_of_nine_values() {
        assert_eq!(CardSet::BASE_DECK.len(), 54);
        for colour in Colour::ALL {
            assert_eq!(CardSet::BASE_DECK.values_of(colour), 0b1_1111_1111);
        }
        for value in 1..=9 {
            assert_eq!(CardSet::BASE_DECK.count_value(value), 6);
        }
        assert_eq!(CardSet::BASE_DECK.count_value(10), 0);
    }

    #[test]
    fn set_operations() {
        let set: CardSet = [card("r7"), card("n3"), card("b7")].into_iter().collect();
        assert_eq!(set.to_string(), "r7 b7 n3");
        assert_eq!(set.count_value(7), 2);
        assert_eq!(set.values(), (1 << 6) | (1 << 2));
        assert_eq!(set.values_of(Colour::Brown), 1 << 2);
        assert!(CardSet::only(card("b7")).is_subset(set));
        assert_eq!(set.intersection(CardSet::of_colour(Colour::Blue)).len(), 1);
        assert_eq!(set.intersection(CardSet::of_value(7)).len(), 2);
        assert_eq!(serde_json::to_string(&set).unwrap(), r#"["r7","b7","n3"]"#);
        assert_eq!(serde_json::from_str::<CardSet>(r#"["n3","r7","b7"]"#).unwrap(), set);
    }
}
