//! The embedded database: `<data>/spieltisch.db`, SQLite in WAL mode with durable commits.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};

use super::backend::{Connect, Pool};
use crate::error::ServeError;

/// How often the WAL is checkpointed.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// Opens (creating if missing) `<data>/spieltisch.db` and migrates it; starts the checkpoints.
/// The caller holds the data directory's lock.
pub(super) async fn open(data: &Path) -> Result<(Pool, Connect), ServeError> {
    std::fs::create_dir_all(data)
        .map_err(|e| ServeError::io(format!("creating the data directory {}", data.display()), e))?;
    let options = SqliteConnectOptions::from_str("sqlite:")?
        .filename(data.join("spieltisch.db"))
        .create_if_missing(true)
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
        .pragma("journal_size_limit", "67108864");
    let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options.clone()).await?;
    sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
    tokio::spawn(checkpoints(pool.clone()));
    Ok((Pool::Sqlite(pool), Connect::Sqlite(options)))
}

/// Copies the WAL into the database now and then, without blocking the writer (PASSIVE).
async fn checkpoints(pool: SqlitePool) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    loop {
        every.tick().await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
            tracing::warn!("WAL checkpoint failed: {e}");
        }
    }
}
