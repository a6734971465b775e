//! Persistence: SQLite (embedded, the default) or PostgreSQL through sqlx, event-sourced.
//!
//! A table row holds the set-up (game, config, seats, seed) and where the table stands; one
//! row per action holds the game. Every write goes through one writer task that commits many
//! tables' writes in one transaction (group commit) and answers each write only after its
//! commit, so nothing is acknowledged that a crash could lose.

mod analyses;
mod backend;
mod clocks;
mod faults;
mod fence;
pub(crate) mod lock;
mod nodes;
mod players;
mod postgres;
mod ratings;
mod rows;
pub(crate) mod sqlite;
mod waiting;
mod writer;

use std::sync::Arc;

use engine::{Outcome, Seat};
use serde_json::Value;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use crate::error::ServeError;
use crate::metrics::Metrics;
use crate::options::ServeOptions;
use crate::table::model::{SeatSetup, Status};
use backend::{Param, Pool};

pub(crate) use clocks::ClockRow;
pub use faults::StoreFaults;
pub(crate) use players::{PlayerRow, PlayerTable};
pub(crate) use ratings::{Applied, RatingChange};
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
    /// Another server has taken the table over: this one may no longer write for it.
    #[error("table {table} is owned by another server now")]
    NotOwner { table: String },
    /// The writer task is gone (the server is shutting down).
    #[error("the database writer has stopped")]
    WriterGone,
    /// A row stayed locked longer than the lock timeout (PostgreSQL: a node busy with the same
    /// table, or one stopped in the middle of a commit until the database ends its session).
    #[error("a row stayed locked: {0}")]
    Busy(String),
}

impl StoreError {
    /// Whether the write failed because another server owns the table now (for good: the
    /// table is no longer this server's to run).
    pub(crate) fn lost(&self) -> bool {
        matches!(self, StoreError::NotOwner { .. })
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        // 55P03 lock_not_available: `lock_timeout` ran out (see `postgres.rs`).
        match &e {
            sqlx::Error::Database(db) if db.code().as_deref() == Some("55P03") => StoreError::Busy(e.to_string()),
            _ => StoreError::Database(e.to_string()),
        }
    }
}

/// One change to the database.
#[derive(Clone, Debug)]
pub(crate) enum Write {
    /// A new table.
    CreateTable(TableRow),
    /// Someone joined: the seats and perhaps the status changed.
    Seats { table: String, epoch: i64, seats: Vec<SeatSetup>, status: Status },
    /// An action; with `outcome` it ended the game. `by_table`: the table chose it for the
    /// seat's person.
    Action {
        table: String,
        epoch: i64,
        index: usize,
        seat: Seat,
        notation: String,
        by_table: bool,
        outcome: Option<Outcome>,
        /// Why the game ended, with `outcome`.
        reason: Option<engine::EndReason>,
    },
    /// An open table nobody came to is deleted (it has no actions).
    DeleteOpenTable { table: String, epoch: i64 },
    /// The creator closed `table`: it is neither listed nor restored any more.
    Close { table: String, epoch: i64, at_us: i64 },
    /// A rematch table was created for `table`.
    Rematch { table: String, epoch: i64, rematch: String },
    /// The clock of `table` (a table with a time control) changed.
    Clock { table: String, epoch: i64, clock: ClockRow },
    /// This server takes every unfinished table (at its start).
    TakeUnfinished,
    /// The writer commits what was queued before, closes its connection and stops.
    Stop,
}

impl Write {
    /// The table and ownership epoch a write of a running table's own is fenced by: it commits
    /// only while this server still owns the table at that epoch.
    fn fence(&self) -> Option<(&str, i64)> {
        match self {
            Write::Seats { table, epoch, .. }
            | Write::Action { table, epoch, .. }
            | Write::Clock { table, epoch, .. }
            | Write::DeleteOpenTable { table, epoch }
            | Write::Close { table, epoch, .. }
            | Write::Rematch { table, epoch, .. } => Some((table, *epoch)),
            Write::CreateTable(_) | Write::TakeUnfinished | Write::Stop => None,
        }
    }
}

type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// What keeps a second server off the SQLite data directory while this one runs (several
/// nodes on one PostgreSQL database is what PostgreSQL is for: `nodes.rs`). Dropped, it is free.
#[derive(Debug)]
pub(crate) struct StoreLock {
    _held: Option<lock::DataLock>,
}

/// The database: a read pool and the group-commit writer.
#[derive(Clone)]
pub(crate) struct Store {
    pool: Pool,
    writer: mpsc::Sender<Pending>,
    /// This server's node id, new at every start: the owner its tables' rows name.
    node: Arc<str>,
    postgres: bool,
}

