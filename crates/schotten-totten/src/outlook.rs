//! The heuristic bot's forecast of one side of a stone: a small probability distribution over
//! the formation it will end as, from the cards placed, the cards surely at hand and the cards
//! that may still come (each with one probability). No enumeration of completions: targets are
//! generated per class from per-colour value masks, like the proof check.

use crate::card::{Card, Colour, MAX_VALUE};
use crate::card_set::CardSet;
use crate::formation::{Class, Formation};
use crate::proof::best_completion;

/// The most levels a forecast keeps.
const MAX_LEVELS: usize = 96;

/// Which cards a side may still get: `sure` ones (in hand) and `maybe` ones (each with `q`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Supply {
    pub sure: CardSet,
    pub maybe: CardSet,
    pub q: f32,
}

/// A forecast: final formation keys (see [`Formation::key`]) with probabilities, strongest
/// first, summing to 1. Key 0 means the side will never be complete.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Forecast {
    levels: [(u16, f32); MAX_LEVELS],
    len: usize,
}

impl Forecast {
    /// A side whose final formation is known.
    pub(crate) fn certain(key: u16) -> Forecast {
        let mut f = Forecast { levels: [(0, 0.0); MAX_LEVELS], len: 1 };
        f.levels[0] = (key, 1.0);
        f
    }

    fn levels(&self) -> &[(u16, f32)] {
        &self.levels[..self.len]
    }

    /// The probability that `self` ends above `other`; on equal formations `self_first` is
    /// the chance that `self` completes first (ST-15).
    pub(crate) fn beats(&self, other: &Forecast, self_first: f32) -> f32 {
        let theirs = other.levels();
        let mut j = 0;
        let mut above = 0.0; // other's mass strictly above the current key
        let mut win = 0.0;
        for &(key, p) in self.levels() {
            while j < theirs.len() && theirs[j].0 > key {
                above += theirs[j].1;
                j += 1;
            }
            let equal = if j < theirs.len() && theirs[j].0 == key { theirs[j].1 } else { 0.0 };
            win += p * ((1.0 - above - equal).max(0.0) + equal * self_first);
        }
        win
    }
}

/// The chance that a side holding `my_len` cards completes before the other side's `their_len`
/// (the tie-break of equal formations, ST-15): known once a side is complete (`first`: whether
/// it was mine), otherwise guessed from how far each side is, and sure for a side that is full
/// by `complete` cards while `first` is still unset.
pub(crate) fn completes_first(first: Option<bool>, my_len: usize, their_len: usize, complete: usize) -> f32 {
    match first {
        Some(mine) => f32::from(u8::from(mine)),
        None if my_len >= complete => 1.0,
        None => (0.5 + 0.2 * (my_len as f32 - their_len as f32)).clamp(0.1, 0.9),
    }
}

/// P(at least `need` successes among `n` trials of probability `q`).
fn at_least(need: usize, n: usize, q: f32) -> f32 {
    if need == 0 {
        return 1.0;
    }
    if need > n {
        return 0.0;
    }
    // Binomial terms from `need` to `n`.
    let mut total = 0.0;
    let mut term = (0..n).fold(1.0, |t, _| t * (1.0 - q)); // k = 0
    let ratio = if q >= 1.0 { f32::INFINITY } else { q / (1.0 - q) };
    if !ratio.is_finite() {
        return 1.0;
    }
    for k in 0..=n {
        if k >= need {
            total += term;
        }
        term *= ratio * (n - k) as f32 / (k + 1) as f32;
    }
    total.min(1.0)
}

/// The sum of the `m` highest values of `mask` (bit `v − 1` = value `v`), or of all if fewer.
fn top(mut mask: u16, m: usize) -> u8 {
    let mut sum = 0;
    for _ in 0..m {
        if mask == 0 {
            break;
        }
        let high = 15 - mask.leading_zeros() as u8;
        sum += high + 1;
        mask &= !(1 << high);
    }
    sum
}

fn key(class: Class, sum: u8) -> u16 {
    Formation { class, sum }.key()
}

/// Where a forecast collects its targets before they become levels.
struct Targets {
    items: [(u16, f32); MAX_LEVELS],
    len: usize,
}

impl Targets {
    fn push(&mut self, key: u16, p: f32) {
        if p > 0.005 && self.len < MAX_LEVELS {
            self.items[self.len] = (key, p);
            self.len += 1;
        }
    }
}

