//! The `engine` line protocol at library level on the demo game: a scripted session with
//! every kind of bad line, each answered with an error while the session goes on.

mod common;

use serde_json::{Value, json};

/// Runs `lines` through a session and returns the replies, one per non-blank line.
fn session(lines: &[&str]) -> Vec<Value> {
    let registry = common::demo_registry();
    let input = lines.join("\n");
    let mut out = Vec::new();
    cli::protocol::run(&registry, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).expect("every reply is JSON")).collect()
}

fn error(reply: &Value) -> &str {
    assert_eq!(reply["ok"], false, "{reply}");
    assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()), "{reply}");
    reply["error"].as_str().unwrap()
}

#[test]
fn a_scripted_session_survives_every_bad_line() {
    let replies = session(&[
        r#"{"id":1,"cmd":"games"}"#,
        r#"this is not json"#,
        r#"{"id":2,"cmd":"view","seat":0}"#,
        r#"{"id":3,"cmd":"new","game":"rps-veto","variants":["first-to=1"],"seed":4}"#,
        r#"{"id":4,"cmd":"dance"}"#,
        r#"[1,2,3]"#,
        r#"{"id":5,"cmd":"apply","seat":0,"action":"lizard"}"#,
        r#"{"id":6,"cmd":"apply","seat":0,"action":"veto"}"#,
        r#"{"id":7,"cmd":"apply","seat":0,"action":"rock"}"#,
        r#"{"id":8,"cmd":"apply","seat":0,"action":"paper"}"#,
        r#"{"id":9,"cmd":"apply","seat":5,"action":"rock"}"#,
        r#"{"id":10,"cmd":"apply","seat":"one","action":"rock"}"#,
        r#"{"id":11,"cmd":"view","seat":1}"#,
        r#"{"id":12,"cmd":"apply","seat":1,"action":"scissors"}"#,
        r#"{"id":13,"cmd":"apply","seat":1,"action":"accept"}"#,
        r#"{"id":14,"cmd":"outcome"}"#,
        r#"{"id":15,"cmd":"apply","seat":0,"action":"rock"}"#,
        r#"{"id":16,"cmd":"quit"}"#,
        r#"{"id":17,"cmd":"games"}"#,
    ]);
    assert_eq!(replies.len(), 18, "nothing after quit: {replies:#?}");
    assert_eq!(replies[0]["id"], 1);
    assert_eq!(replies[0]["games"][0]["name"], "rps-veto");
    assert_eq!(error(&replies[1]), "bad-json");
    assert_eq!(replies[1].get("id"), None);
    assert_eq!(error(&replies[2]), "no-match");
    assert_eq!(replies[3]["ok"], true);
    assert_eq!(replies[3]["match"], 1);
    assert_eq!(replies[3]["config"], json!({"first-to": 1}));
    assert_eq!(replies[3]["to_act"], json!([0, 1]));
    assert_eq!(error(&replies[4]), "unknown-command");
    assert_eq!(replies[4]["id"], 4, "the id is echoed on errors too");
    assert_eq!(error(&replies[5]), "bad-json");
    assert_eq!(error(&replies[6]), "bad-notation");
    assert_eq!(error(&replies[7]), "illegal");
    // Seat 0 throws rock: it sees its own throw; seat 1 and spectators only that it threw.
    assert_eq!(replies[8]["ok"], true);
    assert_eq!(replies[8]["events"][0]["text"], "seat 0 threw rock");
    assert_eq!(replies[8]["by_seat"][1][0]["text"], "seat 0 threw");
    assert_eq!(replies[8]["spectator"][0]["text"], "seat 0 threw");
    assert_eq!(replies[8]["to_act"], json!([1]));
    assert_eq!(error(&replies[9]), "not-your-turn", "seat 0 already threw");
    assert_eq!(error(&replies[10]), "no-such-seat");
    assert_eq!(error(&replies[11]), "bad-request");
    assert_eq!(replies[12]["legal"], json!(["rock", "paper", "scissors"]));
    assert_eq!(replies[12]["view"]["my_throw"], Value::Null, "seat 1 cannot see seat 0's throw");
    assert_eq!(replies[13]["to_act"], json!([1]), "seat 1 lost the throw and may veto");
    assert_eq!(replies[14]["over"], true);
    assert_eq!(
        replies[15]["outcome"],
        json!({"places": [1, 2], "scores": [1, 0], "reason": {"code": "points", "text": "seat 0 reached 1 points"}})
    );
    assert_eq!(error(&replies[16]), "game-over");
    assert_eq!(replies[17]["bye"], true);
}

