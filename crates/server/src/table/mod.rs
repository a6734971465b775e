//! Tables: one actor per table owns its match; the directory finds them by id.

mod actor;
mod bots;
pub(crate) mod clock;
mod directory;
mod handle;
mod messages;
pub(crate) mod model;
mod outage;
pub(crate) mod personas;
mod seating;
mod setup;
mod state;
pub(crate) mod steps;

use tokio::sync::oneshot;

use crate::api_error::ApiError;
use crate::app::App;
use crate::store::{StoredAction, TableRow};
use crate::tokens::plausible_table_id;

pub(crate) use actor::{connection_queue, wake_due};
pub(crate) use directory::Directory;
pub(crate) use handle::{Command, Joining, TableHandle};
pub(crate) use messages::{error as error_message, pong as pong_message};
pub(crate) use setup::{NewTable, create};
pub(crate) use state::{finished_json, stored_json};

/// The Table object of a player's table for their list ("My games"): the live table's if this
/// server runs it, else built from the database without starting an actor for it — from its
/// stored clock if it has one (a turn-based table waiting out of memory stays there).
pub(crate) async fn listed(
    app: &App,
    mine: &crate::store::PlayerTable,
) -> Result<Option<std::sync::Arc<model::TableJson>>, ApiError> {
    let row = &mine.table;
    if let Some(handle) = app.tables.get(&row.id) {
        return Ok(Some(handle.summary()));
    }
    if row.status == model::Status::Finished {
        return Ok(Some(std::sync::Arc::new(finished_json(&app.registry, row, mine.steps))));
    }
    if let Some(clock) = &mine.clock {
        let now = app.options.time.now_micros();
        return Ok(Some(std::sync::Arc::new(state::stored_json(&app.registry, row, clock, now))));
    }
    let Some((row, actions)) = app.store.load(&row.id).await.map_err(ApiError::internal)? else { return Ok(None) };
    let table = state::TableState::rebuild(&app.registry, &row, &actions)
        .map_err(|e| ApiError::internal(format!("table {} does not replay: {e}", row.id)))?;
    Ok(Some(std::sync::Arc::new(table.to_json(&vec![0; row.seats.len()]))))
}

/// The table `id`: live, or loaded from the database (finished tables are replayed on demand).
pub(crate) async fn find(app: &App, id: &str) -> Result<Option<TableHandle>, ApiError> {
    if !plausible_table_id(id) {
        return Ok(None);
    }
    if let Some(handle) = app.tables.get(id) {
        return Ok(Some(handle));
    }
    let Some((row, actions)) = app.store.load(id).await.map_err(ApiError::internal)? else {
        return Ok(None);
    };
    if row.closed {
        return Err(ApiError::closed(id));
    }
    let mut table = state::TableState::rebuild(&app.registry, &row, &actions)
        .map_err(|e| ApiError::internal(format!("table {id} does not replay: {e}")))?;
    table.clock = app.store.clock(id).await.map_err(ApiError::internal)?;
    Ok(Some(app.tables.spawn_if_absent(app, table)))
}

/// Sends the command `make` builds to table `id` and waits for the answer; also returns the
/// handle. Retries once with a fresh actor if the old one just retired.
pub(crate) async fn call<T>(
    app: &App,
    id: &str,
    make: impl Fn(oneshot::Sender<T>) -> Command,
) -> Result<(T, TableHandle), ApiError> {
    for _ in 0..3 {
        let handle = find(app, id).await?.ok_or_else(|| ApiError::no_table(id))?;
        let (reply, answer) = oneshot::channel();
        if handle.tx.send(make(reply)).await.is_ok()
            && let Ok(value) = answer.await
        {
            return Ok((value, handle));
        }
        app.tables.remove(id, handle.generation);
    }
    Err(ApiError::internal(format!("table {id} does not answer")))
}

/// Starts an actor for every unfinished table this server takes at its start; returns how
/// many. Alone on its database it takes them all; among several nodes, those of dead nodes.
pub(crate) async fn restore(app: &App) -> Result<usize, crate::ServeError> {
    let failed = |e: crate::store::StoreError| crate::ServeError::Restore(e.to_string());
    let tables = match &app.cluster {
        // Tables waiting for a far deadline stay stored: the waker loads them in time.
        None => app.store.take_unfinished(awake_before(app)).await.map_err(failed)?,
        Some(cluster) => {
            let ids = app.store.claim_orphans(cluster.lease, i64::MAX).await.map_err(failed)?;
            app.metrics.took_over("start", ids.len() as u64);
            let mut tables = Vec::with_capacity(ids.len());
            for id in &ids {
                if !waits_stored(app, id).await.map_err(failed)? {
                    tables.extend(app.store.load(id).await.map_err(failed)?);
                }
            }
            tables
        }
    };
    let mut restored = 0;
    for (row, actions) in tables {
        restored += usize::from(revive(app, &row, &actions).await.map_err(failed)?);
    }
    Ok(restored)
}

/// Starts actors for the tables `ids`, just taken over from a dead node.
pub(crate) async fn adopt(app: &App, ids: &[String]) {
    for id in ids {
        // An actor this node has for the table is from an earlier ownership: it cannot write.
        app.tables.retire(id);
        match waits_stored(app, id).await {
            Ok(true) => continue,
            Ok(false) => {}
            Err(e) => tracing::warn!(table = %id, "could not read a taken table's clock: {e}"),
        }
        let revived = match app.store.load(id).await {
            Ok(Some((row, actions))) => revive(app, &row, &actions).await,
            Ok(None) => Ok(false),
            Err(e) => Err(e),
        };
        if let Err(e) = revived {
            tracing::error!(table = %id, "could not take over a table: {e}");
        }
    }
}

/// Tables whose stored clock wakes them after this stay stored when a server takes them.
fn awake_before(app: &App) -> i64 {
    app.options.time.now_micros() + app.options.unload_margin.as_micros() as i64
}

/// Whether table `id` waits for a far deadline (it stays stored; the waker loads it in time).
async fn waits_stored(app: &App, id: &str) -> Result<bool, crate::store::StoreError> {
    let clock = app.store.clock(id).await?;
    Ok(clock.and_then(|c| c.wake_us).is_some_and(|wake| wake > awake_before(app)))
}

/// Replays a stored table into a new actor; `false` (logged) if it does not replay.
async fn revive(app: &App, row: &TableRow, actions: &[StoredAction]) -> Result<bool, crate::store::StoreError> {
    match state::TableState::rebuild(&app.registry, row, actions) {
        Ok(mut table) => {
            table.clock = app.store.clock(&row.id).await?;
            app.tables.spawn_if_absent(app, table);
            Ok(true)
        }
        Err(e) => {
            tracing::error!(table = %row.id, game = %row.game, "cannot restore table: {e}");
            Ok(false)
        }
    }
}
