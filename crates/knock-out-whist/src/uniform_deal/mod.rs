//! Dealing the unseen cards uniformly at random among the deals consistent with the revealed
//! voids: the heart of [`determinize`](engine::Game::determinize).
//!
//! A void rules out a suit, never a single card, so whether a deal is consistent depends only on
//! how many cards of each suit each hand gets. Seats that may hold the same suits form one
//! *group*: given the cards a group gets, every split among its seats is equally likely. Seats
//! that no void constrains form the *free pool*, together with the undealt deck.
//!
//! Sampling is exact. With groups `0 … G−1` (fewest ways to take their cards first):
//! 1. A dynamic programme runs over groups `0 … G−3`. Its state is how many cards of each suit
//!    are still unassigned (at most 13 each, packed into a `u16`); a state's weight is the
//!    number of ways the groups so far can have taken their cards, a sum of products of
//!    binomials.
//! 2. The last two groups need no step of their own: by Vandermonde's identity the number of
//!    ways they can take their cards from a state depends only on a few sums of its counts (see
//!    `counts::PairWays`). A state is drawn by weight times those ways, then each earlier group's
//!    per-suit counts are drawn backwards by the weights.
//! 3. Cards are drawn uniformly within each suit for those counts; the second-to-last group
//!    draws uniformly from the suits it shares with the last one and from its other suits, in a
//!    proportion drawn by its ways; the last group draws uniformly from what its suits have left;
//!    each group's cards are split uniformly among its seats; the free pool is shuffled.
//!
//! Every consistent deal is therefore equally likely. The tables live in a per-thread scratch
//! buffer, allocated once and cleaned after use, so a call allocates nothing; with up to two
//! groups (the common case) no table is touched. Cards are always gathered in canonical
//! (bitset) order before a draw, so the result depends only on the arguments and the generator.

mod counts;

use engine::{GameRng, MAX_SEATS};
use rand::Rng;

use crate::cardset::CardSet;
use crate::suit::SuitSet;
use counts::{Counts, PairWays, choose, draw_counts, pack, sum_of};

/// At most one group per seat.
const MAX_GROUPS: usize = MAX_SEATS;

/// Seats that may hold the same suits.
#[derive(Clone, Copy, Default)]
struct Group {
    /// The suits the group's seats may hold (bit per suit), among the unseen suits.
    allowed: u8,
    /// Cards the group's seats need in all.
    need: u8,
    /// The group's seats (bit per seat).
    seats: u8,
    /// The allowed suits by index, `len` of them (at most three: a group allowed every unseen
    /// suit is free).
    suits: [u8; 3],
    len: u8,
}

impl Group {
    fn new(allowed: u8, need: u8, seats: u8) -> Group {
        let mut group = Group { allowed, need, seats, suits: [0; 3], len: 0 };
        for suit in 0..4 {
            if allowed & (1 << suit) != 0 && group.len < 3 {
                group.suits[group.len as usize] = suit;
                group.len += 1;
            }
        }
        debug_assert_eq!(u32::from(group.len), allowed.count_ones(), "a group is void in some unseen suit");
        group
    }

    /// How many per-suit counts the group can take (a DP step's fan-out): C(need + k − 1, k − 1)
    /// for k allowed suits.
    fn splits(&self) -> f64 {
        match self.len {
            0 => 1.0,
            k => choose(self.need + k - 1, k - 1),
        }
    }

    /// How many unassigned cards of the group's suits `state` has.
    #[inline]
    fn available(&self, state: Counts) -> u8 {
        sum_of(state, self.allowed)
    }
}

/// Deals `needs[s]` cards of `unseen` to each seat `s`, never a suit in `voids[s]`; the rest
/// stays undealt. Every deal consistent with the voids is equally likely.
pub(crate) fn deal_unseen(
    unseen: CardSet,
    needs: &[u8; MAX_SEATS],
    voids: &[SuitSet; MAX_SEATS],
    rng: &mut GameRng,
) -> [CardSet; MAX_SEATS] {
    let unseen_suits = unseen.suits_held().bits();
    let mut groups = [Group::default(); MAX_GROUPS];
    let mut n_groups = 0;
    let mut free_seats = 0u8;
    for seat in 0..MAX_SEATS {
        if needs[seat] == 0 {
            continue;
        }
        // A void in a suit with no unseen card constrains nothing.
        let allowed = !voids[seat].bits() & unseen_suits;
        if allowed == unseen_suits {
            free_seats |= 1 << seat;
        } else if let Some(group) = groups[..n_groups].iter_mut().find(|g| g.allowed == allowed) {
            group.need += needs[seat];
            group.seats |= 1 << seat;
        } else {
            groups[n_groups] = Group::new(allowed, needs[seat], 1 << seat);
            n_groups += 1;
        }
    }
    let groups = &mut groups[..n_groups];
    // The groups with the most ways to take their cards go last, where they need no DP step;
    // ties by suits, so the order is canonical.
    groups.sort_unstable_by(|x, y| x.splits().total_cmp(&y.splits()).then(x.allowed.cmp(&y.allowed)));
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    let mut left = unseen;
    if !groups.is_empty() {
        let Some(cards) = deal_groups(unseen, groups, rng) else {
            // No consistent deal (never for a real game's view): ignore the voids.
            debug_assert!(false, "no deal is consistent with the voids");
            return deal_free(unseen, needs, u8::MAX, rng);
        };
        for (group, &cards) in groups.iter().zip(&cards) {
            left = left - cards;
            merge(&mut hands, deal_free(cards, needs, group.seats, rng), group.seats);
        }
    }
    merge(&mut hands, deal_free(left, needs, free_seats, rng), free_seats);
    hands
}

