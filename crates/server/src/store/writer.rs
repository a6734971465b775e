//! The one writer: group commit of many tables' writes.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use tracing::Instrument;

use super::backend::{Conn, Connect, Param, Tx};
use super::faults::StoreFaults;
use super::rows::{TableRow, outcome_text, seats_text};
use super::{Pending, StoreError, Write, config_text};
use crate::metrics::Metrics;
use crate::table::model::SeatSetup;

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 1024;
/// A commit slower than this is logged.
const SLOW_COMMIT: Duration = Duration::from_millis(100);
/// The most action rows in one multi-row insert (4 parameters each, well below both databases'
/// limits).
const ACTIONS_PER_INSERT: usize = 250;

/// Starts the writer (PostgreSQL: on its own connection; SQLite: on the one connection,
/// taken for each commit); returns where to send writes.
pub(super) async fn spawn(
    connect: Connect,
    faults: StoreFaults,
    node: Arc<str>,
    metrics: Arc<Metrics>,
) -> Result<mpsc::Sender<Pending>, sqlx::Error> {
    let conn = if connect.shared() { None } else { Some(connect.connect().await?) };
    let (tx, rx) = mpsc::channel(4 * MAX_BATCH);
    tokio::spawn(run(Writer { connect, conn, faults, node, metrics }, rx).in_current_span());
    Ok(tx)
}

/// The writer's connection, replaced after any failed commit.
struct Writer {
    connect: Connect,
    conn: Option<Conn>,
    faults: StoreFaults,
    /// This server's node id: the owner it writes as.
    node: Arc<str>,
    metrics: Arc<Metrics>,
}

impl Writer {
    /// Commits `writes` in one transaction. After a failure the connection is dropped and the
    /// next commit opens a new one: a failed COMMIT can leave the old connection inside a
    /// transaction (or the driver believing so), and a later "commit" there would be answered
    /// without anything reaching the disk.
    async fn commit(&mut self, writes: &[&Write]) -> Result<(), StoreError> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => self.conn.insert(self.connect.connect().await?),
        };
        let result = commit(conn, writes, &self.faults, &self.node).await;
        if let Some(conn) = self.conn.take_if(|_| result.is_err() || self.connect.shared()) {
            match result {
                Err(_) => conn.close().await,
                // SQLite: back to the reads until the next commit.
                Ok(()) => drop(conn),
            }
        }
        if let Err(StoreError::NotOwner { .. }) = &result {
            self.metrics.fenced_writes.inc();
        }
        result
    }

    /// Closes the connection (the server stops).
    async fn close(&mut self) {
        if let Some(conn) = self.conn.take() {
            conn.close().await;
        }
    }
}
async fn run(mut writer: Writer, mut rx: mpsc::Receiver<Pending>) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    // Waits for the first write, then takes everything else already queued: under load the
    // batch grows by itself while the previous commit runs.
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // A stop is answered once everything queued before it is committed.
        let stop = batch.iter().position(|(w, _)| matches!(w, Write::Stop)).map(|at| batch.split_off(at));
        if let Some(stop) = stop {
            rx.close();
            if !batch.is_empty() {
                commit_batch(&mut writer, &mut batch).await;
            }
            writer.close().await;
            for (_, done) in stop {
                let _ = done.send(Ok(()));
            }
            // Writes queued after the stop fail as the channel drops.
            return;
        }
        commit_batch(&mut writer, &mut batch).await;
    }
}

