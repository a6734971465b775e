//! Persistence: SQLite through sqlx, event-sourced.
//!
//! A table row holds the set-up (game, config, seats, seed) and where the table stands; one
//! row per action holds the game. Every write goes through one writer task that commits many
//! tables' writes in one transaction (group commit) and answers each write only after its
//! commit, so nothing is acknowledged that a crash could lose.

mod clocks;
mod faults;
mod lock;
mod rows;
mod writer;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use engine::{Outcome, Seat};
use serde_json::Value;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use crate::error::ServeError;
use crate::table::model::{SeatSetup, Status};

pub(crate) use clocks::ClockRow;
pub use faults::StoreFaults;
pub(crate) use lock::DataLock;
pub(crate) use rows::{StoredAction, TableRow};

/// Why a read or write failed.
#[derive(Clone, Debug, Error)]
pub(crate) enum StoreError {
    /// The database refused.
    #[error("database error: {0}")]
    Database(String),
    /// A stored row does not decode (written by another version?).
    #[error("corrupt row for table {table}: {reason}")]
    Corrupt { table: String, reason: String },
    /// The writer task is gone (the server is shutting down).
    #[error("the database writer has stopped")]
    WriterGone,
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Database(e.to_string())
    }
}

/// One change to the database.
#[derive(Clone, Debug)]
pub(crate) enum Write {
    /// A new table.
    CreateTable(TableRow),
    /// Someone joined: the seats and perhaps the status changed.
    Seats { table: String, seats: Vec<SeatSetup>, status: Status },
    /// An action; with `outcome` it ended the game.
    Action { table: String, index: usize, seat: Seat, notation: String, outcome: Option<Outcome> },
    /// An open table nobody came to is deleted (it has no actions).
    DeleteOpenTable { table: String },
    /// The creator closed `table`: it is neither listed nor restored any more.
    Close { table: String, at_us: i64 },
    /// A rematch table was created for `table`.
    Rematch { table: String, rematch: String },
    /// The clock of `table` (a table with a time control) changed.
    Clock { table: String, clock: ClockRow },
}

type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The database: a read pool and the group-commit writer.
#[derive(Clone)]
pub(crate) struct Store {
    pool: SqlitePool,
    writer: mpsc::Sender<Pending>,
}

impl Store {
    /// Opens (creating if missing) `<data>/spieltisch.db`, migrates it and starts the writer.
    /// The caller holds the data directory's [`DataLock`].
    pub(crate) async fn open(data: &Path, faults: StoreFaults) -> Result<Store, ServeError> {
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
        sqlx::migrate!("./migrations").run(&pool).await?;
        let writer = writer::spawn(options, faults).await?;
        tokio::spawn(checkpoints(pool.clone()));
        Ok(Store { pool, writer })
    }

    /// Applies `write`; returns once it is committed.
    pub(crate) async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        self.writer.send((write, done)).await.map_err(|_| StoreError::WriterGone)?;
        committed.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Every table that is not finished, with its actions.
    pub(crate) async fn unfinished(&self) -> Result<Vec<(TableRow, Vec<StoredAction>)>, StoreError> {
        let rows = sqlx::query(rows::SELECT_TABLE_WHERE_UNFINISHED).fetch_all(&self.pool).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let table = TableRow::decode(&row)?;
            let actions = self.actions(&table.id).await?;
            out.push((table, actions));
        }
        Ok(out)
    }

    /// The table `id` with its actions, if it exists.
    pub(crate) async fn load(&self, id: &str) -> Result<Option<(TableRow, Vec<StoredAction>)>, StoreError> {
        let Some(row) = sqlx::query(rows::SELECT_TABLE_BY_ID).bind(id).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let table = TableRow::decode(&row)?;
        let actions = self.actions(&table.id).await?;
        Ok(Some((table, actions)))
    }

    /// The newest finished tables (at most `limit`), each with its number of actions.
    pub(crate) async fn finished(&self, limit: u32) -> Result<Vec<(TableRow, usize)>, StoreError> {
        let rows = sqlx::query(rows::SELECT_FINISHED).bind(limit).fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok((TableRow::decode(row)?, rows::steps(row)?))).collect()
    }

    /// The stored clock of table `id`, if it has a time control.
    pub(crate) async fn clock(&self, id: &str) -> Result<Option<ClockRow>, StoreError> {
        let row = sqlx::query(clocks::SELECT_CLOCK).bind(id).fetch_optional(&self.pool).await?;
        row.map(|row| ClockRow::decode(id, &row)).transpose()
    }

    async fn actions(&self, id: &str) -> Result<Vec<StoredAction>, StoreError> {
        let rows = sqlx::query(rows::SELECT_ACTIONS).bind(id).fetch_all(&self.pool).await?;
        rows.iter().map(|row| StoredAction::decode(id, row)).collect()
    }
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

/// How often the WAL is checkpointed.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// Config JSON as stored.
pub(crate) fn config_text(config: &Value) -> String {
    config.to_string()
}
