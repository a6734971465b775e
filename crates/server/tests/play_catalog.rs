//! Whole games of the real games from `catalog::registry()` over WebSocket: a human against a
//! bot and two humans, with a spectator; nobody else ever sees a card in seat 0's hand.

mod common;

use std::collections::BTreeMap;

use common::TestServer;
use common::http::{self, create_table, join};
use common::ws::{Client, finished};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

fn chooser(seed: u64) -> impl FnMut(&[String]) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    move |legal| legal.choose(&mut rng).cloned().expect("a legal action")
}

/// Plays one seat with random legal actions to the end; returns every raw message received.
async fn play_seat(mut client: Client, seed: u64) -> (Value, Vec<String>) {
    let first = client.expect("state").await;
    let (last, _) = client.play_to_end(first, chooser(seed)).await;
    (last, client.received)
}

/// The cards of seat 0's hand that nobody else may know, per step, from seat 0's own views:
/// the hand less the cards it has shown (Schotten-Totten's proofs, ST-23), less the cards that
/// were played openly during that step (Knock-Out Whist deals again after the last trick of a
/// round, so a card can be played openly and dealt back into the hand in one step).
fn hidden_by_step(seat0: &[String]) -> BTreeMap<u64, Vec<String>> {
    let mut hidden = BTreeMap::new();
    for raw in seat0 {
        let message: Value = serde_json::from_str(raw).expect("JSON");
        if message["type"] != "state" {
            continue;
        }
        let step = message["table"]["step"].as_u64().expect("step");
        let mut shown: Vec<&str> =
            message["view"]["revealed"][0].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        for event in message["events"].as_array().into_iter().flatten() {
            if matches!(event["event"]["type"].as_str(), Some("played" | "trick-won")) {
                shown.extend(event["event"]["card"].as_str());
            }
        }
        let hand: Vec<String> = message["view"]["hand"]
            .as_array()
            .expect("seat 0's view shows its hand")
            .iter()
            .filter_map(Value::as_str)
            .filter(|card| !shown.contains(card))
            .map(str::to_owned)
            .collect();
        // Presence updates repeat a step without events: keep what the action's state said.
        hidden.entry(step).or_insert(hand);
    }
    hidden
}

