//! A graceful stop (SIGTERM): the server finishes what it is doing, tells its players to
//! reconnect, hands its tables over (several nodes) and exits 0 within the bound; nothing
//! acknowledged is lost and the games go on.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::TestStore;
use common::http::{self, create_table, join};
use common::process::{signal, spawn_server};
use common::ws::{Client, finished, legal};
use serde_json::json;

/// The bound the tests give the stop.
const STOP_MS: &str = "5000";

/// Plays seat `token` at `id` through `addr` as fast as it can until the connection closes or
/// the game ends; after `before_stop` acknowledgements, sends SIGTERM to `stop` once. Returns
/// every acknowledged action with its step, and the close code.
async fn play_until_closed(
    addr: SocketAddr,
    id: &str,
    token: &str,
    mut stop: Option<(&tokio::process::Child, usize)>,
) -> (Vec<(u64, String)>, Option<u16>) {
    let mut client = Client::connect(addr, id, Some(token)).await;
    let mut acks = Vec::new();
    let mut choice = 0usize;
    while let Some(message) = client.next().await {
        if message["type"] != "state" {
            continue;
        }
        if let Some(action) = message["acted"].as_str() {
            acks.push((message["table"]["step"].as_u64().expect("step"), action.to_owned()));
        }
        if let Some((child, after)) = stop
            && acks.len() >= after
        {
            signal(child, "TERM");
            stop = None;
        }
        if finished(&message) {
            break;
        }
        let options = legal(&message);
        if !options.is_empty() {
            choice += 1;
            if !client
                .try_send_text(json!({"type": "act", "action": options[choice % options.len()]}).to_string())
                .await
            {
                break;
            }
        }
    }
    (acks, client.closed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_commits_closes_cleanly_and_exits_0() {
    let store = TestStore::new().await;
    let (mut child, addr) = spawn_server(&store, &["--stop-timeout-ms", STOP_MS]).await;
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "random"}]});
    let id = create_table(addr, &body).await;
    let (_, token) = join(addr, &id, "Ada").await;

    // Stopped in full flight: Ada acts as fast as the server answers.
    let (acks, closed) = play_until_closed(addr, &id, &token, Some((&child, 10))).await;
    assert!(acks.len() >= 10, "{acks:?}");
    assert_eq!(closed, Some(1012), "the connection is closed with 1012 (reconnect), not dropped");
    let asked = Instant::now();
    let status =
        tokio::time::timeout(Duration::from_secs(8), child.wait()).await.expect("exits in time").expect("status");
    assert!(status.success(), "exit status {status:?}");
    assert!(asked.elapsed() < Duration::from_secs(5), "stopped within the bound: {:?}", asked.elapsed());

    // Started again: every acknowledged action is there, and the game goes on.
    let (_child, addr) = spawn_server(&store, &[]).await;
    let (more, _) = play_until_closed(addr, &id, &token, None).await;
    assert!(!more.is_empty());
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    for (step, action) in acks.iter().chain(&more) {
        let stored = &record["actions"][*step as usize - 1];
        assert_eq!((&stored["seat"], &stored["action"]), (&json!(0), &json!(action)), "step {step}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_node_hands_its_tables_over_at_once() {
    let store = TestStore::new().await;
    if store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    // A lease far longer than the test waits: the other node takes the table because the
    // stopping node hands it over, not because its heartbeat ran out.
    let nodes = ["--node-lease-ms", "20000", "--stop-timeout-ms", STOP_MS];
    let (mut a, a_addr) = spawn_server(&store, &nodes).await;
    let (_b, b_addr) = spawn_server(&store, &nodes).await;
    let body = json!({"game": "schotten-totten", "seats": [{}, {"bot": "random"}]});
    let id = create_table(a_addr, &body).await;
    let (_, token) = join(a_addr, &id, "Ada").await;
    let (acks, closed) = play_until_closed(a_addr, &id, &token, Some((&a, 5))).await;
    assert_eq!(closed, Some(1012));
    let status = tokio::time::timeout(Duration::from_secs(8), a.wait()).await.expect("exits in time").expect("status");
    assert!(status.success(), "exit status {status:?}");

    // Ada's page reconnects through the other node, which holds the table at once.
    let asked = Instant::now();
    let mut ada = Client::connect(b_addr, &id, Some(&token)).await;
    assert_eq!(ada.expect("state").await["you"], 0);
    assert!(asked.elapsed() < Duration::from_secs(3), "not the lease: {:?}", asked.elapsed());
    drop(ada);
    let (more, _) = play_until_closed(b_addr, &id, &token, None).await;
    assert!(!more.is_empty());
    let epoch = store.scalar("SELECT epoch FROM tables WHERE id = $1", &id).await;
    assert_eq!(epoch, 2, "taken over once");
    let record = http::get(b_addr, &format!("/api/tables/{id}/record")).await.json();
    for (step, action) in acks.iter().chain(&more) {
        let stored = &record["actions"][*step as usize - 1];
        assert_eq!((&stored["seat"], &stored["action"]), (&json!(0), &json!(action)), "step {step}");
    }
}
