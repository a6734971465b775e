//! An exact solver of the rest of a round with every hand known (a "double-dummy" solver), for
//! the `pimc` bot: how many more tricks one seat takes if it plays its best and every other seat
//! plays to hold it down ("paranoid": the others as one side, which lets alpha-beta prune).
//!
//! Inside the solve a mercy player plays its card when its turn comes (KW-31's hold is left to
//! the root, where the bot's own state decides it). Cards of one suit that are neighbours among
//! the cards still in play are the same card to the solver, so only the top of each run is
//! tried; finished tricks' positions are remembered in a table that lives as long as the solver,
//! so one decision's worlds share what they have in common.

use engine::Seat;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::play::next_in_mask;
use crate::suit::Suit;
use crate::trick::Trick;

/// The table's size (entries; a power of two): 2¹⁸ × 16 bytes = 4 MiB, allocated once.
const TABLE_BITS: u32 = 18;

/// One remembered position at a trick's start: bounds on the solving seat's tricks from there.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
}

/// A world as the solver plays it: every hand known.
#[derive(Clone, Copy, Debug)]
pub(crate) struct World {
    /// Every seat's cards (seats out of the round hold none).
    pub hands: [CardSet; engine::MAX_SEATS],
    /// Seats on a mercy chance (bit i = seat i): one who wins a trick is back in and the lead
    /// passes to the left (KW-32).
    pub mercy: u8,
    /// The number of seats at the table.
    pub seats: u8,
    /// This round's trump.
    pub trump: Option<Suit>,
}

/// A trick under way: its plays so far, who takes part, and whose turn it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrickState {
    /// The plays so far.
    pub trick: Trick,
    /// The seats taking part (bit i = seat i).
    pub participants: u8,
    /// Whose turn it is.
    pub turn: Seat,
}

impl TrickState {
    /// A new trick led by `leader`, everyone holding cards in `world` taking part.
    pub fn lead(world: &World, leader: Seat) -> TrickState {
        let mut participants = 0u8;
        for (i, hand) in world.hands[..usize::from(world.seats)].iter().enumerate() {
            if !hand.is_empty() {
                participants |= 1 << i;
            }
        }
        TrickState { trick: Trick::new(leader), participants, turn: leader }
    }
}

/// The solver: its remembered positions and how much it has searched.
pub(crate) struct Solver {
    table: Vec<Entry>,
    /// Positions visited since the last [`Solver::reset`].
    pub nodes: u64,
    me: Seat,
    trump_key: u64,
}

impl Solver {
    /// A solver with an empty table (4 MiB).
    pub fn new() -> Solver {
        Solver { table: vec![Entry::default(); 1 << TABLE_BITS], nodes: 0, me: Seat::at(0), trump_key: 0 }
    }

    /// Forgets every position: call before a decision (the table's entries hold for one seat).
    pub fn reset(&mut self, me: Seat) {
        self.table.fill(Entry::default());
        self.nodes = 0;
        self.me = me;
    }

    /// The tricks `me` (of the last [`Solver::reset`]) takes from this trick on, the trick
    /// under way included, with best play on both sides.
    pub fn solve(&mut self, world: &mut World, now: TrickState) -> i8 {
        self.trump_key = world.trump.map_or(0x9e37_79b9, |s| s as u64 + 1).wrapping_mul(0xff51_afd7_ed55_8ccd);
        let most = world.hands[self.me.index()].len() as i8 + i8::from(!played(&now.trick, self.me));
        self.search(world, now, 0, most.max(0))
    }

    fn search(&mut self, world: &mut World, now: TrickState, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        let size = now.participants.count_ones() as usize;
        if now.trick.plays().len() >= size {
            return self.after_trick(world, now, alpha, beta);
        }
        let seat = now.turn;
        let hand = world.hands[seat.index()];
        let playable = match now.trick.led() {
            Some(led) if !hand.of_suit(led).is_empty() => hand.of_suit(led),
            _ => hand,
        };
        // Cards in play: a card whose next higher card in play is in the same hand is that card.
        let mut in_play = CardSet::EMPTY;
        for h in &world.hands[..usize::from(world.seats)] {
            in_play |= *h;
        }
        for p in now.trick.plays() {
            if let Some(c) = p.card {
                in_play.insert(c);
            }
        }
        let maximising = seat == self.me;
        let mut best = if maximising { i8::MIN } else { i8::MAX };
        let mut cards = playable.bits();
        // Highest first: the winning tries come early, which makes the cut-offs early.
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
            let value = self.search(world, next, alpha, beta);
            world.hands[seat.index()].insert(card);
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The trick is complete: score it and go on from the next trick's start.
    fn after_trick(&mut self, world: &mut World, now: TrickState, alpha: i8, beta: i8) -> i8 {
        let (winner, _) = now.trick.best().expect("the leader always plays a card");
        let won = i8::from(winner == self.me);
        let mercy = world.mercy;
        let mut leader = winner;
        if world.mercy & (1 << winner.index()) != 0 {
            world.mercy &= !(1 << winner.index());
            leader = self.next_in_with_cards(world, winner);
        }
        let value = won + self.trick_start(world, leader, alpha - won, beta - won);
        world.mercy = mercy;
        value
    }

    /// The value at the start of a trick led by `leader`, remembered by position.
    fn trick_start(&mut self, world: &mut World, leader: Seat, mut alpha: i8, mut beta: i8) -> i8 {
        let mine = world.hands[self.me.index()].len() as i8;
        if world.hands[leader.index()].is_empty() || mine == 0 {
            return 0;
        }
        let key = self.key(world, leader);
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        let (mut lower, mut upper) = (0, mine);
        if entry.key == key {
            (lower, upper) = (entry.lower, entry.upper);
        }
        if lower >= beta || lower == upper {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let value = self.search(world, TrickState::lead(world, leader), alpha, beta);
        if value <= alpha {
            upper = value;
        } else if value >= beta {
            lower = value;
        } else {
            (lower, upper) = (value, value);
        }
        self.table[slot] = Entry { key, lower, upper };
        value
    }

    /// The next seat to the left of `from` that is in (not on a mercy chance) and holds cards;
    /// `from` when there is none.
    fn next_in_with_cards(&self, world: &World, from: Seat) -> Seat {
        let mut mask = 0u8;
        for (i, hand) in world.hands[..usize::from(world.seats)].iter().enumerate() {
            if !hand.is_empty() && world.mercy & (1 << i) == 0 {
                mask |= 1 << i;
            }
        }
        if mask == 0 { from } else { next_in_mask(mask, from) }
    }

    fn key(&self, world: &World, leader: Seat) -> u64 {
        let mut key = self.trump_key ^ (u64::from(world.mercy) << 8 | leader.index() as u64);
        for hand in &world.hands[..usize::from(world.seats)] {
            key = (key ^ hand.bits()).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        }
        key | 1
    }
}

/// Whether `seat` has had its turn in `trick`.
fn played(trick: &Trick, seat: Seat) -> bool {
    trick.plays().iter().any(|p| p.seat == seat)
}
