//! An exact solver of the rest of a round with every hand known in which every seat plays for
//! itself ("max^n"): each seat picks the card that is best for its own round, given how the
//! others will answer. No seat is assumed to side with another, so nothing can be pruned; the
//! positions at a trick's start are remembered, and neighbouring cards of one hand count once.

use engine::Seat;

use super::solver::{TrickState, World};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::play::next_in_mask;

/// The table's size (entries; a power of two).
const TABLE_BITS: u32 = 18;

/// The tricks each seat takes from some point of the round on.
pub(crate) type Tricks = [i8; engine::MAX_SEATS];

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    tricks: Tricks,
}

/// The max^n solver: its remembered positions, kept for one decision.
pub(crate) struct MaxN {
    table: Vec<Entry>,
    /// Positions visited since the last [`MaxN::reset`].
    pub nodes: u64,
    /// How much one more trick is worth to a seat beside its first (worth 1).
    pub trick_worth: f64,
}

impl MaxN {
    /// A solver with an empty table.
    pub fn new(trick_worth: f64) -> MaxN {
        MaxN { table: vec![Entry::default(); 1 << TABLE_BITS], nodes: 0, trick_worth }
    }

    /// Forgets every position (before a decision).
    pub fn reset(&mut self) {
        self.table.fill(Entry::default());
        self.nodes = 0;
    }

    /// The tricks every seat takes from this trick on (the one under way included), each
    /// playing for itself; `had` marks the seats that have a trick this round already.
    pub fn solve(&mut self, world: &mut World, now: TrickState, had: u8) -> Tricks {
        self.search(world, now, had)
    }

    fn worth(&self, seat: Seat, tricks: &Tricks, had: u8) -> f64 {
        let t = tricks[seat.index()];
        let safe = had & (1 << seat.index()) != 0 || t > 0;
        f64::from(u8::from(safe)) + self.trick_worth * f64::from(t)
    }

    fn search(&mut self, world: &mut World, now: TrickState, had: u8) -> Tricks {
        self.nodes += 1;
        if now.trick.plays().len() >= now.participants.count_ones() as usize {
            return self.after_trick(world, now, had);
        }
        let seat = now.turn;
        let hand = world.hands[seat.index()];
        let playable = match now.trick.led() {
            Some(led) if !hand.of_suit(led).is_empty() => hand.of_suit(led),
            _ => hand,
        };
        let mut in_play = CardSet::EMPTY;
        for h in &world.hands[..usize::from(world.seats)] {
            in_play |= *h;
        }
        for p in now.trick.plays() {
            if let Some(c) = p.card {
                in_play.insert(c);
            }
        }
        let mut best: Option<(f64, Tricks)> = None;
        let mut cards = playable.bits();
        while cards != 0 {
            let card = Card::from_index(63 - cards.leading_zeros() as u8).expect("a card below 52");
            cards &= !(1u64 << card.index());
            if in_play.above(card).lowest().is_some_and(|next| hand.contains(next)) {
                continue;
            }
            let mut next = now;
            next.trick.push(seat, Some(card), world.trump);
            next.turn = next_in_mask(now.participants, seat);
            world.hands[seat.index()].remove(card);
            let tricks = self.search(world, next, had);
            world.hands[seat.index()].insert(card);
            let worth = self.worth(seat, &tricks, had);
            // Ties keep the higher card tried first.
            if best.is_none_or(|(w, _)| worth > w) {
                best = Some((worth, tricks));
            }
        }
        best.expect("a seat to play holds a card").1
    }

    fn after_trick(&mut self, world: &mut World, now: TrickState, had: u8) -> Tricks {
        let (winner, _) = now.trick.best().expect("the leader always plays a card");
        let mercy = world.mercy;
        let mut leader = winner;
        if world.mercy & (1 << winner.index()) != 0 {
            world.mercy &= !(1 << winner.index());
            leader = next_in_with_cards(world, winner);
        }
        let mut tricks = self.trick_start(world, leader, had | 1 << winner.index());
        tricks[winner.index()] += 1;
        world.mercy = mercy;
        tricks
    }

    fn trick_start(&mut self, world: &mut World, leader: Seat, had: u8) -> Tricks {
        if world.hands[leader.index()].is_empty() {
            return Tricks::default();
        }
        let mut key = (u64::from(world.mercy) << 16 | u64::from(had) << 8 | leader.index() as u64)
            ^ world.trump.map_or(0x9e37_79b9, |s| s as u64 + 1).wrapping_mul(0xff51_afd7_ed55_8ccd);
        for hand in &world.hands[..usize::from(world.seats)] {
            key = (key ^ hand.bits()).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
        key |= 1;
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        if self.table[slot].key == key {
            return self.table[slot].tricks;
        }
        let tricks = self.search(world, TrickState::lead(world, leader), had);
        self.table[slot] = Entry { key, tricks };
        tricks
    }
}

/// The next seat to the left of `from` that is in and holds cards; `from` when there is none.
fn next_in_with_cards(world: &World, from: Seat) -> Seat {
    let mut mask = 0u8;
    for (i, hand) in world.hands[..usize::from(world.seats)].iter().enumerate() {
        if !hand.is_empty() && world.mercy & (1 << i) == 0 {
            mask |= 1 << i;
        }
    }
    if mask == 0 { from } else { next_in_mask(mask, from) }
}
