//! The duel demo at a server table: a person and two `ismcts` bots through a compound secret
//! pick and chained reaction windows, to the end, without the person ever seeing a pending pick
//! of another seat.

mod common;

use common::TestServer;
use common::http::{self, create_table, join};
use common::ws::Client;
use engine::Registry;
use engine::demo::Duel;
use serde_json::json;

fn duel_registry() -> Registry {
    Registry::new().with::<Duel>(
        |spec| bots::standard::<Duel>(spec, || Box::new(engine::RandomBot::default())),
        bots::STANDARD_BOTS,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_two_bots_play_a_duel_to_the_end() {
    let server = TestServer::start(duel_registry()).await;
    let addr = server.addr();
    let body = json!({"game": "duel", "variants": ["max-rounds=6"], "seats": [{}, {"bot": "ismcts:40"}, {"bot": "ismcts:40"}]});
    let id = create_table(addr, &body).await;
    let (seat, token) = join(addr, &id, "Ada").await;
    assert_eq!(seat, 0);
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    // Ada picks the two highest cards and never reacts: the bots' picks and answers reach her
    // only once revealed.
    let (last, moves) = ada
        .play_to_end(first, |legal| {
            legal.iter().find(|a| *a == "pick 3 4" || *a == "pass").cloned().unwrap_or_else(|| legal[0].clone())
        })
        .await;
    assert!(moves >= 1);
    assert!(last["table"]["outcome"]["places"].is_array(), "{last}");
    for message in &ada.received {
        let message: serde_json::Value = serde_json::from_str(message).unwrap();
        for event in message["events"].as_array().into_iter().flatten() {
            if event["event"]["type"] == "picked" && event["event"]["seat"] != 0 {
                assert!(event["event"]["pick"].is_null(), "another seat's pick reached Ada: {event}");
            }
        }
    }
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    let secret = record["actions"].as_array().unwrap().iter().filter(|a| a["step"] == "secret").count();
    assert!(secret >= 3, "every seat picked at least once: {record}");
    server.server.shutdown().await;
}