/// Whether `card` occurs in `raw` as a whole token (`r1` does not occur in `r10`).
fn mentions(raw: &str, card: &str) -> bool {
    raw.match_indices(card).any(|(at, _)| {
        let before = raw[..at].chars().next_back();
        let after = raw[at + card.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Checks every raw message another seat or a spectator received against seat 0's hidden
/// cards at that message's step; returns how many messages were checked.
fn assert_no_leaks(hidden: &BTreeMap<u64, Vec<String>>, others: &[String], who: &str) -> usize {
    let mut checked = 0;
    for raw in others {
        let message: Value = serde_json::from_str(raw).expect("JSON");
        let Some(step) = message["table"]["step"].as_u64() else { continue };
        let Some(cards) = hidden.get(&step) else { continue };
        for card in cards {
            assert!(!mentions(raw, card), "{who} saw seat 0's hidden card {card} at step {step}: {raw}");
        }
        checked += 1;
    }
    checked
}

#[test]
fn the_leak_check_finds_whole_cards_only() {
    assert!(mentions(r#"{"hand":["r1","b10"]}"#, "r1"));
    assert!(mentions("seat 0 played b10 on stone 3", "b10"));
    assert!(!mentions(r#"{"hand":["r10"]}"#, "r1"));
    assert!(!mentions("legal: play r7 3", "r1"));
}

async fn human_against_bot(game: &str, bot: &str, seed: u64) {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": game, "seats": [{}, {"bot": bot}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut spectator = Client::connect(addr, &id, None).await;
    let ada = Client::connect(addr, &id, Some(&token)).await;
    let (last, seen) = play_seat(ada, seed).await;
    assert!(finished(&last) && last["table"]["outcome"].is_object(), "{last}");
    spectator.state_where(finished).await;
    let checked = assert_no_leaks(&hidden_by_step(&seen), &spectator.received, "the spectator");
    assert!(checked > 10, "the spectator saw the game: {checked} messages");

    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    assert_eq!(record["players"], json!(["Ada", bot]));
    assert_eq!(record["actions"].as_array().map(Vec::len), last["table"]["step"].as_u64().map(|s| s as usize));
    let replay = http::get(addr, &format!("/api/tables/{id}/replay?seat=0")).await.json();
    let final_view = replay["steps"].as_array().and_then(|s| s.last()).map(|s| s["view"].clone());
    assert_eq!(final_view.as_ref(), Some(&last["view"]), "the replay ends where the game ended");
    server.server.shutdown().await;
}

async fn two_humans(game: &str, seed: u64) {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": game, "seats": [{}, {}]})).await;
    let (_, t0) = join(addr, &id, "Ada").await;
    let (_, t1) = join(addr, &id, "Grace").await;
    let mut spectator = Client::connect(addr, &id, None).await;
    let ada = Client::connect(addr, &id, Some(&t0)).await;
    let grace = Client::connect(addr, &id, Some(&t1)).await;
    let (a, b) = tokio::join!(tokio::spawn(play_seat(ada, seed)), tokio::spawn(play_seat(grace, seed + 1)));
    let ((last0, seen0), (last1, seen1)) = (a.expect("seat 0"), b.expect("seat 1"));
    assert_eq!(last0["table"]["outcome"], last1["table"]["outcome"]);
    spectator.state_where(finished).await;
    let hidden = hidden_by_step(&seen0);
    assert!(assert_no_leaks(&hidden, &seen1, "seat 1") > 10);
    assert!(assert_no_leaks(&hidden, &spectator.received, "the spectator") > 10);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schotten_totten_human_against_the_heuristic_bot() {
    human_against_bot("schotten-totten", "heuristic", 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schotten_totten_two_humans_never_see_each_others_hands() {
    two_humans("schotten-totten", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn knock_out_whist_human_against_the_heuristic_bot() {
    human_against_bot("knock-out-whist", "heuristic", 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn knock_out_whist_two_humans_never_see_each_others_hands() {
    two_humans("knock-out-whist", 4).await;
}

// The table's log opens with what the set-up did: Knock-Out Whist's round-1 deal (each seat its
// own hand, a spectator none) and the turned trump card, like every later round's deal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn knock_out_whist_log_opens_with_the_first_deal_and_the_turned_trump() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "knock-out-whist", "seats": [{}, {}]})).await;
    let (_, t0) = join(addr, &id, "Ada").await;
    let (_, t1) = join(addr, &id, "Grace").await;
    let types = |log: &Value| -> Vec<String> {
        log.as_array().expect("a log").iter().map(|e| e["event"]["type"].as_str().unwrap_or("").to_owned()).collect()
    };
    let mut hands = Vec::new();
    for token in [&t0, &t1] {
        let first = Client::connect(addr, &id, Some(token)).await.expect("state").await;
        assert_eq!(types(&first["log"]), ["dealt", "trump-turned"], "{first}");
        assert_eq!(first["log"][0]["event"]["hand"], first["view"]["hand"], "each seat sees its own deal");
        assert_eq!(first["log"][1]["event"]["card"], first["view"]["turned"]);
        hands.push(first["view"]["hand"].clone());
    }
    assert_ne!(hands[0], hands[1]);
    let first = Client::connect(addr, &id, None).await.expect("state").await;
    assert_eq!(types(&first["log"]), ["dealt", "trump-turned"], "{first}");
    assert_eq!(first["log"][0]["event"].get("hand"), None, "a spectator sees no hand: {first}");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knock_out_whist_replay_opens_with_the_first_deal_and_the_turned_trump() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id =
        create_table(addr, &json!({"game": "knock-out-whist", "seats": [{"bot": "random"}, {"bot": "random"}]})).await;
    for _ in 0..600 {
        if http::get(addr, &format!("/api/tables/{id}")).await.json()["status"] == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let replay = http::get(addr, &format!("/api/tables/{id}/replay?seat=1")).await.json();
    let types: Vec<&str> = replay["opening"]
        .as_array()
        .expect("opening events")
        .iter()
        .filter_map(|e| e["event"]["type"].as_str())
        .collect();
    assert_eq!(types, ["dealt", "trump-turned"], "{replay}");
    assert_eq!(replay["opening"][0]["event"]["hand"], replay["initial"]["hand"], "seat 1 sees its own deal");
    let spectator = http::get(addr, &format!("/api/tables/{id}/replay")).await.json();
    assert_eq!(spectator["opening"][0]["event"].get("hand"), None, "a spectator sees no hand");
    server.server.shutdown().await;
}
