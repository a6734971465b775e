//! Storage that never lies: one server per SQLite data directory, and a table whose database writes
//! fail (an action or the clock) acknowledges nothing, says so, and goes on once writes work again.

mod common;

use std::time::Duration;

use common::http::{self, create_table, join};
use common::snap::snap_registry;
use common::ws::{Client, legal};
use common::{TestServer, TwoPlayers, demo_registry};
use serde_json::{Value, json};
use server::{ServeError, StoreFaults};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_a_data_directory_in_use_refuses_to_start() {
    let first = TestServer::start(demo_registry()).await;
    if first.store.database.is_some() {
        // Several servers on one PostgreSQL database is what it is for: tests/cluster.rs.
        return;
    }
    let id = create_table(first.addr(), &json!({"game": "rps-veto", "seats": [{}, {}]})).await;

    let refused = server::start(first.store.options(), demo_registry()).await;
    let Err(error) = refused else { panic!("a second server started on a data directory in use") };
    let message = error.to_string();
    assert!(message.contains("in use by another spieltisch server"), "a clear message: {message}");
    assert!(matches!(error, ServeError::DataInUse { .. }), "{error}");
    let data = first.store.data.path().display().to_string();
    assert!(message.contains(&data), "names the directory: {message}");

    // The first server is untouched and its table still takes players.
    join(first.addr(), &id, "Ada").await;

    // Once the first has stopped, the directory is free again and its tables come back.
    let TestServer { server: running, store } = first;
    running.shutdown().await;
    let second = server::start(store.options(), demo_registry()).await.expect("starts once the first stopped");
    let shown = http::get(second.addr(), &format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["seats"][0]["name"], "Ada");
    second.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_store_acknowledges_nothing_pauses_the_table_and_resumes() {
    let faults = StoreFaults::default();
    let injected = faults.clone();
    let server = TestServer::start_with(demo_registry(), move |o| {
        o.store_faults = injected;
        o.store_retry = Duration::from_millis(100);
    })
    .await;
    let addr = server.addr();
    let TwoPlayers { id, mut ada, mut bob, first, .. } = TwoPlayers::sit(addr).await;
    let action = legal(&first)[0].clone();
    let stored = ada.act_and_wait(&action).await;
    let step = stored["table"]["step"].as_u64().expect("step");
    assert_eq!(step, 1);

    // The disk fails: Bob's action is refused, nobody is told it happened, everybody is told why.
    faults.fail_writes(true);
    let bob_state = bob.state_where(|s| s["table"]["step"] == 1).await;
    let choice = legal(&bob_state)[0].clone();
    bob.act(&choice).await;
    let (refusal, states) = bob.next_error().await;
    assert_eq!(refusal["error"], "store-unavailable", "{refusal}");
    assert!(refusal["message"].as_str().is_some_and(|m| m.contains("cannot save")), "{refusal}");
    assert!(states.iter().all(|s| s["acted"].is_null() && s["table"]["step"] == 1), "nothing acknowledged: {states:?}");
    let paused = bob.state_where(|s| s["table"]["paused"].is_string()).await;
    assert_eq!(paused["table"]["step"], 1, "the paused table shows the stored position");
    let (told, _) = ada.next_error().await;
    assert_eq!(told["error"], "store-unavailable", "the other players are told too: {told}");
    let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
    assert!(shown["paused"].is_string(), "the lobby sees the pause: {shown}");
    assert_eq!(shown["step"], 1);

    // While paused, nothing is taken, and the retries never acknowledge anything.
    bob.act(&choice).await;
    let (again, states) = bob.next_error().await;
    assert_eq!(again["error"], "store-unavailable");
    assert!(states.iter().all(|s| s["acted"].is_null()), "{states:?}");
    tokio::time::sleep(Duration::from_millis(450)).await; // a few failed retries
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], 1);

    // The disk works again: the kept action is stored, then acknowledged, and the game goes on.
    faults.fail_writes(false);
    let acked = bob.state_where(|s| s["acted"] == choice.as_str()).await;
    assert_eq!(acked["table"]["step"], 2);
    assert!(acked["table"].get("paused").is_none(), "{acked}");
    let step_now = http::get(addr, &format!("/api/tables/{id}")).await.json()["step"].as_u64().expect("step");
    assert_eq!(step_now, 2);

    // Everything acknowledged was stored: a new server on the same data has the same game.
    drop((ada, bob));
    let TestServer { server: running, store } = server;
    running.shutdown().await;
    let restarted = server::start(store.options(), demo_registry()).await.expect("restarts");
    let record_or_table = http::get(restarted.addr(), &format!("/api/tables/{id}")).await.json();
    assert_eq!(record_or_table["step"].as_u64(), Some(step_now), "{record_or_table}");
    restarted.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_or_joining_a_table_while_the_store_fails_is_refused_with_503() {
    let faults = StoreFaults::default();
    let injected = faults.clone();
    let server = TestServer::start_with(demo_registry(), move |o| o.store_faults = injected).await;
    let addr = server.addr();
    let body = json!({"game": "rps-veto", "seats": [{}, {}]});
    let id = create_table(addr, &body).await;
    faults.fail_writes(true);
    let refused = http::post(addr, "/api/tables", &body).await;
    assert_eq!((refused.status, refused.json()["error"].clone()), (503, json!("store-unavailable")));
    let refused = http::post(addr, &format!("/api/tables/{id}/join"), &json!({"name": "Ada"})).await;
    assert_eq!((refused.status, refused.json()["error"].clone()), (503, json!("store-unavailable")));
    faults.fail_writes(false);
    create_table(addr, &body).await;
    join(addr, &id, "Ada").await;
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_table_pauses_while_the_store_fails_and_finishes_afterwards() {
    let faults = StoreFaults::default();
    let injected = faults.clone();
    let server = TestServer::start_with(demo_registry(), move |o| {
        o.store_faults = injected;
        o.store_retry = Duration::from_millis(50);
        // Each veto window holds Ada's pass this long; the default 1.5 s made the game take
        // up to many seconds.
        o.reaction_delay = Duration::from_millis(50);
        // The bot's first choice must come after the store starts failing (a 5 ms bot could
        // answer while Ada connects).
        o.bot_delay = Duration::from_millis(400);
    })
    .await;
    let addr = server.addr();
    let id =
        create_table(addr, &json!({"game": "rps-veto", "variants": ["first-to=3"], "seats": [{}, {"bot": "random"}]}))
            .await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let state = ada.expect("state").await;
    faults.fail_writes(true);
    let action = legal(&state)[0].clone();
    ada.act(&action).await;
    let (refusal, _) = ada.next_error().await;
    assert_eq!(refusal["error"], "store-unavailable");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let shown = http::get(addr, &format!("/api/tables/{id}")).await.json();
    assert_eq!(shown["step"], 0, "neither the player's nor the bot's action was taken: {shown}");
    faults.fail_writes(false);
    let acked = ada.state_where_past("store-unavailable", |s| s["acted"] == action.as_str()).await;
    let (last, _) = ada.play_to_end(acked, |legal: &[String]| legal[0].clone()).await;
    assert!(last["table"]["outcome"].is_object());
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_that_cannot_be_stored_pauses_the_table_until_it_is() {
    let time = server::Time::manual_now();
    let faults = StoreFaults::default();
    let (injected, clock) = (faults.clone(), time.clone());
    let server = TestServer::start_with(snap_registry(), move |o| {
        o.time = clock;
        o.bot_delay = Duration::from_millis(5);
        o.clock_tick = Duration::from_millis(10);
        o.store_faults = injected;
        o.store_retry = Duration::from_millis(50);
    })
    .await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "snap", "clock": 5, "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    ada.expect("state").await;
    time.advance(Duration::from_secs(6));
    let missed = |s: &Value| s["table"]["clock"]["seats"][0]["missed"] != 0;
    ada.state_where(missed).await;

    // Coming back (clearing the miss) changes only the clock; its write fails: the table pauses and says so.
    faults.fail_writes(true);
    ada.send_text(json!({"type": "take-back"}).to_string()).await;
    let (told, _) = ada.next_error().await;
    assert_eq!(told["error"], "store-unavailable", "{told}");
    let paused = ada.state_where_past("store-unavailable", |s| s["table"]["paused"].is_string()).await;
    let step = paused["table"]["step"].clone();
    for action in legal(&paused) {
        ada.act(&action).await;
        let (refused, states) = ada.next_error().await;
        assert_eq!(refused["error"], "store-unavailable", "no move on an unstored clock: {refused}");
        assert!(states.iter().all(|s| s["acted"].is_null()), "{states:?}");
    }
    tokio::time::sleep(Duration::from_millis(200)).await; // failed retries
    assert_eq!(http::get(addr, &format!("/api/tables/{id}")).await.json()["step"], step, "no bot moved either");

    // The disk works again: the clock is stored, the table goes on, and a restart has the clock.
    faults.fail_writes(false);
    let resumed = ada.state_where_past("store-unavailable", |s| s["table"].get("paused").is_none()).await;
    assert!(!missed(&resumed), "{resumed}");
    drop(ada);
    let TestServer { server: running, store } = server;
    running.shutdown().await;
    let restarted = server::start(store.options(), snap_registry()).await.expect("restarts");
    let mut again = Client::connect(restarted.addr(), &id, Some(&token)).await;
    let restored = again.expect("state").await;
    assert!(!missed(&restored), "the stored clock has Ada back: {restored}");
    restarted.shutdown().await;
}
