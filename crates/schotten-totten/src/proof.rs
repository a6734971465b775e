//! Proofs (ST-22 … ST-24): can the opponent still complete their side of a stone so that it
//! beats a complete formation?
//!
//! [`best_completion`] answers "what is the strongest formation a partial side can still become
//! from these cards" without enumerating completions: it walks the classes from the strongest
//! down and, per class, finds the best sum with a few bit operations on the per-colour value
//! masks. The first class that is reachable at all is the best class, and within it the best
//! sum is the highest feasible window (runs), value (of a kind) or top cards (colour, sum).
//! A completion of a lower class cannot outrank one of a higher class, so nothing is missed,
//! and every answer is witnessed by a real completion, so nothing is invented.
//! [`brute_force_best`] enumerates instead; the tests hold the two equal.

use crate::card::{Card, Colour, MAX_VALUE};
use crate::card_set::CardSet;
use crate::formation::{Class, Formation};

/// What the placed cards of a partial side have in common.
struct Partial {
    len: usize,
    sum: u8,
    /// The one colour of all cards (any colour if there are none).
    colour: Option<Colour>,
    /// The one value of all cards.
    value: Option<u8>,
    /// Values present, bit `v − 1`.
    values: u16,
    distinct: bool,
    one_colour: bool,
    one_value: bool,
}

impl Partial {
    fn of(cards: &[Card]) -> Partial {
        let mut p = Partial {
            len: cards.len(),
            sum: 0,
            colour: cards.first().map(|c| c.colour()),
            value: cards.first().map(|c| c.value()),
            values: 0,
            distinct: true,
            one_colour: true,
            one_value: true,
        };
        for card in cards {
            let bit = 1u16 << (card.value() - 1);
            p.distinct &= p.values & bit == 0;
            p.values |= bit;
            p.sum += card.value();
            p.one_colour &= Some(card.colour()) == p.colour;
            p.one_value &= Some(card.value()) == p.value;
        }
        p
    }
}

/// The sum of the `m` highest values of `mask` (bit `v − 1` = value `v`), if it has `m` bits.
#[inline]
fn top_values(mut mask: u16, m: usize) -> Option<u8> {
    if (mask.count_ones() as usize) < m {
        return None;
    }
    let mut sum = 0;
    for _ in 0..m {
        let high = 15 - mask.leading_zeros() as u8;
        sum += high + 1;
        mask &= !(1 << high);
    }
    Some(sum)
}

/// Window starts (bit `s` = the values `s + 1 … s + n`) whose values all lie in `mask`.
#[inline]
fn run_starts(mask: u16, n: usize) -> u16 {
    let mut starts = mask;
    for shift in 1..n {
        starts &= mask >> shift;
    }
    starts
}

/// Window starts of `n` values that contain every value of `have`.
#[inline]
fn windows_around(have: u16, n: usize) -> u16 {
    if have == 0 {
        return u16::MAX;
    }
    let lo = have.trailing_zeros() as usize;
    let hi = 15 - have.leading_zeros() as usize;
    let min = hi.saturating_sub(n - 1);
    if min > lo { 0 } else { ((1u16 << (lo + 1)) - 1) & !((1u16 << min) - 1) }
}

/// The best start (lowest value) of a run of `n` consecutive values that contains all of
/// `have` and whose other values are all in `can`.
#[inline]
fn best_window(have: u16, can: u16, n: usize) -> Option<u8> {
    let starts = run_starts(have | can, n) & windows_around(have, n);
    (starts != 0).then(|| 16 - starts.leading_zeros() as u8)
}

/// The sum of a run of `n` values starting at `start`.
#[inline]
fn run_sum(start: u8, n: usize) -> u8 {
    let n = n as u8;
    n * start + n * (n - 1) / 2
}

/// The best sum among completions whose cards all share `class`'s pattern (`None` if there is
/// none). A completion found for a class may belong to a higher class; callers walk the
/// classes from the top, so by then the higher classes are known to be out of reach.
#[inline]
fn best_in_class(p: &Partial, class: Class, n: usize, available: CardSet) -> Option<u8> {
    let m = n - p.len;
    let colours = || Colour::ALL.into_iter().filter(move |&c| p.one_colour && p.colour.is_none_or(|pc| pc == c));
    match class {
        Class::ColourRun => {
            let start = colours().filter_map(|c| best_window(p.values, available.values_of(c), n)).max()?;
            Some(run_sum(start, n))
        }
        Class::OfAKind if p.one_value => {
            let v = match p.value {
                Some(v) => (available.count_value(v) >= m).then_some(v)?,
                None => (1..=MAX_VALUE).rev().find(|&v| available.count_value(v) >= n)?,
            };
            Some(v * n as u8)
        }
        Class::Colour => colours().filter_map(|c| top_values(available.values_of(c), m)).max().map(|top| p.sum + top),
        Class::Run if p.distinct => Some(run_sum(best_window(p.values, available.values(), n)?, n)),
        Class::Sum => {
            let mut sum = p.sum;
            let mut need = m;
            for v in (1..=MAX_VALUE).rev() {
                let take = available.count_value(v).min(need);
                sum += v * take as u8;
                need -= take;
                if need == 0 {
                    break;
                }
            }
            Some(sum)
        }
        _ => None,
    }
}

