//! Formations, comparison and claims: ST-10 … ST-25, partly data-driven from `tests/data`.

mod common;

use common::*;
use engine::{Game, GameEvent};
use schotten_totten::proof::{brute_force_best, proof_holds};
use schotten_totten::{CardSet, Class, Config, Event, Formation, SchottenTotten};

fn rows(file: &str) -> Vec<Vec<String>> {
    file.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').map(|f| f.trim().to_string()).collect())
        .collect()
}

/// ST-10 … ST-15, data-driven: every comparison in formations.txt, at a real stone too.
#[test]
fn st_10_to_st_15_formation_comparisons_from_the_data_file() {
    let data = rows(include_str!("data/formations.txt"));
    assert!(data.len() >= 20);
    for row in data {
        let (a, b, expected) = (&row[0], &row[1], row[2].as_str());
        let (fa, fb) = (Formation::of(&cards(a)), Formation::of(&cards(b)));
        match expected {
            "a" => assert!(fa > fb, "{a} should beat {b}: {fa} vs {fb}"),
            "b" => assert!(fb > fa, "{b} should beat {a}: {fb} vs {fa}"),
            "first" => assert_eq!(fa, fb, "{a} and {b} should be equal"),
            other => panic!("bad expectation {other:?}"),
        }
        // The same at a stone, with either seat completing first (ST-15, ST-21).
        for first in 0..2 {
            let g = game(&Config::default(), &format!("1: {a} | {b} first={first}"));
            let winner = match expected {
                "a" => S0,
                "b" => S1,
                _ => engine::Seat::at(first),
            };
            let loser = engine::Seat::at(1 - winner.index());
            assert!(g.can_claim(winner, stone(1)), "{a} | {b} first={first}: {winner} claims");
            assert!(!g.can_claim(loser, stone(1)), "{a} | {b} first={first}: {loser} cannot claim");
        }
    }
}

#[test]
fn st_10_colour_run_any_order() {
    assert_eq!(Formation::of(&cards("b9 b7 b8")), Formation { class: Class::ColourRun, sum: 24 });
}

#[test]
fn st_11_three_of_a_kind() {
    assert_eq!(Formation::of(&cards("b3 r3 y3")), Formation { class: Class::OfAKind, sum: 9 });
}

#[test]
fn st_12_colour() {
    assert_eq!(Formation::of(&cards("b1 b3 b7")), Formation { class: Class::Colour, sum: 11 });
}

#[test]
fn st_13_run_of_mixed_colours_and_no_wrapping() {
    assert_eq!(Formation::of(&cards("b2 r3 y4")), Formation { class: Class::Run, sum: 9 });
    assert_eq!(Formation::of(&cards("r9 b1 g2")).class, Class::Sum);
    assert_eq!(Formation::of(&cards("r8 b9 g1")).class, Class::Sum);
}

#[test]
fn st_14_sum() {
    assert_eq!(Formation::of(&cards("b2 r3 y5")), Formation { class: Class::Sum, sum: 10 });
}

#[test]
fn st_15_equal_formations_go_to_the_side_completed_first() {
    for first in 0..2 {
        let g = game(&Config::default(), &format!("4: r1 r2 r3 | b1 b2 b3 first={first}"));
        assert!(g.can_claim(engine::Seat::at(first), stone(4)));
        assert!(!g.can_claim(engine::Seat::at(1 - first), stone(4)));
    }
}

/// ST-22, data-driven: each position of proofs.txt, and brute force agrees.
#[test]
fn st_22_proofs_from_the_data_file() {
    let data = rows(include_str!("data/proofs.txt"));
    assert!(data.len() >= 25);
    for row in data {
        let mine = cards(&row[0]);
        let theirs = if row[1] == "-" { vec![] } else { cards(&row[1]) };
        let gone = if row[2] == "-" { CardSet::EMPTY } else { set(&row[2]) };
        let available = CardSet::BASE_DECK
            .minus(mine.iter().copied().collect())
            .minus(theirs.iter().copied().collect())
            .minus(gone);
        let formation = Formation::of(&mine);
        let holds = proof_holds(formation, &theirs, 3, available);
        let brute = brute_force_best(&theirs, 3, available).is_none_or(|best| best <= formation);
        assert_eq!(holds, brute, "fast and brute-force proofs disagree on {row:?}");
        assert_eq!(holds, row[3] == "holds", "{row:?}");
    }
}

