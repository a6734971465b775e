//! Three server processes on one PostgreSQL database (run when `SPIELTISCH_TEST_POSTGRES` is
//! set; on SQLite there is one server per data directory and nothing to test here).
//!
//! Tables are created, joined and played through different nodes; one node is killed with
//! SIGKILL in full flight: every table plays on through the survivors, every acknowledged
//! action is stored exactly once, at its step, and no seat changes hands. A node paused with
//! SIGSTOP past its lease cannot write for the table it lost when it resumes.

mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::TestStore;
use common::http::{self, create_table, join};
use common::process::{signal, spawn_server};
use common::ws::{Client, finished, legal};
use serde_json::json;
use tokio::process::Child;

/// The nodes' lease in the tests: short, so that takeovers happen within the test.
const LEASE_MS: &str = "1500";
const LEASE: Duration = Duration::from_millis(1500);
/// How long a player keeps trying to reconnect after its connection dropped.
const RECONNECT_FOR: Duration = Duration::from_secs(30);

async fn three_nodes(store: &TestStore) -> Vec<(Child, SocketAddr)> {
    let mut nodes = Vec::new();
    for _ in 0..3 {
        nodes.push(spawn_server(store, &["--node-lease-ms", LEASE_MS]).await);
    }
    nodes
}

/// The nodes a player may (still) reach; the test takes a node out when it kills it.
type Reachable = Arc<Mutex<Vec<SocketAddr>>>;

/// What a player saw: each acknowledged action of its own with its step, and its seat.
struct Played {
    seat: u64,
    acks: Vec<(u64, String)>,
    reconnects: u32,
}

/// Plays `token`'s seat of `id` to the end, first through `first`, after a dropped connection
/// through whichever node answers; every connection must show the same seat.
async fn play(id: String, token: String, first: SocketAddr, nodes: Reachable, progress: Arc<AtomicU64>) -> Played {
    let mut acks = Vec::new();
    let mut seat = None;
    let mut reconnects = 0;
    let mut choice = 0usize;
    let mut target = first;
    loop {
        let mut client = connect_somewhere(&id, &token, target, &nodes).await;
        loop {
            let Some(message) = client.next().await else { break };
            if message["type"] != "state" {
                continue;
            }
            if message["you"].is_u64() {
                let you = message["you"].as_u64().expect("seat");
                assert_eq!(*seat.get_or_insert(you), you, "table {id}: the token's seat changed");
            }
            let step = message["table"]["step"].as_u64().unwrap_or(0);
            if let Some(action) = message["acted"].as_str() {
                acks.push((step, action.to_owned()));
                progress.fetch_add(1, Ordering::Relaxed);
            }
            if finished(&message) {
                return Played { seat: seat.expect("a state with the seat"), acks, reconnects };
            }
            let options = legal(&message);
            if !options.is_empty() {
                choice += 1;
                let action = options[choice % options.len()].clone();
                if !client.try_send_text(json!({"type": "act", "action": action}).to_string()).await {
                    break;
                }
            }
        }
        reconnects += 1;
        // Another node this time: the one just used may be the one that died.
        let reachable = nodes.lock().expect("nodes").clone();
        target = reachable[reconnects as usize % reachable.len()];
    }
}

