//! Per-client limits: how many tables a client (an IP address) may create per minute, and how
//! much thinking time the bots of its tables may use.
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

/// The bots' thinking time per client: a bucket of `per_minute` thinking time that refills
/// continuously. A bot of a client that used it up waits before it thinks, so one client's
/// tables cannot keep the machine's cores busy for everyone.
#[derive(Debug)]
pub(crate) struct BotTime {
    per_minute: Duration,
    balances: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl BotTime {
    /// Each client's bots may think `per_minute` a minute (bursts of as much).
    pub(crate) fn new(per_minute: Duration) -> BotTime {
        BotTime { per_minute, balances: Mutex::default() }
    }

    /// How long a bot of `client` must wait before it may think.
    pub(crate) fn wait(&self, client: IpAddr) -> Duration {
        let balance = self.balance_at(client, Instant::now(), 0.0);
        if balance >= 0.0 { Duration::ZERO } else { Duration::from_secs_f64(-balance / self.rate()) }
    }

    /// Takes `spent` thinking time from `client`'s bucket.
    pub(crate) fn charge(&self, client: IpAddr, spent: Duration) {
        self.balance_at(client, Instant::now(), spent.as_secs_f64());
    }

    /// Seconds of thinking time refilled per second.
    fn rate(&self) -> f64 {
        (self.per_minute.as_secs_f64() / 60.0).max(1e-9)
    }

    /// The balance (seconds) after refilling until `now` and taking `spent`.
    fn balance_at(&self, client: IpAddr, now: Instant, spent: f64) -> f64 {
        let capacity = self.per_minute.as_secs_f64();
        let mut balances = self.balances.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if balances.len() > 10_000 {
            balances.retain(|_, (balance, _)| *balance < capacity);
        }
        let (balance, at) = balances.entry(client).or_insert((capacity, now));
        let refilled = now.saturating_duration_since(*at).as_secs_f64() * self.rate();
        *balance = (*balance + refilled).min(capacity) - spent;
        *at = now;
        *balance
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

    #[test]
    fn a_client_whose_bots_used_their_time_waits_until_it_refills() {
        let time = BotTime::new(Duration::from_secs(6)); // 0.1 s a second
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let start = Instant::now();
        assert_eq!(time.balance_at(a, start, 0.0), 6.0);
        assert_eq!(time.balance_at(a, start, 7.0), -1.0, "a think may overdraw once");
        assert!((time.balance_at(a, start + Duration::from_secs(5), 0.0) - -0.5).abs() < 1e-9, "refills");
        assert_eq!(time.balance_at(b, start, 0.0), 6.0, "another client has its own time");
        assert_eq!(time.wait(b), Duration::ZERO);
    }
}
