//! The disk under a running SQLite server fails (SQLite only: the server binary as a process).
//!
//! SQLite in WAL mode normally keeps its WAL index in `spieltisch.db-shm`, memory-mapped: a
//! fault of that file reached the server as SIGBUS and killed it without a word. The server
//! must survive such a fault, and a disk that refuses writes must pause the table, not kill it.

mod common;

use std::time::Duration;

use common::TestStore;
use common::process::spawn_server;
use common::ws::legal;
use common::{TwoPlayers, http};

/// Sets the soft file-size limit of process `pid` (`unlimited` or bytes).
fn file_size_limit(pid: u32, limit: &str) {
    let status = std::process::Command::new("prlimit")
        .args(["--pid", &pid.to_string(), &format!("--fsize={limit}:unlimited")])
        .status()
        .expect("prlimit runs");
    assert!(status.success(), "prlimit --fsize={limit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_wal_index_file_or_a_disk_refusing_writes_never_kills_the_server() {
    let store = TestStore::new().await;
    if store.database.is_some() {
        return; // SQLite only
    }
    let (mut child, addr) = spawn_server(&store, &[]).await;
    let TwoPlayers { id, mut ada, mut bob, first, .. } = TwoPlayers::sit(addr).await;
    ada.act_and_wait(&legal(&first)[0]).await;

    // The WAL index file is cut to nothing and made read-only (a full file system, a cleanup
    // job, an operator's mistake).
    let shm = store.data.path().join("spieltisch.db-shm");
    if shm.exists() {
        std::fs::OpenOptions::new().write(true).truncate(true).open(&shm).expect("truncate the -shm");
        let mut read_only = std::fs::metadata(&shm).expect("metadata").permissions();
        read_only.set_readonly(true);
        std::fs::set_permissions(&shm, read_only).expect("chmod");
    }
    let state = bob.state_where(|s| s["table"]["step"] == 1).await;
    let acked = bob.act_and_wait(&legal(&state)[0]).await;
    assert_eq!(acked["table"]["step"], 2, "the server lives and acknowledges");
    assert!(child.try_wait().expect("wait").is_none(), "the server lives");

    // The disk refuses every write (a file-size limit of one byte): the table pauses and
    // says so; once writes work again the kept action is stored and acknowledged.
    let state = ada.state_where(|s| s["table"]["step"] == 2).await;
    let pid = child.id().expect("pid");
    file_size_limit(pid, "1");
    let action = legal(&state)[0].clone();
    ada.act(&action).await;
    let (refusal, states) = ada.next_error().await;
    assert_eq!(refusal["error"], "store-unavailable", "{refusal}");
    assert!(states.iter().all(|s| s["acted"].is_null()), "nothing acknowledged: {states:?}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(child.try_wait().expect("wait").is_none(), "the server lives");
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], 2);
    file_size_limit(pid, "unlimited");
    let acked = ada.state_where_past("store-unavailable", |s| s["acted"] == action.as_str()).await;
    assert_eq!(acked["table"]["step"], 3);

    // Everything acknowledged is on the disk: a restarted server has it.
    drop((ada, bob));
    child.start_kill().expect("SIGKILL");
    child.wait().await.expect("dead");
    let (_child, addr) = spawn_server(&store, &[]).await;
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], 3);
}