/// Copies the hands of `seats` (bit per seat) from `dealt` into `hands`.
#[inline]
fn merge(hands: &mut [CardSet; MAX_SEATS], dealt: [CardSet; MAX_SEATS], seats: u8) {
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seats & (1 << seat) != 0 {
            *hand = dealt[seat];
        }
    }
}

/// The cards each group takes (see the module docs); `None` if no deal is consistent.
fn deal_groups(unseen: CardSet, groups: &[Group], rng: &mut GameRng) -> Option<[CardSet; MAX_GROUPS]> {
    let mut total = [0u8; 4];
    for suit in crate::suit::Suit::ALL {
        total[suit.index()] = unseen.count_suit(suit) as u8;
    }
    let start = pack(&total);
    let mut cards = [CardSet::EMPTY; MAX_GROUPS];
    let mut left = unseen;
    let draw_suits = |left: &mut CardSet, suits: u8, k: u8, rng: &mut GameRng| {
        let picked = draw(*left & CardSet::suits(SuitSet::from_bits(suits)), k as usize, rng);
        *left = *left - picked;
        picked
    };
    match groups {
        [] => {}
        [only] => {
            if only.available(start) < only.need {
                return None;
            }
            cards[0] = draw_suits(&mut left, only.allowed, only.need, rng);
        }
        [earlier @ .., first, last] => {
            let pair = PairWays::new(*first, *last);
            let mut counts = [[0u8; 4]; MAX_GROUPS];
            let state = draw_counts(start, earlier, &pair, &mut counts, rng)?;
            for (g, counts) in counts[..earlier.len()].iter().enumerate() {
                for (suit, &k) in counts.iter().enumerate() {
                    cards[g] |= draw_suits(&mut left, 1 << suit, k, rng);
                }
            }
            // The pair: how many cards the first takes from the shared suits, by its ways.
            let mut target = rng.random::<f64>() * pair.total(state);
            let mut shared = None;
            pair.for_each(state, |t, ways| {
                if target >= 0.0 {
                    shared = Some(t);
                    target -= ways;
                }
            });
            let t = shared?;
            let n = earlier.len();
            cards[n] =
                draw_suits(&mut left, pair.shared, t, rng) | draw_suits(&mut left, pair.own, first.need - t, rng);
            cards[n + 1] = draw_suits(&mut left, last.allowed, last.need, rng);
        }
    }
    Some(cards)
}

/// `k` cards of `from`, uniformly at random (gathered in canonical order, then a partial
/// Fisher–Yates shuffle).
#[inline]
fn draw(from: CardSet, k: usize, rng: &mut GameRng) -> CardSet {
    let mut order = [0u8; 52];
    let mut len = 0;
    for card in from {
        order[len] = card.index();
        len += 1;
    }
    let mut picked = 0u64;
    for i in 0..k.min(len) {
        let j = rng.random_range(i as u32..len as u32) as usize;
        order.swap(i, j);
        picked |= 1 << order[i];
    }
    CardSet::from_bits(picked)
}