#[test]
fn st_20_claims_need_the_own_side_complete() {
    let mut g = game(&Config::default(), "1: b8 b9 | y1\nhand0: r1\nhand1: g1");
    assert!(!legal(&g, S0).iter().any(|a| a.starts_with("claim")));
    let before = g.view(None);
    assert!(act(&mut g, S0, "claim 1").is_err());
    assert_eq!(g.view(None), before);
}

#[test]
fn st_21_with_both_sides_complete_the_stronger_side_claims() {
    let mut g = game(&Config::default(), "2: r1 b2 g4 | y5 p6 n7\nhand0: r9\nhand1: g9\nactive: 0");
    assert!(!g.can_claim(S0, stone(2)));
    assert!(act(&mut g, S0, "claim 2").is_err());
    act(&mut g, S0, "play r9 1").unwrap();
    assert_eq!(legal(&g, S1)[0], "claim 2");
    let events = act(&mut g, S1, "claim 2").unwrap();
    assert_eq!(events[0].to_string(), "seat 1 claimed stone 2");
    assert_eq!(g.view(None).stones[1].owner, Some(S1));
}

#[test]
fn st_22_a_claim_against_an_incomplete_side_needs_proof() {
    // r5 b5 g5 against y6 p6: the 6s of red, blue, green and brown are threats.
    let spec = "3: r5 b5 g5 | y6 p6\n5: r6 b6 | g6\nhand0: r1\nhand1: g1";
    let g = game(&Config::default(), spec);
    assert!(!g.can_claim(S0, stone(3)), "n6 is unseen");
    let g = game(&Config::default(), &format!("{spec}\n6: n6 |"));
    assert!(g.can_claim(S0, stone(3)), "every 6 is on the table");
}

#[test]
fn st_23_the_rules_example_reveals_the_yellow_9() {
    let spec = "1: b6 b7 b8 | y7 y8\nhand0: y9 r1 r2\nhand1: g1 g2";
    let mut g = game(&Config::default(), spec);
    assert_eq!(g.claim_reveal(S0, stone(1)), Some(set("y9")));
    let events = act(&mut g, S0, "claim 1").unwrap();
    assert_eq!(
        events,
        vec![Event::Claimed { seat: S0, stone: stone(1), revealed: set("y9"), resolved: Default::default() }]
    );
    assert_eq!(events[0].redact(Some(S1)).unwrap().to_string(), "seat 0 claimed stone 1, showing y9");
    // The shown card is public and stays in the hand.
    assert!(g.hand(S0).contains(cards("y9")[0]));
    let view = g.view(Some(S1));
    assert_eq!(view.revealed[0], set("y9"));
    assert!(serde_json::to_string(&view).unwrap().contains("\"y9\""));
    assert!(!serde_json::to_string(&view).unwrap().contains("\"r1\""));
    // Playing a shown card moves it from `revealed` to the table.
    act(&mut g, S0, "play y9 2").unwrap();
    assert!(g.view(None).revealed[0].is_empty());

    // Without the yellow 9 in hand the claim is not legal (ST-25).
    let g = game(&Config::default(), "1: b6 b7 b8 | y7 y8\nhand0: r1\nhand1: y9");
    assert!(!legal(&g, S0).contains(&"claim 1".to_string()));
    assert_eq!(g.claim_reveal(S0, stone(1)), None);
}

#[test]
fn st_23_the_seeds_example_needs_no_reveal() {
    let mut g = game(&Config::default(), "1: b7 b8 b9 | y7 y8\nhand0: y9 y6\nhand1: g1");
    assert_eq!(g.claim_reveal(S0, stone(1)), Some(CardSet::EMPTY));
    act(&mut g, S0, "claim 1").unwrap();
    assert!(g.view(None).revealed[0].is_empty());
}

