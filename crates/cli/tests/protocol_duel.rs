//! The line protocol on the duel demo: a compound secret pick and a chained reaction window,
//! played against the engine's ISMCTS without either side seeing a pending answer.

use engine::Registry;
use engine::demo::Duel;
use serde_json::Value;

fn registry() -> Registry {
    Registry::new().with::<Duel>(
        |spec| bots::standard::<Duel>(spec, || Box::new(engine::RandomBot::default())),
        bots::STANDARD_BOTS,
    )
}

/// Runs `lines` through one session and returns the replies.
fn session(lines: &[String]) -> Vec<Value> {
    let input = lines.join("\n");
    let mut out = Vec::new();
    cli::protocol::run(&registry(), &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("every reply is JSON")).collect()
}

#[test]
fn a_secret_pick_shows_only_to_its_seat_until_every_seat_picked() {
    let replies = session(&[
        r#"{"cmd":"new","game":"duel","seats":3,"seed":1}"#.into(),
        r#"{"cmd":"view","seat":0}"#.into(),
        r#"{"cmd":"apply","seat":1,"action":"pick 3 1"}"#.into(),
        r#"{"cmd":"view","seat":0}"#.into(),
        r#"{"cmd":"view"}"#.into(),
        r#"{"cmd":"bot","seat":0,"bot":"ismcts:50","apply":true}"#.into(),
        r#"{"cmd":"bot","seat":2,"bot":"random","apply":true}"#.into(),
    ]);
    assert!(replies.iter().all(|r| r["ok"] == true), "{replies:?}");
    let legal: Vec<&str> = replies[1]["legal"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(legal, ["pick 1 2", "pick 1 3", "pick 1 4", "pick 2 3", "pick 2 4", "pick 3 4"]);
    let applied = &replies[2];
    assert_eq!(applied["events"][0]["text"], "seat 1 pick 1 3");
    assert_eq!(applied["by_seat"][0][0]["text"], "seat 1 picked");
    assert_eq!(applied["spectator"][0]["text"], "seat 1 picked");
    for reply in &replies[3..5] {
        let view = reply["view"].to_string();
        assert!(!view.contains("[1,3]"), "another seat's pending pick leaked: {view}");
        assert_eq!(reply["view"]["picked"], serde_json::json!([false, true, false]));
    }
    // Both bots answered; the picks are revealed to everyone together.
    let revealed = replies[6]["spectator"].as_array().unwrap();
    assert!(revealed.iter().any(|e| e["event"]["type"] == "revealed"), "{revealed:?}");
}

#[test]
fn a_whole_duel_against_ismcts_replays_from_its_record() {
    let mut lines = vec![r#"{"cmd":"new","game":"duel","seats":2,"seed":5,"config":{"max-rounds":6}}"#.to_owned()];
    // Seat 0 plays at random, seat 1 is ismcts. Each step is asked from the protocol's status until the game is over.
    for _ in 0..60 {
        lines.push(r#"{"cmd":"bot","seat":1,"bot":"ismcts:40","apply":true}"#.to_owned());
        lines.push(r#"{"cmd":"bot","seat":0,"bot":"random","apply":true}"#.to_owned());
    }
    lines.push(r#"{"cmd":"record"}"#.to_owned());
    let replies = session(&lines);
    let record = replies.last().unwrap()["record"].clone();
    assert!(record["outcome"].is_object(), "the duel ended: {record}");
    let steps: Vec<&str> =
        record["actions"].as_array().unwrap().iter().map(|a| a["step"].as_str().unwrap_or("turn")).collect();
    assert!(steps.contains(&"secret") && steps.iter().all(|s| *s != "turn"), "{steps:?}");
    let load = session(&[serde_json::json!({"cmd": "load", "record": record}).to_string()]);
    assert_eq!(load[0]["ok"], true, "{load:?}");
    assert_eq!(load[0]["over"], true);
}

#[test]
fn every_reply_says_a_secret_choice_then_a_reaction_window_with_each_seats_pass() {
    // Seat 1 picks the highest cards, seat 0 the lowest: seat 1 wins the round, and the veto
    // window asks both seats.
    let replies = session(&[
        r#"{"cmd":"new","game":"duel","seats":2,"seed":1}"#.into(),
        r#"{"cmd":"apply","seat":0,"action":"pick 1 2"}"#.into(),
        r#"{"cmd":"apply","seat":1,"action":"pick 3 4"}"#.into(),
    ]);
    assert!(replies.iter().all(|r| r["ok"] == true), "{replies:?}");
    assert_eq!(replies[0]["step_kind"], "secret", "{}", replies[0]);
    assert_eq!(replies[0]["to_act"], serde_json::json!([0, 1]));
    assert!(replies[0].get("pass").is_none(), "a secret choice has no pass: {}", replies[0]);
    assert_eq!(replies[1]["step_kind"], "secret", "the step goes on for the seat still to pick");
    assert_eq!(replies[1]["to_act"], serde_json::json!([1]));
    let window = &replies[2];
    assert_eq!(window["step_kind"], "reaction", "{window}");
    assert_eq!(window["to_act"], serde_json::json!([0, 1]));
    assert_eq!(window["pass"], serde_json::json!(["pass", "pass"]));
}

#[test]
fn analyse_values_every_legal_action_of_a_seat_and_repeats_for_a_seed() {
    let replies = session(&[
        r#"{"cmd":"new","game":"duel","seats":2,"seed":3}"#.into(),
        r#"{"cmd":"view","seat":0}"#.into(),
        r#"{"cmd":"analyse","seat":0,"bot":"ismcts:200","seed":9}"#.into(),
        r#"{"cmd":"analyse","seat":0,"bot":"ismcts:200","seed":9}"#.into(),
        r#"{"cmd":"analyse","seat":0,"bot":"ismcts:200"}"#.into(),
        r#"{"cmd":"analyse","seat":0,"bot":"random"}"#.into(),
        r#"{"cmd":"analyse","seat":5,"bot":"ismcts:200"}"#.into(),
    ]);
    let analysis = &replies[2];
    assert_eq!(analysis["ok"], true, "{analysis}");
    assert_eq!((analysis["seat"].as_u64(), analysis["seed"].as_u64()), (Some(0), Some(9)));
    let actions = analysis["actions"].as_array().unwrap();
    let mut listed: Vec<&str> = actions.iter().map(|a| a["action"].as_str().unwrap()).collect();
    let mut legal: Vec<&str> = replies[1]["legal"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    listed.sort_unstable();
    legal.sort_unstable();
    assert_eq!(listed, legal, "every legal action once");
    assert!(actions.iter().all(|a| (0.0..=1.0).contains(&a["value"].as_f64().unwrap())));
    let visits: Vec<u64> = actions.iter().map(|a| a["visits"].as_u64().unwrap()).collect();
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "the most tried first: {visits:?}");
    assert_eq!(visits.iter().sum::<u64>(), 200, "every iteration tried one action");
    assert_eq!(replies[3]["actions"], analysis["actions"], "the same seed, the same analysis");
    assert_eq!(replies[4]["ok"], true, "a seed of its own by default: {}", replies[4]);
    assert_eq!(replies[5]["error"], "bad-bot", "random does not search: {}", replies[5]);
    assert_eq!(replies[6]["error"], "no-such-seat");
}
