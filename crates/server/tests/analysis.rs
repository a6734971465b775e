//! "Analyse my game" over the API: a finished game's seat is analysed in the background with
//! its progress, every decision that had a choice judged against the Expert level's best and
//! marked; the result is stored, so asking again answers at once.

mod common;

use std::time::Duration;

use common::TestServer;
use common::http::{self, create_table};
use serde_json::{Value, json};

/// A finished Schotten-Totten game of two Easy bots (random play: mistakes to find).
async fn finished_table(server: &TestServer) -> String {
    let body = json!({"game": "schotten-totten", "seats": [{"bot": "easy"}, {"bot": "easy"}]});
    let id = create_table(server.addr(), &body).await;
    for _ in 0..600 {
        let table = http::get(server.addr(), &format!("/api/tables/{id}")).await.json();
        if table["status"] == "finished" {
            return id;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bots did not finish table {id}");
}

/// Polls the analysis of `seat` until it is done; returns it and every progress seen.
async fn await_analysis(server: &TestServer, id: &str, seat: usize) -> (Value, Vec<Value>) {
    let mut seen = Vec::new();
    // Generous for unoptimised builds: the release build takes a few seconds.
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    while std::time::Instant::now() < deadline {
        let answer = http::get(server.addr(), &format!("/api/tables/{id}/analysis?seat={seat}")).await;
        assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
        let json = answer.json();
        match json["status"].as_str() {
            Some("done") => return (json["analysis"].clone(), seen),
            Some("running") => seen.push(json),
            _ => panic!("the analysis failed: {json}"),
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the analysis of table {id} did not finish");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_decision_by_decision_and_stored() {
    let server = TestServer::start(catalog::registry()).await;
    let addr = server.addr();
    let id = finished_table(&server).await;

    let none = http::get(addr, &format!("/api/tables/{id}/analysis?seat=0")).await;
    assert_eq!(none.status, 404, "nothing asked for yet");
    let bad = http::post(addr, &format!("/api/tables/{id}/analysis"), &json!({"seat": 2})).await;
    assert_eq!(bad.status, 400, "a two-seat game has no seat 2");

    let started = http::post(addr, &format!("/api/tables/{id}/analysis"), &json!({"seat": 0})).await;
    assert_eq!(started.status, 202, "{}", String::from_utf8_lossy(&started.body));
    let total = started.json()["total"].as_u64().expect("total");
    assert!(total > 5, "a whole game has many decisions with a choice: {total}");
    let (analysis, progress) = await_analysis(&server, &id, 0).await;
    assert!(progress.iter().all(|p| p["total"] == total && p["done"].as_u64() <= Some(total)), "{progress:?}");

    let decisions = analysis["decisions"].as_array().expect("decisions");
    assert_eq!(decisions.len() as u64, total);
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    let mut marked = 0;
    for d in decisions {
        let index = d["index"].as_u64().expect("index") as usize;
        let played = &record["actions"][index];
        assert_eq!(played["seat"], 0, "{d}: a decision of seat 0");
        assert_eq!(played["action"], d["action"], "{d}: what was played");
        let (chance, best) = (d["chance"].as_f64().unwrap(), d["best_chance"].as_f64().unwrap());
        let drop = best - chance;
        match d["mark"].as_str() {
            Some("blunder") => assert!(drop >= 0.25, "{d}"),
            Some("mistake") => assert!((0.10..0.25).contains(&drop), "{d}"),
            None => assert!(drop < 0.10 || d["best"] == d["action"], "{d}"),
            Some(other) => panic!("unknown mark {other}"),
        }
        marked += usize::from(d["mark"].is_string());
    }
    assert!(marked > 0, "random play makes mistakes: {analysis}");
    assert_eq!(analysis["mistakes"].as_u64().unwrap() + analysis["blunders"].as_u64().unwrap(), marked as u64);

    // Stored: asked again, it is there at once.
    let again = http::post(addr, &format!("/api/tables/{id}/analysis"), &json!({"seat": 0})).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["analysis"], analysis);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_game_cannot_be_analysed() {
    let server = TestServer::start(catalog::registry()).await;
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "easy"}]});
    let id = create_table(server.addr(), &body).await;
    let refused = http::post(server.addr(), &format!("/api/tables/{id}/analysis"), &json!({"seat": 0})).await;
    assert_eq!(refused.status, 409, "{}", String::from_utf8_lossy(&refused.body));
    server.server.shutdown().await;
}