#[test]
fn bots_move_and_records_round_trip_through_load() {
    let replies = session(&[
        r#"{"cmd":"new","game":"rps-veto","seed":9,"players":["alice","bob"]}"#,
        r#"{"cmd":"bot","seat":0,"bot":"random","seed":3}"#,
        r#"{"cmd":"bot","seat":0,"bot":"genius"}"#,
        r#"{"cmd":"bot","seat":0,"bot":"random","apply":true}"#,
        r#"{"cmd":"bot","seat":0,"bot":"random"}"#,
        r#"{"cmd":"bot","seat":1,"bot":"random","apply":true}"#,
        r#"{"cmd":"record"}"#,
    ]);
    assert_eq!(replies[1]["ok"], true);
    assert!(["rock", "paper", "scissors"].contains(&replies[1]["action"].as_str().unwrap()));
    assert_eq!(replies[1]["actions"], Value::Null, "without apply nothing is played");
    assert_eq!(error(&replies[2]), "bad-bot");
    assert_eq!(replies[3]["actions"], 1);
    assert_eq!(error(&replies[4]), "not-your-turn");
    assert_eq!(replies[5]["actions"], 2);
    let record = &replies[6]["record"];
    assert_eq!(record["players"], json!(["alice", "bob"]));
    assert_eq!(record["actions"].as_array().unwrap().len(), 2);

    // Load the record into a second match, tamper with it for a third.
    let mut tampered = record.clone();
    tampered["actions"][1]["action"] = json!("lizard");
    let load = format!(r#"{{"cmd":"load","record":{record}}}"#);
    let bad = format!(r#"{{"cmd":"load","record":{tampered}}}"#);
    let replies = session(&[
        &load,
        &bad,
        r#"{"cmd":"load","record":{"game":"rps-veto"}}"#,
        r#"{"cmd":"matches"}"#,
        r#"{"cmd":"view","match":1,"seat":null}"#,
        r#"{"cmd":"view","match":7}"#,
        r#"{"cmd":"close","match":1}"#,
        r#"{"cmd":"outcome"}"#,
    ]);
    assert_eq!(replies[0]["match"], 1);
    assert_eq!(replies[0]["actions"], 2);
    assert_eq!(error(&replies[1]), "bad-record");
    assert!(replies[1]["message"].as_str().unwrap().contains("action 2"), "{}", replies[1]);
    assert_eq!(error(&replies[2]), "bad-record");
    assert_eq!(replies[3]["matches"].as_array().unwrap().len(), 1);
    assert_eq!(replies[4]["seat"], Value::Null);
    assert_eq!(replies[4]["legal"], json!([]), "a spectator has no actions");
    assert_eq!(error(&replies[5]), "no-match");
    assert_eq!(replies[6]["closed"], true);
    assert_eq!(error(&replies[7]), "no-match", "closing the current match leaves none current");
}

#[test]
fn bad_setups_have_their_own_codes() {
    let replies = session(&[
        r#"{"cmd":"new","game":"chess"}"#,
        r#"{"cmd":"new","game":"rps-veto","seats":3}"#,
        r#"{"cmd":"new","game":"rps-veto","variants":["first-to=99"]}"#,
        r#"{"cmd":"new","game":"rps-veto","config":{"colour":1}}"#,
        r#"{"cmd":"new","game":"rps-veto","config":[1]}"#,
        r#"{"cmd":"new"}"#,
        r#"{"game":"rps-veto"}"#,
        r#"{"cmd":7}"#,
        "\u{0}\u{ff}",
        "",
        r#"{"cmd":"new","game":"rps-veto","config":{"first-to":4},"seed":1}"#,
    ]);
    let codes: Vec<&str> = replies[..9].iter().map(error).collect();
    assert_eq!(
        codes,
        [
            "unknown-game",
            "bad-setup",
            "bad-setup",
            "bad-setup",
            "bad-request",
            "bad-request",
            "bad-request",
            "bad-request",
            "bad-json"
        ]
    );
    assert_eq!(replies.len(), 10, "a blank line gets no reply");
    assert_eq!(replies[9]["config"]["first-to"], 4);
}

#[test]
fn invalid_utf8_is_a_bad_json_line() {
    let registry = common::demo_registry();
    let mut input: &[u8] = b"{\"cmd\":\"games\"}\n\xff\xfe\n{\"cmd\":\"help\"}\n";
    let mut out = Vec::new();
    cli::protocol::run(&registry, &mut input, &mut out).unwrap();
    let replies: Vec<Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies.len(), 3);
    assert_eq!(error(&replies[1]), "bad-json");
    assert!(replies[2]["commands"].as_array().unwrap().contains(&json!("apply")));
}

#[test]
fn an_overlong_line_is_refused_and_skipped_and_the_session_goes_on() {
    let huge = format!(r#"{{"id":1,"cmd":"games","pad":"{}"}}"#, "x".repeat(cli::protocol::MAX_LINE + 10));
    let replies = session(&[&huge, r#"{"id":2,"cmd":"games"}"#]);
    assert_eq!(replies.len(), 2, "one reply per line: the long line is skipped whole");
    assert_eq!(error(&replies[0]), "too-long");
    assert_eq!(replies[1]["ok"], true);
    assert_eq!(replies[1]["id"], 2);
}
