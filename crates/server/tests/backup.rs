//! Online backups of the SQLite database: copied while the server runs and plays, restored as
//! docs/deploy.md says, every table comes back where the copy was taken and plays on.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::TestStore;
use common::http::{self, create_table, join};
use common::process::{signal, spawn_server};
use common::ws::{Client, finished, legal};
use serde_json::{Value, json};

/// `server::backup` on a thread of its own (it blocks).
fn backup(data: &Path, file: &Path) -> u64 {
    let (data, file): (PathBuf, PathBuf) = (data.to_owned(), file.to_owned());
    std::thread::spawn(move || server::backup(&data, &file)).join().expect("thread").expect("backup")
}

/// Two people at a turn-based table, connected, with the latest state each saw.
struct Table {
    clients: [Client; 2],
    latest: [Value; 2],
}

impl Table {
    async fn connect(addr: std::net::SocketAddr, id: &str, tokens: &[String; 2]) -> Table {
        let mut ada = Client::connect(addr, id, Some(&tokens[0])).await;
        let mut bob = Client::connect(addr, id, Some(&tokens[1])).await;
        let latest = [ada.expect("state").await, bob.expect("state").await];
        Table { clients: [ada, bob], latest }
    }

    /// Plays `n` actions (or to the end): whoever may act plays its first legal action.
    async fn play(&mut self, n: usize) {
        for _ in 0..n {
            if finished(&self.latest[0]) {
                return;
            }
            let mover = if legal(&self.latest[0]).is_empty() { 1 } else { 0 };
            let acked = self.clients[mover].act_and_wait(&legal(&self.latest[mover])[0]).await;
            let step = acked["table"]["step"].clone();
            self.latest[mover] = acked;
            self.latest[1 - mover] = self.clients[1 - mover].state_where(|s| s["table"]["step"] == step).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_playing_restores_every_table_where_it_was() {
    let store = TestStore::new().await;
    if store.database.is_some() {
        return; // PostgreSQL is backed up with pg_dump
    }
    let data = store.data.path();
    let (mut child, addr) = spawn_server(&store, &[]).await;
    let id = create_table(addr, &json!({"game": "schotten-totten", "seats": [{}, {}]})).await;
    let tokens = [join(addr, &id, "Ada").await.1, join(addr, &id, "Bob").await.1];
    let mut table = Table::connect(addr, &id, &tokens).await;
    table.play(6).await;
    let copies = tempfile::tempdir().expect("temp dir");
    let copy = copies.path().join("spieltisch-copy.db");
    assert!(backup(data, &copy) > 0);
    table.play(4).await;
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], 10);

    // The restore: stop the server, the copy in place of the database, the WAL removed, start.
    drop(table);
    signal(&child, "TERM");
    let stopped = tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("stops");
    assert!(stopped.expect("status").success());
    // With no server running, a copy is made all the same.
    assert!(backup(data, &copies.path().join("offline.db")) > 0);
    std::fs::copy(&copy, data.join("spieltisch.db")).expect("restore the copy");
    for stale in ["spieltisch.db-wal", "spieltisch.db-shm"] {
        let _ = std::fs::remove_file(data.join(stale));
    }
    let (_child, addr) = spawn_server(&store, &[]).await;
    let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["step"], 6, "the table is back where the copy was taken");
    let mut table = Table::connect(addr, &id, &tokens).await;
    assert_eq!(table.latest[0]["you"], 0, "the seats are the same people's");
    table.play(usize::MAX).await;
    assert!(table.latest[0]["table"]["outcome"].is_object(), "played on to the end");
}
