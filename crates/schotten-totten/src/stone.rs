//! Boundary stones (ST-2): which stone, and the cards on both sides of it.

use std::fmt;

use engine::Seat;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::card::Card;
use crate::card::Tactic;
use crate::card_set::CardSet;
use crate::formation::Formation;
use crate::resolve::{Fight, Resolution};

/// The number of boundary stones (ST-2).
pub const STONES: usize = 9;

/// The most cards a side can hold in any mode (4 under Mud, ST-44).
pub const MAX_SIDE: usize = 4;

/// Cards per complete side in the base game.
pub const SIDE_CAPACITY: usize = 3;

/// Which boundary stone, numbered 1–9 from left to right (ST-2). Stored 0-based.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Stone(u8);

impl Stone {
    /// The stone numbered `number` (1–9).
    pub const fn number(number: usize) -> Option<Stone> {
        if number >= 1 && number <= STONES { Some(Stone(number as u8 - 1)) } else { None }
    }

    /// The stone at 0-based `index` (0–8).
    pub const fn at(index: usize) -> Option<Stone> {
        if index < STONES { Some(Stone(index as u8)) } else { None }
    }

    /// The 0-based index (0–8).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All stones, left to right.
    pub fn all() -> impl Iterator<Item = Stone> {
        (0..STONES as u8).map(Stone)
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

impl Serialize for Stone {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0 + 1)
    }
}

/// One player's cards at one stone, in the order they were played. Serialises as an array of
/// card strings.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Side {
    cards: [Card; MAX_SIDE],
    len: u8,
}

impl Side {
    /// The cards in play order.
    #[inline]
    pub fn cards(&self) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().copied()
    }

    /// The cards in play order, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len()]
    }

    /// The number of cards.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card is here.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards as a set.
    pub fn set(&self) -> CardSet {
        self.cards().collect()
    }

    /// The formation, once the side holds `capacity` cards.
    pub fn formation(&self, capacity: usize) -> Option<Formation> {
        (self.len() == capacity).then(|| Formation::of(self.as_slice()))
    }

    /// Adds a card (the caller checks there is room).
    pub(crate) fn push(&mut self, card: Card) {
        self.cards[self.len()] = card;
        self.len += 1;
    }

    /// Takes `card` out, keeping the order of the others; whether it was here.
    pub(crate) fn remove(&mut self, card: Card) -> bool {
        let Some(at) = self.as_slice().iter().position(|&c| c == card) else {
            return false;
        };
        let len = self.len();
        self.cards.copy_within(at + 1..len, at);
        // The freed slot is cleared so equal sides compare (and hash) equal.
        self.cards[len - 1] = Card::FILLER;
        self.len -= 1;
        true
    }
}

impl Default for Side {
    fn default() -> Self {
        Side { cards: [Card::FILLER; MAX_SIDE], len: 0 }
    }
}

impl fmt::Debug for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for card in self.cards() {
            seq.serialize_element(&card)?;
        }
        seq.end()
    }
}

/// Everything at one stone: both sides, who completed first, and who owns it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct StoneState {
    /// Side `i` belongs to seat `i`.
    sides: [Side; 2],
    /// The formation of each complete side (kept so claims need not recompute it).
    formations: [Option<Formation>; 2],
    /// Who placed their last card first (the tie-break of ST-15).
    pub first: Option<Seat>,
    /// Who claimed or was awarded the stone.
    pub owner: Option<Seat>,
    /// Mud fight lies on the stone (ST-44). The two combat modes are flags, not a card set,
    /// because capacity and fight are asked at every placement and claim check.
    mud: bool,
    /// Blind man's bluff lies on the stone (ST-43).
    bluff: bool,
    /// Battle Line values for elite troops (ST-50).
    battle_line: bool,
    /// What each side's elite troops were fixed to when the stone was resolved (ST-42).
    resolved: [Resolution; 2],
}

impl StoneState {
    /// Cards each complete side needs: 3, or 4 under Mud fight (ST-44).
    #[inline]
    pub const fn capacity(&self) -> usize {
        if self.mud { MAX_SIDE } else { SIDE_CAPACITY }
    }

    /// The combat modes on the stone (ST-43, ST-44).
    #[inline]
    pub fn modes(&self) -> CardSet {
        let mut modes = CardSet::EMPTY;
        if self.mud {
            modes.insert(Tactic::MudFight.card());
        }
        if self.bluff {
            modes.insert(Tactic::BlindMansBluff.card());
        }
        modes
    }