/// Commits `batch` in one transaction (each write on its own if that fails) and answers it.
async fn commit_batch(writer: &mut Writer, batch: &mut Vec<Pending>) {
    let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
    let started = Instant::now();
    let result = writer.commit(&writes).await;
    let took = started.elapsed();
    writer.metrics.commit_seconds.observe(took.as_secs_f64());
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

async fn commit(conn: &mut Conn, writes: &[&Write], faults: &StoreFaults, node: &str) -> Result<(), StoreError> {
    if let Some(table) = faults.taken_over() {
        // As another server taking the table over would (tests of fencing on SQLite, where
        // nothing else may open the database while the server runs).
        let mut tx = conn.begin().await?;
        let sql = "UPDATE tables SET owner = 'another-node', epoch = epoch + 1 WHERE id = $1";
        tx.execute(sql, &[Param::Text(&table)]).await?;
        tx.commit().await?;
    }
    let mut tx = conn.begin().await?;
    // First the fence: the rows of the tables written for stay locked until the commit.
    let mut fences: Vec<(&str, i64)> = writes.iter().filter_map(|w| w.fence()).collect();
    fences.sort_unstable();
    fences.dedup();
    super::fence::check(&mut tx, node, &fences).await?;
    let mut run_start = 0;
    // Consecutive actions go into multi-row inserts; everything else in order between them.
    for (i, write) in writes.iter().enumerate() {
        if !matches!(write, Write::Action { .. }) {
            insert_actions(&mut tx, &writes[run_start..i]).await?;
            run_start = i + 1;
            apply_one(&mut tx, write, node).await?;
        }
    }
    insert_actions(&mut tx, &writes[run_start..]).await?;
    if faults.failing() {
        // As a full disk fails it: the statements ran, the commit does not happen.
        return Err(StoreError::Database("injected write failure".to_owned()));
    }
    tx.commit().await
}

async fn insert_actions(tx: &mut Tx<'_>, writes: &[&Write]) -> Result<(), StoreError> {
    let mut sql = String::new();
    let mut params = Vec::with_capacity(5 * ACTIONS_PER_INSERT);
    for chunk in writes.chunks(ACTIONS_PER_INSERT) {
        sql.clear();
        params.clear();
        sql.push_str("INSERT INTO actions (table_id, idx, seat, notation, by_table) VALUES ");
        for write in chunk {
            if let Write::Action { table, index, seat, notation, by_table, .. } = write {
                let n = params.len();
                let comma = if n == 0 { "" } else { ", " };
                let _ = write!(sql, "{comma}(${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5);
                params.extend([
                    Param::Text(table),
                    Param::Int(*index as i64),
                    Param::Int(seat.index() as i64),
                    Param::Text(notation),
                    Param::Int(i64::from(*by_table)),
                ]);
            }
        }
        if !params.is_empty() {
            tx.execute(&sql, &params).await?;
        }
    }
    for write in writes {
        if let Write::Action { table, outcome: Some(outcome), reason, .. } = write {
            let outcome = outcome_text(outcome);
            let reason = reason.as_ref().and_then(|r| serde_json::to_string(r).ok());
            tx.execute(
                "UPDATE tables SET status = 'finished', outcome = $1, end_reason = $2 WHERE id = $3",
                &[Param::Text(&outcome), Param::OptText(reason.as_deref()), Param::Text(table)],
            )
            .await?;
        }
    }
    Ok(())
}

async fn apply_one(tx: &mut Tx<'_>, write: &Write, node: &str) -> Result<(), StoreError> {
    match write {
        Write::CreateTable(row) => insert_table(tx, row, node).await,
        Write::TakeUnfinished => {
            tx.execute(
                "UPDATE tables SET owner = $1, epoch = epoch + 1 WHERE status <> 'finished' AND closed_us IS NULL",
                &[Param::Text(node)],
            )
            .await?;
            Ok(())
        }
        Write::Seats { table, seats, status, .. } => {
            let text = seats_text(seats);
            tx.execute(
                "UPDATE tables SET seats = $1, status = $2 WHERE id = $3",
                &[Param::Text(&text), Param::Text(status.as_str()), Param::Text(table)],
            )
            .await?;
            insert_players(tx, table, seats).await
        }
        Write::DeleteOpenTable { table, .. } => {
            tx.execute(super::clocks::DELETE_CLOCK, &[Param::Text(table)]).await?;
            tx.execute(super::players::DELETE_TABLE_PLAYERS, &[Param::Text(table)]).await?;
            tx.execute("DELETE FROM tables WHERE id = $1 AND status = 'open'", &[Param::Text(table)]).await?;
            Ok(())
        }
        Write::Close { table, at_us, .. } => {
            tx.execute("UPDATE tables SET closed_us = $1 WHERE id = $2", &[Param::Int(*at_us), Param::Text(table)])
                .await?;
            Ok(())
        }
        Write::Rematch { table, rematch, .. } => {
            tx.execute("UPDATE tables SET rematch = $1 WHERE id = $2", &[Param::Text(rematch), Param::Text(table)])
                .await?;
            Ok(())
        }
        Write::Clock { table, clock, .. } => {
            tx.execute(
                super::clocks::UPSERT_CLOCK,
                &[
                    Param::Text(table),
                    Param::Int(i64::from(clock.seconds)),
                    Param::Text(&clock.state),
                    Param::OptInt(clock.wake_us),
                ],
            )
            .await?;
            Ok(())
        }
        Write::Action { .. } => insert_actions(tx, &[write]).await,
        // Never committed: the writer stops at it (`run`).
        Write::Stop => Ok(()),
    }
}

async fn insert_table(tx: &mut Tx<'_>, row: &TableRow, node: &str) -> Result<(), StoreError> {
    let (config, seats) = (config_text(&row.config), seats_text(&row.seats));
    let outcome = row.outcome.as_ref().map(outcome_text);
    tx.execute(
        &TableRow::insert_sql(),
        &[
            Param::Text(&row.id),
            Param::Text(&row.game),
            Param::Text(&config),
            Param::Text(&seats),
            Param::Int(row.seed as i64),
            Param::Text(row.status.as_str()),
            Param::OptText(outcome.as_deref()),
            Param::Int(row.created_us),
            Param::OptText(row.rematch.as_deref()),
            Param::Int(i64::from(row.private)),
            Param::OptText(row.owner_hash.as_deref()),
            Param::Text(node),
            Param::Int(row.epoch),
            Param::Int(i64::from(row.rated)),
        ],
    )
    .await?;
    insert_players(tx, &row.id, &row.seats).await
}

/// Records which seats of `table` are players' (a seat once a player's stays theirs).
async fn insert_players(tx: &mut Tx<'_>, table: &str, seats: &[SeatSetup]) -> Result<(), StoreError> {
    for (seat, setup) in seats.iter().enumerate() {
        if let SeatSetup::Human { player: Some(player), .. } = setup {
            tx.execute(
                super::players::INSERT_TABLE_PLAYER,
                &[Param::Text(player), Param::Text(table), Param::Int(seat as i64)],
            )
            .await?;
        }
    }
    Ok(())
}
