//! A token bucket: each connection may send `rate` messages a second, in bursts of twice that.

use std::time::Instant;

/// Per-connection message allowance.
pub(crate) struct RateLimit {
    per_second: f64,
    capacity: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    /// `per_second` messages a second, bursts of twice as many.
    pub(crate) fn new(per_second: u32) -> RateLimit {
        let per_second = f64::from(per_second.max(1));
        RateLimit { per_second, capacity: 2.0 * per_second, tokens: 2.0 * per_second, last: Instant::now() }
    }

    /// Whether one more message is allowed now (and takes it from the allowance).
    pub(crate) fn allow(&mut self) -> bool {
        self.allow_at(Instant::now())
    }

    fn allow_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.capacity);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn bursts_then_refills() {
        let start = Instant::now();
        let mut limit = RateLimit::new(10);
        assert_eq!((0..30).filter(|_| limit.allow_at(start)).count(), 20);
        assert!(!limit.allow_at(start));
        assert!(limit.allow_at(start + Duration::from_millis(150)));
        assert!(!limit.allow_at(start + Duration::from_millis(150)));
    }
}
