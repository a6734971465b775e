//! Seats are protected and rules are enforced: wrong tokens, out-of-turn and illegal actions
//! are refused and change nothing.

mod common;

use common::http::{self, create_table, join};
use common::ws::{Client, legal};
use common::{TestServer, demo_registry};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_tokens_out_of_turn_and_illegal_actions_are_refused() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let (_, t0) = join(addr, &id, "Ada").await;

    // Acting before the table is full.
    let mut ada = Client::connect(addr, &id, Some(&t0)).await;
    ada.expect("state").await;
    ada.act("rock").await;
    assert_eq!(ada.expect("error").await["error"], "not-started");

    let (_, t1) = join(addr, &id, "Grace").await;
    assert_eq!(ada.expect("state").await["table"]["status"], "running");

    // A wrong or foreign token does not even connect.
    assert_eq!(Client::try_connect(addr, &id, Some("0123456789abcdef0123456789abcdef01234567")).await.err(), Some(403));
    let other = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    let (_, foreign) = join(addr, &other, "Eve").await;
    assert_eq!(Client::try_connect(addr, &id, Some(&foreign)).await.err(), Some(403));

    // A spectator cannot act.
    let mut eve = Client::connect(addr, &id, None).await;
    eve.expect("state").await;
    eve.act("paper").await;
    assert_eq!(eve.expect("error").await["error"], "not-seated");

    // Unreadable notation and a rule-breaking action.
    ada.act("lizard").await;
    let refused = ada.expect("error").await;
    assert_eq!(refused["error"], "illegal");
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("lizard")), "{refused}");
    ada.act("veto").await;
    assert_eq!(ada.expect("error").await["error"], "illegal");

    // Seat 0 throws; throwing again is out of turn.
    let acked = ada.act_and_wait("rock").await;
    assert!(legal(&acked).is_empty());
    ada.act("paper").await;
    assert_eq!(ada.expect("error").await["error"], "not-your-turn");

    // Nothing of the refused actions happened.
    let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["step"], 1);
    assert_eq!(shown["to_act"], json!([1]));

    // The other seat's token acts for the other seat only.
    let mut grace = Client::connect(addr, &id, Some(&t1)).await;
    let state = grace.expect("state").await;
    assert_eq!(state["you"], 1);
    assert_eq!(legal(&state), vec!["rock", "paper", "scissors"]);
    // Ada learns that Grace is connected.
    assert_eq!(ada.expect("state").await["table"]["seats"][1]["connected"], true);
    let after = grace.act_and_wait("rock").await;
    assert_eq!(after["table"]["step"], 2);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_refuses_actions() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "variants": ["first-to=1"], "seats": [{}, {}]})).await;
    let (_, t0) = join(addr, &id, "Ada").await;
    let (_, t1) = join(addr, &id, "Grace").await;
    let mut ada = Client::connect(addr, &id, Some(&t0)).await;
    let mut grace = Client::connect(addr, &id, Some(&t1)).await;
    ada.expect("state").await;
    grace.expect("state").await;
    ada.act_and_wait("rock").await;
    let mut state = grace.act_and_wait("scissors").await;
    // Grace lost the throw: she may veto or accept.
    while !common::ws::finished(&state) {
        state = grace.act_and_wait(if legal(&state).contains(&"accept".to_owned()) { "accept" } else { "paper" }).await;
        if !common::ws::finished(&state) {
            ada.state_where(|s| !legal(s).is_empty()).await;
            ada.act_and_wait("rock").await;
        }
    }
    let steps = state["table"]["step"].clone();
    grace.act("rock").await;
    assert_eq!(grace.expect("error").await["error"], "over");
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], steps);
    server.server.shutdown().await;
}
