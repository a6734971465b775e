//! The analyses under way on this server: their progress, one job per table and seat, and the
//! job itself, decision by decision on the blocking pool, charged to the asking client's bot
//! thinking time and stored when done.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use engine::{Record, Seat};
use serde::Serialize;
use tokio::sync::Semaphore;

use super::review::{self, Analysis};
use crate::app::App;

/// Where an analysis under way stands.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Progress {
    /// Decisions judged so far.
    pub done: usize,
    /// Decisions to judge.
    pub total: usize,
    /// Why it stopped, if it failed.
    pub failed: Option<String>,
}

/// The analyses this server is working on, by table and seat.
#[derive(Debug)]
pub(crate) struct Analyses {
    running: Mutex<HashMap<(String, usize), Progress>>,
    /// One search at a time for all analyses: they are background work, and the live tables'
    /// bots must not wait behind them.
    searches: Semaphore,
}

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses { running: Mutex::default(), searches: Semaphore::new(1) }
    }
}

impl Analyses {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(String, usize), Progress>> {
        self.running.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The progress of the analysis of `table`'s `seat`, if this server is working on it (or
    /// it failed here).
    pub(crate) fn progress(&self, table: &str, seat: Seat) -> Option<Progress> {
        self.lock().get(&(table.to_owned(), seat.index())).cloned()
    }

    fn update(&self, table: &str, seat: Seat, change: impl FnOnce(&mut Progress)) {
        if let Some(p) = self.lock().get_mut(&(table.to_owned(), seat.index())) {
            change(p);
        }
    }

    fn finish(&self, table: &str, seat: Seat) {
        self.lock().remove(&(table.to_owned(), seat.index()));
    }

    /// Starts the analysis of `seat`'s decisions in `record` (table `table`) by the bot `bot`,
    /// unless one is under way; returns its progress.
    pub(crate) fn start(
        app: &App,
        table: &str,
        record: Record,
        seat: Seat,
        bot: String,
        client: IpAddr,
    ) -> Result<Progress, String> {
        let key = (table.to_owned(), seat.index());
        let mut running = app.analyses.lock();
        if let Some(p) = running.get(&key)
            && p.failed.is_none()
        {
            return Ok(p.clone());
        }
        let pending = review::decisions(&app.registry, &record, seat)?;
        let progress = Progress { done: 0, total: pending.len(), failed: None };
        running.insert(key, progress.clone());
        drop(running);
        let (app, table) = (app.clone(), table.to_owned());
        tokio::spawn(async move {
            match run(&app, &table, seat, &bot, client, pending).await {
                Ok(()) => app.analyses.finish(&table, seat),
                Err(e) => {
                    tracing::error!(table = %table, %seat, "an analysis failed: {e}");
                    app.analyses.update(&table, seat, |p| p.failed = Some(e));
                }
            }
        });
        Ok(progress)
    }
}

/// The seed of a table's analyses: fixed, so the record alone gives the analysis again.
pub(crate) const SEED: u64 = 2026;

async fn run(
    app: &App,
    table: &str,
    seat: Seat,
    bot: &str,
    client: IpAddr,
    pending: Vec<review::Pending>,
) -> Result<(), String> {
    let mut judged = Vec::with_capacity(pending.len());
    for decision in pending {
        // The client's thinking time first, then the one search slot.
        loop {
            let wait = app.bot_time.wait(client);
            if wait.is_zero() {
                break;
            }
            tokio::time::sleep(wait).await;
        }
        let _slot = app.analyses.searches.acquire().await.map_err(|e| e.to_string())?;
        let spec = bot.to_owned();
        let (result, took) = tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            (review::judge(&decision, seat, &spec, SEED), started.elapsed())
        })
        .await
        .map_err(|e| format!("the search crashed: {e}"))?;
        app.bot_time.charge(client, took);
        judged.push(result?);
        app.analyses.update(table, seat, |p| p.done += 1);
    }
    let analysis = Analysis::new(seat, bot, SEED, judged);
    let json = serde_json::to_string(&analysis).map_err(|e| e.to_string())?;
    app.store.save_analysis(table, seat, &json).await.map_err(|e| e.to_string())
}
