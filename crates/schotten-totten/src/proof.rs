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

/// The best start (lowest value) of a run of `n` consecutive values that contains all of
/// `have` and whose other values are all in `can`.
#[inline]
fn best_window(have: u16, can: u16, n: usize) -> Option<u8> {
    let run = (1u16 << n) - 1;
    for start in (0..=(MAX_VALUE as usize - n)).rev() {
        let window = run << start;
        if have & !window == 0 && window & !have & !can == 0 {
            return Some(start as u8 + 1);
        }
    }
    None
}

/// The sum of a run of `n` values starting at `start`.
#[inline]
fn run_sum(start: u8, n: usize) -> u8 {
    let n = n as u8;
    n * start + n * (n - 1) / 2
}

/// The strongest formation `placed` can become when its side is filled up to `capacity` cards
/// with cards from `available` (which must not contain `placed`); `None` if `available` has too
/// few cards. With a full side it is the side's formation.
pub fn best_completion(placed: &[Card], capacity: usize, available: CardSet) -> Option<Formation> {
    let p = Partial::of(placed);
    if p.len >= capacity {
        return Some(Formation::of(placed));
    }
    let n = capacity;
    let m = n - p.len;
    if available.len() < m {
        return None;
    }
    let formation = |class, sum| Some(Formation { class, sum });

    // Colour run: one colour, distinct consecutive values.
    if p.one_colour {
        let mut best: Option<u8> = None;
        for colour in Colour::ALL {
            if p.colour.is_some_and(|c| c != colour) {
                continue;
            }
            let have = if p.len > 0 { p.values } else { 0 };
            if let Some(start) = best_window(have, available.values_of(colour), n) {
                best = best.max(Some(start));
            }
        }
        if let Some(start) = best {
            return formation(Class::ColourRun, run_sum(start, n));
        }
    }
    // Of a kind: one value.
    if p.one_value {
        let best = match p.value {
            Some(v) => (available.count_value(v) >= m).then_some(v),
            None => (1..=MAX_VALUE).rev().find(|&v| available.count_value(v) >= n),
        };
        if let Some(v) = best {
            return formation(Class::OfAKind, v * n as u8);
        }
    }
    // Colour: one colour, the highest cards of it.
    if p.one_colour {
        let best = Colour::ALL
            .into_iter()
            .filter(|&c| p.colour.is_none_or(|pc| pc == c))
            .filter_map(|c| top_values(available.values_of(c), m))
            .max();
        if let Some(top) = best {
            return formation(Class::Colour, p.sum + top);
        }
    }
    // Run: distinct consecutive values, any colours.
    if p.distinct
        && let Some(start) = best_window(p.values, available.values(), n)
    {
        return formation(Class::Run, run_sum(start, n));
    }
    // Sum: the highest values left, repeats across colours allowed.
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
    formation(Class::Sum, sum)
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
    best_completion(placed, capacity, available).is_none_or(|best| best <= formation)
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
    if proof_holds(formation, placed, capacity, available) {
        return Some(CardSet::EMPTY);
    }
    if !proof_holds(formation, placed, capacity, available.minus(hand)) {
        return None;
    }
    let cards: Vec<Card> = hand.iter().collect();
    let h = cards.len().min(63);
    for size in 1..=h {
        // Gosper's hack: all `h`-bit masks with `size` bits, in increasing order.
        let mut mask: u64 = (1 << size) - 1;
        while mask < 1 << h {
            let reveal: CardSet = (0..h).filter(|i| mask & (1 << i) != 0).map(|i| cards[i]).collect();
            if proof_holds(formation, placed, capacity, available.minus(reveal)) {
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
