//! Ranks and cards, and their two-character notation (`QS`, `TH`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::suit::Suit;

/// A rank, ace high (KW-1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Rank {
    /// `2`
    Two = 0,
    /// `3`
    Three,
    /// `4`
    Four,
    /// `5`
    Five,
    /// `6`
    Six,
    /// `7`
    Seven,
    /// `8`
    Eight,
    /// `9`
    Nine,
    /// `T` (ten; `10` is read too)
    Ten,
    /// `J`
    Jack,
    /// `Q`
    Queen,
    /// `K`
    King,
    /// `A`
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// 0 for the two, 12 for the ace.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation character (`T` for the ten).
    pub const fn char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Reads a rank: `2`…`9`, `T` or `10`, `J`, `Q`, `K`, `A`, in either case.
    pub fn parse(text: &str) -> Option<Rank> {
        if text == "10" {
            return Some(Rank::Ten);
        }
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else { return None };
        let c = c.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|r| r.char() == c)
    }
}

/// One of the 52 cards. Its index (0..52) is `suit × 13 + rank`, the bit it occupies in a
/// [`CardSet`](crate::CardSet); a higher index within a suit is a higher card.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card with this index, if it is below 52.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// The card's index (0..52).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 as usize / 13)
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.0 as usize % 13]
    }

    /// Every card, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a string is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError(pub String);

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a card: {:?} (write rank then suit: QS, TH or 10H, 2C)", self.0)
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads `QS`, `qs`, `TH`, `10H`, `Q♠`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let bad = || CardParseError(s.to_owned());
        let suit_char = text.chars().next_back().ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        let rank = Rank::parse(&text[..text.len() - suit_char.len_utf8()]).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let bytes = [self.rank().char() as u8, self.suit().letter() as u8];
        serializer.serialize_str(std::str::from_utf8(&bytes).expect("ASCII"))
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            assert_eq!(Card::new(card.rank(), card.suit()), card);
        }
    }

    #[test]
    fn tens_read_both_ways_and_print_as_t() {
        let ten: Card = "10h".parse().unwrap();
        assert_eq!(ten, "TH".parse().unwrap());
        assert_eq!(ten.to_string(), "TH");
        assert_eq!("Q♠".parse::<Card>().unwrap().to_string(), "QS");
        assert!("1H".parse::<Card>().is_err());
        assert!("QX".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("♠".parse::<Card>().is_err());
    }

    // KW-1: ace high, then K Q J 10 9 … 2.
    #[test]
    fn kw_1_ranks_are_ace_high() {
        let order: String = Rank::ALL.iter().rev().map(|r| r.char()).collect();
        assert_eq!(order, "AKQJT98765432");
        assert!(Card::new(Rank::Ace, Suit::Clubs).index() > Card::new(Rank::King, Suit::Clubs).index());
        assert_eq!(Card::all().count(), 52);
    }
}
