//! The game state and its small helpers. The rules that change it live in `round.rs` (dealing,
//! trump, end of round), `play.rs` (tricks) and `vote.rs` (KW-42).

use engine::{Seat, SeatSet};
use serde::Serialize;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::config::Config;
use crate::suit::{Suit, SuitSet};
use crate::trick::Trick;

/// Where a player stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Status {
    /// Still in the game.
    In,
    /// Knocked out once, playing this round with one card (KW-30, KW-31).
    Mercy,
    /// Knocked out at the end of this round.
    Out(u8),
}

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Phase {
    /// The chooser picks trump among `options` (KW-6; after a tied vote, KW-42).
    ChooseTrump { options: SuitSet },
    /// The knocked-out players vote on trump, all at once and in secret (KW-42).
    Vote,
    /// A trick is being played; `turn` is to act.
    Play,
    /// The game is over.
    Over,
}

/// How this round's trump came about.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrumpFrom {
    /// Round 1: the suit of the turned card (KW-5).
    Turned,
    /// Not decided yet: a choice or a vote is pending.
    Pending,
    /// Chosen by the player with the most tricks of the last round (KW-6).
    Chosen,
    /// Won by plurality in the knocked-out players' vote (KW-42).
    Voted,
    /// Kept from round 1 (KW-40, `fixed-trump`).
    Fixed,
    /// No trump this round (KW-43, `no-trump-final`).
    NoTrump,
}

/// A game of Knock-Out Whist (KW-1 … KW-43) for 2 to 7 players.
///
/// Fixed-size and allocation-free to clone, apply and determinize: hands are `u64` bitsets, tricks
/// fixed arrays.
#[derive(Clone, Debug)]
pub struct KnockOutWhist {
    pub(crate) config: Config,
    pub(crate) seats: u8,
    /// The current round, from 1.
    pub(crate) round: u8,
    pub(crate) dealer: Seat,
    pub(crate) phase: Phase,
    /// Who is to act in the play phase.
    pub(crate) turn: Seat,
    /// The player who won the most tricks last round (after a cut): chooses trump (not with
    /// `fixed-trump`) and leads (KW-6, KW-7, KW-40). `None` in round 1.
    pub(crate) chooser: Option<Seat>,
    /// How many tricks the chooser won, and who tied with them before the cut.
    pub(crate) chooser_tied: SeatSet,
    pub(crate) trump: Option<Suit>,
    pub(crate) trump_from: TrumpFrom,
    /// Round 1's face-up card (KW-5); public, part of the undealt deck.
    pub(crate) turned: Option<Card>,
    pub(crate) hands: [CardSet; engine::MAX_SEATS],
    /// The undealt cards (round 1: with the turned card).
    pub(crate) deck: CardSet,
    pub(crate) status: [Status; engine::MAX_SEATS],
    pub(crate) mercy_used: SeatSet,
    pub(crate) tricks_won: [u8; engine::MAX_SEATS],
    /// The trick being played.
    pub(crate) trick: Trick,
    /// The seats taking part in the current trick (bit i = seat i): everyone holding cards
    /// when it began.
    pub(crate) participants: u8,
    /// How many seats take part in the current trick.
    pub(crate) trick_size: u8,
    /// The finished tricks of this round, in order.
    pub(crate) done: [Trick; 8],
    pub(crate) done_len: u8,
    /// Cards played this round.
    pub(crate) played: CardSet,
    /// Suits each seat showed out of this round (did not follow) — public knowledge.
    pub(crate) voids: [SuitSet; engine::MAX_SEATS],
    /// Who votes this round (KW-42).
    pub(crate) voters: SeatSet,
    /// The votes cast; secret until everyone has voted.
    pub(crate) votes: [Option<Suit>; engine::MAX_SEATS],
    pub(crate) votes_revealed: bool,
    pub(crate) winner: Option<Seat>,
}

impl KnockOutWhist {
    /// The number of cards a full hand holds this round (KW-3): `start − round + 1`.
    #[inline]
    pub fn cards_per_hand(&self) -> u8 {
        self.config.start_cards + 1 - self.round
    }

    /// The current round, from 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// This round's trump (`None` before it is chosen, and in a no-trump final).
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// This round's dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The cards `seat` holds. For hosts and tests: never show it to another seat.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The undealt deck (round 1: with the turned card). For hosts and tests only.
    pub fn deck(&self) -> CardSet {
        self.deck
    }

    /// The cards played so far this round.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// The suits `seat` has shown out of this round (failed to follow): public knowledge.
    pub fn voids(&self, seat: Seat) -> SuitSet {
        self.voids[seat.index()]
    }

    /// The trick being played.
    pub fn current_trick(&self) -> &Trick {
        &self.trick
    }

    /// The finished tricks of this round.
    pub fn finished_tricks(&self) -> &[Trick] {
        &self.done[..self.done_len as usize]
    }

    /// Whether `seat` is still in the game with a full hand.
    #[inline]
    pub(crate) fn is_in(&self, seat: Seat) -> bool {
        self.status[seat.index()] == Status::In
    }

    /// The seats taking part in this round (in, or on a mercy chance).
    pub(crate) fn in_round(&self) -> SeatSet {
        Seat::all(self.seats()).filter(|s| matches!(self.status[s.index()], Status::In | Status::Mercy)).collect()
    }

    /// The seats knocked out for good.
    pub(crate) fn knocked_out(&self) -> SeatSet {
        Seat::all(self.seats()).filter(|s| matches!(self.status[s.index()], Status::Out(_))).collect()
    }

    /// The next seat clockwise after `from` that is not knocked out: in, or on a mercy chance
    /// (KW-4: the deal skips only the knocked out; in round 1, where everyone is in, this is
    /// also the player left of the dealer who leads, KW-7).
    #[inline]
    pub(crate) fn next_not_out(&self, from: Seat) -> Seat {
        let n = self.seats();
        let mut seat = from.next(n);
        for _ in 0..n {
            if !matches!(self.status[seat.index()], Status::Out(_)) {
                return seat;
            }
            seat = seat.next(n);
        }
        from
    }

    /// The number of seats (as `usize`).
    #[inline]
    pub(crate) fn seats(&self) -> usize {
        self.seats as usize
    }

    /// Whether the trick being played is the round's last.
    #[inline]
    pub(crate) fn is_last_trick(&self) -> bool {
        self.done_len + 1 >= self.cards_per_hand()
    }
}
