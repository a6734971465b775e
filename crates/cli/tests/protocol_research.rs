//! The protocol's commands for bot authors and researchers, on the demo game: views in the
//! `apply` reply, the canonical action echo, picked seeds in 53 bits, the end reason,
//! positions (`position`, `setup`, records that start from one) and the action list.

mod common;

use serde_json::{Value, json};

fn session(lines: &[String]) -> Vec<Value> {
    let registry = common::demo_registry();
    let input = lines.join("\n");
    let mut out = Vec::new();
    cli::protocol::run(&registry, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("every reply is JSON")).collect()
}

fn lines(requests: &[Value]) -> Vec<String> {
    requests.iter().map(Value::to_string).collect()
}

fn ok(reply: &Value) -> &Value {
    assert_eq!(reply["ok"], true, "{reply}");
    reply
}

#[test]
fn apply_returns_the_views_asked_for_in_the_same_reply() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "rps-veto", "seed": 1}),
        json!({"cmd": "apply", "seat": 0, "action": "rock", "views": "to_act"}),
        json!({"cmd": "view", "seat": 1}),
        json!({"cmd": "apply", "seat": 1, "action": "scissors", "views": "all"}),
        json!({"cmd": "apply", "seat": 1, "action": "accept", "view_seat": 0}),
        json!({"cmd": "apply", "seat": 0, "action": "paper"}),
        json!({"cmd": "apply", "seat": 1, "action": "rock", "views": "some"}),
        json!({"cmd": "apply", "seat": 1, "action": "rock", "view_seat": 7}),
        json!({"cmd": "outcome"}),
    ]));
    // After seat 0 threw, only seat 1 is to act: its view and legal actions, as `view` says.
    let views = ok(&replies[1])["views"].as_array().unwrap();
    assert_eq!(views.len(), 1);
    assert_eq!(views[0]["seat"], 1);
    assert_eq!(views[0]["view"], replies[2]["view"]);
    assert_eq!(views[0]["legal"], replies[2]["legal"]);
    assert_eq!(views[0]["view"]["my_throw"], Value::Null, "seat 1 does not see seat 0's throw");
    // "all": both seats, in seat order; seat 1 lost the throw and may veto.
    let all = ok(&replies[3])["views"].as_array().unwrap();
    assert_eq!(all.iter().map(|v| v["seat"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1]);
    assert_eq!(all[0]["legal"], json!([]));
    assert_eq!(all[1]["legal"], json!(["veto", "accept"]));
    // view_seat alone: that seat, although both are to act now.
    let named = ok(&replies[4])["views"].as_array().unwrap();
    assert_eq!(named.len(), 1);
    assert_eq!(named[0]["seat"], 0);
    assert_eq!(ok(&replies[5]).get("views"), None, "no views unless asked for");
    // Bad `views` or `view_seat` are refused before anything is applied.
    assert_eq!(replies[6]["error"], "bad-request");
    assert_eq!(replies[7]["error"], "no-such-seat");
    assert_eq!(replies[8]["actions"], 4, "the refused applies changed nothing");
}

#[test]
fn bot_with_apply_returns_views_too() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "rps-veto", "seed": 1}),
        json!({"cmd": "bot", "seat": 0, "bot": "random", "apply": true, "views": "to_act"}),
    ]));
    let views = ok(&replies[1])["views"].as_array().unwrap();
    assert_eq!(views.len(), 1);
    assert_eq!(views[0]["seat"], 1);
}

#[test]
fn apply_echoes_the_action_in_canonical_notation() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "rps-veto", "seed": 1}),
        json!({"cmd": "apply", "seat": 0, "action": "  rock  "}),
        json!({"cmd": "record"}),
    ]));
    assert_eq!(ok(&replies[1])["action"], "rock");
    assert_eq!(replies[2]["record"]["actions"][0]["action"], "rock");
}

#[test]
fn seeds_the_engine_picks_fit_in_53_bits() {
    let requests: Vec<Value> = (0..50).map(|_| json!({"cmd": "new", "game": "rps-veto"})).collect();
    let replies = session(&lines(&requests));
    let seeds: Vec<u64> = replies.iter().map(|r| ok(r)["seed"].as_u64().unwrap()).collect();
    assert!(seeds.iter().all(|&s| s < 1 << 53), "{seeds:?}");
    // Not all in a small range: the clock's nanoseconds are folded in, not cut off.
    assert!(seeds.iter().any(|&s| s > 1 << 40), "{seeds:?}");
    assert_eq!(cli::protocol::MAX_PICKED_SEED, (1 << 53) - 1);
}