/// Deals `needs[s]` cards of `cards` to each seat `s` in `seats` (bit per seat), uniformly; the
/// rest stays undealt.
fn deal_free(cards: CardSet, needs: &[u8; MAX_SEATS], seats: u8, rng: &mut GameRng) -> [CardSet; MAX_SEATS] {
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    if seats.count_ones() == 1 && cards.len() == needs[seats.trailing_zeros() as usize] as usize {
        // One seat takes every card (a group of one): nothing to draw.
        hands[seats.trailing_zeros() as usize] = cards;
        return hands;
    }
    let mut order = [0u8; 52];
    let mut len = 0;
    for card in cards {
        order[len] = card.index();
        len += 1;
    }
    let wanted: usize = (0..MAX_SEATS).filter(|s| seats & (1 << s) != 0).map(|s| needs[s] as usize).sum();
    for i in 0..wanted.min(len) {
        let j = rng.random_range(i as u32..len as u32) as usize;
        order.swap(i, j);
    }
    let mut next = 0;
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seats & (1 << seat) != 0 {
            let take = (needs[seat] as usize).min(len - next);
            *hand = order[next..next + take].iter().fold(CardSet::EMPTY, |h, &i| h | CardSet::from_bits(1 << i));
            next += take;
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::suit::Suit;
    use engine::seeded;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn unconstrained_deals_give_every_seat_its_count_from_the_unseen() {
        let unseen = CardSet::FULL - set("AS KS");
        let mut needs = [0u8; MAX_SEATS];
        needs[1] = 5;
        needs[2] = 7;
        let hands = deal_unseen(unseen, &needs, &[SuitSet::EMPTY; MAX_SEATS], &mut seeded(1));
        assert_eq!((hands[1].len(), hands[2].len()), (5, 7));
        assert!((hands[1] & hands[2]).is_empty());
        assert_eq!(hands[1] | hands[2], (hands[1] | hands[2]) & unseen);
    }

    // A tight puzzle: three seats each void in a different suit, exactly enough cards of each
    // suit to go round: most ways of dealing the first hands leave the last unable to follow.
    #[test]
    fn tight_void_constraints_are_always_met() {
        let unseen = set("2C 3C 2D 3D 2H 3H");
        let mut needs = [0u8; MAX_SEATS];
        let mut voids = [SuitSet::EMPTY; MAX_SEATS];
        for (seat, void) in [(0, "C"), (1, "D"), (2, "H")] {
            needs[seat] = 2;
            voids[seat] = SuitSet::only(Suit::parse(void).unwrap());
        }
        let mut rng = seeded(9);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..300 {
            let hands = deal_unseen(unseen, &needs, &voids, &mut rng);
            for seat in 0..3 {
                assert_eq!(hands[seat].len(), 2, "seat {seat} got {:?}", hands[seat]);
                assert!((hands[seat] & CardSet::suits(voids[seat])).is_empty());
            }
            assert_eq!(hands[0] | hands[1] | hands[2], unseen);
            seen.insert(hands[0].bits());
        }
        assert!(seen.len() > 3, "the sample still varies: {}", seen.len());
    }

    /// Every deal of `cards` (in order) to the seats with `needs`, none breaking `voids`; the
    /// cards left over stay undealt.
    fn all_deals(
        cards: &[Card],
        needs: &mut [u8; MAX_SEATS],
        voids: &[SuitSet; MAX_SEATS],
        spare: usize,
        hands: &mut [CardSet; MAX_SEATS],
        out: &mut Vec<[CardSet; MAX_SEATS]>,
    ) {
        let Some((&card, rest)) = cards.split_first() else {
            out.push(*hands);
            return;
        };
        for seat in 0..MAX_SEATS {
            if needs[seat] > 0 && !voids[seat].contains(card.suit()) {
                needs[seat] -= 1;
                hands[seat].insert(card);
                all_deals(rest, needs, voids, spare, hands, out);
                hands[seat].remove(card);
                needs[seat] += 1;
            }
        }
        if spare > 0 {
            all_deals(rest, needs, voids, spare - 1, hands, out);
        }
    }

    // Every consistent deal is equally likely: four groups (two seats void in clubs, one in
    // hearts, one in diamonds and spades, one holding only spades) and an undealt card; the
    // 828 consistent deals, sampled 100 times each on average, pass a chi-square test.
    #[test]
    fn every_consistent_deal_is_equally_likely() {
        let unseen = set("2C 3C 2D 3D 2H 3H 4H 2S 3S");
        let mut needs = [0u8; MAX_SEATS];
        let mut voids = [SuitSet::EMPTY; MAX_SEATS];
        for (seat, need, void) in [(0, 2, "C"), (1, 2, "C"), (2, 2, "H"), (3, 1, "DS"), (5, 1, "CDH")] {
            needs[seat] = need;
            voids[seat] = void.chars().map(|c| Suit::from_char(c).unwrap()).collect();
        }
        let cards: Vec<Card> = unseen.iter().collect();
        let mut deals = Vec::new();
        all_deals(&cards, &mut needs.clone(), &voids, 1, &mut [CardSet::EMPTY; MAX_SEATS], &mut deals);
        assert_eq!(deals.len(), 828);
        let index: std::collections::HashMap<_, _> = deals.iter().enumerate().map(|(i, d)| (*d, i)).collect();
        let mut counts = vec![0u32; deals.len()];
        let mut rng = seeded(3);
        let samples = 100 * deals.len();
        for _ in 0..samples {
            let hands = deal_unseen(unseen, &needs, &voids, &mut rng);
            counts[*index.get(&hands).expect("a consistent deal")] += 1;
        }
        let expected = samples as f64 / deals.len() as f64;
        let chi2: f64 = counts.iter().map(|&k| (f64::from(k) - expected).powi(2) / expected).sum();
        let dof = (deals.len() - 1) as f64;
        // Uniform: chi2 ≈ dof ± √(2·dof) = 827 ± 41.
        assert!(chi2 < dof + 6.0 * (2.0 * dof).sqrt(), "chi-square {chi2:.0} for {dof} degrees of freedom");
    }
}
