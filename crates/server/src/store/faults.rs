//! Switches that make the store misbehave on demand, for tests: writes that fail as on a full
//! disk or an I/O error, and a table taken over as by another server.
//!
//! Tests turn them on to check that a table whose writes fail acknowledges nothing, stops taking
//! moves and resumes once writes succeed again, and that a server that lost a table can never
//! write for it. Nothing else sets them: off, they cost an atomic load and a lock per commit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Shared switches for failing every database commit and for taking a table away (default: off).
#[derive(Clone, Debug, Default)]
pub struct StoreFaults {
    failing: Arc<AtomicBool>,
    taken: Arc<Mutex<Option<String>>>,
}

impl StoreFaults {
    /// From now on every commit fails (`true`) or works again (`false`).
    pub fn fail_writes(&self, failing: bool) {
        self.failing.store(failing, Ordering::SeqCst);
    }

    /// Before its next commit the server's writer hands table `id` to another owner (raising
    /// its epoch), as a server taking it over would: the server's own writes for it must fail.
    /// (On SQLite nothing else may open the database while the server runs.)
    pub fn hand_over(&self, id: &str) {
        *self.taken.lock().unwrap_or_else(|p| p.into_inner()) = Some(id.to_owned());
    }

    /// Whether commits fail now.
    pub(crate) fn failing(&self) -> bool {
        self.failing.load(Ordering::SeqCst)
    }

    /// The table to hand over before the next commit, once.
    pub(crate) fn taken_over(&self) -> Option<String> {
        self.taken.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}