#[test]
fn a_finished_outcome_says_why_the_game_ended_and_the_record_keeps_it() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "rps-veto", "variants": ["first-to=1"], "seed": 1}),
        json!({"cmd": "apply", "seat": 0, "action": "rock"}),
        json!({"cmd": "apply", "seat": 1, "action": "scissors"}),
        json!({"cmd": "apply", "seat": 1, "action": "accept"}),
        json!({"cmd": "record"}),
    ]));
    let reason = json!({"code": "points", "text": "seat 0 reached 1 points"});
    assert_eq!(ok(&replies[3])["outcome"]["reason"], reason);
    assert_eq!(replies[3]["outcome"]["places"], json!([1, 2]));
    assert_eq!(replies[4]["record"]["end_reason"], reason);
    assert_eq!(replies[2]["outcome"], Value::Null);
}

#[test]
fn setup_starts_from_a_position_and_records_replay_from_it() {
    let position = "points=1,0 throws=-,paper vetoes=yes,no last=rock,paper phase=throwing";
    let replies = session(&lines(&[
        json!({"cmd": "setup", "game": "rps-veto", "position": position, "seed": 3}),
        json!({"cmd": "position"}),
        json!({"cmd": "view", "seat": 1}),
        json!({"cmd": "apply", "seat": 0, "action": "scissors"}),
        json!({"cmd": "record"}),
    ]));
    assert_eq!(ok(&replies[0])["to_act"], json!([0]), "seat 1 has thrown");
    assert_eq!(ok(&replies[1])["position"], position);
    assert_eq!(replies[2]["view"]["my_throw"], "paper");
    assert_eq!(ok(&replies[3])["outcome"]["places"], json!([1, 2]), "scissors beat paper: 2 points");
    let record = replies[4]["record"].clone();
    assert_eq!(record["position"], position);

    let mut tampered = record.clone();
    tampered["position"] = json!("points=1,0 throws=rock,paper vetoes=yes,no last=rock,paper phase=throwing");
    let replies =
        session(&lines(&[json!({"cmd": "load", "record": record}), json!({"cmd": "load", "record": tampered})]));
    assert_eq!(ok(&replies[0])["over"], true);
    assert_eq!(replies[1]["error"], "bad-record");
    assert!(replies[1]["message"].as_str().unwrap().contains("position"), "{}", replies[1]);
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    for (position, why) in [
        ("points=2,0 throws=-,- vetoes=yes,yes last=rock,paper phase=throwing", "first-to"),
        ("points=0,0 throws=-,- vetoes=yes,yes last=- phase=reaction:1", "reaction"),
        ("points=0,0 throws=-,- vetoes=maybe,yes last=- phase=throwing", "veto"),
        ("points=0,0 throws=-,- vetoes=yes,yes phase=throwing", "last is missing"),
        ("points=0,0 throws=rock,rock vetoes=yes,yes last=- phase=throwing", "both pending"),
    ] {
        let replies = session(&lines(&[json!({"cmd": "setup", "game": "rps-veto", "position": position})]));
        assert_eq!(replies[0]["error"], "bad-position", "{position}");
        let message = replies[0]["message"].as_str().unwrap();
        assert!(message.contains(why), "{position}: {message}");
    }
    let replies = session(&lines(&[json!({"cmd": "setup", "game": "rps-veto", "seats": 3, "position": "x"})]));
    assert_eq!(replies[0]["error"], "bad-setup");
}

#[test]
fn actions_lists_the_whole_action_space_for_a_game_or_a_match() {
    let replies = session(&lines(&[
        json!({"cmd": "actions", "game": "rps-veto"}),
        json!({"cmd": "actions"}),
        json!({"cmd": "new", "game": "rps-veto"}),
        json!({"cmd": "actions"}),
        json!({"cmd": "actions", "game": "rps-veto", "seats": 5}),
    ]));
    let space = json!(["rock", "paper", "scissors", "veto", "accept"]);
    assert_eq!(ok(&replies[0])["actions"], space);
    assert_eq!(replies[1]["error"], "no-match");
    assert_eq!(ok(&replies[3])["actions"], space);
    assert_eq!(replies[4]["error"], "bad-setup");
}
