//! The time table clocks read: the system's, or one that tests set and advance.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Where table clocks read the time from. The default is the system clock; tests use
/// [`Time::manual`] and [`Time::advance`] so deadlines pass exactly when a test says so.
/// Clones share one manual time.
#[derive(Clone, Debug, Default)]
pub struct Time {
    manual: Option<Arc<AtomicI64>>,
}

impl Time {
    /// The system clock.
    pub fn system() -> Time {
        Time::default()
    }

    /// A clock standing still at `micros` (microseconds since the Unix epoch) until advanced.
    pub fn manual(micros: i64) -> Time {
        Time { manual: Some(Arc::new(AtomicI64::new(micros))) }
    }

    /// A clock standing still at the system's time now.
    pub fn manual_now() -> Time {
        Time::manual(system_micros())
    }

    /// Moves a manual clock forward by `by` (does nothing to the system clock).
    pub fn advance(&self, by: Duration) {
        if let Some(manual) = &self.manual {
            manual.fetch_add(by.as_micros() as i64, Ordering::SeqCst);
        }
    }

    /// Microseconds since the Unix epoch.
    pub fn now_micros(&self) -> i64 {
        match &self.manual {
            Some(manual) => manual.load(Ordering::SeqCst),
            None => system_micros(),
        }
    }
}

fn system_micros() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_advanced() {
        let time = Time::manual(1_000);
        let shared = time.clone();
        assert_eq!(time.now_micros(), 1_000);
        shared.advance(Duration::from_millis(2));
        assert_eq!(time.now_micros(), 3_000);
        assert!(Time::system().now_micros() > 1_700_000_000_000_000);
    }
}
