//! The shared engine contract over 10,000 random games across the variants (a smaller share in
//! debug builds), plus Schotten-Totten's own invariants at every position: all 54 cards
//! accounted for, no view or event showing a hidden card.

use engine::testing::check_random_games;
use engine::{Game, Match, Seat};
use schotten_totten::{Card, CardSet, Config, Event, SchottenTotten, Scoring, Stone};

const S: [Seat; 2] = [Seat::at(0), Seat::at(1)];

/// Every card named in `text` as a card token (`r7`, optionally quoted).
fn cards_named(text: &str) -> CardSet {
    let mut found = CardSet::EMPTY;
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if let Ok(card) = word.parse::<Card>() {
            found.insert(card);
        }
    }
    found
}

/// Every card is in exactly one place; no view or event shows a hidden card.
fn invariants(m: &Match<SchottenTotten>) {
    let g = m.state();
    let public = g.view(None);
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut place = |set: CardSet| {
        assert!(seen.intersection(set).is_empty(), "a card is in two places");
        seen = seen.union(set);
        count += set.len();
    };
    place(g.hand(S[0]));
    place(g.hand(S[1]));
    place(g.pile_cards());
    for stone in public.stones {
        for side in stone.sides {
            place(side.set());
        }
    }
    assert_eq!(count, 54, "ST-1: 54 cards in hands, pile and stones");
    // The kept claim statuses agree with proofs worked out from scratch.
    for seat in S {
        let kept = Stone::all().filter(|&s| g.can_claim(seat, s)).fold(0u16, |m, s| m | 1 << s.index());
        assert_eq!(kept, g.claimable_from_scratch(seat), "claims of seat {seat}");
    }
    assert_eq!(seen, CardSet::BASE_DECK);

    // The action that dealt a new game named cards of the old one: skip its events.
    let new_game = m.last_events().events().iter().any(|e| matches!(e, Event::GameStarted { .. }));
    for viewer in [None, Some(S[0]), Some(S[1])] {
        // Hidden from `viewer`: the pile and other seats' unshown hand cards. (The previous
        // game's final table is public and its cards are dealt anew, so it is left out.)
        let mut hidden = g.pile_cards();
        for seat in S.into_iter().filter(|&s| Some(s) != viewer) {
            hidden = hidden.union(g.hand(seat).minus(public.revealed[seat.index()]));
        }
        let mut view = g.view(viewer);
        view.previous_game = None;
        let json = serde_json::to_string(&view).unwrap();
        assert!(cards_named(&json).intersection(hidden).is_empty(), "{viewer:?} sees a hidden card: {json}");
        if new_game {
            continue;
        }
        for event in m.last_events().for_viewer(viewer) {
            if let Event::Drew { seat, card } = event {
                assert_eq!(card.is_some(), viewer == Some(seat), "only the drawer sees the card: {event}");
            }
            let text = format!("{event} {}", serde_json::to_string(&event).unwrap());
            assert!(cards_named(&text).intersection(hidden).is_empty(), "{viewer:?} sees a hidden card: {text}");
        }
    }
}

/// Runs `release` matches in release builds and `debug` in debug builds.
fn run(config: Config, release: usize, debug: usize, seed: u64) {
    let games = if cfg!(debug_assertions) { debug } else { release };
    let coverage = check_random_games::<SchottenTotten>(&config, 2, games, seed, &mut invariants);
    assert_eq!(coverage.games, games);
}

#[test]
fn random_games_default() {
    run(Config::default(), 4000, 60, 1);
}

#[test]
fn random_games_claim_after_play() {
    run(Config { claim_after_play: true, ..Config::default() }, 2500, 40, 100_000);
}

#[test]
fn random_games_table_proof_starting_seat_1() {
    run(Config { table_proof: true, starting_seat: 1, ..Config::default() }, 2500, 40, 200_000);
}

#[test]
fn random_games_all_variants_in_matches_of_3() {
    let config =
        Config { claim_after_play: true, table_proof: true, scoring: Scoring::Iello, match_games: 3, starting_seat: 1 };
    run(config, 1000, 15, 300_000);
}

#[test]
fn the_leak_detector_finds_cards() {
    assert_eq!(cards_named(r#"{"hand":["r7","n10"],"x":"y9 b1"}"#).len(), 4);
    assert!(cards_named(r#"{"pile":42,"played":"r"}"#).is_empty());
    let _ = SchottenTotten::NAME;
}
