//! What can go wrong in a command, with messages for humans.

use std::io;
use std::path::PathBuf;

use engine::{BotGameError, DynBotError, ReplayError, SetupError};
use thiserror::Error;

/// A failed command. `main` prints it after `error: ` and exits with status 1.
#[derive(Debug, Error)]
pub enum CliError {
    /// The arguments do not make sense together.
    #[error("{0}")]
    Usage(String),
    /// The game, its variants or the seat count are invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bot game could not be played.
    #[error(transparent)]
    BotGame(#[from] BotGameError),
    /// A bot could not move.
    #[error(transparent)]
    Bot(#[from] DynBotError),
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A file is not a match record.
    #[error("{}: not a match record: {source}", path.display())]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// Why it does not parse.
        source: serde_json::Error,
    },
    /// A record does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The terminal input or output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// Another part (the server) failed.
    #[error("{0}")]
    Other(String),
}

impl CliError {
    /// A file error for `path`.
    pub fn file(path: impl Into<PathBuf>, source: io::Error) -> CliError {
        CliError::File { path: path.into(), source }
    }
}
