//! Tables that wait leave memory: a running table with a time control, nobody connected, no bot
//! to move and every deadline far away (a turn-based game waiting for a person's move) stores
//! its clock and stops its actor. It is loaded again by the next request for it, by the waker
//! ([`wake_due`]) before its deadline, or at a start if its deadline is near.

use std::time::Duration;

use tokio::time::Instant;

use super::Actor;
use crate::app::App;
use crate::table::model::{SeatSetup, Status};

/// How long before a stored deadline the waker loads its table.
const WAKE_AHEAD: Duration = Duration::from_secs(60);

impl Actor {
    /// Whether the table may leave memory now: it only waits for people whose deadlines are
    /// all at least the unload margin away, and nobody watches it.
    fn waits_only(&self) -> bool {
        if self.table.status != Status::Running
            || self.table.clock.is_none()
            || !self.subscribers.is_empty()
            || self.table.paused
            || self.clock_unsaved
            || !self.held.is_empty()
            || self.thinking.iter().chain(&self.hinting).any(|&busy| busy)
        {
            return false;
        }
        let far = self.now() + self.app.options.unload_margin.as_micros() as i64;
        let to_act = self.table.m.to_act();
        let deadline = self.clock.next_deadline(self.table.m.as_ref());
        !to_act.is_empty()
            && to_act.iter().all(|s| matches!(self.table.seats.get(s.index()), Some(SeatSetup::Human { .. })))
            && to_act.iter().all(|s| !self.clock.answering(s))
            && deadline.is_some_and(|d| d >= far)
    }

    /// When the table leaves memory if nothing happens meanwhile (`None`: it does not).
    pub(super) fn unload_at(&mut self) -> Option<Instant> {
        if self.waits_only() {
            Some(*self.waiting_since.get_or_insert_with(Instant::now) + self.app.options.unload_after)
        } else {
            self.waiting_since = None;
            None
        }
    }

    /// Leaves memory if the table still only waits: stores the clock (its next deadline is what
    /// wakes it) and leaves the directory. Says whether the actor may stop.
    pub(super) async fn unload(&mut self) -> bool {
        if !self.waits_only() {
            self.waiting_since = None;
            return false;
        }
        self.save_clock().await;
        if self.clock_unsaved || self.lost || !self.app.tables.remove(&self.table.id, self.generation) {
            return false;
        }
        tracing::info!(table = %self.table.id, "the table waits for a person: it leaves memory until needed");
        self.app.metrics.unloaded.inc();
        true
    }
}

/// Loads, every `wake_tick`, the tables of this server that left memory and whose deadline
/// comes within a minute, until the server stops.
pub(crate) async fn wake_due(app: App) {
    let mut tick = tokio::time::interval(app.options.wake_tick);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if app.stopping() {
            return;
        }
        let before = app.options.time.now_micros() + WAKE_AHEAD.as_micros() as i64;
        let due = match app.store.due_tables(before).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("could not look for tables to wake: {e}");
                continue;
            }
        };
        for id in due.iter().filter(|id| app.tables.get(id).is_none()) {
            match crate::table::find(&app, id).await {
                Ok(_) => tracing::debug!(table = %id, "a waiting table's deadline nears: loaded"),
                Err(e) => tracing::warn!(table = %id, "could not wake a waiting table: {e:?}"),
            }
        }
    }
}