impl Store {
    /// Takes the database's lock, then opens (creating if missing) and migrates the database
    /// `options` name (`options.database`, else `<data>/spieltisch.db`) and starts the writer.
    /// The lock comes first: a second server must not even read the tables.
    pub(crate) async fn open(
        options: &ServeOptions,
        node: &str,
        metrics: Arc<Metrics>,
    ) -> Result<(Store, StoreLock), ServeError> {
        let faults = options.store_faults.clone();
        let (pool, connect, lock) = match &options.database {
            Some(url) => {
                let (pool, connect) = postgres::open(url, options.node_lease).await?;
                (pool, connect, StoreLock { _held: None })
            }
            None => {
                let lock = lock::DataLock::acquire(&options.data)?;
                let (pool, connect) = sqlite::open(&options.data).await?;
                (pool, connect, StoreLock { _held: Some(lock) })
            }
        };
        let node: Arc<str> = node.into();
        let writer = writer::spawn(connect, faults, node.clone(), metrics).await?;
        Ok((Store { pool, writer, node, postgres: options.database.is_some() }, lock))
    }

    /// Commits what is queued, then closes the database (SQLite: the WAL copied into the
    /// database first, so the file alone is the whole database). Later writes and reads fail.
    pub(crate) async fn close(&self) {
        let _ = self.write(Write::Stop).await;
        if let Pool::Sqlite(_) = &self.pool
            && let Err(e) = self.pool.execute("PRAGMA wal_checkpoint(TRUNCATE)", &[]).await
        {
            tracing::warn!("the last WAL checkpoint failed: {e}");
        }
        self.pool.close().await;
    }

    /// Writes a consistent copy of the SQLite database, as committed now, to `file` (which must
    /// not exist yet). Commits wait meanwhile: they share the connection.
    pub(crate) async fn copy_to(&self, file: &std::path::Path) -> Result<(), StoreError> {
        if self.postgres {
            return Err(StoreError::Database("a PostgreSQL database is backed up with pg_dump".to_owned()));
        }
        let path = file.to_str().ok_or_else(|| StoreError::Database(format!("{} is not UTF-8", file.display())))?;
        self.pool.execute("VACUUM INTO $1", &[Param::Text(path)]).await?;
        Ok(())
    }

    /// Whether the database answers a query.
    pub(crate) async fn ping(&self) -> Result<(), StoreError> {
        self.pool.fetch_all("SELECT 1", &[]).await.map(drop)
    }

    /// This server's node id.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    /// Whether this is PostgreSQL, where several nodes may share the database.
    pub(crate) fn shared(&self) -> bool {
        self.postgres
    }

    /// Applies `write`; returns once it is committed.
    pub(crate) async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, committed) = oneshot::channel();
        self.writer.send((write, done)).await.map_err(|_| StoreError::WriterGone)?;
        committed.await.map_err(|_| StoreError::WriterGone)?
    }

    /// Takes every unfinished table for this server, raising each one's epoch (a write of any
    /// server that had them before is refused from now on), and returns them with their actions.
    /// Running tables whose stored clock wakes them after `awake_before` (turn-based tables
    /// waiting for a far deadline) are taken but not returned: they stay stored until needed.
    pub(crate) async fn take_unfinished(
        &self,
        awake_before: i64,
    ) -> Result<Vec<(TableRow, Vec<StoredAction>)>, StoreError> {
        self.write(Write::TakeUnfinished).await?;
        self.unfinished(awake_before).await
    }

    /// Every table that is not finished, with its actions, but the running ones waiting for a
    /// deadline after `awake_before`.
    async fn unfinished(&self, awake_before: i64) -> Result<Vec<(TableRow, Vec<StoredAction>)>, StoreError> {
        let rows = self.pool.fetch_all(rows::SELECT_TABLE_WHERE_UNFINISHED, &[Param::Int(awake_before)]).await?;
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
        let Some(row) = self.pool.fetch_optional(rows::SELECT_TABLE_BY_ID, &[Param::Text(id)]).await? else {
            return Ok(None);
        };
        let table = TableRow::decode(&row)?;
        let actions = self.actions(&table.id).await?;
        Ok(Some((table, actions)))
    }

    /// The newest finished tables (at most `limit`), each with its number of actions.
    pub(crate) async fn finished(&self, limit: u32) -> Result<Vec<(TableRow, usize)>, StoreError> {
        let rows = self.pool.fetch_all(rows::SELECT_FINISHED, &[Param::Int(i64::from(limit))]).await?;
        rows.iter().map(|row| Ok((TableRow::decode(row)?, rows::steps(row)?))).collect()
    }

    /// The stored clock of table `id`, if it has a time control.
    pub(crate) async fn clock(&self, id: &str) -> Result<Option<ClockRow>, StoreError> {
        let row = self.pool.fetch_optional(clocks::SELECT_CLOCK, &[Param::Text(id)]).await?;
        row.map(|row| ClockRow::decode(id, &row)).transpose()
    }

    async fn actions(&self, id: &str) -> Result<Vec<StoredAction>, StoreError> {
        let rows = self.pool.fetch_all(rows::SELECT_ACTIONS, &[Param::Text(id)]).await?;
        rows.iter().map(|row| StoredAction::decode(id, row)).collect()
    }
}

/// Config JSON as stored.
pub(crate) fn config_text(config: &Value) -> String {
    config.to_string()
}
