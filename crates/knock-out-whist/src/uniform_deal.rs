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
//!    [`PairWays`]). A state is drawn by weight times those ways, then each earlier group's
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

use std::cell::RefCell;

use engine::{GameRng, MAX_SEATS};
use rand::Rng;

use crate::cardset::CardSet;
use crate::suit::SuitSet;

/// At most one group per seat.
const MAX_GROUPS: usize = MAX_SEATS;

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
fn choose(n: u8, k: u8) -> f64 {
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

/// Per-suit counts packed into a `u16`, 4 bits per suit (clubs lowest).
type Counts = u16;

#[inline]
fn pack(counts: &[u8; 4]) -> Counts {
    u16::from(counts[0]) | u16::from(counts[1]) << 4 | u16::from(counts[2]) << 8 | u16::from(counts[3]) << 12
}

#[inline]
fn unpack(packed: Counts) -> [u8; 4] {
    [(packed & 15) as u8, (packed >> 4 & 15) as u8, (packed >> 8 & 15) as u8, (packed >> 12) as u8]
}

/// The summed counts of the suits in `suits` (bit per suit).
#[inline]
fn sum_of(state: Counts, suits: u8) -> u8 {
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
struct PairWays {
    first: Group,
    last: Group,
    shared: u8,
    own: u8,
}

impl PairWays {
    fn new(first: Group, last: Group) -> PairWays {
        PairWays { first, last, shared: first.allowed & last.allowed, own: first.allowed & !last.allowed }
    }

    /// Calls `f(t, ways)` for every count `t` the first group can take from the shared suits.
    #[inline]
    fn for_each(&self, state: Counts, mut f: impl FnMut(u8, f64)) {
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
    fn total(&self, state: Counts) -> f64 {
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

/// Runs the DP over `earlier` and draws its final state by weight times the pair's ways, then
/// each earlier group's per-suit counts backwards. Returns the final state; `None` if no deal is
/// consistent.
fn draw_counts(
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
