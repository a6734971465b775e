//! The four suits and small sets of suits (voids, tied votes, trump options).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A suit. Written as one capital letter: `C`, `D`, `H`, `S`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Suit {
    /// ♣ `C`
    Clubs = 0,
    /// ♦ `D`
    Diamonds = 1,
    /// ♥ `H`
    Hearts = 2,
    /// ♠ `S`
    Spades = 3,
}

impl Suit {
    /// All suits in their canonical order (the order of the card bitset).
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index in [`Suit::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with index `i & 3`.
    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The notation letter (`H`).
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The English name (`hearts`).
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// Reads a suit letter in either case, or a suit symbol (`♥`, `♡`).
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            _ => return None,
        })
    }

    /// Reads a suit given as a letter, a symbol or an English name (`hearts`).
    pub fn parse(text: &str) -> Option<Suit> {
        let text = text.trim();
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Suit::from_char(c);
        }
        Suit::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        serializer.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Suit::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("not a suit: {text:?}")))
    }
}

/// A set of suits as a 4-bit mask: the suits a player is known to be void in, the suits tied in a
/// vote. Serialised as a list of suit letters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SuitSet(u8);

impl SuitSet {
    /// No suit.
    pub const EMPTY: SuitSet = SuitSet(0);
    /// All four suits.
    pub const ALL: SuitSet = SuitSet(0b1111);

    /// The set holding just `suit`.
    #[inline]
    pub const fn only(suit: Suit) -> SuitSet {
        SuitSet(1 << suit as u8)
    }

    /// The set with these raw bits (bit i = `Suit::ALL[i]`); higher bits are dropped.
    #[inline]
    pub const fn from_bits(bits: u8) -> SuitSet {
        SuitSet(bits & 0b1111)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `suit` is in the set.
    #[inline]
    pub const fn contains(self, suit: Suit) -> bool {
        self.0 & (1 << suit as u8) != 0
    }

    /// Adds `suit`.
    #[inline]
    pub fn insert(&mut self, suit: Suit) {
        self.0 |= 1 << suit as u8;
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many suits the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The suits in the set, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl fmt::Debug for SuitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Suit> for SuitSet {
    fn from_iter<I: IntoIterator<Item = Suit>>(iter: I) -> Self {
        let mut set = SuitSet::EMPTY;
        for suit in iter {
            set.insert(suit);
        }
        set
    }
}

impl Serialize for SuitSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suits_read_letters_symbols_and_names() {
        assert_eq!(Suit::parse("h"), Some(Suit::Hearts));
        assert_eq!(Suit::parse("♠"), Some(Suit::Spades));
        assert_eq!(Suit::parse("Diamonds"), Some(Suit::Diamonds));
        assert_eq!(Suit::parse("x"), None);
        assert_eq!(Suit::parse("HH"), None);
    }

    #[test]
    fn suit_sets_serialise_as_letters() {
        let set: SuitSet = [Suit::Spades, Suit::Clubs].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert_eq!(serde_json::to_string(&set).unwrap(), r#"["C","S"]"#);
    }
}
