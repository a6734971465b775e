//! The live tables, by id.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::actor;
use super::handle::{Command, TableHandle};
use super::model::TableJson;
use super::state::TableState;
use crate::app::App;

/// Every table that has an actor: all unfinished ones, and finished ones someone looked at
/// recently.
#[derive(Default)]
pub(crate) struct Directory {
    live: Mutex<HashMap<String, TableHandle>>,
    generation: AtomicU64,
}

impl Directory {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, TableHandle>> {
        // A panic while holding this lock cannot leave the map half-changed (single calls).
        self.live.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The live table `id`.
    pub(crate) fn get(&self, id: &str) -> Option<TableHandle> {
        self.lock().get(id).cloned()
    }

    /// Starts an actor for `state` unless the table already has one; returns the live handle.
    pub(crate) fn spawn_if_absent(&self, app: &App, state: TableState) -> TableHandle {
        let mut live = self.lock();
        if let Some(handle) = live.get(&state.id) {
            return handle.clone();
        }
        let generation = self.generation.fetch_add(1, Ordering::Relaxed);
        let id = state.id.clone();
        let handle = actor::spawn(app.clone(), state, generation);
        live.insert(id, handle.clone());
        handle
    }

    /// Forgets `id` if it is still the actor of `generation`; says whether it did.
    pub(crate) fn remove(&self, id: &str, generation: u64) -> bool {
        let mut live = self.lock();
        if live.get(id).is_some_and(|h| h.generation == generation) {
            live.remove(id);
            true
        } else {
            false
        }
    }

    /// Stops the actor of `id`, if there is one: another server owns the table now.
    pub(crate) fn retire(&self, id: &str) {
        if let Some(handle) = self.lock().remove(id) {
            tokio::spawn(async move {
                let _ = handle.tx.send(Command::Retire).await;
            });
        }
    }

    /// Stops every actor whose table is not in `owned` at the actor's epoch; returns how many.
    pub(crate) fn retire_unowned(&self, owned: &HashMap<String, i64>) -> usize {
        let lost: Vec<String> = self
            .lock()
            .iter()
            .filter(|(id, handle)| owned.get(*id) != Some(&handle.epoch))
            .map(|(id, _)| id.clone())
            .collect();
        for id in &lost {
            self.retire(id);
        }
        lost.len()
    }

    /// The Table objects of every live table.
    pub(crate) fn summaries(&self) -> Vec<Arc<TableJson>> {
        self.lock().values().map(TableHandle::summary).collect()
    }

    /// How many tables are live.
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}
