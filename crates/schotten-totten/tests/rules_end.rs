//! The end of a game and match play: ST-30, ST-32 (ST-31 is in `end_of_play.rs`).

mod common;

use common::*;
use engine::Game;
use engine::VariantKind;
use schotten_totten::{Config, Event, PhaseView, SchottenTotten, VARIANTS, WinReason};

/// Seat 0 owns `owned0`, seat 1 owns `owned1`, and seat 0 can claim stone 5 (b7 b8 b9 vs y7 y8).
fn claim_5_position(owned0: &[usize], owned1: &[usize]) -> String {
    let mut spec = String::from("5: b7 b8 b9 | y7 y8\nhand0: r1 r2\nhand1: g1 g2\n");
    let fillers = ["r3", "r4", "r5", "r6", "r7", "r8", "r9", "g3", "g4"];
    for (i, &n) in owned0.iter().chain(owned1).enumerate() {
        let owner = usize::from(!owned0.contains(&n));
        spec += &format!("{n}: {} | owner={owner}\n", fillers[i]);
    }
    spec
}

#[test]
fn st_30_three_adjacent_stones_win_at_once() {
    let mut g = game(&Config::default(), &claim_5_position(&[4, 6], &[1]));
    let events = act(&mut g, S0, "claim 5").unwrap();
    assert_eq!(
        events[1],
        Event::GameWon { seat: S0, game: 1, reason: WinReason::ThreeAdjacent, points: [5, 0], scores: [5, 0] }
    );
    assert!(g.is_over());
    assert_eq!(g.outcome().unwrap().place(S0), 1);
    assert_eq!(g.outcome().unwrap().place(S1), 2);
    assert!(legal(&g, S0).is_empty() && legal(&g, S1).is_empty());
}

#[test]
fn st_30_five_stones_win_at_once_and_four_do_not() {
    let mut g = game(&Config::default(), &claim_5_position(&[1, 3, 7, 9], &[2]));
    let events = act(&mut g, S0, "claim 5").unwrap();
    assert!(matches!(events[1], Event::GameWon { seat: S0, reason: WinReason::FiveStones, .. }), "{events:?}");
    assert!(g.is_over());

    let mut g = game(&Config::default(), &claim_5_position(&[1, 3, 7], &[2]));
    let events = act(&mut g, S0, "claim 5").unwrap();
    assert_eq!(events.len(), 1, "four scattered stones do not win: {events:?}");
    assert!(!g.is_over());
    // Two adjacent and one apart do not win either.
    let mut g = game(&Config::default(), &claim_5_position(&[3, 7], &[1]));
    act(&mut g, S0, "claim 5").unwrap();
    assert!(!g.is_over());
}

#[test]
fn st_32_match_play_seed_scoring_and_the_loser_starts_the_next_game() {
    let config = Config { match_games: 2, ..Config::default() };
    let mut g = game(&config, &claim_5_position(&[4, 6], &[1, 9]));
    let events = act(&mut g, S0, "claim 5").unwrap();
    assert!(events.contains(&Event::GameStarted { game: 2, starting_seat: S1 }), "{events:?}");
    assert!(!g.is_over());
    let view = g.view(Some(S1));
    assert_eq!((view.game, view.games, view.scores, view.active), (2, 2, [5, 0], Some(S1)));
    assert_eq!((view.hand_sizes, view.pile, view.phase), ([6, 6], 42, PhaseView::Play));
    assert!(view.stones.iter().all(|s| s.owner.is_none() && s.sides.iter().all(|side| side.is_empty())));
    let previous = view.previous_game.unwrap();
    assert_eq!((previous.game, previous.winner, previous.points), (1, S0, [5, 0]));
    assert_eq!(previous.stones[4].owner, Some(S0));
}

#[test]
fn st_32_iello_scoring_gives_the_loser_a_point_per_stone() {
    let config = Config { iello_scoring: true, ..Config::default() };
    let mut g = game(&config, &claim_5_position(&[4, 6], &[1, 9]));
    act(&mut g, S0, "claim 5").unwrap();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores(), &[5, 2]);
    assert_eq!(outcome.places(), &[1, 2]);
    // Seed scoring: the loser scores nothing.
    let mut g = game(&Config::default(), &claim_5_position(&[4, 6], &[1, 9]));
    act(&mut g, S0, "claim 5").unwrap();
    assert_eq!(g.outcome().unwrap().scores(), &[5, 0]);
}

#[test]
fn st_32_a_match_of_several_games_adds_up_and_can_be_drawn() {
    // Random play to the end of a 2-game match: scores are sums of 5s (seed scoring).
    let config = Config { match_games: 2, ..Config::default() };
    let mut draws = 0;
    for seed in 0..40 {
        let mut m = engine::Match::<schotten_totten::SchottenTotten>::new(&config, 2, seed).unwrap();
        let mut policy = engine::seeded(seed);
        let mut buffer = Vec::new();
        let mut games_won = 0;
        while let Some(seat) = m.state().to_act().first() {
            m.state().legal_actions(seat, &mut buffer);
            let action = buffer[rand::Rng::random_range(&mut policy, 0..buffer.len())];
            let events = m.apply(seat, action).unwrap();
            games_won += events.iter().filter(|e| matches!(e, Event::GameWon { .. })).count();
        }
        assert_eq!(games_won, 2);
        let outcome = m.outcome().unwrap();
        assert_eq!(outcome.scores().iter().sum::<i64>(), 10);
        if outcome.scores() == [5, 5] {
            draws += 1;
            assert_eq!(outcome.places(), &[1, 1], "equal totals share first place");
        }
    }
    assert!(draws > 0, "some 2-game matches end level");
}

#[test]
fn st_32_iello_scoring_is_a_switch_named_as_in_the_rules() {
    let variant = VARIANTS.iter().find(|v| v.name == "iello-scoring").expect("listed");
    assert!(matches!(variant.kind, VariantKind::Flag));
    assert_eq!(SchottenTotten::variants().iter().filter(|v| v.name.contains("scoring")).count(), 1);
    let config: Config = serde_json::from_str(r#"{"iello-scoring": true}"#).unwrap();
    assert_eq!(config, Config { iello_scoring: true, ..Config::default() });
    assert!(!Config::default().iello_scoring, "seed scoring by default");
    assert!(serde_json::from_str::<Config>(r#"{"scoring": "iello"}"#).is_err(), "the old key is refused");
}