#[test]
fn st_23_the_smallest_set_of_hand_cards_is_shown() {
    // 5-5-5 against 6-6: the red and blue 6 are on the table, green and brown in hand.
    let spec = "3: r5 b5 g5 | y6 p6\n5: r6 b6 |";
    let g = game(&Config::default(), &format!("{spec}\nhand0: g6 n6 y1 y2 n9\nhand1: g1"));
    assert_eq!(g.claim_reveal(S0, stone(3)), Some(set("g6 n6")));
    // One threat left: one card.
    let g = game(&Config::default(), &format!("{spec}\n6: g6 |\nhand0: n6 y1 y2 n9\nhand1: g1"));
    assert_eq!(g.claim_reveal(S0, stone(3)), Some(set("n6")));
    // A card shown before is known already and not shown again.
    let g = game(&Config::default(), &format!("{spec}\nhand0: g6 n6 y1\nrevealed0: g6\nhand1: g1"));
    assert_eq!(g.claim_reveal(S0, stone(3)), Some(set("n6")));
}

#[test]
fn st_24_table_proof_ignores_the_hand() {
    let config = Config { table_proof: true, ..Config::default() };
    let g = game(&config, "1: b6 b7 b8 | y7 y8\nhand0: y9 r1\nhand1: g1");
    assert!(!g.can_claim(S0, stone(1)), "the yellow 9 in hand does not count");
    let g = game(&config, "1: b6 b7 b8 | y7 y8\n2: y9 |\nhand0: r1\nhand1: g1");
    assert_eq!(g.claim_reveal(S0, stone(1)), Some(CardSet::EMPTY), "on the table it does");
    let mut g = game(&config, "1: b7 b8 b9 | y7 y8\nhand0: r1\nhand1: g1");
    let events = act(&mut g, S0, "claim 1").unwrap();
    assert_eq!(
        events,
        vec![Event::Claimed { seat: S0, stone: stone(1), revealed: CardSet::EMPTY, resolved: Default::default() }]
    );
}

#[test]
fn st_25_only_succeeding_claims_are_legal_and_failing_ones_change_nothing() {
    let spec = "1: b6 b7 b8 | y7 y8\n2: r1 r2 r3 | g7 g8 g9\nhand0: r9\nhand1: g1";
    let mut g = game(&Config::default(), spec);
    assert!(!legal(&g, S0).iter().any(|a| a.starts_with("claim")), "{:?}", legal(&g, S0));
    let before = (g.view(None), g.view(Some(S0)), g.view(Some(S1)));
    for claim in ["claim 1", "claim 2", "claim 3"] {
        assert!(act(&mut g, S0, claim).is_err());
    }
    assert_eq!((g.view(None), g.view(Some(S0)), g.view(Some(S1))), before);
    let _ = SchottenTotten::NAME;
}

/// Seat 0 shows y9 to claim stone 1 (ST-23). That card is in seat 0's hand, so it stays
/// available to seat 0's side when seat 1 proves a claim: n9 b9 + y9 beats seat 1's three 8s.
#[test]
fn st_23_cards_shown_in_a_proof_stay_available_to_their_owner_when_the_other_seat_proves() {
    let spec = "1: b6 b7 b8 | y7 y8\n2: n9 b9 | r8 g8 p8\n3: | r9 g9 p9\nhand0: y9 r1 r2\nhand1: g1 g2\npile: r3 g3";
    for table_proof in [false, true] {
        let config = Config { table_proof, ..Config::default() };
        let mut g = game(&config, spec);
        assert!(!g.can_claim(S1, stone(2)), "y9 is unseen");
        if !table_proof {
            let events = act(&mut g, S0, "claim 1").unwrap();
            assert_eq!(
                events,
                vec![Event::Claimed { seat: S0, stone: stone(1), revealed: set("y9"), resolved: Default::default() }]
            );
        }
        act(&mut g, S0, "play r1 4").unwrap();
        assert!(!g.can_claim(S1, stone(2)), "table-proof {table_proof}: y9 is known to be seat 0's");
        assert!(!legal(&g, S1).contains(&"claim 2".to_string()));
        assert_eq!(g.claimable_from_scratch(S1) & 1 << 1, 0);
        // Once y9 is on the table (elsewhere), seat 1's proof holds.
        act(&mut g, S1, "play g1 5").unwrap();
        act(&mut g, S0, "play y9 4").unwrap();
        assert!(g.can_claim(S1, stone(2)), "table-proof {table_proof}: every 9 is on the table");
    }
}
