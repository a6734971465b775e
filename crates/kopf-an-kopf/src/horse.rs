//! Horses (1–10) and the two dice.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// The number of horses (KK-2).
pub const HORSES: usize = 10;

/// A horse's index 0–9 as an enum, so the compiler knows the byte never holds 10–255: a
/// [`CardKind`](crate::CardKind) then fits one byte whose value is its index (the other
/// kinds take 10–21), and the hot paths index hands by it without a lookup.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
enum Index {
    I0,
    I1,
    I2,
    I3,
    I4,
    I5,
    I6,
    I7,
    I8,
    I9,
}

/// One of the ten horses, numbered 1–10 as on the board (KK-2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Horse(Index);

impl Horse {
    /// All ten horses, in number order.
    pub const ALL: [Horse; HORSES] = {
        let mut all = [Horse(Index::I0); HORSES];
        let mut i = 0;
        while i < HORSES {
            all[i] = Horse::at(i);
            i += 1;
        }
        all
    };

    /// The horse with this number (1–10), if there is one.
    pub fn number(number: u8) -> Option<Horse> {
        (1..=HORSES as u8).contains(&number).then(|| Horse::at(number as usize - 1))
    }

    /// The horse at array index `i` (0–9). Panics on a bad index (a bug, not input).
    #[inline]
    pub const fn at(i: usize) -> Horse {
        Horse(match i {
            0 => Index::I0,
            1 => Index::I1,
            2 => Index::I2,
            3 => Index::I3,
            4 => Index::I4,
            5 => Index::I5,
            6 => Index::I6,
            7 => Index::I7,
            8 => Index::I8,
            9 => Index::I9,
            _ => panic!("a horse index is 0 to 9"),
        })
    }

    /// Its index 0–9 (horse 1 is index 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its number on the board, 1–10.
    #[inline]
    pub const fn num(self) -> u8 {
        self.0 as u8 + 1
    }
}

impl std::hash::Hash for Horse {
    /// The index byte, as the `u8` it was before the enum (hashes stay the same).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 as u8).hash(state)
    }
}

impl fmt::Debug for Horse {
    /// `Horse(0)` for horse 1, as before the enum.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Horse").field(&(self.0 as u8)).finish()
    }
}

impl fmt::Display for Horse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.num())
    }
}

impl FromStr for Horse {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Horse::number)
            .ok_or_else(|| format!("{s:?} is not a horse: horses are 1 to {HORSES}"))
    }
}

impl Serialize for Horse {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.num())
    }
}

/// A set of horses as ten bits (JSON: the horse numbers in order, `[2, 4]`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct HorseSet(pub u16);

impl Serialize for HorseSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl HorseSet {
    /// No horse.
    pub const EMPTY: HorseSet = HorseSet(0);

    /// Whether `h` is in the set.
    #[inline]
    pub fn contains(self, h: Horse) -> bool {
        self.0 & (1 << h.index()) != 0
    }

    /// Adds `h`.
    #[inline]
    pub fn insert(&mut self, h: Horse) {
        self.0 |= 1 << h.index();
    }

    /// Removes `h`.
    #[inline]
    pub fn remove(&mut self, h: Horse) {
        self.0 &= !(1 << h.index());
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many horses.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The horses in number order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Horse> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Horse::at(i)
            })
        })
    }
}

/// One of the two dice (KK-4): the horse die or the movement die.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Die {
    /// The d10 that says which horse moves.
    Horse,
    /// The die that says how far.
    Movement,
}

impl Die {
    /// The notation word: `horse` or `move`.
    pub fn word(self) -> &'static str {
        match self {
            Die::Horse => "horse",
            Die::Movement => "move",
        }
    }
}

impl FromStr for Die {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "horse" | "h" => Ok(Die::Horse),
            "move" | "movement" | "m" => Ok(Die::Movement),
            _ => Err(format!("{s:?} is not a die: horse or move")),
        }
    }
}
