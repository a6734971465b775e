//! Whole games over WebSocket with the demo game: a human against a bot, two humans, and what
//! other seats and spectators may see.

mod common;

use common::http::{self, create_table, join};
use common::ws::{Client, finished};
use common::{TestServer, demo_registry};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

fn chooser(seed: u64) -> impl FnMut(&[String]) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    move |legal| legal.choose(&mut rng).cloned().expect("a legal action")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_a_bot_to_the_end() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{"bot": null}, {"bot": "random"}]})).await;
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["status"], "open");
    let (seat, token) = join(addr, &id, "Ada").await;
    assert_eq!(seat, 0);
    assert!(token.len() >= 32, "a token carries at least 128 bits");

    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    assert_eq!(first["you"], 0);
    assert_eq!(first["table"]["status"], "running");
    assert_eq!(first["table"]["seats"][0]["name"], "Ada");
    assert_eq!(first["table"]["seats"][0]["connected"], true);
    assert!(first["log"].is_array(), "the first state carries the log");
    let (last, moves) = ada.play_to_end(first, chooser(1)).await;
    assert!(moves >= 2);
    assert!(last["table"]["outcome"]["places"].is_array());

    // The record and the replay of the finished table.
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await;
    assert_eq!(record.status, 200);
    let record = record.json();
    assert_eq!(record["game"], "rps-veto");
    assert_eq!(record["players"], json!(["Ada", "random"]));
    assert_eq!(record["actions"].as_array().map(Vec::len), last["table"]["step"].as_u64().map(|n| n as usize));
    let replay = http::get(addr, &format!("/api/tables/{id}/replay?seat=0")).await.json();
    assert_eq!(replay["steps"].as_array().map(Vec::len), record["actions"].as_array().map(Vec::len));
    assert_eq!(replay["steps"].as_array().and_then(|s| s.last()).map(|s| &s["view"]), Some(&last["view"]));
    assert_eq!(http::get(addr, &format!("/api/tables/{id}/replay?seat=5")).await.status, 400);

    let listed = http::get(addr, "/api/tables?status=finished").await.json();
    assert!(listed.as_array().is_some_and(|a| a.iter().any(|t| t["id"] == id.as_str())));
    server.server.shutdown().await;
}

/// Plays one seat with random choices until the game ends; returns every raw message received.
async fn play_seat(mut client: Client, seed: u64) -> (Value, Vec<String>) {
    let first = client.expect("state").await;
    let (last, _) = client.play_to_end(first, chooser(seed)).await;
    (last, client.received)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_play_and_a_spectator_watches() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "variants": ["first-to=3"], "seats": [{}, {}]})).await;
    let (s0, t0) = join(addr, &id, "Ada").await;
    let mut spectator = Client::connect(addr, &id, None).await;
    assert_eq!(spectator.expect("state").await["table"]["status"], "open");
    let (s1, t1) = join(addr, &id, "Grace").await;
    assert_eq!((s0, s1), (0, 1));
    // The spectator sees the second seat taken and the game start.
    let started = spectator.expect("state").await;
    assert_eq!(started["table"]["status"], "running");
    assert_eq!(started["you"], Value::Null);
    assert!(started["legal"].as_array().is_some_and(Vec::is_empty));

    let ada = Client::connect(addr, &id, Some(&t0)).await;
    let grace = Client::connect(addr, &id, Some(&t1)).await;
    let (a, b) = tokio::join!(tokio::spawn(play_seat(ada, 7)), tokio::spawn(play_seat(grace, 8)));
    let ((last0, _), (last1, grace_saw)) = (a.expect("seat 0"), b.expect("seat 1"));
    assert!(finished(&last0) && finished(&last1));
    assert_eq!(last0["table"]["outcome"], last1["table"]["outcome"]);
    let watched = spectator.state_where(finished).await;
    assert_eq!(watched["table"]["outcome"], last0["table"]["outcome"]);

    // Nobody but seat 0 ever saw seat 0's pending throw.
    for raw in grace_saw.iter().chain(&spectator.received) {
        let message: Value = serde_json::from_str(raw).expect("JSON");
        for event in message["events"].as_array().into_iter().chain(message["log"].as_array()).flatten() {
            if event["event"]["type"] == "threw" && event["event"]["seat"] == 0 {
                assert_eq!(event["event"]["hand"], Value::Null, "seat 0's throw leaked: {raw}");
                assert_eq!(event["text"], "seat 0 threw", "seat 0's throw leaked: {raw}");
            }
        }
        if message["you"] != 0 {
            assert!(message["view"]["my_throw"].is_null() || message["you"] == 1, "{raw}");
        }
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_bots_plays_itself_and_a_rematch_keeps_the_seats() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{"bot": "random"}, {"bot": "random"}]})).await;
    let mut spectator = Client::connect(addr, &id, None).await;
    let last = spectator.state_where(finished).await;
    assert_eq!(last["table"]["seats"][1]["kind"], "bot");

    let first = http::post(addr, &format!("/api/tables/{id}/rematch"), &json!({})).await;
    assert_eq!(first.status, 201);
    let again = http::post(addr, &format!("/api/tables/{id}/rematch"), &json!({})).await;
    assert_eq!(again.status, 200, "asking twice gives the same rematch");
    let (first, again) = (first.json(), again.json());
    assert_eq!(first["table"]["id"], again["table"]["id"]);
    assert_ne!(first["table"]["id"], id.as_str());
    assert_eq!(first["table"]["seats"][0]["bot"], "random");
    let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["rematch"], first["table"]["id"]);
    server.server.shutdown().await;
}