    /// What the elite troops of each side were fixed to when the stone was resolved (ST-42).
    pub fn resolved(&self) -> &[Resolution; 2] {
        &self.resolved
    }

    /// How the stone is fought.
    #[inline]
    pub(crate) fn fight(&self) -> Fight {
        Fight { bluff: self.bluff, battle_line: self.battle_line }
    }

    /// Sets the mode's values (ST-50) and works the formations out again.
    pub(crate) fn set_battle_line(&mut self, battle_line: bool) {
        self.battle_line = battle_line;
        self.recompute();
    }

    /// Lays the combat mode `card` on the stone (ST-43, ST-44).
    pub(crate) fn add_mode(&mut self, card: Card) {
        match card.tactic() {
            Some(Tactic::MudFight) => self.mud = true,
            Some(Tactic::BlindMansBluff) => self.bluff = true,
            _ => debug_assert!(false, "{card} is not a combat mode"),
        }
        self.recompute();
    }

    /// Takes `card` off `seat`'s side; whether it was there.
    pub(crate) fn remove(&mut self, seat: Seat, card: Card) -> bool {
        let removed = self.sides[seat.index()].remove(card);
        self.recompute();
        removed
    }

    /// Fixes the elite troops of the complete sides (ST-42) and returns what they became.
    pub(crate) fn resolve(&mut self) -> [Resolution; 2] {
        let fight = self.fight();
        for i in 0..2 {
            let side = &self.sides[i];
            self.resolved[i] = if side.len() >= self.capacity() {
                Resolution::of(fight, side.as_slice())
            } else {
                Resolution::default()
            };
        }
        self.resolved
    }

    /// The formations after a change of a side or of the modes; a side that is no longer
    /// complete gives up being first, and the other complete side (completed before it came
    /// back) takes its place.
    fn recompute(&mut self) {
        let capacity = self.capacity();
        let fight = self.fight();
        for i in 0..2 {
            let side = &self.sides[i];
            self.formations[i] = (side.len() >= capacity).then(|| fight.formation(side.as_slice()));
        }
        if let Some(first) = self.first
            && self.formations[first.index()].is_none()
        {
            let other = Seat::at(1 - first.index());
            self.first = self.formations[other.index()].is_some().then_some(other);
        }
    }

    /// Seat `seat`'s side.
    #[inline]
    pub fn side(&self, seat: Seat) -> &Side {
        &self.sides[seat.index()]
    }

    /// Both sides, seat 0's first.
    #[inline]
    pub fn sides(&self) -> &[Side; 2] {
        &self.sides
    }

    /// The formation of `seat`'s side, once it is complete.
    #[inline]
    pub fn formation(&self, seat: Seat) -> Option<Formation> {
        self.formations[seat.index()]
    }

    /// Both sides' formations (`None` while incomplete).
    #[inline]
    pub fn formations(&self) -> [Option<Formation>; 2] {
        self.formations
    }

    /// Whether `seat` may still place a card here (ST-5, ST-26).
    #[inline]
    pub fn has_room(&self, seat: Seat) -> bool {
        self.owner.is_none() && self.side(seat).len() < self.capacity()
    }

    /// Whether `seat`'s side is complete.
    #[inline]
    pub fn is_complete(&self, seat: Seat) -> bool {
        self.side(seat).len() >= self.capacity()
    }

    /// The winner by ST-15/ST-21 when both sides are complete.
    #[inline]
    pub fn decided_winner(&self) -> Option<Seat> {
        let a = self.formations[0]?;
        let b = self.formations[1]?;
        let first = self.first.expect("a complete side records who completed first");
        Some(if a.beats(b, first.index() == 0) { Seat::at(0) } else { Seat::at(1) })
    }

    /// Places `card` on `seat`'s side, recording who completed first (the caller checks room).
    pub(crate) fn place(&mut self, seat: Seat, card: Card) {
        let capacity = self.capacity();
        let fight = self.fight();
        let side = &mut self.sides[seat.index()];
        side.push(card);
        if side.len() == capacity {
            self.formations[seat.index()] = Some(fight.formation(side.as_slice()));
            if self.first.is_none() {
                self.first = Some(seat);
            }
        }
    }
}
