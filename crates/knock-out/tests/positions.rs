//! The position notation: every position of random games (basic and pro, 3 to 5 seats) reads
//! back into the same game, and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError};
use knock_out::{Config, KnockOut};
use serde_json::{Value, json};

#[test]
fn every_position_of_random_games_reads_back_into_the_same_game() {
    let mut checked = 0;
    for config in [Config::default(), Config::pro()] {
        for seats in 3..=5 {
            checked += check_positions::<KnockOut>(&config, seats, 4, 100 + seats as u64);
        }
    }
    assert!(checked > 2000, "{checked} positions");
}

/// A position in the betting of the first fight of a 3-player basic game, as JSON.
fn betting() -> Value {
    let mut m = Match::<KnockOut>::new(&Config::default(), 3, 4).unwrap();
    for action in ["challenge L 1L", "train 2 3 4 5", "train 1 2 3 4"] {
        let seat = m.state().to_act().first().unwrap();
        m.apply(seat, action.parse().unwrap()).unwrap();
    }
    serde_json::from_str(&m.state().position().unwrap()).unwrap()
}

fn refused(position: &Value) -> String {
    match <KnockOut as Game>::from_position(&Config::default(), 3, &position.to_string()) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

/// Changes one field of the betting position.
fn with(change: impl FnOnce(&mut Value)) -> Value {
    let mut p = betting();
    change(&mut p);
    p
}

#[test]
fn the_position_reads_as_documented() {
    let p = betting();
    assert_eq!(p["phase"], "betting");
    assert_eq!(p["fight"]["boxers"], json!(["0L", "1L"]));
    // The referee sees both secret trainings; the hand no longer holds them.
    assert_eq!(p["fight"]["training"], json!([[2, 3, 4, 5], [1, 2, 3, 4]]));
    assert_eq!(p["managers"][0]["hand"], json!([1, 1, 2, 2, 3, 3, 4, 5]));
    assert_eq!(p["managers"][2]["hand"].as_array().unwrap().len(), 12);
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    // A thirteenth card: a 5 more than the hand and the training hold.
    assert!(
        refused(&with(|p| p["managers"][0]["hand"] = json!([1, 1, 2, 2, 3, 3, 4, 5, 5])))
            .contains("more cards than 12")
    );
    assert!(refused(&with(|p| p["managers"][2]["hand"] = json!([6]))).contains("1 to 5, not 6"));
    assert!(
        refused(&with(|p| p["managers"][1]["boxers"][0][0] = json!("world-champion"))).contains("only in the pro game")
    );
    assert!(refused(&with(|p| p["managers"][1]["chips"] = json!(4))).contains("chips"));
    assert!(refused(&with(|p| p["bets"][0][1] = json!([null, 2]))).contains("accept without an offer"));
    assert!(refused(&with(|p| p["bets"][0].as_array_mut().unwrap().pop().map(drop).unwrap())).contains("fields"));
    assert!(refused(&with(|p| p["fight"]["boxers"] = json!(["0L", "0H"]))).contains("each other"));
    assert!(refused(&with(|p| p["fight"]["pending"] = json!([1, null]))).contains("not among"));
    assert!(refused(&with(|p| p["phase"] = json!("training"))).contains("does not fit"));
    assert!(refused(&with(|p| p["phase"] = json!("ringside"))).contains("phase"));
    assert!(refused(&with(|p| p["order"] = json!([0, 0, 1]))).contains("every seat once"));
    assert!(refused(&with(|p| p["season"] = json!(2))).contains("season 2"));
    assert!(refused(&with(|p| p["active"] = json!(7))).contains("seat 7"));
    assert!(refused(&with(|p| p["managers"].as_array_mut().unwrap().pop().map(drop).unwrap())).contains("2 managers"));
    assert!(refused(&json!({"season": 1})).contains("not a Knock Out position"));
    // The seat count is a set-up error, not a position error.
    assert!(matches!(
        <KnockOut as Game>::from_position(&Config::default(), 9, &betting().to_string()),
        Err(PositionError::Setup(_))
    ));
    // The unchanged position reads.
    assert!(<KnockOut as Game>::from_position(&Config::default(), 3, &betting().to_string()).is_ok());
}
