//! Per-client limits: how many tables a client (an IP address) may create per minute.
//!
//! Behind a reverse proxy every client has the proxy's address; such a deployment should raise
//! the limit (there is no trusted forwarded-for header yet).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The window table creations are counted in.
const WINDOW: Duration = Duration::from_secs(60);

/// Tables created per client in the last minute.
#[derive(Debug, Default)]
pub(crate) struct CreationLimit {
    created: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl CreationLimit {
    /// Counts a creation by `client` if it has created fewer than `per_minute` tables in the
    /// last minute; otherwise says how long until it may create one again.
    pub(crate) fn take(&self, client: IpAddr, per_minute: u32) -> Result<(), Duration> {
        self.take_at(client, per_minute, Instant::now())
    }

    fn take_at(&self, client: IpAddr, per_minute: u32, now: Instant) -> Result<(), Duration> {
        let mut created = self.created.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Forget clients whose window is over, so the map does not grow without bound.
        if created.len() > 10_000 {
            created.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < WINDOW));
        }
        let times = created.entry(client).or_default();
        while times.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
            times.pop_front();
        }
        if times.len() >= per_minute as usize {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(WINDOW.saturating_sub(now.duration_since(oldest)));
        }
        times.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_its_quota_per_minute_and_others_theirs() {
        let limit = CreationLimit::default();
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let start = Instant::now();
        assert!((0..3).all(|_| limit.take_at(a, 3, start).is_ok()));
        let wait = limit.take_at(a, 3, start + Duration::from_secs(20)).expect_err("a fourth is refused");
        assert_eq!(wait, Duration::from_secs(40));
        assert!(limit.take_at(b, 3, start).is_ok(), "another client has its own quota");
        assert!(limit.take_at(a, 3, start + WINDOW).is_ok(), "a minute later it may again");
    }
}
