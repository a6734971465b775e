//! Match records: one JSON document that reproduces a whole game.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::ending::EndReason;
use crate::error::SetupError;
use crate::outcome::Outcome;
use crate::position::PositionError;
use crate::seat::Seat;
use crate::step::StepKind;

/// A whole match as one JSON document: game, rules version, config, seats, seed, every action
/// in notation, and the outcome. Replaying it reproduces every state exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The registry name of the game.
    pub game: String,
    /// The rules version the match was played under.
    pub rules_version: String,
    /// The full config (every variant spelled out).
    pub config: serde_json::Value,
    /// The number of seats.
    pub seats: usize,
    /// Who sat where (display names or bot specs), if known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// The seed of the match's chance.
    pub seed: u64,
    /// The position the match started from, in the game's position notation; `None`: the
    /// game's own set-up dealt with `seed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Every action in the order it was applied.
    pub actions: Vec<RecordedAction>,
    /// The outcome, if the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Why the game ended, if it is over and the game says (not checked on replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<EndReason>,
}

/// One action of a record: who acted and what, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// The seat that acted.
    pub seat: Seat,
    /// The action in the game's notation.
    pub action: String,
    /// The kind of step the action answered (left out for ordinary turns): a secret choice's
    /// answers were made without seeing each other, whatever their order here.
    #[serde(default, skip_serializing_if = "StepKind::is_turn")]
    pub step: StepKind,
    /// The host chose this action for the seat's absent person (a server table answering a
    /// decision whose time ran out); left out when the seat's player chose it. Replays ignore it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub by_table: bool,
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError {
    /// The record is for another game.
    #[error("this record is for {found:?}, not {expected:?}")]
    WrongGame { expected: String, found: String },
    /// The record was written under other rules of the game (its actions may mean something
    /// else, or be illegal, under these).
    #[error("this record follows rules version {found:?} of {game}; this build plays version {expected:?}")]
    WrongRulesVersion { game: &'static str, expected: &'static str, found: String },
    /// The record's config or seat count cannot set up a game.
    #[error("the record's set-up is invalid: {0}")]
    Setup(#[from] SetupError),
    /// The record's starting position is invalid.
    #[error("the record's starting position is invalid: {0}")]
    Position(#[from] PositionError),
    /// An action cannot be read or is not legal at its point in the game.
    #[error("action {number} (seat {seat}: {action:?}) is bad: {reason}")]
    BadAction {
        /// 1-based position of the action in the record.
        number: usize,
        /// The seat that claims to have acted.
        seat: Seat,
        /// The action as written.
        action: String,
        /// Why it was refused.
        reason: String,
    },
    /// The record says the game ended but the actions stop before the end.
    #[error("the record is truncated: the game is not over after its {actions} actions (action {} is missing), yet the record states an outcome", actions + 1)]
    Truncated { actions: usize },
    /// The replayed outcome differs from the recorded one.
    #[error("the recorded outcome {recorded} differs from the replayed one {replayed}")]
    OutcomeMismatch { recorded: String, replayed: String },
}
