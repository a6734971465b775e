//! The position notation: every position of random matches reads back into the same match,
//! and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError, Seat};
use schotten_totten::{Config, SchottenTotten};

#[test]
fn every_position_of_random_matches_reads_back_into_the_same_match() {
    let configs = [
        Config::default(),
        Config { claim_after_play: true, ..Config::default() },
        Config { match_games: 3, iello_scoring: true, starting_seat: 1, ..Config::default() },
        Config { table_proof: true, match_games: 2, ..Config::default() },
    ];
    for (i, config) in configs.iter().enumerate() {
        let checked = check_positions::<SchottenTotten>(config, 2, 25, 100 * i as u64);
        assert!(checked > 25 * 30, "{checked} positions");
    }
}

/// ST-40 … ST-50: the tactics variant (every ruse sequence, combat modes, elite troops, both
/// piles, the discard), Battle Line and both together.
#[test]
fn every_position_of_tactics_and_battle_line_matches_reads_back_into_the_same_match() {
    let configs = [
        Config { tactics: true, ..Config::default() },
        Config { battle_line: true, ..Config::default() },
        Config { battle_line: true, tactics: true, match_games: 2, ..Config::default() },
        Config { tactics: true, claim_after_play: true, ..Config::default() },
    ];
    for (i, config) in configs.iter().enumerate() {
        let checked = check_positions::<SchottenTotten>(config, 2, 25, 7000 + 100 * i as u64);
        assert!(checked > 25 * 30, "{checked} positions");
    }
}

fn start() -> String {
    Match::<SchottenTotten>::new(&Config::default(), 2, 7).unwrap().state().position().unwrap()
}

fn refused(position: &str) -> String {
    match SchottenTotten::from_position(&Config::default(), 2, position) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

#[test]
fn the_start_of_a_game_reads_as_documented() {
    let text = start();
    assert!(text.starts_with("turn 0 play; hands "), "{text}");
    assert!(text.contains("; stones -.- -.- -.- -.- -.- -.- -.- -.- -.-; pile "), "{text}");
    assert!(text.ends_with("; game 1 start 0; scores 0 0; last -; previous -"), "{text}");
    let game = SchottenTotten::from_position(&Config::default(), 2, &text).unwrap();
    assert_eq!(
        game.view(Some(Seat::at(1))),
        Match::<SchottenTotten>::new(&Config::default(), 2, 7).unwrap().state().view(Some(Seat::at(1)))
    );
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let text = start();
    // A card twice: seat 1's first card also in seat 0's hand.
    let hands = text.split("; ").nth(1).unwrap();
    let words: Vec<&str> = hands.split_whitespace().collect();
    let first_of_1 = words[2].split(',').next().unwrap();
    let twice = text.replacen(words[1], &format!("{},{first_of_1}", words[1]), 1);
    assert!(refused(&twice).contains("two places"));
    // A card missing: drop the pile's top card.
    let pile = text.split("; ").nth(4).unwrap();
    let top = pile.split_whitespace().nth(1).unwrap().split(',').next().unwrap();
    let missing = text.replacen(&format!("pile {top},"), "pile ", 1);
    let reason = refused(&missing);
    assert!(reason.contains("missing: ") && reason.contains(top), "{reason}");
    // Final claim turns while cards are left to draw; a game number, scores and a last action
    // the position does not bear out.
    assert!(refused(&text.replacen("turn 0 play", "turn 0 final-claims 2", 1)).contains("ST-31"));
    assert!(refused(&text.replacen("game 1 start 0", "game 2 start 0", 1)).contains("game 2"));
    assert!(refused(&text.replacen("scores 0 0", "scores 5 0", 1)).contains("ST-32"));
    assert!(refused(&text.replacen("last -", "last 0 play r1 3", 1)).contains("not there"));
    assert!(refused("turn 0 play").contains("missing"));
    assert!(refused(&format!("{text}; colour red")).contains("unknown field"));
    assert!(matches!(SchottenTotten::from_position(&Config::default(), 3, &text), Err(PositionError::Setup(_))));
}

/// A position of a tactics match after a few random moves, with its config.
fn tactics_position() -> (Config, String) {
    let config = Config { tactics: true, ..Config::default() };
    let mut m = Match::<SchottenTotten>::new(&config, 2, 11).unwrap();
    let mut legal = Vec::new();
    for _ in 0..6 {
        let seat = m.state().to_act().first().unwrap();
        m.state().legal_actions(seat, &mut legal);
        m.apply(seat, legal[0]).unwrap();
    }
    let text = m.state().position().unwrap();
    (config, text)
}

#[test]
fn st_40_st_41_tactics_positions_are_checked() {
    let (config, text) = tactics_position();
    assert!(text.contains("; tactics ") && text.ends_with("; idle 0"), "{text}");
    let refused = |position: &str| match SchottenTotten::from_position(&config, 2, position) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    };
    assert!(SchottenTotten::from_position(&config, 2, &text).is_ok());
    // A tactic card dropped from the tactic pile is missing from the deck.
    let tactics = text.split("; ").find(|f| f.starts_with("tactics ")).unwrap();
    let (_, first) = tactics.split_once(' ').unwrap();
    let rest = first.split_once(',').map_or("-", |(_, rest)| rest);
    assert!(refused(&text.replacen(tactics, &format!("tactics {rest}"), 1)).contains("once each"));
    // The tactics fields are required with the variant and refused without it.
    let without: String = text.split("; ").filter(|f| !f.starts_with("idle ")).collect::<Vec<_>>().join("; ");
    assert!(refused(&without).contains("idle is missing"));
    assert!(matches!(
        SchottenTotten::from_position(&Config::default(), 2, &text),
        Err(PositionError::Invalid(reason)) if reason.contains("only for the tactics variant")
    ));
    assert!(refused(&text.replacen("; idle 0", "; idle 5", 1)).contains("idle is 0, 1 or 2"));
    assert!(refused(&text.replacen("; played - -", "; played joker1 -", 1)).contains("played"));
}

