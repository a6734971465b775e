//! The Wilson score interval for a proportion.

/// The normal quantile for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A closed interval of proportions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

/// The Wilson score interval (without continuity correction) for `successes` out of `trials`
/// at normal quantile `z`. `successes` may be fractional (a shared win counts as a fraction).
///
/// Wilson rather than the textbook `p ± z·√(p(1−p)/n)`: it stays inside [0, 1] and keeps its
/// coverage near 0 and 1, where strong bots live. No trials means no knowledge: [0, 1].
pub fn wilson(successes: f64, trials: f64, z: f64) -> Interval {
    if trials <= 0.0 {
        return Interval { low: 0.0, high: 1.0 };
    }
    let p = (successes / trials).clamp(0.0, 1.0);
    let z2 = z * z;
    let denominator = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denominator;
    let half = z * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt() / denominator;
    // At p = 0 (or 1) the end is exactly 0 (or 1); the subtraction would leave rounding dust.
    let low = if p == 0.0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if p == 1.0 { 1.0 } else { (centre + half).min(1.0) };
    Interval { low, high }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(interval: Interval, low: f64, high: f64) -> bool {
        (interval.low - low).abs() < 5e-5 && (interval.high - high).abs() < 5e-5
    }

    /// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
    /// method 3 (score interval without continuity correction).
    #[test]
    fn matches_newcombes_published_values() {
        assert!(close(wilson(81.0, 263.0, Z95), 0.2553, 0.3662), "{:?}", wilson(81.0, 263.0, Z95));
        assert!(close(wilson(15.0, 148.0, Z95), 0.0624, 0.1605), "{:?}", wilson(15.0, 148.0, Z95));
        assert!(close(wilson(0.0, 20.0, Z95), 0.0, 0.1611), "{:?}", wilson(0.0, 20.0, Z95));
        assert!(close(wilson(1.0, 29.0, Z95), 0.0061, 0.1718), "{:?}", wilson(1.0, 29.0, Z95));
    }

    #[test]
    fn is_symmetric_and_bounded() {
        let a = wilson(3.0, 10.0, Z95);
        let b = wilson(7.0, 10.0, Z95);
        assert!((a.low - (1.0 - b.high)).abs() < 1e-12 && (a.high - (1.0 - b.low)).abs() < 1e-12);
        let all = wilson(50.0, 50.0, Z95);
        assert!(all.high <= 1.0 && all.low > 0.9);
        assert_eq!(wilson(0.0, 0.0, Z95), Interval { low: 0.0, high: 1.0 });
        assert_eq!(wilson(0.0, 200.0, Z95).low, 0.0, "no wins: the interval starts at exactly 0");
        assert_eq!(wilson(200.0, 200.0, Z95).high, 1.0);
    }

    #[test]
    fn narrows_with_more_trials() {
        let small = wilson(50.0, 100.0, Z95);
        let large = wilson(5000.0, 10000.0, Z95);
        assert!(large.high - large.low < (small.high - small.low) / 9.0);
    }
}
