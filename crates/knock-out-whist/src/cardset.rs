//! Sets of cards as one `u64` bitset: hands, the deck, cards played.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};
use std::str::FromStr;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, CardParseError};
use crate::suit::{Suit, SuitSet};

/// A set of cards: bit `i` is the card with index `i` (see [`Card`]). Iterates and serialises in
/// index order: clubs 2…A, diamonds, hearts, spades.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

const SUIT_BITS: u64 = (1 << 13) - 1;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole 52-card deck.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    /// The set with these raw bits; bits above 51 are dropped.
    #[inline]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::FULL.0)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The 13 cards of `suit`.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_BITS << (13 * suit as u64))
    }

    /// All cards of the suits in `suits`.
    #[inline]
    pub const fn suits(suits: SuitSet) -> CardSet {
        let b = suits.bits() as u64;
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            if b & (1 << i) != 0 {
                bits |= SUIT_BITS << (13 * i);
            }
            i += 1;
        }
        CardSet(bits)
    }

    /// The set holding just `card`.
    #[inline]
    pub const fn only(card: Card) -> CardSet {
        CardSet(1 << card.index())
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

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many cards the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The cards of `suit` in this set.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & CardSet::suit(suit).0)
    }

    /// The number of cards of `suit` in this set.
    #[inline]
    pub const fn count_suit(self, suit: Suit) -> usize {
        self.of_suit(suit).len()
    }

    /// The suits this set holds at least one card of.
    pub const fn suits_held(self) -> SuitSet {
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            if self.0 & (SUIT_BITS << (13 * i)) != 0 {
                bits |= 1 << i;
            }
            i += 1;
        }
        SuitSet::from_bits(bits)
    }

    /// The card with the highest index (within one suit: the highest card).
    #[inline]
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(63 - self.0.leading_zeros() as u8) }
    }

    /// The card with the lowest index (within one suit: the lowest card).
    #[inline]
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as u8) }
    }

    /// The cards of the same suit as `card` that rank above it.
    #[inline]
    pub const fn above(self, card: Card) -> CardSet {
        let suit = CardSet::suit(card.suit()).0;
        let higher = !((2u64 << card.index()) - 1);
        CardSet(self.0 & suit & higher)
    }

    /// The cards in index order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterator over a [`CardSet`], in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
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

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards of the deck not in the set.
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL.0)
    }
}

impl fmt::Display for CardSet {
    /// The cards separated by spaces (`2C TC AH`).
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

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl FromStr for CardSet {
    type Err = CardParseError;

    /// Reads cards separated by spaces or commas (`AS KS 10H`); the empty string is the empty set.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).map(str::parse).collect()
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Cards;
        impl<'de> Visitor<'de> for Cards {
            type Value = CardSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of cards")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
                let mut set = CardSet::EMPTY;
                while let Some(card) = seq.next_element::<Card>()? {
                    set.insert(card);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(Cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn suit_masks_partition_the_deck() {
        let union = Suit::ALL.iter().fold(CardSet::EMPTY, |acc, &s| acc | CardSet::suit(s));
        assert_eq!(union, CardSet::FULL);
        assert_eq!(CardSet::FULL.len(), 52);
        assert_eq!(CardSet::suit(Suit::Hearts).len(), 13);
        assert_eq!(CardSet::suits(SuitSet::ALL), CardSet::FULL);
    }

    #[test]
    fn highest_lowest_and_above_work_within_a_suit() {
        let hand = set("2H 9H KH 3S");
        assert_eq!(hand.of_suit(Suit::Hearts).highest(), Some(Card::new(Rank::King, Suit::Hearts)));
        assert_eq!(hand.of_suit(Suit::Hearts).lowest(), Some(Card::new(Rank::Two, Suit::Hearts)));
        assert_eq!(hand.above("9H".parse().unwrap()), set("KH"));
        assert_eq!(hand.above("AS".parse().unwrap()), CardSet::EMPTY);
        assert_eq!(CardSet::FULL.above("QS".parse().unwrap()), set("KS AS"));
        assert_eq!(hand.suits_held(), [Suit::Hearts, Suit::Spades].into_iter().collect());
    }

    #[test]
    fn text_and_json_round_trip() {
        let hand = set("AS, 10h 2c");
        assert_eq!(hand.to_string(), "2C TH AS");
        assert_eq!(serde_json::to_string(&hand).unwrap(), r#"["2C","TH","AS"]"#);
        assert_eq!(serde_json::from_str::<CardSet>(r#"["2C","TH","AS"]"#).unwrap(), hand);
        assert_eq!(!hand, CardSet::FULL - hand);
        assert_eq!("".parse::<CardSet>().unwrap(), CardSet::EMPTY);
    }
}
