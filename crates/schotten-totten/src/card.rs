//! Cards: six clan colours with values 1–9 (ST-1), written `r7`, `n3`, ….

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the six clan colours (ST-1), in the order of the rules file.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Colour {
    /// `r`
    Red,
    /// `b`
    Blue,
    /// `g`
    Green,
    /// `y`
    Yellow,
    /// `p`
    Purple,
    /// `n` (b is blue; n as in brow*n*).
    Brown,
}

impl Colour {
    /// All colours in canonical order.
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Purple, Colour::Brown];

    /// The colour's position in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter the notation writes for this colour.
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Blue => 'b',
            Colour::Green => 'g',
            Colour::Yellow => 'y',
            Colour::Purple => 'p',
            Colour::Brown => 'n',
        }
    }

    /// The colour written by `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter.to_ascii_lowercase())
    }

    /// The English name (`brown`).
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Brown => "brown",
        }
    }
}

/// The highest card value any mode uses (Battle Line, ST-50, has 1–10; the base game 1–9).
pub const MAX_VALUE: u8 = 10;

/// The number of distinct card indices a [`crate::CardSet`] must hold: 6 × 10 clan cards, then
/// room for the 10 tactic cards of ST-40 (not implemented yet).
pub const CARD_SLOTS: usize = 70;

/// One card, stored as its index in canonical order (`colour × 10 + value − 1`), which is also
/// its bit in a [`crate::CardSet`].
///
/// Every card of the base game is a clan card. The index space leaves room for Battle Line's
/// value-10 cards and, above 60, for tactic cards, so those variants extend [`CardKind`] without
/// changing this type.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// What a card is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CardKind {
    /// A clan card with a colour and a value (1–9, or 1–10 in Battle Line).
    Clan {
        /// Its colour.
        colour: Colour,
        /// Its value.
        value: u8,
    },
}

impl Card {
    /// A card to fill unused slots of fixed arrays (never read as a real card).
    pub(crate) const FILLER: Card = Card(0);

    /// The clan card of `colour` and `value` (1–10); `None` for other values.
    pub const fn clan(colour: Colour, value: u8) -> Option<Card> {
        if value >= 1 && value <= MAX_VALUE { Some(Card(colour as u8 * MAX_VALUE + value - 1)) } else { None }
    }

    /// The card with canonical index `index`, if it is a clan card.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 6 * MAX_VALUE as usize { Some(Card(index as u8)) } else { None }
    }

    /// The card with canonical index `index`, which the caller knows to be a card.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: usize) -> Card {
        debug_assert!(index < 6 * MAX_VALUE as usize);
        Card(index as u8)
    }

    /// The card's canonical index (its bit in a [`crate::CardSet`]).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// What the card is.
    pub const fn kind(self) -> CardKind {
        CardKind::Clan { colour: self.colour(), value: self.value() }
    }

    /// The card's colour.
    pub const fn colour(self) -> Colour {
        Colour::ALL[(self.0 / MAX_VALUE) as usize]
    }

    /// The card's value.
    pub const fn value(self) -> u8 {
        self.0 % MAX_VALUE + 1
    }

    /// The card in notation (`r7`).
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

/// Every clan card's notation, by index (formatting without `fmt` machinery: views print many).
const NAMES: [&str; 60] = [
    "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9",
    "b10", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8",
    "y9", "y10", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "n1", "n2", "n3", "n4", "n5", "n6", "n7",
    "n8", "n9", "n10",
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a string is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a card: write a colour letter (r b g y p n) and a value, like r7")]
pub struct CardError(pub String);

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CardError(s.to_owned());
        let (&letter, digits) = s.as_bytes().split_first().ok_or_else(bad)?;
        let colour = Colour::from_letter(char::from(letter)).ok_or_else(bad)?;
        let value = match digits {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'1', b'0'] => 10,
            _ => return Err(bad()),
        };
        Card::clan(colour, value).ok_or_else(bad)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
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
    fn cards_print_and_parse_the_same_way() {
        for colour in Colour::ALL {
            for value in 1..=MAX_VALUE {
                let card = Card::clan(colour, value).unwrap();
                assert_eq!((card.colour(), card.value()), (colour, value));
                assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
                assert_eq!(Card::from_index(card.index()), Some(card));
            }
        }
        assert_eq!(Card::clan(Colour::Brown, 3).unwrap().to_string(), "n3");
        assert_eq!("Y9".parse::<Card>().unwrap().to_string(), "y9");
        for bad in ["", "r", "x7", "r0", "r11", "r+1", "7r", "r 7", "r007", "r07"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(serde_json::to_string(&Card::clan(Colour::Red, 7).unwrap()).unwrap(), r#""r7""#);
    }
}
