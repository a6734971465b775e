//! What an operator reads off a running server: the health checks, the metrics, JSON logs.

mod common;

use std::time::Duration;

use common::http::{self, create_table, join};
use common::process::spawn_server_logging;
use common::ws::{Client, legal};
use common::{TestServer, TestStore, TwoPlayers, demo_registry};
use serde_json::{Value, json};
use server::StoreFaults;

/// The value of the sample `name` (with its labels, as written) in an OpenMetrics text.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_say_what_the_server_did() {
    let faults = StoreFaults::default();
    let injected = faults.clone();
    let server = TestServer::start_with(demo_registry(), move |o| {
        o.store_faults = injected;
        o.store_retry = Duration::from_millis(50);
        o.messages_per_second = 5;
    })
    .await;
    let addr = server.addr();
    let live = http::get(addr, "/healthz").await;
    assert_eq!((live.status, live.json()), (200, json!({"status": "ok"})));
    let ready = http::get(addr, "/readyz").await;
    assert_eq!((ready.status, ready.json()), (200, json!({"ready": true})));

    // A game with an action stored, a pause of the store, a flood refused.
    let TwoPlayers { mut ada, mut bob, first, .. } = TwoPlayers::sit(addr).await;
    ada.act_and_wait(&legal(&first)[0]).await;
    faults.fail_writes(true);
    let state = bob.state_where(|s| s["table"]["step"] == 1).await;
    bob.act(&legal(&state)[0]).await;
    assert_eq!(bob.next_error().await.0["error"], "store-unavailable");
    let metrics = http::get(addr, "/metrics").await;
    assert_eq!(metrics.status, 200);
    assert!(metrics.header("content-type").is_some_and(|t| t.starts_with("application/openmetrics-text")));
    let text = String::from_utf8(metrics.body.clone()).expect("text");
    assert_eq!(sample(&text, "spieltisch_paused_tables"), Some(1.0), "{text}");
    faults.fail_writes(false);
    bob.state_where_past("store-unavailable", |s| s["table"]["step"] == 2).await;
    for _ in 0..30 {
        let _ = bob.try_send_text(json!({"type": "ping"}).to_string()).await;
    }
    while bob.next().await.expect("open")["error"] != "too-fast" {}

    let text = String::from_utf8(http::get(addr, "/metrics").await.body).expect("text");
    let expect = |name: &str| sample(&text, name).unwrap_or_else(|| panic!("no {name} in\n{text}"));
    // Ada's and Bob's, and perhaps the passes of the veto window the table gives for them.
    assert!(expect(r#"spieltisch_actions_total{game="rps-veto"}"#) >= 2.0);
    assert_eq!(expect(r#"spieltisch_tables{status="running"}"#), 1.0);
    assert_eq!(expect("spieltisch_paused_tables"), 0.0);
    assert_eq!(expect("spieltisch_connections"), 2.0);
    assert_eq!(expect("spieltisch_store_pauses_total"), 1.0);
    assert!(expect(r#"spieltisch_refused_total{limit="messages"}"#) >= 1.0);
    assert!(expect("spieltisch_commit_seconds_count") >= 4.0, "creation, joins, actions");
    assert_eq!(expect("spieltisch_fenced_writes_total"), 0.0);
    drop((ada, bob));
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_name_the_node_on_every_line_and_the_table_on_a_tables_lines() {
    let store = TestStore::new().await;
    let (mut child, addr, mut logs) = spawn_server_logging(&store, &["--log-format", "json"], "info").await;
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let state = ada.expect("state").await;
    ada.act_and_wait(&legal(&state)[0]).await;
    common::process::signal(&child, "TERM");
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("stops").expect("status");
    assert!(status.success(), "{status:?}");
    let mut lines: Vec<Value> = Vec::new();
    while let Ok(Some(line)) = logs.next_line().await {
        lines.push(serde_json::from_str(&line).unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}")));
    }
    assert!(lines.len() >= 2, "{lines:?}");
    let node = lines[0]["node"].clone();
    assert!(node.is_string(), "{:?}", lines[0]);
    for line in &lines {
        assert_eq!(line["node"], node, "every line names the node: {line}");
        assert!(line["time"].is_string() && line["level"].is_string() && line["message"].is_string(), "{line}");
    }
    let about_table: Vec<&Value> = lines.iter().filter(|l| l["message"] == "seat taken").collect();
    assert!(!about_table.is_empty(), "{lines:?}");
    assert!(about_table.iter().all(|l| l["table"] == id.as_str()), "{about_table:?}");
}