/// The forecast of a side holding `placed` that needs `capacity` cards, filled from `supply`;
/// a side that is filled with leftovers is assumed to get `filler` per card on average.
pub(crate) fn forecast(placed: &[Card], capacity: usize, supply: &Supply, filler: u8) -> Forecast {
    if placed.len() >= capacity {
        return Forecast::certain(Formation::of(placed).key());
    }
    let all = supply.sure.union(supply.maybe);
    let Some(best) = best_completion(placed, capacity, all) else {
        return Forecast::certain(0);
    };
    let n = capacity;
    let m = n - placed.len();
    let q = supply.q;
    let mut targets = Targets { items: [(0, 0.0); MAX_LEVELS], len: 0 };
    let (mut sum, mut values, mut distinct) = (0u8, 0u16, true);
    let colour = placed.first().map(|c| c.colour());
    let value = placed.first().map(|c| c.value());
    let (mut one_colour, mut one_value) = (true, true);
    for card in placed {
        let bit = 1 << (card.value() - 1);
        distinct &= values & bit == 0;
        values |= bit;
        sum += card.value();
        one_colour &= Some(card.colour()) == colour;
        one_value &= Some(card.value()) == value;
    }
    // Powers of q and 1 − q, and the cards per value, looked up below instead of recomputed.
    let mut q_pow = [1.0f32; 8];
    let mut miss_pow = [1.0f32; 8];
    for k in 1..8 {
        q_pow[k] = q_pow[k - 1] * q;
        miss_pow[k] = miss_pow[k - 1] * (1.0 - q);
    }
    let only_maybe = supply.maybe.minus(supply.sure);
    let mut sure_of = [0usize; MAX_VALUE as usize + 1];
    let mut maybe_of = [0usize; MAX_VALUE as usize + 1];
    for v in 1..=MAX_VALUE {
        sure_of[v as usize] = supply.sure.count_value(v);
        maybe_of[v as usize] = only_maybe.count_value(v);
    }
    let run = (1u16 << n) - 1;
    let colours = Colour::ALL.into_iter().filter(|&c| one_colour && colour.is_none_or(|pc| pc == c));
    for c in colours {
        let sure = supply.sure.values_of(c);
        let maybe = supply.maybe.values_of(c) & !sure;
        // Colour runs through the placed values.
        for start in 0..=(MAX_VALUE as usize - n) {
            let window = run << start;
            let need = window & !values;
            if values & !window != 0 || need & !(sure | maybe) != 0 {
                continue;
            }
            let unsure = (need & !sure).count_ones();
            let run_sum = (n * (start + 1) + n * (n - 1) / 2) as u8;
            targets.push(key(Class::ColourRun, run_sum), q_pow[unsure as usize]);
        }
        // One colour: enough cards of it, with an estimated sum.
        let (a, b) = (sure.count_ones() as usize, maybe.count_ones() as usize);
        let p = if a >= m { 1.0 } else { at_least(m - a, b, q) };
        let from_sure = top(sure, m);
        let rest = m.saturating_sub(a) as u8;
        let maybe_avg = (top(maybe, b) as usize).checked_div(b).unwrap_or(0) as u8;
        targets.push(key(Class::Colour, sum + from_sure + rest * maybe_avg), p);
    }
    // Of a kind.
    if one_value {
        let values_to_try = match value {
            Some(v) => v..=v,
            None => 1..=MAX_VALUE,
        };
        for v in values_to_try {
            let (a, b) = (sure_of[v as usize], maybe_of[v as usize]);
            let p = if a >= m { 1.0 } else { at_least(m - a, b, q) };
            targets.push(key(Class::OfAKind, v * n as u8), p);
        }
    }
    // Runs of mixed colours.
    if distinct {
        for start in 0..=(MAX_VALUE as usize - n) {
            let window = run << start;
            if values & !window != 0 {
                continue;
            }
            let mut p = 1.0;
            let mut need = window & !values;
            while need != 0 && p > 0.0 {
                let v = need.trailing_zeros() as u8 + 1;
                need &= need - 1;
                if sure_of[v as usize] == 0 {
                    p *= 1.0 - miss_pow[maybe_of[v as usize]];
                }
            }
            let run_sum = (n * (start + 1) + n * (n - 1) / 2) as u8;
            targets.push(key(Class::Run, run_sum), p);
        }
    }
    // Sums: the best sure completion, and the filler floor.
    if supply.sure.len() >= m {
        let mut s = sum;
        let mut need = m;
        for v in (1..=MAX_VALUE).rev() {
            let take = sure_of[v as usize].min(need);
            s += v * take as u8;
            need -= take;
        }
        targets.push(key(Class::Sum, s), 1.0);
    }
    let floor = key(Class::Sum, sum + filler * m as u8).min(best.key());
    targets.push(floor, 1.0);
    let best = best.key();
    let items = &mut targets.items[..targets.len];
    for item in items.iter_mut() {
        item.0 = item.0.min(best);
    }
    items.sort_unstable_by_key(|item| std::cmp::Reverse(item.0));
    let mut out = Forecast { levels: [(0, 0.0); MAX_LEVELS], len: 0 };
    let mut none = 1.0f32;
    for &(k, p) in items.iter() {
        let exact = none * p;
        none *= 1.0 - p;
        if out.len > 0 && out.levels[out.len - 1].0 == k {
            out.levels[out.len - 1].1 += exact;
        } else {
            out.levels[out.len] = (k, exact);
            out.len += 1;
        }
        if none <= 0.0 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn binomial_tail() {
        assert!((at_least(1, 2, 0.5) - 0.75).abs() < 1e-6);
        assert!((at_least(2, 2, 0.5) - 0.25).abs() < 1e-6);
        assert_eq!(at_least(0, 0, 0.3), 1.0);
        assert_eq!(at_least(3, 2, 0.9), 0.0);
    }

    #[test]
    fn forecasts_sum_to_one_and_respect_certainty() {
        let hand: CardSet = cards("y9").into_iter().collect();
        let rest = CardSet::BASE_DECK.minus(hand).minus(cards("y7 y8").into_iter().collect());
        let supply = Supply { sure: hand, maybe: rest, q: 0.3 };
        let f = forecast(&cards("y7 y8"), 3, &supply, 4);
        let total: f32 = f.levels().iter().map(|l| l.1).sum();
        assert!((total - 1.0).abs() < 1e-4);
        assert_eq!(f.levels()[0], (key(Class::ColourRun, 24), 1.0), "the sure y9 completes a colour run");
        let mine = Forecast::certain(key(Class::ColourRun, 21));
        assert_eq!(mine.beats(&f, 1.0), 0.0);
        assert_eq!(Forecast::certain(key(Class::ColourRun, 24)).beats(&f, 1.0), 1.0);
    }
}
