//! What happened: events with a readable line each, redacted per viewer.

use std::fmt;

use engine::{GameEvent, Seat};
use serde::Serialize;

use crate::action::PileKind;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::resolve::Resolution;
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
    /// A stone was claimed; `revealed` are the hand cards shown as proof (ST-23), now public;
    /// `resolved` what each side's elite troops were fixed to (ST-42).
    Claimed { seat: Seat, stone: Stone, revealed: CardSet, resolved: [Resolution; 2] },
    /// A card was drawn from `pile` (public, ST-40); `card` is `None` for everyone but the drawer.
    Drew { seat: Seat, card: Option<Card>, pile: PileKind },
    /// A ruse was played (ST-45); its steps follow.
    Ruse { seat: Seat, card: Card },
    /// The Recruiter put a card under `pile`; `card` is `None` for everyone but that seat.
    Returned { seat: Seat, card: Option<Card>, pile: PileKind },
    /// A card moved from one stone to the acting seat's side of another (Strategist, Traitor).
    Moved { seat: Seat, card: Card, from: Stone, to: Stone },
    /// A card left its stone for the discard pile (Strategist, Banshee).
    Discarded { seat: Seat, card: Card, from: Stone },
    /// A seat could not play a card (ST-7), or ended its final claim turn (ST-31).
    Passed { seat: Seat },
    /// A seat ended its claim step (`claim-after-play`).
    Done { seat: Seat },
    /// At the end of play a stone went to the stronger (or only complete) side (ST-31);
    /// `resolved` as for `claimed`.
    Awarded { seat: Seat, stone: Stone, resolved: [Resolution; 2] },
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
            Event::Claimed { seat, stone, revealed, resolved } => {
                write!(f, "seat {seat} claimed stone {stone}")?;
                if !revealed.is_empty() {
                    write!(f, ", showing {revealed}")?;
                }
                write_resolved(f, &resolved)
            }
            Event::Drew { seat, card: Some(card), .. } => write!(f, "seat {seat} drew {card}"),
            Event::Drew { seat, card: None, pile: PileKind::Clan } => write!(f, "seat {seat} drew a card"),
            Event::Drew { seat, card: None, pile: PileKind::Tactic } => write!(f, "seat {seat} drew a tactic card"),
            Event::Ruse { seat, card } => write!(f, "seat {seat} played {card}"),
            Event::Returned { seat, card: Some(card), pile } => {
                write!(f, "seat {seat} put {card} under the {pile} pile")
            }
            Event::Returned { seat, card: None, pile } => write!(f, "seat {seat} put a card under the {pile} pile"),
            Event::Moved { seat, card, from, to } => {
                write!(f, "seat {seat} moved {card} from stone {from} to stone {to}")
            }
            Event::Discarded { seat, card, from } => write!(f, "seat {seat} discarded {card} from stone {from}"),
            Event::Passed { seat } => write!(f, "seat {seat} passed"),
            Event::Done { seat } => write!(f, "seat {seat} is done claiming"),
            Event::Awarded { seat, stone, resolved } => {
                write!(f, "stone {stone} goes to seat {seat}")?;
                write_resolved(f, &resolved)
            }
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

/// `, joker1 as r7` for every elite troop fixed at a resolution (ST-42).
fn write_resolved(f: &mut fmt::Formatter<'_>, resolved: &[Resolution; 2]) -> fmt::Result {
    for &(card, stands_for) in resolved.iter().flat_map(Resolution::pairs) {
        write!(f, ", {card} as {stands_for}")?;
    }
    Ok(())
}

impl GameEvent for Event {
    fn redact(&self, viewer: Option<Seat>) -> Option<Self> {
        match *self {
            Event::Drew { seat, card: Some(_), pile } if viewer != Some(seat) => {
                Some(Event::Drew { seat, card: None, pile })
            }
            Event::Returned { seat, card: Some(_), pile } if viewer != Some(seat) => {
                Some(Event::Returned { seat, card: None, pile })
            }
            _ => Some(*self),
        }
    }
}