#[test]
fn st_15_a_stone_with_both_sides_complete_but_no_first_is_refused_not_a_panic() {
    // Found by fuzzing (docs/fuzzing.md): reading worked out the claims before checking the
    // stones, and a stone with two complete sides and no `^SEAT` panicked there.
    let mut m = Match::<SchottenTotten>::new(&Config::default(), 2, 3).unwrap();
    let mut rng = engine::seeded(3);
    let mut legal = Vec::new();
    let full = |side: &str| side.split(',').count() == 3 && side != "-";
    let (text, stone) = loop {
        let text = m.state().position().unwrap();
        let stones = text.split("; ").find(|f| f.starts_with("stones ")).unwrap();
        let both = stones.split_whitespace().skip(1).find(|s| {
            let sides = s.split(['^', '@']).next().unwrap();
            sides.split_once('.').is_some_and(|(a, b)| full(a) && full(b)) && !s.contains('@')
        });
        if let Some(stone) = both {
            break (text.clone(), stone.to_owned());
        }
        let seat = m.state().to_act().first().expect("a stone fills up before the game ends");
        m.state().legal_actions(seat, &mut legal);
        // Never claim, so stones fill on both sides.
        let plays: Vec<_> = legal.iter().filter(|a| a.to_string().starts_with("play")).collect();
        let action = match plays.is_empty() {
            true => legal[rand::Rng::random_range(&mut rng, 0..legal.len())],
            false => *plays[rand::Rng::random_range(&mut rng, 0..plays.len())],
        };
        m.apply(seat, action).unwrap();
    };
    let without_first = text.replacen(&stone, stone.split('^').next().unwrap(), 1);
    assert!(refused(&without_first).contains("who completed first"), "{without_first}");
}
