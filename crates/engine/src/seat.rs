//! Seats at a table and sets of seats.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most seats any spieltisch game seats (Kopf an Kopf: 8).
pub const MAX_SEATS: usize = 8;

/// One place at the table, numbered from 0 in clockwise order.
///
/// A `Seat` is always below [`MAX_SEATS`]; whether it exists at a given table is the game's
/// business (it knows its seat count).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The seat with this index, if it is below [`MAX_SEATS`].
    #[inline]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS { Some(Seat(index as u8)) } else { None }
    }

    /// The seat with this index; panics if `index >= MAX_SEATS` (for constants and tests).
    #[inline]
    pub const fn at(index: usize) -> Seat {
        match Seat::new(index) {
            Some(seat) => seat,
            None => panic!("seat index out of range"),
        }
    }

    /// This seat's index, 0-based.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `seats` seats.
    #[inline]
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// All seats of a table of `seats` seats, in order.
    #[inline]
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Seat::new(value as usize).ok_or_else(|| format!("seat {value} is out of range (max {})", MAX_SEATS - 1))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let index: usize = s.trim().parse().map_err(|_| format!("not a seat number: {s:?}"))?;
        Seat::new(index).ok_or_else(|| format!("seat {index} is out of range (max {})", MAX_SEATS - 1))
    }
}

/// A set of seats, as a bitset: who may act now, who is still in, who won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "Vec<Seat>", into = "Vec<Seat>")]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding just `seat`.
    #[inline]
    pub const fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// All seats of a table of `seats` seats.
    #[inline]
    pub const fn all(seats: usize) -> SeatSet {
        if seats >= MAX_SEATS { SeatSet(u8::MAX) } else { SeatSet(((1u16 << seats) - 1) as u8) }
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// This set with `seat` added.
    #[inline]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// This set with `seat` removed.
    #[inline]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    #[inline]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// The seats in the set, lowest first.
    #[inline]
    pub fn iter(self) -> SeatSetIter {
        SeatSetIter(self.0)
    }

    /// The raw bits (bit i = seat i).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl From<Vec<Seat>> for SeatSet {
    fn from(seats: Vec<Seat>) -> Self {
        seats.into_iter().collect()
    }
}

impl From<SeatSet> for Vec<Seat> {
    fn from(set: SeatSet) -> Self {
        set.iter().collect()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatSetIter;
    fn into_iter(self) -> SeatSetIter {
        self.iter()
    }
}

/// Iterator over the seats of a [`SeatSet`], lowest first.
#[derive(Clone, Debug)]
pub struct SeatSetIter(u8);

impl Iterator for SeatSetIter {
    type Item = Seat;
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let seat = Seat(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(seat)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SeatSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_range_is_checked() {
        assert!(Seat::new(7).is_some());
        assert!(Seat::new(8).is_none());
        assert!("8".parse::<Seat>().is_err());
        assert_eq!("3".parse::<Seat>().unwrap().index(), 3);
    }

    #[test]
    fn seat_set_basics() {
        let mut set = SeatSet::all(3);
        assert_eq!(set.len(), 3);
        set.remove(Seat::at(1));
        assert_eq!(set.iter().map(Seat::index).collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(SeatSet::all(8).len(), 8);
        assert_eq!(set.first(), Some(Seat::at(0)));
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, "[0,2]");
        assert_eq!(serde_json::from_str::<SeatSet>(&json).unwrap(), set);
    }

    #[test]
    fn next_wraps() {
        assert_eq!(Seat::at(3).next(4), Seat::at(0));
        assert_eq!(Seat::at(1).next(4), Seat::at(2));
    }
}
