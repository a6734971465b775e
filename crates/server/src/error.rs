//! Why the server could not start or run.

use thiserror::Error;

/// Why `serve` failed.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The data directory or the listening socket could not be set up.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Another server already uses this data directory.
    #[error(
        "the data directory {} is in use by another spieltisch server (it holds the lock {}); stop that server or start this one with another --data",
        data.display(),
        lock.display()
    )]
    DataInUse {
        /// The data directory.
        data: std::path::PathBuf,
        /// The lock file the other server holds.
        lock: std::path::PathBuf,
    },
    /// The options do not fit together (say which and why).
    #[error("{0}")]
    Options(String),
    /// The database could not be opened or queried.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The database schema could not be migrated.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The unfinished tables could not be read back.
    #[error("restoring tables: {0}")]
    Restore(String),
}

impl ServeError {
    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> ServeError {
        ServeError::Io { context: context.into(), source }
    }
}
