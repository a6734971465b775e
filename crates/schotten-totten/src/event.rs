//! What happened: events with a readable line each, redacted per viewer.

use std::fmt;

use engine::{GameEvent, Seat};
use serde::Serialize;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::stone::Stone;

/// Why a game was won (ST-30, ST-31).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// Three adjacent stones.
    ThreeAdjacent,
    /// Five stones.
    FiveStones,
    /// Both players met ST-30 at once in the ST-31 settlement (five stones against three
    /// adjacent): the player with more stones.
    MostStones,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::ThreeAdjacent => "three adjacent stones",
            WinReason::FiveStones => "five stones",
            WinReason::MostStones => "more stones",
        })
    }
}

/// One thing that happened. Serialised with a `type` tag (`played`, `claimed`, …); cards as
/// strings (`"r7"`), seats as numbers, stones as numbers 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// A card went from a hand onto a stone.
    Played { seat: Seat, card: Card, stone: Stone },
    /// A stone was claimed; `revealed` are the hand cards shown as proof (ST-23), now public.
    Claimed { seat: Seat, stone: Stone, revealed: CardSet },
    /// A card was drawn; `card` is `None` for everyone but the drawer.
    Drew { seat: Seat, card: Option<Card> },
    /// A seat could not play a card (ST-7), or ended its final claim turn (ST-31).
    Passed { seat: Seat },
    /// A seat ended its claim step (`claim-after-play`).
    Done { seat: Seat },
    /// At the end of play a stone went to the stronger (or only complete) side (ST-31).
    Awarded { seat: Seat, stone: Stone },
    /// A game of the match was won; `points` were scored in it, `scores` are the match totals.
    GameWon { seat: Seat, game: u8, reason: WinReason, points: [u16; 2], scores: [u16; 2] },
    /// A new game of the match was dealt.
    GameStarted { game: u8, starting_seat: Seat },
    /// The match is over; `winner` is `None` on equal scores.
    MatchOver { scores: [u16; 2], winner: Option<Seat> },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Played { seat, card, stone } => write!(f, "seat {seat} played {card} on stone {stone}"),
            Event::Claimed { seat, stone, revealed } if revealed.is_empty() => {
                write!(f, "seat {seat} claimed stone {stone}")
            }
            Event::Claimed { seat, stone, revealed } => {
                write!(f, "seat {seat} claimed stone {stone}, showing {revealed}")
            }
            Event::Drew { seat, card: Some(card) } => write!(f, "seat {seat} drew {card}"),
            Event::Drew { seat, card: None } => write!(f, "seat {seat} drew a card"),
            Event::Passed { seat } => write!(f, "seat {seat} passed"),
            Event::Done { seat } => write!(f, "seat {seat} is done claiming"),
            Event::Awarded { seat, stone } => write!(f, "stone {stone} goes to seat {seat}"),
            Event::GameWon { seat, game, reason, scores, .. } => {
                write!(f, "seat {seat} won game {game} with {reason}; score {}–{}", scores[0], scores[1])
            }
            Event::GameStarted { game, starting_seat } => write!(f, "game {game}: seat {starting_seat} starts"),
            Event::MatchOver { scores, winner: Some(seat) } => {
                write!(f, "match over: seat {seat} wins {}–{}", scores[0], scores[1])
            }
            Event::MatchOver { scores, winner: None } => write!(f, "match over: a draw at {}–{}", scores[0], scores[1]),
        }
    }
}

impl GameEvent for Event {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            Event::Drew { seat, card: Some(_) } if viewer != Some(seat) => Some(Event::Drew { seat, card: None }),
            _ => Some(*self),
        }
    }
}
