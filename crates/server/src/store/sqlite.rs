//! The embedded database: `<data>/spieltisch.db`, SQLite in WAL mode with durable commits.
//!
//! The server holds the data directory alone (`lock.rs`), so it opens the database with
//! `locking_mode=EXCLUSIVE` on one connection: SQLite then keeps the WAL index in its own
//! memory instead of the memory-mapped `spieltisch.db-shm`. A write to that mapping that the
//! file system cannot back (the file truncated, made unwritable, a full disk) arrives as
//! SIGBUS and kills the process without a word; a failed write of the WAL or the database
//! is an error the table pauses on. Reads and the writer share the one connection (a pool of
//! one), so no other process — and no `sqlite3` shell — opens the database while the server
//! runs: backups go through the server (`crate::backup`).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqliteLockingMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tracing::Instrument;

use super::backend::{Connect, Pool};
use crate::error::ServeError;

/// How often the WAL is checkpointed.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The database file in a data directory.
pub(crate) fn database_file(data: &Path) -> std::path::PathBuf {
    data.join("spieltisch.db")
}

/// How the server (and an offline backup) opens `file`.
pub(crate) fn connect_options(file: &Path) -> Result<SqliteConnectOptions, sqlx::Error> {
    Ok(SqliteConnectOptions::from_str("sqlite:")?
        .filename(file)
        .create_if_missing(true)
        // Before the journal mode (sqlx sets them in this order): the WAL index then lives
        // in the connection's memory, never in a `-shm` file.
        .locking_mode(SqliteLockingMode::Exclusive)
        .journal_mode(SqliteJournalMode::Wal)
        // FULL syncs the WAL to the disk before a commit returns, so an acknowledged action
        // survives a power cut too (NORMAL only survives a crash of the process). One sync
        // per group commit, not per action: the writer batches every table's writes.
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(Duration::from_secs(10))
        // Checkpoints copy the WAL into the database and sync it: done by a background
        // task (below), never inside the commit that acknowledges players' actions.
        .pragma("wal_autocheckpoint", "0")
        // The WAL file is cut back to this size after a checkpoint emptied it.
        .pragma("journal_size_limit", "67108864"))
}

/// Opens (creating if missing) `<data>/spieltisch.db` and migrates it; starts the checkpoints.
/// The caller holds the data directory's lock.
pub(super) async fn open(data: &Path) -> Result<(Pool, Connect), ServeError> {
    std::fs::create_dir_all(data)
        .map_err(|e| ServeError::io(format!("creating the data directory {}", data.display()), e))?;
    let options = connect_options(&database_file(data))?;
    // One connection: in exclusive mode a second one would wait for the first's lock forever.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .acquire_timeout(Duration::from_secs(60))
        .connect_with(options)
        .await?;
    sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
    tokio::spawn(checkpoints(pool.clone()).in_current_span());
    Ok((Pool::Sqlite(pool.clone()), Connect::Sqlite(pool)))
}

/// Copies the WAL into the database now and then, without blocking the writer (PASSIVE);
/// ends when the pool is closed.
async fn checkpoints(pool: SqlitePool) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    loop {
        every.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
            tracing::warn!("WAL checkpoint failed: {e}");
        }
    }
}
