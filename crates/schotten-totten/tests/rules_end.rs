//! The end of a game and match play: ST-30, ST-31, ST-32.

mod common;

use common::*;
use engine::{Game, Seat};
use schotten_totten::{Config, Event, PhaseView, Scoring, WinReason};

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

/// Every slot is filled except seat 0's sides of stones 7 (2 cards, p8 to come) and 8 (2
/// cards, never completed); stone 9 was claimed early by seat 1. Seat 0 plays its last card.
const END_OF_PLAY: &str = "
    1: r1 r2 r3 | b1 g2 y4
    2: p1 n2 b4 | r4 r5 r6
    3: b5 b6 b7 | g1 y2 p4
    4: n1 g3 y5 | g4 g5 g6
    5: y6 y7 y8 | p2 n3 r7
    6: b2 y1 p5 | n4 n5 n6
    7: p6 p7 | b3 r8 g7
    8: b8 g8 | y3 n7 r9
    9: p3 b9 | g9 y9 n8 owner=1
    hand0: p8
    hand1: p9 n9
";

#[test]
fn st_31_when_nobody_can_play_complete_stones_are_decided_then_st_30() {
    let mut g = game(&Config::default(), END_OF_PLAY);
    assert_eq!(g.view(None).pile, 0);
    let events = act(&mut g, S0, "play p8 7").unwrap();
    let lines: Vec<String> = events.iter().map(ToString::to_string).collect();
    // Seat 0 is out of cards and seat 1 has no room: play ends.
    let awarded: Vec<(Seat, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Awarded { seat, stone } => Some((*seat, stone.index() + 1)),
            _ => None,
        })
        .collect();
    assert_eq!(awarded, vec![(S0, 1), (S1, 2), (S0, 3), (S1, 4), (S0, 5), (S1, 6), (S0, 7), (S1, 8)], "{lines:?}");
    // Stone 8 could never be completed by seat 0, so seat 1 gets it: 2, 4, 6, 8, 9 = five stones.
    assert!(matches!(events.last().unwrap(), Event::MatchOver { winner: Some(s), .. } if *s == S1), "{lines:?}");
    assert!(events.contains(&Event::GameWon {
        seat: S1,
        game: 1,
        reason: WinReason::FiveStones,
        points: [0, 5],
        scores: [0, 5]
    }));
    assert!(g.is_over());
}

#[test]
fn st_31_equal_sides_at_the_end_go_to_the_side_completed_first() {
    // Swap seat 0's sides of stones 1 and 2: stone 1 is then sum 7 against sum 7.
    for first in [S0, S1] {
        let spec = END_OF_PLAY
            .replace("1: r1 r2 r3 | b1 g2 y4", &format!("1: p1 n2 b4 | b1 g2 y4 first={}", first.index()))
            .replace("2: p1 n2 b4 | r4 r5 r6", "2: r1 r2 r3 | r4 r5 r6");
        let mut g = game(&Config::default(), &spec);
        act(&mut g, S0, "play p8 7").unwrap();
        assert_eq!(g.view(None).stones[0].owner, Some(first));
        assert!(g.is_over());
    }
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
    let config = Config { scoring: Scoring::Iello, ..Config::default() };
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
