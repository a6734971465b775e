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

    /// Every live table's id, epoch and actor generation.
    pub(crate) fn snapshot(&self) -> Vec<(String, i64, u64)> {
        self.lock().iter().map(|(id, h)| (id.clone(), h.epoch, h.generation)).collect()
    }

    /// Stops the actors of `before` (a [`Directory::snapshot`] taken before `owned` was read)
    /// whose table is not in `owned` at the actor's epoch; returns how many. Tables that came
    /// after the snapshot are not judged: `owned` may be older than them.
    pub(crate) fn retire_unowned(&self, before: &[(String, i64, u64)], owned: &HashMap<String, i64>) -> usize {
        let mut retired = 0;
        for (id, epoch, generation) in before {
            if owned.get(id) == Some(epoch) {
                continue;
            }
            let handle = {
                let mut live = self.lock();
                match live.get(id) {
                    Some(h) if h.generation == *generation => live.remove(id),
                    _ => None,
                }
            };
            if let Some(handle) = handle {
                retired += 1;
                tokio::spawn(async move {
                    let _ = handle.tx.send(Command::Retire).await;
                });
            }
        }
        retired
    }

    /// How many of `before` (a [`Directory::snapshot`] taken before `owned` was read) are not
    /// in `owned` at their actor's epoch and still live.
    pub(crate) fn unowned(&self, before: &[(String, i64, u64)], owned: &HashMap<String, i64>) -> usize {
        let live = self.lock();
        before
            .iter()
            .filter(|(id, epoch, generation)| {
                owned.get(id) != Some(epoch) && live.get(id).is_some_and(|h| h.generation == *generation)
            })
            .count()
    }

    /// Asks every live table's actor to finish what it does and stop (the server stops).
    pub(crate) async fn stop_all(&self) {
        let handles: Vec<TableHandle> = self.lock().values().cloned().collect();
        for handle in handles {
            let _ = handle.tx.send(Command::Stop).await;
        }
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
