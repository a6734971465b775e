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

/// ST-46 (with ST-42 … ST-44, ST-50): the proof check with elite troops on either side, under
/// Blind-man's bluff and Mud, in both modes, equals brute force over every completion and every
/// value the elite troops may take. Tactic cards in the pool are ignored (not yet played).
#[test]
fn st_46_proofs_with_elite_troops_and_combat_modes_equal_brute_force() {
    use schotten_totten::Tactic;
    use schotten_totten::resolve::{brute_force_beats, fast_beats, side_formation};
    let mut rng = engine::seeded(46);
    let rounds = if cfg!(debug_assertions) { 300 } else { 6_000 };
    let elite = [Tactic::Joker1, Tactic::Joker2, Tactic::Spy, Tactic::ShieldBearer].map(Tactic::card);
    let (mut beaten, mut holds, mut with_elite) = (0, 0, 0);
    for round in 0..rounds {
        let battle_line = round % 2 == 1;
        let bluff = rng.random_bool(0.3);
        let capacity = if rng.random_bool(0.3) { 4 } else { 3 };
        let deck = if battle_line { CardSet::BATTLE_DECK } else { CardSet::BASE_DECK };
        let mut cards: Vec<Card> = deck.iter().collect();
        cards.shuffle(&mut rng);
        let mut tactics = elite.to_vec();
        tactics.shuffle(&mut rng);
        // The claimant's complete side and the opponent's partial one, elite troops among them
        // (at most one Joker a side).
        let mut take = |n: usize, rng: &mut engine::GameRng, cards: &mut Vec<Card>| -> Vec<Card> {
            (0..n)
                .map(|_| match tactics.last() {
                    Some(_) if rng.random_bool(0.3) => tactics.pop().unwrap(),
                    _ => cards.pop().unwrap(),
                })
                .collect()
        };
        let mine = take(capacity, &mut rng, &mut cards);
        let placed = rng.random_range(0..capacity.min(3));
        let theirs = take(placed, &mut rng, &mut cards);
        let jokers =
            |side: &[Card]| side.iter().filter(|c| matches!(c.tactic(), Some(Tactic::Joker1 | Tactic::Joker2))).count();
        if jokers(&mine) > 1 || jokers(&theirs) > 1 {
            continue;
        }
        // Keep brute force affordable: fewer cards to choose from for emptier sides.
        let missing = capacity - theirs.len();
        let keep = match missing {
            4 => rng.random_range(4..=12),
            3 => rng.random_range(3..=18),
            _ => rng.random_range(0..=40),
        };
        let mut available: CardSet = cards.iter().take(keep).copied().collect();
        // Unplayed tactic cards in the pool change nothing (ST-46).
        available = available.union(tactics.iter().copied().collect());
        let threshold = side_formation(&mine, bluff, battle_line);
        let fast = fast_beats(&theirs, capacity, available, threshold, bluff, battle_line);
        let brute = brute_force_beats(&theirs, capacity, available, threshold, bluff, battle_line);
        assert_eq!(
            fast, brute,
            "{mine:?} against {theirs:?} from {available} (bluff {bluff}, mud {capacity}, BL {battle_line})"
        );
        if fast {
            beaten += 1
        } else {
            holds += 1
        }
        with_elite += usize::from(mine.iter().chain(&theirs).any(|c| !c.is_clan()));
    }
    assert!(beaten > rounds / 10 && holds > rounds / 10 && with_elite > rounds / 4, "{beaten} {holds} {with_elite}");
}
