//! Why a position (the whole state in a game's position notation) cannot start a game.

use thiserror::Error;

use crate::error::SetupError;

/// Why [`crate::Game::from_position`] refused a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The game has no position notation.
    #[error("{0} has no position notation")]
    NotSupported(&'static str),
    /// The config or the seat count cannot set up a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The text is not a position in the game's notation, or the position it describes cannot
    /// happen (a card twice, a card missing, a hand too large); the text says what is wrong.
    #[error("impossible position: {0}")]
    Invalid(String),
}

impl PositionError {
    /// An [`PositionError::Invalid`] with `reason`.
    pub fn invalid(reason: impl Into<String>) -> PositionError {
        PositionError::Invalid(reason.into())
    }
}
