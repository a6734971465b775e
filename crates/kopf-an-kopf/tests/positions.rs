//! The position notation: every position of random races (2 to 8 seats) reads back into the
//! same game, and impossible positions are refused with a reason.

use engine::testing::check_positions;
use engine::{Game, Match, PositionError};
use kopf_an_kopf::{Config, KopfAnKopf};
use serde_json::{Value, json};

#[test]
fn every_position_of_random_races_reads_back_into_the_same_game() {
    let mut checked = 0;
    for seats in 2..=8 {
        checked += check_positions::<KopfAnKopf>(&Config::default(), seats, 2, 40 + seats as u64);
    }
    assert!(checked > 3000, "{checked} positions");
}

/// The position at the start of a 3-player race, as JSON.
fn start() -> Value {
    let m = Match::<KopfAnKopf>::new(&Config::default(), 3, 4).unwrap();
    serde_json::from_str(&Game::position(m.state()).unwrap()).unwrap()
}

fn refused(position: &Value) -> String {
    match <KopfAnKopf as Game>::from_position(&Config::default(), 3, &position.to_string()) {
        Err(PositionError::Invalid(reason)) => reason,
        other => panic!("{position}\nwas not refused as impossible: {other:?}"),
    }
}

fn with(change: impl FnOnce(&mut Value)) -> Value {
    let mut p = start();
    change(&mut p);
    p
}

#[test]
fn the_position_reads_as_documented() {
    let p = start();
    assert_eq!(p["horses"].as_array().unwrap().len(), 10);
    assert_eq!(p["players"].as_array().unwrap().len(), 3);
    let dealt: usize = (0..3).map(|s| p["players"][s]["hand"].as_array().unwrap().len()).sum();
    let piles = p["piles"][0].as_array().unwrap().len() + p["piles"][1].as_array().unwrap().len();
    assert_eq!(dealt + piles + p["discard"].as_array().unwrap().len(), 104, "the 104 action cards");
    assert!(<KopfAnKopf as Game>::from_position(&Config::default(), 3, &p.to_string()).is_ok());
}

#[test]
fn kk_24_a_player_holds_one_chip_of_a_horse() {
    // Found by fuzzing: a chip listed twice counted twice in the chip sum and once in the game,
    // which then wrote a position one chip short that it could not read.
    let chips_of_two = with(|p| {
        p["chips_left"][3] = json!(1);
        p["players"][0]["chips"] = json!([4]);
        p["players"][1]["chips"] = json!([4]);
    });
    assert!(<KopfAnKopf as Game>::from_position(&Config::default(), 3, &chips_of_two.to_string()).is_ok());
    let twice = with(|p| {
        p["chips_left"][3] = json!(1);
        p["players"][0]["chips"] = json!([4, 4]);
    });
    assert!(refused(&twice).contains("holds the chip of horse 4 twice"), "{}", refused(&twice));
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    // A card too many, one missing.
    assert!(
        refused(&with(|p| p["players"][0]["hand"].as_array_mut().unwrap().push(json!("gallop"))))
            .contains("do not add up")
    );
    assert!(refused(&with(|p| drop(p["piles"][0].as_array_mut().unwrap().pop()))).contains("do not add up"));
    assert!(refused(&with(|p| p["players"][0]["hand"] = json!(["joker"]))).contains("not a card"));
    assert!(refused(&with(|p| p["horses"][2] = json!([25, 0, null]))).contains("past the finish"));
    assert!(refused(&with(|p| p["horses"][2] = json!([0, 2, null]))).contains("a place exactly when"));
    assert!(refused(&with(|p| p["horses"][2][2] = json!(5))).contains("seat 5"));
    assert!(refused(&with(|p| p["chips_left"][0] = json!(1))).contains("chips left"));
    assert!(
        refused(&with(|p| p["players"][1]["known"][2] = json!(["whip", "whip", "whip", "whip"])))
            .contains("does not hold")
    );
    assert!(refused(&with(|p| p["players"][1]["answer"] = json!("maybe"))).contains("answer"));
    assert!(refused(&with(|p| p["phase"] = json!("card-window"))).contains("card on the stack"));
    assert!(refused(&with(|p| p["phase"] = json!("over"))).contains("three horses"));
    assert!(refused(&with(|p| p["phase"] = json!("siesta"))).contains("phase"));
    assert!(refused(&with(|p| p["phase"] = json!("three-pile"))).contains("phase"), "rules 1's step is gone");
    // KK-11.2: a sprint step moves racing horses the active player owns; KK-11.3: a three-card
    // step has a 3 rolled and a card to take.
    assert!(refused(&with(|p| p["phase"] = json!("sprint"))).contains("sprint step"));
    assert!(
        refused(&with(|p| {
            p["phase"] = json!("sprint");
            p["sprinters"] = json!([4]);
        }))
        .contains("sprint step")
    );
    let sprint = with(|p| {
        p["phase"] = json!("sprint");
        p["sprinters"] = json!([4]);
        p["horses"][3][2] = json!(p["active"].clone());
    });
    assert!(<KopfAnKopf as Game>::from_position(&Config::default(), 3, &sprint.to_string()).is_ok());
    let three = |roll: Value| {
        with(|p| {
            p["phase"] = json!("three-card");
            p["roll"] = roll;
        })
    };
    assert!(refused(&three(json!([4, 2, 0]))).contains("three-card step"));
    assert!(refused(&three(json!(null))).contains("three-card step"));
    assert!(<KopfAnKopf as Game>::from_position(&Config::default(), 3, &three(json!([4, 3, 0])).to_string()).is_ok());
    assert!(refused(&with(|p| drop(p["players"].as_array_mut().unwrap().pop()))).contains("2 players"));
    assert!(refused(&json!({"phase": "action"})).contains("not a Kopf an Kopf position"));
    assert!(matches!(
        <KopfAnKopf as Game>::from_position(&Config::default(), 9, &start().to_string()),
        Err(PositionError::Setup(_))
    ));
}
