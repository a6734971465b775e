//! A node stopped in the middle of a commit (PostgreSQL only, with `SPIELTISCH_TEST_POSTGRES`).
//!
//! The fence of a commit locks its tables' rows until COMMIT, which a stopped node never sends.
//! PostgreSQL must not keep those locks for as long as the node sleeps (or, cut off, until TCP
//! gives up): another node takes the table within about the lease, a request for it through
//! another node is answered within a bound, and the stuck commit never counts.

mod common;

use std::time::{Duration, Instant};

use common::TestStore;
use common::http::{self, create_table, join};
use common::process::{signal, spawn_server};
use common::ws::{Client, legal};
use serde_json::json;
use sqlx::Connection;

/// The nodes' lease in this test: short, the test waits for it in real time.
const LEASE_MS: &str = "500";
const LEASE: Duration = Duration::from_millis(500);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_in_the_middle_of_a_commit_loses_its_table_within_the_lease() {
    let store = TestStore::new().await;
    let Some(url) = store.database.clone() else {
        return eprintln!("several nodes need PostgreSQL: set SPIELTISCH_TEST_POSTGRES");
    };
    let (stopped, a) = spawn_server(&store, &["--node-lease-ms", LEASE_MS]).await;
    let (_other, b) = spawn_server(&store, &["--node-lease-ms", LEASE_MS]).await;
    let id = create_table(a, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let (_, ada_token) = join(a, &id, "Ada").await;
    let (_, bob_token) = join(a, &id, "Bob").await;
    let mut ada = Client::connect(a, &id, Some(&ada_token)).await;
    let first = ada.expect("state").await;

    // Hold A's commit of Ada's action between its fence (the table's row locked) and its
    // COMMIT: the insert of the action waits for a lock the test holds. Then stop A there.
    let mut holder = sqlx::PgConnection::connect(&url).await.expect("connect");
    sqlx::query("BEGIN").execute(&mut holder).await.expect("begin");
    sqlx::query("LOCK TABLE actions IN SHARE MODE").execute(&mut holder).await.expect("lock");
    let action = legal(&first)[0].clone();
    ada.act(&action).await;
    let mut watcher = sqlx::PgConnection::connect(&url).await.expect("connect");
    let waiting = "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' \
                   AND query LIKE 'INSERT INTO actions%' AND datname = current_database()";
    let started = Instant::now();
    while sqlx::query_scalar::<_, i64>(waiting).fetch_one(&mut watcher).await.expect("pg_stat_activity") == 0 {
        assert!(started.elapsed() < Duration::from_secs(10), "A's commit does not reach the insert");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    signal(&stopped, "STOP");
    sqlx::query("COMMIT").execute(&mut holder).await.expect("commit");
    // A's insert goes through in its database session, which now sits in the transaction
    // with the table's row locked and waits for a COMMIT that does not come.

    // Through B, the table is answered within a bound, and B takes it over.
    let asked = Instant::now();
    let mut shown = None;
    while asked.elapsed() < LEASE * 6 {
        let answer = tokio::time::timeout(LEASE * 6, http::get(b, &format!("/api/tables/{id}"))).await;
        let answer = answer.unwrap_or_else(|_| panic!("a request through B hung for {:?}", asked.elapsed()));
        if answer.status == 200 {
            shown = Some(answer.json());
            break;
        }
        assert_eq!((answer.status, &answer.json()["error"]), (503, &json!("moving")), "{answer:?}");
    }
    let shown = shown.unwrap_or_else(|| panic!("B did not take the table within {:?}", LEASE * 6));
    assert!(asked.elapsed() < LEASE * 4, "answered after {:?}", asked.elapsed());
    assert_eq!(shown["step"], 0, "the stuck commit was never acknowledged and does not count: {shown}");
    let epoch = store.scalar("SELECT epoch FROM tables WHERE id = $1", &id).await;
    assert!(epoch >= 2, "B took the table while A sleeps (epoch {epoch})");

    // The game goes on through B.
    let mut bob = Client::connect(b, &id, Some(&bob_token)).await;
    let state = bob.expect("state").await;
    let acked = bob.act_and_wait(&legal(&state)[0]).await;
    assert_eq!(acked["table"]["step"], 1);

    // A wakes up: its commit does not happen, Ada's connection to it is told to go elsewhere,
    // and only what B acknowledged is stored.
    signal(&stopped, "CONT");
    let mut told = Vec::new();
    while let Some(message) = ada.next().await {
        assert!(message["acted"].is_null(), "the stopped node acknowledged {message}");
        told.push(message);
    }
    assert!(told.iter().any(|m| m["error"] == "moved"), "told that the table moved: {told:?}");
    let stored = store.scalar("SELECT COUNT(*) FROM actions WHERE table_id = $1", &id).await;
    assert_eq!(stored, 1, "only B's acknowledged action is stored");
}
