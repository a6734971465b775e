//! Turn-based tables that wait leave memory: a running table with a day per decision, nobody
//! connected, leaves memory; the lobby and My games still list it (from the database, without
//! loading it); it is loaded again a minute before its deadline (and the table answers the
//! missed decision on time), on a request, and not at a start while its deadline is far.

mod common;

use std::time::Duration;

use common::TestStore;
use common::players::{new_player, with_key};
use common::ws::{Client, legal};
use serde_json::{Value, json};
use server::{ServeOptions, Time};

const DAY: Duration = Duration::from_secs(86_400);

fn options(store: &TestStore, time: &Time) -> ServeOptions {
    let mut options = store.options();
    options.time = time.clone();
    options.clock_tick = Duration::from_millis(10);
    options.unload_after = Duration::from_millis(100);
    options.wake_tick = Duration::from_millis(20);
    options
}

/// How many running tables the server has in memory.
async fn live_running(addr: std::net::SocketAddr) -> u64 {
    common::http::live_tables(addr, "running").await
}

/// Waits (real time, a few seconds at most) until `live` running tables are in memory.
async fn until_live(addr: std::net::SocketAddr, live: u64) {
    for _ in 0..300 {
        if live_running(addr).await == live {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{} running tables in memory, not {live}", live_running(addr).await);
}

/// Bob's entry of "My games" for table `id`.
async fn my_entry(addr: std::net::SocketAddr, key: &str, id: &str) -> Value {
    let mine = with_key(addr, "GET", "/api/me/tables", key, None).await.json();
    mine["playing"].as_array().expect("playing").iter().find(|e| e["table"]["id"] == id).cloned().expect("listed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_turn_based_table_leaves_memory_and_comes_back_in_time() {
    let time = Time::manual_now();
    let store = TestStore::new().await;
    let server = server::start(options(&store, &time), catalog::registry()).await.expect("starts");
    let addr = server.addr();
    let (_, ada) = new_player(addr, "Ada").await;
    let (_, bob) = new_player(addr, "Bob").await;
    let body = json!({"game": "schotten-totten", "clock": 86_400, "seats": [{}, {}], "join": {"seat": 0}});
    let created = with_key(addr, "POST", "/api/tables", &ada, Some(&body)).await.json();
    let id = created["table"]["id"].as_str().expect("id").to_owned();
    let joined = with_key(addr, "POST", &format!("/api/tables/{id}/join"), &bob, Some(&json!({}))).await.json();

    // Ada moves; then it is Bob's decision, with a day to make it. Nobody is connected.
    {
        let mut client = Client::connect(addr, &id, created["token"].as_str()).await;
        let state = client.state_where(|s| !legal(s).is_empty()).await;
        client.act_and_wait(&legal(&state)[0]).await;
    }
    until_live(addr, 0).await;

    // Out of memory, still listed: My games says it is Bob's turn with a day left, the lobby
    // lists it as running — and neither loads it.
    let entry = my_entry(addr, &bob, &id).await;
    assert_eq!(entry["your_turn"], true, "{entry}");
    let left = entry["table"]["clock"]["seats"][1]["remaining_ms"].as_u64().expect("time left");
    assert!(left > 86_000_000 && left <= 86_400_000, "{entry}");
    let running = common::http::get(addr, "/api/tables?status=running").await.json();
    assert!(running.as_array().expect("list").iter().any(|t| t["id"] == id.as_str()), "{running}");
    assert_eq!(live_running(addr).await, 0, "listing loads nothing");

    // A minute before the deadline the server loads it; at the deadline the table answers for
    // Bob, once.
    time.advance(DAY - Duration::from_secs(90));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(live_running(addr).await, 0, "not yet: the deadline is 90 s away");
    time.advance(Duration::from_secs(40));
    until_live(addr, 1).await;
    time.advance(Duration::from_secs(51));
    let mut watcher = Client::connect(addr, &id, None).await;
    let answered = watcher.state_where(|s| s["table"]["to_act"] == json!([0])).await;
    assert_eq!(answered["table"]["clock"]["seats"][1]["missed"], 1, "{answered}");
    assert_eq!(answered["table"]["step"], 2, "one answer for Bob: {answered}");

    // Ada's day now; once nobody watches, the table leaves memory again, and a request brings
    // it back.
    drop(watcher);
    until_live(addr, 0).await;
    let mut bob_client = Client::connect(addr, &id, joined["token"].as_str()).await;
    let state = bob_client.expect("state").await;
    assert_eq!(state["table"]["to_act"], json!([0]));
    assert_eq!(live_running(addr).await, 1);
    drop(bob_client);
    until_live(addr, 0).await;

    // A start leaves it stored (its deadline is far) and lists it all the same.
    server.shutdown().await;
    let again = server::start(options(&store, &time), catalog::registry()).await.expect("starts");
    let addr = again.addr();
    assert_eq!(live_running(addr).await, 0, "a far deadline: not loaded at the start");
    let entry = my_entry(addr, &ada, &id).await;
    assert_eq!(entry["your_turn"], true, "{entry}");
    let mut ada_client = Client::connect(addr, &id, created["token"].as_str()).await;
    let state = ada_client.state_where(|s| !legal(s).is_empty()).await;
    assert_eq!(state["you"], 0);
    again.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_node_s_waiting_table_is_taken_over_stored_and_woken_in_time_by_another() {
    let time = Time::manual_now();
    let store = TestStore::new().await;
    if store.database.is_none() {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    }
    let node = |store: &TestStore| {
        let mut options = options(store, &time);
        options.node_lease = Duration::from_secs(1);
        options
    };
    let a = server::start(node(&store), catalog::registry()).await.expect("a starts");
    let b = server::start(node(&store), catalog::registry()).await.expect("b starts");
    let (_, ada) = new_player(b.addr(), "Ada").await;
    let (_, bob) = new_player(b.addr(), "Bob").await;
    let body = json!({"game": "schotten-totten", "clock": 86_400, "seats": [{}, {}], "join": {"seat": 0}});
    let created = with_key(b.addr(), "POST", "/api/tables", &ada, Some(&body)).await.json();
    let id = created["table"]["id"].as_str().expect("id").to_owned();
    let joined = with_key(b.addr(), "POST", &format!("/api/tables/{id}/join"), &bob, Some(&json!({}))).await;
    assert_eq!(joined.status, 200);
    until_live(b.addr(), 0).await;

    // B stops; A takes its tables over, leaving the waiting one stored.
    b.shutdown().await;
    for _ in 0..300 {
        if store.scalar("SELECT epoch FROM tables WHERE id = $1", &id).await == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(store.scalar("SELECT epoch FROM tables WHERE id = $1", &id).await, 2, "taken over once");
    assert_eq!(live_running(a.addr()).await, 0, "taken over, not loaded: its deadline is far");

    // A loads it before Ada's deadline, and answers for her at it.
    time.advance(DAY - Duration::from_secs(30));
    until_live(a.addr(), 1).await;
    time.advance(Duration::from_secs(31));
    let mut watcher = Client::connect(a.addr(), &id, None).await;
    let answered = watcher.state_where(|s| s["table"]["to_act"] == json!([1])).await;
    assert_eq!(answered["table"]["clock"]["seats"][0]["missed"], 1, "{answered}");
    a.shutdown().await;
}
