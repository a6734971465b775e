//! A switch that makes the store's writes fail, as a full disk or an I/O error would.
//!
//! Tests turn it on to check that a table whose writes fail acknowledges nothing, stops taking
//! moves and resumes once writes succeed again. Nothing else sets it: off, it costs one atomic
//! load per commit.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Shared on/off switch for failing every database commit (default: off).
#[derive(Clone, Debug, Default)]
pub struct StoreFaults {
    failing: Arc<AtomicBool>,
}

impl StoreFaults {
    /// From now on every commit fails (`true`) or works again (`false`).
    pub fn fail_writes(&self, failing: bool) {
        self.failing.store(failing, Ordering::SeqCst);
    }

    /// Whether commits fail now.
    pub(crate) fn failing(&self) -> bool {
        self.failing.load(Ordering::SeqCst)
    }
}
