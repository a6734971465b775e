//! The node's heartbeat, taking over dead nodes' tables, and letting go of tables it lost.

use std::time::Instant;

use tokio::time::MissedTickBehavior;

use crate::app::App;

/// The most orphaned tables a node takes per round, so that the survivors of a dead node
/// share its tables rather than the quickest taking them all.
const TAKE_PER_ROUND: i64 = 64;
/// Every this many rounds a node compares its tables with the database even when nothing
/// suggests it lost one.
const CHECK_EVERY: u64 = 20;

/// Runs until the server stops: a heartbeat every quarter lease, then the dead nodes' tables.
pub(crate) async fn run(app: App) {
    let Some(cluster) = &app.cluster else { return };
    let mut every = tokio::time::interval(cluster.lease / 4);
    every.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut last_beat = Instant::now();
    let mut round = 0u64;
    loop {
        every.tick().await;
        round += 1;
        match app.store.heartbeat(&cluster.address, cluster.secret_hash.as_str()).await {
            Ok(kept) => {
                // Asleep past half the lease (stopped, starved, cut off), or taken for dead:
                // the others may have taken tables meanwhile.
                let suspect = !kept || last_beat.elapsed() > cluster.lease / 2;
                last_beat = Instant::now();
                if suspect || round.is_multiple_of(CHECK_EVERY) {
                    let_go_of_lost(&app).await;
                }
            }
            Err(e) => tracing::warn!("heartbeat failed: {e}"),
        }
        match app.store.claim_orphans(cluster.lease, TAKE_PER_ROUND).await {
            Ok(ids) if !ids.is_empty() => {
                tracing::info!(tables = ids.len(), "took over tables of a dead node");
                app.metrics.took_over("dead", ids.len() as u64);
                crate::table::adopt(&app, &ids).await;
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("could not look for tables of dead nodes: {e}"),
        }
        if round.is_multiple_of(CHECK_EVERY * 50)
            && let Err(e) = app.store.forget_old_nodes().await
        {
            tracing::warn!("could not forget old nodes: {e}");
        }
    }
}

/// Stops the actor of every table this node no longer owns at the actor's epoch.
async fn let_go_of_lost(app: &App) {
    // The actors first: a table created or taken while the database is read is not judged.
    let before = app.tables.snapshot();
    match app.store.owned().await {
        Ok(owned) => {
            let lost = app.tables.retire_unowned(&before, &owned);
            if lost > 0 {
                tracing::warn!(tables = lost, "other nodes took tables of this one; letting them go");
            }
        }
        Err(e) => tracing::warn!("could not read which tables this node owns: {e}"),
    }
}
