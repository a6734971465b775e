//! Elo ratings fitted to pairwise results by maximum likelihood (the Bradley–Terry model).

/// Pairwise results between `n` entries, in half points so sums are exact integers: every
/// meeting of two entries gives 2 half points to the better placed one, or 1 to each on a tie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairwise {
    n: usize,
    half_points: Vec<u64>,
    meetings: Vec<u64>,
}

impl Pairwise {
    /// No results yet between `n` entries.
    pub fn new(n: usize) -> Self {
        Pairwise { n, half_points: vec![0; n * n], meetings: vec![0; n * n] }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Records one meeting of `a` and `b` (`a != b`) where `a` finished in `place_a` and `b` in
    /// `place_b` (lower is better; equal places are a tie).
    pub fn record(&mut self, a: usize, b: usize, place_a: u8, place_b: u8) {
        let (ab, ba) = (a * self.n + b, b * self.n + a);
        self.meetings[ab] += 1;
        self.meetings[ba] += 1;
        match place_a.cmp(&place_b) {
            std::cmp::Ordering::Less => self.half_points[ab] += 2,
            std::cmp::Ordering::Greater => self.half_points[ba] += 2,
            std::cmp::Ordering::Equal => {
                self.half_points[ab] += 1;
                self.half_points[ba] += 1;
            }
        }
    }

    /// Adds another set of results between the same entries.
    pub fn merge(&mut self, other: &Pairwise) {
        assert_eq!(self.n, other.n, "results between the same entries");
        self.half_points.iter_mut().zip(&other.half_points).for_each(|(a, b)| *a += b);
        self.meetings.iter_mut().zip(&other.meetings).for_each(|(a, b)| *a += b);
    }

    /// Points `a` scored against `b` (1 per better place, ½ per tie).
    pub fn points(&self, a: usize, b: usize) -> f64 {
        self.half_points[a * self.n + b] as f64 / 2.0
    }

    /// How often `a` and `b` met.
    pub fn meetings(&self, a: usize, b: usize) -> u64 {
        self.meetings[a * self.n + b]
    }
}

/// Elo ratings of the entries, centred on 0 (the field's average), fitted by maximum
/// likelihood to all pairwise results at once (Bradley–Terry with ties as half wins, solved by
/// Hunter's MM iteration). Unlike running Elo updates, the fit does not depend on the order of
/// the games.
///
/// `prior_draws` adds that many virtual drawn games to every pair that met, so an entry that won
/// (or lost) every meeting still gets a finite rating; 1 is a mild choice. An entry that never
/// met anyone is rated 0.
pub fn fit_elo(results: &Pairwise, prior_draws: f64) -> Vec<f64> {
    let n = results.len();
    let games = |i: usize, j: usize| {
        let met = results.meetings(i, j) as f64;
        if met > 0.0 { met + prior_draws } else { 0.0 }
    };
    let points = |i: usize, j: usize| {
        if results.meetings(i, j) > 0 { results.points(i, j) + prior_draws / 2.0 } else { 0.0 }
    };
    let wins: Vec<f64> = (0..n).map(|i| (0..n).filter(|&j| j != i).map(|j| points(i, j)).sum()).collect();
    let mut strength = vec![1.0f64; n];
    for _ in 0..100_000 {
        let mut next = strength.clone();
        for i in 0..n {
            let denominator: f64 = (0..n).filter(|&j| j != i).map(|j| games(i, j) / (strength[i] + strength[j])).sum();
            if denominator > 0.0 && wins[i] > 0.0 {
                next[i] = wins[i] / denominator;
            }
        }
        // Only ratios matter: keep the geometric mean at 1 (an average rating of 0).
        let log_mean = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        next.iter_mut().for_each(|s| *s /= log_mean.exp());
        let change = next.iter().zip(&strength).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meet(results: &mut Pairwise, a: usize, b: usize, a_wins: u64, b_wins: u64, ties: u64) {
        (0..a_wins).for_each(|_| results.record(a, b, 1, 2));
        (0..b_wins).for_each(|_| results.record(a, b, 2, 1));
        (0..ties).for_each(|_| results.record(a, b, 1, 1));
    }

    #[test]
    fn three_to_one_is_log10_3_times_400_apart() {
        // A beats B 75 % of the time: the Elo difference is 400·log10(3) ≈ 190.85.
        let mut results = Pairwise::new(2);
        meet(&mut results, 0, 1, 300, 100, 0);
        let elo = fit_elo(&results, 0.0);
        assert!((elo[0] - elo[1] - 400.0 * 3f64.log10()).abs() < 1e-6, "{elo:?}");
        assert!((elo[0] + elo[1]).abs() < 1e-9, "centred on 0: {elo:?}");
    }

    #[test]
    fn recovers_consistent_strengths_of_three() {
        // Strengths 4 : 2 : 1 (Elo gaps of 120.4 each). Results in exact expected proportions:
        // A–B 2:1, B–C 2:1, A–C 4:1, ties counted as half wins (A–B has 6 ties: 3 points each).
        let mut results = Pairwise::new(3);
        meet(&mut results, 0, 1, 197, 97, 6);
        meet(&mut results, 1, 2, 200, 100, 0);
        meet(&mut results, 0, 2, 400, 100, 0);
        let elo = fit_elo(&results, 0.0);
        let gap = 400.0 * 2f64.log10();
        assert!((elo[0] - elo[1] - gap).abs() < 1e-6, "{elo:?}");
        assert!((elo[1] - elo[2] - gap).abs() < 1e-6, "{elo:?}");
    }

    #[test]
    fn does_not_depend_on_the_order_of_games() {
        let mut forward = Pairwise::new(3);
        let mut backward = Pairwise::new(3);
        let games = [(0, 1, 1, 2), (1, 2, 1, 2), (2, 0, 1, 2), (0, 1, 1, 1), (0, 2, 1, 2)];
        games.iter().for_each(|&(a, b, pa, pb)| forward.record(a, b, pa, pb));
        games.iter().rev().for_each(|&(a, b, pa, pb)| backward.record(a, b, pa, pb));
        assert_eq!(fit_elo(&forward, 1.0), fit_elo(&backward, 1.0));
    }

    #[test]
    fn a_perfect_record_stays_finite_with_a_prior() {
        let mut results = Pairwise::new(2);
        meet(&mut results, 0, 1, 50, 0, 0);
        let elo = fit_elo(&results, 1.0);
        assert!(elo.iter().all(|e| e.is_finite()), "{elo:?}");
        // 50.5 : 0.5 points, a strength ratio of 101.
        assert!((elo[0] - elo[1] - 400.0 * 101f64.log10()).abs() < 1e-6, "{elo:?}");
    }

    #[test]
    fn merging_adds_results() {
        let mut a = Pairwise::new(2);
        let mut b = Pairwise::new(2);
        meet(&mut a, 0, 1, 3, 1, 0);
        meet(&mut b, 0, 1, 0, 0, 2);
        a.merge(&b);
        assert_eq!((a.points(0, 1), a.points(1, 0), a.meetings(0, 1)), (4.0, 2.0, 6));
    }
}
