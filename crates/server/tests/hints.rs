//! Hints at a live table: a seated person asks over the WebSocket and gets the Expert level's
//! three best decisions, each legal, with its chance; the same hint again for the same step;
//! none for spectators; and the search is charged to the client's bot thinking time.

mod common;

use std::time::Duration;

use common::TestServer;
use common::http::{create_table, join};
use common::ws::{Client, legal};
use serde_json::{Value, json};

/// A Schotten-Totten table of a person (seat 0) and the Medium bot; the person's connection,
/// at the first state where the person is to act.
async fn seated(server: &TestServer) -> (Client, Value, String) {
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "medium"}]});
    let id = create_table(server.addr(), &body).await;
    let (seat, token) = join(server.addr(), &id, "Ada").await;
    assert_eq!(seat, 0);
    let mut ada = Client::connect(server.addr(), &id, Some(&token)).await;
    let state = ada.state_where(|s| !legal(s).is_empty()).await;
    (ada, state, id)
}

async fn ask(client: &mut Client) -> Value {
    client.send_text(json!({"type": "hint"}).to_string()).await;
    loop {
        let message = client.next().await.expect("connection open");
        if message["type"] != "state" {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gets_the_expert_s_three_best_legal_decisions_with_their_chances() {
    let server = TestServer::start(catalog::registry()).await;
    let (mut ada, state, id) = seated(&server).await;
    let hint = ask(&mut ada).await;
    assert_eq!(hint["type"], "hint", "{hint}");
    assert_eq!(hint["step"], state["table"]["step"], "the hint names the step it is for: {hint}");
    let moves = hint["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3, "three decisions (a first turn has dozens): {hint}");
    let legal = legal(&state);
    for m in moves {
        assert!(legal.contains(&m["action"].as_str().expect("an action").to_owned()), "{m} is legal");
        let chance = m["chance"].as_f64().expect("a chance");
        assert!((0.0..=1.0).contains(&chance), "{m}");
    }
    let actions: Vec<&str> = moves.iter().filter_map(|m| m["action"].as_str()).collect();
    assert!(actions.iter().enumerate().all(|(i, a)| !actions[..i].contains(a)), "distinct: {hint}");
    assert_eq!(ask(&mut ada).await, hint, "the same step, the same hint");

    // A spectator has no decision to be helped with.
    let mut watcher = Client::connect(server.addr(), &id, None).await;
    watcher.expect("state").await;
    let refused = ask(&mut watcher).await;
    assert_eq!(refused["error"], "not-seated", "{refused}");

    // The hinted decision is one the table takes.
    let best = actions[0].to_owned();
    ada.act_and_wait(&best).await;
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_charged_to_the_client_s_bot_thinking_time() {
    // A millisecond of thinking a minute: the first hint's search spends it all.
    let server =
        TestServer::start_with(catalog::registry(), |o| o.bot_time_per_minute = Duration::from_millis(1)).await;
    let (mut ada, _, _) = seated(&server).await;
    let first = ask(&mut ada).await;
    assert_eq!(first["type"], "hint", "{first}");
    let second = ask(&mut ada).await;
    assert_eq!(second["error"], "hint-later", "{second}");
    server.server.shutdown().await;
}
