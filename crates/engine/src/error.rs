//! The typed errors of the contract: bad set-up, bad notation, illegal actions.

use thiserror::Error;

use crate::seat::Seat;

/// Why a game could not be set up from a config and a seat count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The game is not played with this many seats.
    #[error("{game} is played by {min} to {max} players, not {seats}")]
    Seats { game: &'static str, seats: usize, min: usize, max: usize },
    /// The config is invalid for this game or seat count.
    #[error("invalid config: {0}")]
    Config(String),
    /// No game of this name is registered.
    #[error("unknown game {0:?}")]
    UnknownGame(String),
}

impl SetupError {
    /// `Ok` when `G` is played by `seats`, else the [`SetupError::Seats`] that says so: the
    /// first check of every `new`, `start` and `from_position`.
    pub fn check_seats<G: crate::game::Game>(seats: usize) -> Result<(), SetupError> {
        if (G::MIN_SEATS..=G::MAX_SEATS).contains(&seats) {
            Ok(())
        } else {
            Err(SetupError::Seats { game: G::NAME, seats, min: G::MIN_SEATS, max: G::MAX_SEATS })
        }
    }
}

/// Why a string is not an action in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read {input:?}: {reason}")]
pub struct NotationError {
    /// What was given.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl NotationError {
    /// A notation error for `input`.
    pub fn new(input: &str, reason: impl Into<String>) -> NotationError {
        NotationError { input: input.to_owned(), reason: reason.into() }
    }
}

/// Why an action was refused. The state is unchanged whenever `apply` returns this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// This seat is not to act now.
    #[error("seat {0} is not to act now")]
    NotToAct(Seat),
    /// The action breaks a rule; the text says which.
    #[error("{0}")]
    Rule(&'static str),
}
