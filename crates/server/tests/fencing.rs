//! Fencing: a server that lost a table (another server took it and raised its epoch) can never
//! commit for it again — the database itself refuses the write, whatever the server believes.

mod common;

use std::time::Duration;

use common::http;
use common::ws::{Client, legal};
use common::{TestServer, TwoPlayers, demo_registry};
use server::StoreFaults;

const ACTIONS: &str = "SELECT COUNT(*) FROM actions WHERE table_id = $1";
const EPOCH: &str = "SELECT epoch FROM tables WHERE id = $1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_lost_a_table_can_never_write_for_it_again() {
    let faults = StoreFaults::default();
    let injected = faults.clone();
    let server = TestServer::start_with(demo_registry(), |o| {
        o.store_retry = Duration::from_millis(50);
        o.store_faults = injected;
    })
    .await;
    let addr = server.addr();
    // SQLite: nothing else opens the database while the server runs (it holds it exclusively).
    let postgres = server.store.database.is_some();
    let TwoPlayers { id, tokens: [_, bob_token], mut ada, mut bob, first } = TwoPlayers::sit(addr).await;
    ada.act_and_wait(&legal(&first)[0]).await;
    if postgres {
        assert_eq!(server.store.scalar(ACTIONS, &id).await, 1);
        assert_eq!(server.store.scalar(EPOCH, &id).await, 1, "the creating server owns the table at epoch 1");
    }

    // Another server takes the table over, as a survivor takes a dead node's tables (on
    // SQLite the server's writer does it for the test, before its next commit).
    let taken = "UPDATE tables SET owner = 'another-node', epoch = epoch + 1 WHERE id = $1";
    if postgres {
        assert_eq!(server.store.execute(taken, &id).await, 1);
    } else {
        faults.hand_over(&id);
    }

    // This server still believes it owns the table; the database refuses its write, and the
    // server lets the table go: its players are told to reconnect (to the new owner).
    let bob_state = bob.state_where(|s| s["table"]["step"] == 1).await;
    let choice = legal(&bob_state)[0].clone();
    bob.act(&choice).await;
    let (refusal, states) = bob.next_error().await;
    assert_eq!(refusal["error"], "moved", "{refusal}");
    assert!(states.iter().all(|s| s["acted"].is_null()), "nothing acknowledged: {states:?}");
    assert!(bob.next().await.is_none(), "the connection closes");
    assert!(ada.next_error().await.0["error"] == "moved");
    tokio::time::sleep(Duration::from_millis(300)).await;
    if postgres {
        assert_eq!(server.store.scalar(ACTIONS, &id).await, 1, "nothing of the old owner reaches the database");
    }
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], 1);
    // On PostgreSQL that look took the table over ("another-node" is no live node): epoch 3.
    let looked = if postgres { 1 } else { 0 };

    // A server starting on the store takes the table (epoch 3) and plays on from what is stored.
    drop((ada, bob));
    let TestServer { server: running, store } = server;
    running.shutdown().await;
    assert_eq!(store.scalar(ACTIONS, &id).await, 1, "nothing of the old owner reached the database");
    assert_eq!(store.scalar(EPOCH, &id).await, 2 + looked, "another owner took it");
    let restarted = server::start(store.options(), demo_registry()).await.expect("restarts");
    let mut bob = Client::connect(restarted.addr(), &id, Some(&bob_token)).await;
    let state = bob.expect("state").await;
    assert_eq!(state["table"]["step"], 1, "the refused action never happened");
    let acked = bob.act_and_wait(&choice).await;
    assert_eq!(acked["table"]["step"], 2);
    restarted.shutdown().await;
    assert_eq!(store.scalar(EPOCH, &id).await, 3 + looked, "the restarted server took it");
    assert_eq!(store.scalar(ACTIONS, &id).await, 2);
}
