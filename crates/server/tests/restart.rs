//! A real crash: SIGKILL the server process mid-game, start it again on the same data
//! directory, and every action any client saw is still there; tokens still work.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use common::TestStore;
use common::http::{self, create_table, join};
use common::process::spawn_server;
use common::ws::{Client, finished, legal};
use serde_json::{Value, json};

/// Plays seat `token` of table `id` as fast as it can until the connection dies or the game
/// ends; returns the highest step of any state it received (each was committed first) and
/// every acknowledged action of its own with the step it made.
async fn play_until_killed(
    addr: SocketAddr,
    id: String,
    token: String,
    progress: Arc<AtomicU64>,
) -> (u64, Vec<(u64, String)>) {
    let mut client = Client::connect(addr, &id, Some(&token)).await;
    let mut seen = 0;
    let mut acks = Vec::new();
    let mut choice = 0usize;
    loop {
        let Some(message) = client.next().await else { return (seen, acks) };
        if message["type"] != "state" {
            continue;
        }
        let step = message["table"]["step"].as_u64().unwrap_or(0);
        if step > seen {
            progress.fetch_add(step - seen, Ordering::Relaxed);
            seen = step;
        }
        if let Some(action) = message["acted"].as_str() {
            acks.push((step, action.to_owned()));
        }
        if finished(&message) {
            return (seen, acks);
        }
        let options = legal(&message);
        if !options.is_empty() {
            choice += 1;
            let action = options[choice % options.len()].clone();
            if !client.try_send_text(json!({"type": "act", "action": action}).to_string()).await {
                return (seen, acks);
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_acknowledged_action() {
    let store = TestStore::new().await;
    let (mut child, addr) = spawn_server(&store, &[]).await;

    // Twenty demo tables against a bot, long games, played as fast as the server answers.
    let mut tables = Vec::new();
    for _ in 0..20 {
        let id = create_table(
            addr,
            &json!({"game": "rps-veto", "variants": ["first-to=9"], "seats": [{}, {"bot": "random"}]}),
        )
        .await;
        let (_, token) = join(addr, &id, "Ada").await;
        tables.push((id, token));
    }
    // And Schotten-Totten from the catalog, restored by replaying its actions.
    for _ in 0..5 {
        let id = create_table(addr, &json!({"game": "schotten-totten", "seats": [{}, {"bot": "random"}]})).await;
        let (_, token) = join(addr, &id, "Ada").await;
        tables.push((id, token));
    }
    // And one table still waiting for its second player.
    let waiting = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {}]})).await;
    let (_, waiting_token) = join(addr, &waiting, "Grace").await;

    let progress = Arc::new(AtomicU64::new(0));
    let players: Vec<_> = tables
        .iter()
        .map(|(id, token)| tokio::spawn(play_until_killed(addr, id.clone(), token.clone(), progress.clone())))
        .collect();
    // Kill it in full flight: once the games are well under way.
    for _ in 0..200 {
        if progress.load(Ordering::Relaxed) >= 100 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child.start_kill().expect("SIGKILL");
    child.wait().await.expect("the server is dead");
    let mut seen = Vec::new();
    for player in players {
        seen.push(player.await.expect("player task"));
    }
    let progressed: u64 = seen.iter().map(|(s, _)| s).sum();
    assert!(progressed >= 100, "the games were under way when the server died: {progressed} steps");

    let (_child, addr) = spawn_server(&store, &[]).await;
    let mut finishing = Vec::new();
    for ((id, token), (seen, acks)) in tables.into_iter().zip(seen) {
        finishing.push(tokio::spawn(async move {
            let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
            let step = shown["step"].as_u64().expect("step");
            assert!(step >= seen, "table {id}: a client saw step {seen}, the restarted server has {step}");
            // The token still works and the game goes on to the end.
            let mut client = Client::connect(addr, &id, Some(&token)).await;
            let state = client.expect("state").await;
            assert_eq!(state["you"], 0);
            // (The bot may already have moved again.)
            assert!(state["table"]["step"].as_u64().is_some_and(|now| now >= step));
            let (last, _) = client.play_to_end(state, |legal: &[String]| legal[0].clone()).await;
            assert!(last["table"]["outcome"].is_object());
            // Every acknowledged action is in the record, at the step it was acknowledged at.
            let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
            for (step, action) in acks {
                let stored = &record["actions"][step as usize - 1];
                assert_eq!(
                    (&stored["seat"], &stored["action"]),
                    (&json!(0), &json!(action)),
                    "table {id}, step {step}"
                );
            }
        }));
    }
    for table in finishing {
        table.await.expect("the table plays on after the restart");
    }
    // The waiting table waits on, Grace's seat kept.
    let shown: Value = http::get(addr, &format!("/api/tables/{waiting}")).await.json();
    assert_eq!(shown["status"], "open");
    assert_eq!(shown["seats"][0]["name"], "Grace");
    let mut grace = Client::connect(addr, &waiting, Some(&waiting_token)).await;
    assert_eq!(grace.expect("state").await["you"], 0);
    let (seat, _) = join(addr, &waiting, "Ada").await;
    assert_eq!(seat, 1);
    assert_eq!(grace.expect("state").await["table"]["status"], "running");
}
