//! The one writer: group commit of many tables' writes.

use std::time::{Duration, Instant};

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{Connection, QueryBuilder, Sqlite, Transaction};
use tokio::sync::mpsc;

use super::faults::StoreFaults;
use super::rows::{TableRow, outcome_text, seats_text};
use super::{Pending, StoreError, Write, config_text};
use crate::error::ServeError;

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 1024;
/// A commit slower than this is logged.
const SLOW_COMMIT: Duration = Duration::from_millis(100);
/// The most action rows in one multi-row insert (4 parameters each, well below SQLite's limit).
const ACTIONS_PER_INSERT: usize = 250;

/// Starts the writer on its own connection; returns where to send writes.
pub(super) async fn spawn(
    options: SqliteConnectOptions,
    faults: StoreFaults,
) -> Result<mpsc::Sender<Pending>, ServeError> {
    let conn = SqliteConnection::connect_with(&options).await?;
    let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
    tokio::spawn(run(Writer { options, conn: Some(conn), faults }, rx));
    Ok(tx)
}

/// The writer's connection, replaced after any failed commit.
struct Writer {
    options: SqliteConnectOptions,
    conn: Option<SqliteConnection>,
    faults: StoreFaults,
}

impl Writer {
    /// Commits `writes` in one transaction. After a failure the connection is dropped and the
    /// next commit opens a new one: a failed COMMIT can leave the old connection inside a
    /// transaction (or the driver believing so), and a later "commit" there would be answered
    /// without anything reaching the disk.
    async fn commit(&mut self, writes: &[&Write]) -> Result<(), StoreError> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => self.conn.insert(SqliteConnection::connect_with(&self.options).await?),
        };
        let result = commit(conn, writes, &self.faults).await;
        if result.is_err()
            && let Some(conn) = self.conn.take()
        {
            let _ = conn.close().await;
        }
        result
    }
}

async fn run(mut writer: Writer, mut rx: mpsc::Receiver<Pending>) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    // Waits for the first write, then takes everything else already queued: under load the
    // batch grows by itself while the previous commit runs.
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
        let started = Instant::now();
        let result = writer.commit(&writes).await;
        let took = started.elapsed();
        if took > SLOW_COMMIT {
            tracing::warn!(writes = writes.len(), ms = took.as_millis() as u64, "slow database commit");
        }
        match result {
            Ok(()) => {
                for (_, done) in batch.drain(..) {
                    let _ = done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                tracing::error!("database write failed: {e}");
                for (_, done) in batch.drain(..) {
                    let _ = done.send(Err(e.clone()));
                }
            }
            Err(e) => {
                // One bad write must not fail the others: commit each on its own.
                tracing::warn!("a batch of {} writes failed ({e}); retrying one by one", batch.len());
                for (write, done) in batch.drain(..) {
                    let result = writer.commit(&[&write]).await;
                    if let Err(e) = &result {
                        tracing::error!("database write failed: {e}");
                    }
                    let _ = done.send(result);
                }
            }
        }
    }
}

async fn commit(conn: &mut SqliteConnection, writes: &[&Write], faults: &StoreFaults) -> Result<(), StoreError> {
    let mut tx = conn.begin().await?;
    let mut run_start = 0;
    // Consecutive actions go into multi-row inserts; everything else in order between them.
    for (i, write) in writes.iter().enumerate() {
        if !matches!(write, Write::Action { .. }) {
            insert_actions(&mut tx, &writes[run_start..i]).await?;
            run_start = i + 1;
            apply_one(&mut tx, write).await?;
        }
    }
    insert_actions(&mut tx, &writes[run_start..]).await?;
    if faults.failing() {
        // As a full disk fails it: the statements ran, the commit does not happen.
        return Err(StoreError::Database("injected write failure".to_owned()));
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_actions(tx: &mut Transaction<'_, Sqlite>, writes: &[&Write]) -> Result<(), StoreError> {
    for chunk in writes.chunks(ACTIONS_PER_INSERT) {
        if chunk.is_empty() {
            continue;
        }
        let mut insert = QueryBuilder::<Sqlite>::new("INSERT INTO actions (table_id, idx, seat, notation) ");
        insert.push_values(chunk.iter(), |mut row, write| {
            if let Write::Action { table, index, seat, notation, .. } = write {
                row.push_bind(table.as_str())
                    .push_bind(*index as i64)
                    .push_bind(seat.index() as i64)
                    .push_bind(notation.as_str());
            }
        });
        insert.build().execute(&mut **tx).await?;
    }
    for write in writes {
        if let Write::Action { table, outcome: Some(outcome), .. } = write {
            sqlx::query("UPDATE tables SET status = 'finished', outcome = ? WHERE id = ?")
                .bind(outcome_text(outcome))
                .bind(table.as_str())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

async fn apply_one(tx: &mut Transaction<'_, Sqlite>, write: &Write) -> Result<(), StoreError> {
    match write {
        Write::CreateTable(row) => insert_table(tx, row).await,
        Write::Seats { table, seats, status } => {
            sqlx::query("UPDATE tables SET seats = ?, status = ? WHERE id = ?")
                .bind(seats_text(seats))
                .bind(status.as_str())
                .bind(table.as_str())
                .execute(&mut **tx)
                .await?;
            Ok(())
        }
        Write::DeleteOpenTable { table } => {
            sqlx::query(super::clocks::DELETE_CLOCK).bind(table.as_str()).execute(&mut **tx).await?;
            sqlx::query("DELETE FROM tables WHERE id = ? AND status = 'open'")
                .bind(table.as_str())
                .execute(&mut **tx)
                .await?;
            Ok(())
        }
        Write::Close { table, at_us } => {
            sqlx::query("UPDATE tables SET closed_us = ? WHERE id = ?")
                .bind(at_us)
                .bind(table.as_str())
                .execute(&mut **tx)
                .await?;
            Ok(())
        }
        Write::Rematch { table, rematch } => {
            sqlx::query("UPDATE tables SET rematch = ? WHERE id = ?")
                .bind(rematch.as_str())
                .bind(table.as_str())
                .execute(&mut **tx)
                .await?;
            Ok(())
        }
        Write::Clock { table, clock } => {
            sqlx::query(super::clocks::UPSERT_CLOCK)
                .bind(table.as_str())
                .bind(i64::from(clock.seconds))
                .bind(clock.state.as_str())
                .execute(&mut **tx)
                .await?;
            Ok(())
        }
        Write::Action { .. } => insert_actions(tx, &[write]).await,
    }
}

async fn insert_table(tx: &mut Transaction<'_, Sqlite>, row: &TableRow) -> Result<(), StoreError> {
    sqlx::query(&TableRow::insert_sql())
        .bind(row.id.as_str())
        .bind(row.game.as_str())
        .bind(config_text(&row.config))
        .bind(seats_text(&row.seats))
        .bind(row.seed as i64)
        .bind(row.status.as_str())
        .bind(row.outcome.as_ref().map(outcome_text))
        .bind(row.created_us)
        .bind(row.rematch.as_deref())
        .bind(i64::from(row.private))
        .bind(row.owner_hash.as_deref())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