/// Connects through `target`, else any reachable node, until one takes the connection.
async fn connect_somewhere(id: &str, token: &str, target: SocketAddr, nodes: &Reachable) -> Client {
    let started = Instant::now();
    let mut tries = 0usize;
    let mut last_error = String::new();
    while started.elapsed() < RECONNECT_FOR {
        let addr = if tries == 0 {
            target
        } else {
            let reachable = nodes.lock().expect("nodes").clone();
            reachable[tries % reachable.len()]
        };
        tries += 1;
        match Client::connect_if_up(addr, id, token).await {
            Ok(client) => return client,
            Err(e) => last_error = e,
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("table {id}: no node took the connection for {RECONNECT_FOR:?}: {last_error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_node_loses_no_acknowledged_action_and_its_tables_play_on_elsewhere() {
    let store = TestStore::new().await;
    if store.database.is_none() {
        eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
        return;
    }
    let mut nodes = three_nodes(&store).await;
    let addrs: Vec<SocketAddr> = nodes.iter().map(|(_, a)| *a).collect();

    // Twelve Schotten-Totten tables, created through each node in turn, joined through the
    // next one and played through the one after: most connections are forwarded to the owner.
    let mut seats = Vec::new();
    for i in 0..12 {
        let seats_json = if i % 2 == 0 { json!([{}, {}]) } else { json!([{}, {"bot": "random"}]) };
        let id = create_table(addrs[i % 3], &json!({"game": "schotten-totten", "seats": seats_json})).await;
        let (seat, token) = join(addrs[(i + 1) % 3], &id, "Ada").await;
        seats.push((id.clone(), seat, token, addrs[(i + 2) % 3], "Ada"));
        if i % 2 == 0 {
            let (seat, token) = join(addrs[(i + 2) % 3], &id, "Bob").await;
            seats.push((id, seat, token, addrs[i % 3], "Bob"));
        }
    }
    let reachable: Reachable = Arc::new(Mutex::new(addrs.clone()));
    let progress = Arc::new(AtomicU64::new(0));
    let players: Vec<_> = seats
        .iter()
        .map(|(id, _, token, via, _)| {
            tokio::spawn(play(id.clone(), token.clone(), *via, reachable.clone(), progress.clone()))
        })
        .collect();

    // Kill the first node in full flight, before its tables are done.
    let started = Instant::now();
    while progress.load(Ordering::Relaxed) < 120 {
        assert!(started.elapsed() < Duration::from_secs(60), "the games do not get going");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (mut killed, dead) = nodes.remove(0);
    reachable.lock().expect("nodes").retain(|a| *a != dead);
    signal(&killed, "KILL");
    killed.wait().await.expect("the node is dead");
    let at_kill = progress.load(Ordering::Relaxed);

    let mut played = Vec::new();
    for player in players {
        played.push(tokio::time::timeout(Duration::from_secs(120), player).await.expect("games end").expect("player"));
    }
    let total: u64 = played.iter().map(|p| p.acks.len() as u64).sum();
    assert!(total > at_kill, "play went on after the kill: {at_kill} acknowledged before, {total} in all");
    let reconnected: u32 = played.iter().map(|p| p.reconnects).sum();
    assert!(reconnected > 0, "some players were connected through the killed node");

    // Every acknowledged action is stored once, at its step, for the seat that made it.
    let survivor = nodes[0].1;
    for ((id, seat, _, _, name), played) in seats.iter().zip(&played) {
        assert_eq!(played.seat, *seat as u64, "table {id}: the token plays the seat it joined");
        let record = http::get(survivor, &format!("/api/tables/{id}/record")).await.json();
        let actions = record["actions"].as_array().expect("actions");
        for (step, action) in &played.acks {
            let stored = &actions[*step as usize - 1];
            assert_eq!((&stored["seat"], &stored["action"]), (&json!(seat), &json!(action)), "table {id}, step {step}");
        }
        let stored = store.scalar("SELECT COUNT(DISTINCT idx) FROM actions WHERE table_id = $1", id).await;
        let rows = store.scalar("SELECT COUNT(*) FROM actions WHERE table_id = $1", id).await;
        assert_eq!((rows, stored), (actions.len() as i64, actions.len() as i64), "table {id}: each step once");
        let shown = http::get(survivor, &format!("/api/tables/{id}")).await.json();
        assert_eq!(shown["status"], "finished", "table {id}");
        assert_eq!(shown["seats"][*seat]["name"], *name, "table {id}: the seat is still theirs");
    }
    // The killed node's unfinished tables were taken over (each takeover raises the epoch).
    let taken = store.scalar("SELECT COUNT(*) FROM tables WHERE epoch > 1 AND id <> $1", "-").await;
    assert!(taken > 0, "the survivors took the killed node's tables");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_paused_past_its_lease_cannot_write_for_the_table_it_lost() {
    let store = TestStore::new().await;
    if store.database.is_none() {
        eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
        return;
    }
    let nodes = three_nodes(&store).await;
    let (paused, other) = (nodes[1].1, nodes[2].1);
    // Ada and Bob at a table of the second node, connected to it directly.
    let id = create_table(paused, &json!({"game": "schotten-totten", "seats": [{}, {}]})).await;
    let (ada_seat, ada_token) = join(paused, &id, "Ada").await;
    let (_, bob_token) = join(paused, &id, "Bob").await;
    let mut ada = Client::connect(paused, &id, Some(&ada_token)).await;
    let mut bob = Client::connect(paused, &id, Some(&bob_token)).await;
    let (ada_first, bob_first) = (ada.expect("state").await, bob.expect("state").await);
    let epoch = "SELECT epoch FROM tables WHERE id = $1";
    assert_eq!(store.scalar(epoch, &id).await, 1);

    // The node stops. A player asking another node at once (the stopped node's heartbeat is
    // still fresh, and its kernel still accepts connections) gets an answer within about the
    // lease: the other node takes the table over.
    signal(&nodes[1].0, "STOP");
    let asked = Instant::now();
    let shown = tokio::time::timeout(LEASE * 4, http::get(other, &format!("/api/tables/{id}")))
        .await
        .expect("a stopped owner does not hold up a request for its table")
        .json();
    assert_eq!(shown["step"], 0);
    assert!(asked.elapsed() < LEASE * 2, "answered after {:?}", asked.elapsed());
    assert!(store.scalar(epoch, &id).await >= 2, "taken over while the owner sleeps");
    // The player to move moves through the other node (the new owner).
    let ada_moves = ada_first["table"]["to_act"][0] == json!(ada_seat);
    let (mover_token, mover_seat, mut stale, stale_first) =
        if ada_moves { (&ada_token, ada_seat, ada, ada_first) } else { (&bob_token, 1 - ada_seat, bob, bob_first) };
    let mut moved = Client::connect(other, &id, Some(mover_token)).await;
    let state = moved.expect("state").await;
    assert_eq!(state["you"], json!(mover_seat), "the token works on another node");
    let action = legal(&state)[0].clone();
    let acked = moved.act_and_wait(&action).await;
    assert_eq!(acked["table"]["step"], 1);

    // Resumed, the old owner still has the table at step 0 in memory, and the mover's old
    // connection to it; the mover plays another card there at once. The database refuses that
    // write (or the node has already let the table go): nothing is acknowledged or stored, and
    // the connection is told to reconnect.
    signal(&nodes[1].0, "CONT");
    let stale_action = legal(&stale_first).into_iter().find(|a| *a != action).expect("another card");
    let _ = stale.try_send_text(json!({"type": "act", "action": stale_action}).to_string()).await;
    let mut told = Vec::new();
    while let Some(message) = stale.next().await {
        assert!(message["acted"].is_null(), "the old owner acknowledged {message}");
        told.push(message);
    }
    assert!(told.iter().any(|m| m["error"] == "moved"), "told that the table moved: {told:?}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stored = "SELECT COUNT(*) FROM actions WHERE table_id = $1";
    assert_eq!(store.scalar(stored, &id).await, 1, "only the new owner's acknowledged action is stored");

    // The other player reconnects through the old owner and is forwarded to the new one.
    let other_token = if ada_moves { &bob_token } else { &ada_token };
    let mut back = Client::connect(paused, &id, Some(other_token)).await;
    let state = back.expect("state").await;
    assert_eq!(state["table"]["step"], 1, "the new owner's table, through the old owner");
    let action = legal(&state)[0].clone();
    assert_eq!(back.act_and_wait(&action).await["table"]["step"], 2);
    assert_eq!(store.scalar(stored, &id).await, 2);
}
