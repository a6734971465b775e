//! The position notation: every position of random games (every variant mix, 2 to 7 seats)
//! reads back into the same game, and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError, Seat};
use knock_out_whist::{Config, KnockOutWhist};

#[test]
fn every_position_of_random_games_reads_back_into_the_same_game() {
    let mut checked = 0;
    for (i, config) in Config::flag_combinations().enumerate() {
        for seats in [2, 3, 5, 7] {
            if KnockOutWhist::new(&config, seats, &mut engine::seeded(0)).is_err() {
                continue;
            }
            checked += check_positions::<KnockOutWhist>(&config, seats, 3, 1000 * i as u64 + seats as u64);
        }
    }
    assert!(checked > 2000, "{checked} positions");
}

fn start() -> String {
    Match::<KnockOutWhist>::new(&Config::default(), 3, 4).unwrap().state().position().unwrap()
}

fn refused(position: &str) -> String {
    match <KnockOutWhist as Game>::from_position(&Config::default(), 3, position) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

#[test]
fn the_first_round_reads_as_documented() {
    let text = start();
    assert!(text.starts_with("round 1 dealer 0; phase play; turn 1; status in in in; mercy-used -; trump "), "{text}");
    assert!(text.ends_with("; tricks 0 0 0; done -; trick 1:-; votes -"), "{text}");
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let text = start();
    let hands = text.split("; ").find(|f| f.starts_with("hands ")).unwrap();
    let words: Vec<&str> = hands.split_whitespace().collect();
    // Seat 1 also holds seat 0's first card.
    let card = words[1].split(',').next().unwrap();
    let twice = text.replacen(words[2], &format!("{},{card}", words[2]), 1);
    let reason = refused(&twice);
    assert!(reason.contains("two places") || reason.contains("cannot hold"), "{reason}");
    // A card missing from seat 2's hand.
    let short = words[3].rsplit_once(',').unwrap().0;
    assert!(refused(&text.replacen(words[3], short, 1)).contains("seat 2 cannot hold 6 cards"));
    assert!(refused(&text.replacen("tricks 0 0 0", "tricks 1 0 0", 1)).contains("won 0"));
    assert!(refused(&text.replacen("round 1 dealer 0", "round 9 dealer 0", 1)).contains("round 9"));
    assert!(refused(&text.replacen("phase play", "phase vote", 1)).contains("chooser"));
    assert!(refused(&text.replacen("turn 1", "turn 5", 1)).contains("not a seat"));
    assert!(refused("round 1 dealer 0").contains("missing"));
    assert!(matches!(
        <KnockOutWhist as Game>::from_position(&Config::default(), 9, &text),
        Err(PositionError::Setup(_))
    ));
}

#[test]
fn kw_10_a_position_whose_turn_skips_a_seat_of_the_trick_is_refused() {
    // Found by fuzzing: an edited turn gave the trick to a seat further on; the game read it,
    // played on, and wrote a position that did not read back.
    let mut m = Match::<KnockOutWhist>::new(&Config::default(), 4, 4).unwrap();
    let leader = m.state().to_act().first().unwrap();
    let mut legal = Vec::new();
    m.state().legal_actions(leader, &mut legal);
    m.apply(leader, legal[0]).unwrap();
    let text = m.state().position().unwrap();
    let next = leader.next(4);
    let turn = |seat: Seat| text.replacen(&format!("turn {next};"), &format!("turn {seat};"), 1);
    assert_ne!(turn(next.next(4)), text, "{text}");
    let reason = match <KnockOutWhist as Game>::from_position(&Config::default(), 4, &turn(next.next(4))) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{text}\nwith the turn two seats on was not refused: {other:?}"),
    };
    assert!(reason.contains(&format!("seat {next} is to play in this trick")), "{reason}");
    <KnockOutWhist as Game>::from_position(&Config::default(), 4, &text).unwrap();
}

#[test]
fn kw_42_a_knocked_out_chooser_is_refused() {
    // Found by fuzzing: a vote whose chooser was knocked out read, and once the votes were in
    // that seat was to act with no legal action.
    let text = "round 4 dealer 5; phase vote; turn 5; status out:1 out:1 in out:1 out:3 in; mercy-used -; \
                trump - pending; turned -; chooser 2 tied 5; hands - - 2C,5C,6H,3S - - 7D,9D,KH,JS; \
                tricks 0 0 0 0 0 0; done -; trick 5:-; votes 0=S,1=H,3=H,4=- secret";
    let config = Config { knocked_out_vote: true, ..Config::default() };
    let read = |text: &str| <KnockOutWhist as Game>::from_position(&config, 6, text);
    read(text).unwrap();
    match read(&text.replacen("chooser 2", "chooser 1", 1)) {
        Err(PositionError::Invalid(reason)) => assert!(reason.contains("seat 1, is knocked out"), "{reason}"),
        other => panic!("a knocked-out chooser was not refused: {other:?}"),
    }
}