/// The strongest formation `placed` can become when its side is filled up to `capacity` cards
/// with cards from `available` (which must not contain `placed`); `None` if `available` has too
/// few cards. With a full side it is the side's formation.
pub fn best_completion(placed: &[Card], capacity: usize, available: CardSet) -> Option<Formation> {
    let p = Partial::of(placed);
    if p.len >= capacity {
        return Some(Formation::of(placed));
    }
    if available.len() < capacity - p.len {
        return None;
    }
    Class::ALL
        .into_iter()
        .rev()
        .find_map(|class| best_in_class(&p, class, capacity, available).map(|sum| Formation { class, sum }))
}

/// Whether some completion of `placed` from `available` beats `threshold` outright (ties do
/// not count). Classes below the threshold's are never looked at.
pub fn can_beat(placed: &[Card], capacity: usize, available: CardSet, threshold: Formation) -> bool {
    let p = Partial::of(placed);
    if p.len >= capacity {
        return Formation::of(placed) > threshold;
    }
    if available.len() < capacity - p.len {
        return false;
    }
    for class in Class::ALL.into_iter().rev() {
        if class < threshold.class {
            return false;
        }
        if let Some(sum) = best_in_class(&p, class, capacity, available) {
            return class > threshold.class || sum > threshold.sum;
        }
    }
    false
}

/// Cards of `set` with the values of `mask` (bit `v − 1`), the lowest card of each value.
#[inline]
fn one_per_value(set: CardSet, mut mask: u16) -> CardSet {
    let mut out = CardSet::EMPTY;
    while mask != 0 {
        let v = mask.trailing_zeros() as u8 + 1;
        mask &= mask - 1;
        if let Some(card) = set.intersection(CardSet::of_value(v)).first() {
            out.insert(card);
        }
    }
    out
}

/// The `m` highest cards of `set` (ties in canonical order).
#[inline]
fn highest(set: CardSet, m: usize) -> CardSet {
    let mut out = CardSet::EMPTY;
    for v in (1..=MAX_VALUE).rev() {
        for card in set.intersection(CardSet::of_value(v)) {
            if out.len() == m {
                return out;
            }
            out.insert(card);
        }
    }
    out
}

/// The cards completing the best formation of `class` found by [`best_in_class`], with its sum.
fn best_in_class_cards(p: &Partial, class: Class, n: usize, available: CardSet) -> Option<(u8, CardSet)> {
    let m = n - p.len;
    let colours = || Colour::ALL.into_iter().filter(move |&c| p.one_colour && p.colour.is_none_or(|pc| pc == c));
    let window_cards = |start: u8, pool: CardSet| one_per_value(pool, (((1u16 << n) - 1) << (start - 1)) & !p.values);
    match class {
        Class::ColourRun => {
            let (start, colour) =
                colours().filter_map(|c| best_window(p.values, available.values_of(c), n).map(|s| (s, c))).max()?;
            Some((run_sum(start, n), window_cards(start, available.intersection(CardSet::of_colour(colour)))))
        }
        Class::OfAKind | Class::Colour | Class::Sum => {
            let sum = best_in_class(p, class, n, available)?;
            let pool = match class {
                Class::OfAKind => CardSet::of_value(sum / n as u8),
                Class::Colour => {
                    let colour = colours().max_by_key(|&c| top_values(available.values_of(c), m))?;
                    CardSet::of_colour(colour)
                }
                _ => CardSet::BASE_DECK.union(available),
            };
            Some((sum, highest(available.intersection(pool), m)))
        }
        Class::Run => {
            let sum = best_in_class(p, class, n, available)?;
            let start = (sum - (n * (n - 1) / 2) as u8) / n as u8;
            Some((sum, window_cards(start, available)))
        }
    }
}

