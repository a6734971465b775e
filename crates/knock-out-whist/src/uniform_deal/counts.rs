//! The dynamic programme over per-suit counts behind [`deal_unseen`](super::deal_unseen): how
//! many ways groups can take their cards, and drawing the counts by those ways.

use std::cell::RefCell;

use engine::GameRng;
use rand::Rng;

use super::{Group, MAX_GROUPS};

/// Entries of one layer's table: the counts of three suits (4 bits each) index it; the fourth
/// suit's count follows from the layer's total.
const LAYER: usize = 1 << 12;

/// `BINOMIAL[n][k]` = C(n, k) for n ≤ 52 (0 when k > n), as `f64` (exact: C(52, 26) < 2^53).
static BINOMIAL: [[f64; 53]; 53] = {
    let mut table = [[0.0; 53]; 53];
    let mut n = 0;
    while n < 53 {
        table[n][0] = 1.0;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k) for `n`, `k` ≤ 52.
#[inline]
pub(super) fn choose(n: u8, k: u8) -> f64 {
    BINOMIAL[n as usize][k as usize]
}

/// C(n, k) for the counts of one suit (`n`, `k` ≤ 13), from a small table indexed without
/// bounds checks: the DP's inner loop.
#[inline(always)]
fn choose_in_suit(n: u8, k: u8) -> f64 {
    static SMALL: [[f64; 16]; 16] = {
        let mut table = [[0.0; 16]; 16];
        let mut n = 0;
        while n < 14 {
            let mut k = 0;
            while k <= n {
                table[n][k] = BINOMIAL[n][k];
                k += 1;
            }
            n += 1;
        }
        table
    };
    SMALL[(n & 15) as usize][(k & 15) as usize]
}

/// Per-suit counts packed into a `u16`, 4 bits per suit (clubs lowest).
pub(super) type Counts = u16;

#[inline]
pub(super) fn pack(counts: &[u8; 4]) -> Counts {
    u16::from(counts[0]) | u16::from(counts[1]) << 4 | u16::from(counts[2]) << 8 | u16::from(counts[3]) << 12
}

#[inline]
pub(super) fn unpack(packed: Counts) -> [u8; 4] {
    [(packed & 15) as u8, (packed >> 4 & 15) as u8, (packed >> 8 & 15) as u8, (packed >> 12) as u8]
}

/// The summed counts of the suits in `suits` (bit per suit).
#[inline]
pub(super) fn sum_of(state: Counts, suits: u8) -> u8 {
    /// The nibbles of each set of suits.
    const NIBBLES: [u16; 16] = {
        let mut masks = [0u16; 16];
        let mut suits = 0;
        while suits < 16 {
            let mut suit = 0;
            while suit < 4 {
                if suits & (1 << suit) != 0 {
                    masks[suits] |= 15 << (4 * suit);
                }
                suit += 1;
            }
            suits += 1;
        }
        masks
    };
    let m = state & NIBBLES[(suits & 15) as usize];
    ((m & 15) + (m >> 4 & 15) + (m >> 8 & 15) + (m >> 12)) as u8
}

/// The ways the last two groups can take their cards from a state. The second-to-last group
/// (`first`) takes `t` cards from the suits it shares with the last (`shared`) and the rest from
/// its own suits (`own`); the last group then takes its need from what its suits have left:
/// Σₜ C(shared, t) · C(own, need − t) · C(last's cards − t, last's need).
#[derive(Clone, Copy)]
pub(super) struct PairWays {
    first: Group,
    last: Group,
    /// The suits both groups may hold.
    pub(super) shared: u8,
    /// The suits only the first may hold.
    pub(super) own: u8,
}

impl PairWays {
    pub(super) fn new(first: Group, last: Group) -> PairWays {
        PairWays { first, last, shared: first.allowed & last.allowed, own: first.allowed & !last.allowed }
    }

    /// Calls `f(t, ways)` for every count `t` the first group can take from the shared suits.
    #[inline]
    pub(super) fn for_each(&self, state: Counts, mut f: impl FnMut(u8, f64)) {
        let (shared, own) = (sum_of(state, self.shared), sum_of(state, self.own));
        let last_has = self.last.available(state);
        let need = self.first.need;
        for t in need.saturating_sub(own)..need.min(shared) + 1 {
            if last_has - t >= self.last.need {
                f(t, choose(shared, t) * choose(own, need - t) * choose(last_has - t, self.last.need));
            }
        }
    }

    /// All the ways from `state`.
    #[inline]
    pub(super) fn total(&self, state: Counts) -> f64 {
        let mut total = 0.0;
        self.for_each(state, |_, ways| total += ways);
        total
    }
}

/// The DP tables: `weights[layer][state & 0xFFF]`, and the states each layer reached (so only
/// those are visited and cleaned). All zero between calls.
struct Scratch {
    weights: Vec<[f64; LAYER]>,
    reached: [Vec<Counts>; MAX_GROUPS],
}

impl Scratch {
    fn new() -> Scratch {
        Scratch { weights: vec![[0.0; LAYER]; MAX_GROUPS], reached: std::array::from_fn(|_| Vec::with_capacity(LAYER)) }
    }

    #[inline]
    fn weight(&self, layer: usize, state: Counts) -> f64 {
        self.weights[layer][(state & 0xFFF) as usize]
    }

    /// Zeroes what the last call touched.
    fn clean(&mut self) {
        for (weights, reached) in self.weights.iter_mut().zip(&mut self.reached) {
            for &state in reached.iter() {
                weights[(state & 0xFFF) as usize] = 0.0;
            }
            reached.clear();
        }
    }

    /// One DP step: every state of `layer` passes its weight on to each state `group` can
    /// leave, times the ways to take those cards.
    fn step(&mut self, layer: usize, group: &Group) {
        let (from, to) = self.weights.split_at_mut(layer + 1);
        let (from, to) = (&from[layer], &mut to[0]);
        let (reached_from, reached_to) = self.reached.split_at_mut(layer + 1);
        let (reached_from, reached_to) = (&reached_from[layer], &mut reached_to[0]);
        let mut add = |state: Counts, weight: f64| {
            let slot = &mut to[(state & 0xFFF) as usize];
            if *slot == 0.0 {
                reached_to.push(state);
            }
            *slot += weight;
        };
        let need = group.need;
        let [a, b, d] = group.suits.map(|suit| u32::from(suit) * 4);
        let take = |shift: u32, k: u8| u16::from(k) << shift;
        for &state in reached_from {
            let weight = from[(state & 0xFFF) as usize];
            let count = |shift: u32| (state >> shift & 15) as u8;
            match group.len {
                0 => add(state, weight),
                1 => {
                    let ra = count(a);
                    if ra >= need {
                        add(state - take(a, need), weight * choose_in_suit(ra, need));
                    }
                }
                2 => {
                    let (ra, rb) = (count(a), count(b));
                    for x in need.saturating_sub(rb)..need.min(ra) + 1 {
                        let ways = choose_in_suit(ra, x) * choose_in_suit(rb, need - x);
                        add(state - take(a, x) - take(b, need - x), weight * ways);
                    }
                }
                _ => {
                    let (ra, rb, rd) = (count(a), count(b), count(d));
                    for x in 0..need.min(ra) + 1 {
                        let weight = weight * choose_in_suit(ra, x);
                        let (rest, state) = (need - x, state - take(a, x));
                        for y in rest.saturating_sub(rd)..rest.min(rb) + 1 {
                            let ways = choose_in_suit(rb, y) * choose_in_suit(rd, rest - y);
                            add(state - take(b, y) - take(d, rest - y), weight * ways);
                        }
                    }
                }
            }
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::new());
}

/// Calls `f` with every way `group` can take its cards, at most `caps[s]` of suit `s`, as
/// per-suit counts.
fn for_each_split(group: &Group, caps: &[u8; 4], mut f: impl FnMut(&[u8; 4])) {
    let need = group.need;
    let [a, b, d] = group.suits.map(usize::from);
    let mut c = [0u8; 4];
    match group.len {
        0 => {
            if need == 0 {
                f(&c);
            }
        }
        1 => {
            if caps[a] >= need {
                c[a] = need;
                f(&c);
            }
        }
        2 => {
            for x in need.saturating_sub(caps[b])..need.min(caps[a]) + 1 {
                c[a] = x;
                c[b] = need - x;
                f(&c);
            }
        }
        _ => {
            for x in 0..need.min(caps[a]) + 1 {
                c[a] = x;
                let rest = need - x;
                for y in rest.saturating_sub(caps[d])..rest.min(caps[b]) + 1 {
                    c[b] = y;
                    c[d] = rest - y;
                    f(&c);
                }
            }
        }
    }
}

/// Runs the DP over `earlier` and draws its final state by weight times the pair's ways, then
/// each earlier group's per-suit counts backwards. Returns the final state; `None` if no deal is
/// consistent.
pub(super) fn draw_counts(
    start: Counts,
    earlier: &[Group],
    pair: &PairWays,
    counts: &mut [[u8; 4]; MAX_GROUPS],
    rng: &mut GameRng,
) -> Option<Counts> {
    if earlier.is_empty() {
        return (pair.total(start) > 0.0).then_some(start);
    }
    SCRATCH.with_borrow_mut(|scratch| {
        scratch.clean();
        // Forward: layer g holds the states after groups 0 … g−1, weighted by their ways.
        scratch.weights[0][(start & 0xFFF) as usize] = 1.0;
        scratch.reached[0].push(start);
        for (layer, group) in earlier.iter().enumerate() {
            scratch.step(layer, group);
        }
        // Each final state's weight times the pair's ways, kept in the next (unused) layer.
        let layer = earlier.len();
        let mut total = 0.0;
        for i in 0..scratch.reached[layer].len() {
            let state = scratch.reached[layer][i];
            let weight = scratch.weight(layer, state) * pair.total(state);
            scratch.weights[layer + 1][(state & 0xFFF) as usize] = weight;
            scratch.reached[layer + 1].push(state);
            total += weight;
        }
        let mut target = rng.random::<f64>() * total;
        let mut end = None;
        for &state in &scratch.reached[layer + 1] {
            let weight = scratch.weight(layer + 1, state);
            if weight > 0.0 {
                end = Some(state);
                target -= weight;
                if target < 0.0 {
                    break;
                }
            }
        }
        let end = end?;
        // Backward: each earlier group's counts, by the weights of the states it came from.
        let total = unpack(start);
        let mut state = end;
        for (g, group) in earlier.iter().enumerate().rev() {
            let left = unpack(state);
            let caps = [total[0] - left[0], total[1] - left[1], total[2] - left[2], total[3] - left[3]];
            let mut target = rng.random::<f64>() * scratch.weight(g + 1, state);
            let mut chosen = None;
            for_each_split(group, &caps, |c| {
                let ways: f64 = (0..4).map(|s| choose_in_suit(left[s] + c[s], c[s])).product();
                let w = scratch.weight(g, state + pack(c)) * ways;
                if w > 0.0 && target >= 0.0 {
                    chosen = Some(*c);
                    target -= w;
                }
            });
            counts[g] = chosen?;
            state += pack(&counts[g]);
        }
        Some(end)
    })
}
