//! The fast proof check against brute force on many random positions (ST-22, ST-23).

use proptest::prelude::*;
use rand::Rng;
use rand::seq::SliceRandom;
use schotten_totten::proof::{beating_completion, best_completion, brute_force_best, minimal_reveal, proof_holds};
use schotten_totten::{Card, CardSet, Formation};

/// A random position: the claimant's complete side, the opponent's partial side, the cards
/// still available to the opponent, and the claimant's hand (part of them).
fn position(rng: &mut impl Rng) -> (Vec<Card>, Vec<Card>, CardSet, CardSet) {
    let mut deck: Vec<Card> = CardSet::BASE_DECK.iter().collect();
    deck.shuffle(rng);
    let placed = rng.random_range(0..=2);
    let mine = deck[..3].to_vec();
    let theirs = deck[3..3 + placed].to_vec();
    // With an empty side brute force walks many triples: keep the pool smaller there.
    let keep = if placed == 0 { rng.random_range(3..=22) } else { rng.random_range(0..=45) };
    let available: CardSet = deck[3 + placed..].iter().take(keep).copied().collect();
    let hand: CardSet = available.iter().take(rng.random_range(0..=6)).collect();
    (mine, theirs, available, hand)
}

#[test]
fn best_completion_equals_brute_force_on_random_positions() {
    let mut rng = engine::seeded(11);
    let rounds = if cfg!(debug_assertions) { 3_000 } else { 100_000 };
    for _ in 0..rounds {
        let (mine, theirs, available, _) = position(&mut rng);
        let brute = brute_force_best(&theirs, 3, available);
        assert_eq!(best_completion(&theirs, 3, available), brute, "{theirs:?} from {available}");
        // The early-exit check agrees with the full answer for this threshold, and its
        // witness is a real completion that beats it.
        let formation = Formation::of(&mine);
        if let Some(witness) = beating_completion(&theirs, 3, available, formation) {
            assert!(witness.is_subset(available) && witness.len() == 3 - theirs.len(), "{witness}");
            let mut side = theirs.clone();
            side.extend(witness);
            assert!(Formation::of(&side) > formation, "{side:?} does not beat {mine:?}");
        }
        assert_eq!(
            proof_holds(formation, &theirs, 3, available),
            brute.is_none_or(|best| best <= formation),
            "{mine:?} against {theirs:?} from {available}"
        );
    }
}

#[test]
fn biased_positions_with_colour_and_value_threats() {
    // Partial sides of one colour or one value with most of the deck available: every class
    // is reachable somewhere, so the class walk is exercised from the top.
    let mut rng = engine::seeded(12);
    for _ in 0..2_000 {
        let a: Card = CardSet::BASE_DECK.iter().nth(rng.random_range(0..54)).unwrap();
        let same_colour = CardSet::of_colour(a.colour()).intersection(CardSet::BASE_DECK).minus(CardSet::only(a));
        let same_value = CardSet::of_value(a.value()).minus(CardSet::only(a));
        let pool = if rng.random_bool(0.5) { same_colour } else { same_value };
        let b = pool.iter().nth(rng.random_range(0..pool.len())).unwrap();
        let theirs = [a, b];
        let mut available = CardSet::BASE_DECK.minus(CardSet::only(a)).minus(CardSet::only(b));
        for card in available {
            if rng.random_bool(0.6) {
                available.remove(card);
            }
        }
        assert_eq!(best_completion(&theirs, 3, available), brute_force_best(&theirs, 3, available));
    }
}

#[test]
fn st_23_minimal_reveal_is_minimal_and_proves_the_claim() {
    let mut rng = engine::seeded(13);
    let mut revealed_some = 0;
    for _ in 0..if cfg!(debug_assertions) { 1_500 } else { 20_000 } {
        let (mine, theirs, available, hand) = position(&mut rng);
        let formation = Formation::of(&mine);
        let reveal = minimal_reveal(formation, &theirs, 3, available, hand);
        let with_all = proof_holds(formation, &theirs, 3, available.minus(hand));
        assert_eq!(reveal.is_some(), with_all, "a claim succeeds iff it does with the whole hand shown");
        let Some(reveal) = reveal else { continue };
        assert!(reveal.is_subset(hand));
        assert!(proof_holds(formation, &theirs, 3, available.minus(reveal)));
        if !reveal.is_empty() {
            revealed_some += 1;
        }
        // No smaller set works (all subsets of the hand, by brute force).
        let cards: Vec<Card> = hand.iter().collect();
        for mask in 0u32..1 << cards.len() {
            if (mask.count_ones() as usize) < reveal.len() {
                let subset: CardSet = (0..cards.len()).filter(|i| mask & (1 << i) != 0).map(|i| cards[i]).collect();
                assert!(
                    !proof_holds(formation, &theirs, 3, available.minus(subset)),
                    "{subset} is smaller than {reveal}"
                );
            }
        }
    }
    assert!(revealed_some > 20, "positions needing a reveal were exercised ({revealed_some})");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 300 } else { 5_000 }))]

    /// Any partial side of 1–2 cards against any pool: fast = brute force.
    #[test]
    fn proptest_best_completion_is_exact(
        side in proptest::collection::btree_set(0usize..54, 1..=2),
        pool_bits in any::<u64>(),
    ) {
        let deck: Vec<Card> = CardSet::BASE_DECK.iter().collect();
        let theirs: Vec<Card> = side.iter().map(|&i| deck[i]).collect();
        let mut available = CardSet::EMPTY;
        for (i, &card) in deck.iter().enumerate() {
            if pool_bits & (1 << i) != 0 && !theirs.contains(&card) {
                available.insert(card);
            }
        }
        prop_assert_eq!(best_completion(&theirs, 3, available), brute_force_best(&theirs, 3, available));
    }
}

#[test]
fn four_card_sides_for_mud_match_brute_force_too() {
    let mut rng = engine::seeded(14);
    for _ in 0..if cfg!(debug_assertions) { 300 } else { 5_000 } {
        let mut deck: Vec<Card> = CardSet::BASE_DECK.iter().collect();
        deck.shuffle(&mut rng);
        let placed = rng.random_range(1..=3);
        let theirs = deck[..placed].to_vec();
        let available: CardSet = deck[placed..].iter().take(rng.random_range(0..=20)).copied().collect();
        assert_eq!(best_completion(&theirs, 4, available), brute_force_best(&theirs, 4, available), "{theirs:?}");
    }
}