/// A completion of `placed` from `available` that beats `threshold` outright, if there is one:
/// the cards to add. Like [`can_beat`], and the witness lets callers know the answer stays the
/// same for as long as those cards remain available.
pub fn beating_completion(
    placed: &[Card],
    capacity: usize,
    available: CardSet,
    threshold: Formation,
) -> Option<CardSet> {
    let p = Partial::of(placed);
    if p.len >= capacity {
        return (Formation::of(placed) > threshold).then_some(CardSet::EMPTY);
    }
    if available.len() < capacity - p.len {
        return None;
    }
    for class in Class::ALL.into_iter().rev() {
        if class < threshold.class {
            return None;
        }
        if let Some((sum, cards)) = best_in_class_cards(&p, class, capacity, available) {
            return (class > threshold.class || sum > threshold.sum).then_some(cards);
        }
    }
    None
}

/// The same answer as [`best_completion`] by enumerating every completion (slow; the
/// reference the tests compare against).
pub fn brute_force_best(placed: &[Card], capacity: usize, available: CardSet) -> Option<Formation> {
    fn go(side: &mut Vec<Card>, capacity: usize, rest: &[Card], best: &mut Option<Formation>) {
        if side.len() == capacity {
            *best = (*best).max(Some(Formation::of(side)));
            return;
        }
        for (i, &card) in rest.iter().enumerate() {
            side.push(card);
            go(side, capacity, &rest[i + 1..], best);
            side.pop();
        }
    }
    let cards: Vec<Card> = available.iter().collect();
    let mut best = None;
    go(&mut placed.to_vec(), capacity, &cards, &mut best);
    best
}

/// Whether a claim with the complete `formation` against the opponent's incomplete side
/// `placed` is proven (ST-22): no completion from `available` beats it. The claimant completed
/// first, so a completion that only ties loses.
#[inline]
pub fn proof_holds(formation: Formation, placed: &[Card], capacity: usize, available: CardSet) -> bool {
    !can_beat(placed, capacity, available, formation)
}

/// The smallest set of `hand` cards whose reveal proves the claim (ST-23): `available` holds
/// every card not known to be unavailable, `hand` (a subset of it) the claimant's cards that
/// are not yet public. Among sets of the same size the first in canonical order is chosen.
/// `None` if even revealing the whole hand does not prove it.
pub fn minimal_reveal(
    formation: Formation,
    placed: &[Card],
    capacity: usize,
    available: CardSet,
    hand: CardSet,
) -> Option<CardSet> {
    minimal_reveal_by(available, hand, |pool| proof_holds(formation, placed, capacity, pool))
}

/// [`minimal_reveal`] for any proof: `holds(pool)` says whether the claim is proven when the
/// opponent may still get the cards of `pool`.
pub(crate) fn minimal_reveal_by(available: CardSet, hand: CardSet, holds: impl Fn(CardSet) -> bool) -> Option<CardSet> {
    if holds(available) {
        return Some(CardSet::EMPTY);
    }
    if !holds(available.minus(hand)) {
        return None;
    }
    let mut cards = [Card::FILLER; 64];
    let mut h = 0;
    for card in hand.iter().take(64) {
        cards[h] = card;
        h += 1;
    }
    let h = h.min(63);
    for size in 1..=h {
        // Gosper's hack: all `h`-bit masks with `size` bits, in increasing order.
        let mut mask: u64 = (1 << size) - 1;
        while mask < 1 << h {
            let reveal: CardSet = (0..h).filter(|i| mask & (1 << i) != 0).map(|i| cards[i]).collect();
            if holds(available.minus(reveal)) {
                return Some(reveal);
            }
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
    }
    Some(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn best_completion_matches_brute_force_on_small_cases() {
        let all = CardSet::BASE_DECK;
        for placed in ["", "b7", "b7 b8", "y7 y8", "r3 b3", "r1 g9", "r2 r9", "n5 p6"] {
            let placed = cards(placed);
            let available = placed.iter().fold(all, |set, &c| set.minus(CardSet::only(c)));
            assert_eq!(best_completion(&placed, 3, available), brute_force_best(&placed, 3, available));
        }
    }

    #[test]
    fn top_values_and_windows() {
        assert_eq!(top_values(0b1_0000_0101, 2), Some(9 + 3));
        assert_eq!(top_values(0b1, 2), None);
        assert_eq!(best_window(0, 0b1_1111_1111, 3), Some(7));
        assert_eq!(best_window(0b10, 0b1_0000_0101, 3), Some(1));
        assert_eq!(best_window(0b1_0000_0000, 0b11, 3), None, "no wrap from 9 to 1");
    }
}
