//! Secret choices, reaction windows and the table clock at a server table, with the test game
//! Snap (a secret pick, then a reaction window listing every seat) and a clock the tests move.

mod common;

use std::sync::atomic::Ordering;
use std::time::Duration;

use common::http::{self, create_table, join};
use common::snap::{ASKED, SAW_OTHERS, snap_registry};
use common::ws::{Client, finished, legal};
use common::{TestServer, TestStore};
use serde_json::{Value, json};
use server::Time;

const DELAY: Duration = Duration::from_secs(1);

/// A server for Snap on a manual clock: bots wait `bot_delay`, passes in reaction windows at
/// tables with people wait [`DELAY`] of the manual clock.
async fn server(time: &Time, bot_delay: Duration) -> TestServer {
    let time = time.clone();
    TestServer::start_with(snap_registry(), move |o| {
        o.time = time;
        o.bot_delay = bot_delay;
        o.clock_tick = Duration::from_millis(10);
        o.reaction_delay = DELAY;
        o.reaction_time = Duration::from_secs(20);
    })
    .await
}

fn kind(state: &Value) -> &str {
    state["table"]["step_kind"].as_str().unwrap_or("")
}

fn to_act(state: &Value) -> Vec<u64> {
    state["table"]["to_act"].as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default()
}

fn by_table(state: &Value, seat: usize) -> bool {
    state["table"]["clock"]["seats"][seat]["by_table"] == true
}

fn round(state: &Value) -> u64 {
    state["view"]["round"].as_u64().unwrap_or(99)
}

/// Nothing but states that change nothing arrive for `wait` (real time).
async fn quiet(client: &mut Client, wait: Duration, step: u64) {
    let until = tokio::time::Instant::now() + wait;
    while let Ok(message) = tokio::time::timeout_at(until, client.next()).await {
        let message = message.expect("connection open");
        assert!(message["table"]["step"].as_u64().is_none_or(|s| s == step), "nothing may happen yet: {message}");
    }
}

/// A Snap table of two people, Ada (seat 0) and Grace (seat 1), `holder` holding the snap card;
/// both connected, Ada picks 1 and Grace 2, so the reaction window opens next.
async fn two_people_pick(addr: std::net::SocketAddr, holder: usize) -> [Client; 2] {
    let id = create_table(addr, &json!({"game": "snap", "config": {"holder": holder}, "seats": [{}, {}]})).await;
    let (_, t0) = join(addr, &id, "Ada").await;
    let (_, t1) = join(addr, &id, "Grace").await;
    let mut seats = [Client::connect(addr, &id, Some(&t0)).await, Client::connect(addr, &id, Some(&t1)).await];
    for (i, client) in seats.iter_mut().enumerate() {
        client.expect("state").await;
        client.act(&format!("pick {}", i + 1)).await;
    }
    seats
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_answers_a_secret_choice_once_whoever_answers_first() {
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(300)).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "snap", "seats": [{}, {"bot": "counting"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    assert_eq!(kind(&first), "secret");
    assert_eq!(first["pass"], Value::Null, "a secret choice has no pass");

    // The person answers first, while the bot thinks: the bot's answer still counts.
    ada.act_and_wait("pick 2").await;
    let window = ada.state_where(|s| kind(s) == "reaction").await;
    assert_eq!(ASKED.load(Ordering::SeqCst), 1, "the bot was asked once for the pick");
    assert_eq!(window["pass"], "pass", "the state names the viewer's pass");
    assert_eq!(legal(&window), ["pass"]);

    // The window: Ada can only pass and is answered at the end of the hold; the bot answers too.
    time.advance(DELAY);
    let next = ada.state_where(|s| kind(s) == "secret" && round(s) == 1).await;
    assert_eq!(to_act(&next), [0, 1]);

    // Now the bot answers first; Ada after it.
    let bot_first = ada.state_where(|s| to_act(s) == [0]).await;
    assert_eq!(kind(&bot_first), "secret", "the step stays a secret choice with one seat left");
    let window = ada.act_and_wait("pick 1").await;
    assert_eq!(kind(&window), "reaction", "Ada's pick ended the step");
    assert_eq!(ASKED.load(Ordering::SeqCst), 2, "once per pick");
    assert_eq!(SAW_OTHERS.load(Ordering::SeqCst), 0, "the bot never saw Ada's pick");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_runs_out_the_table_plays_and_the_person_takes_the_seat_back() {
    let time = Time::manual_now();
    // The table's bot waits long enough for Ada to act first, even on a busy machine: with
    // 1.5 s, a CI run loaded by the other tests once had the table pick for Ada before her
    // "pick 3" arrived (refused as not-your-turn).
    let server = server(&time, Duration::from_millis(3000)).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "snap", "clock": 10, "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    assert_eq!(first["table"]["clock"]["seconds"], 10);
    assert_eq!(first["table"]["clock"]["seats"][0]["remaining_ms"], 10_000);
    assert_eq!(first["table"]["clock"]["seats"][1]["remaining_ms"], Value::Null, "bots have no clock");

    // Just before the deadline nothing happens; at it, the table picks for Ada.
    time.advance(Duration::from_millis(9_999));
    ada.state_where(|s| to_act(s) == [0]).await; // the bot picked
    quiet(&mut ada, Duration::from_millis(300), 1).await;
    time.advance(Duration::from_millis(1));
    let taken = ada.state_where(|s| by_table(s, 0)).await;
    assert_eq!(to_act(&taken), [0], "marked first, then the table answers");
    let window = ada.state_where(|s| kind(s) == "reaction").await;
    assert!(by_table(&window, 0), "everyone sees the table plays for seat 0");

    // The table keeps answering for Ada at once: its pass after the hold, its next pick
    // without waiting for another deadline.
    time.advance(DELAY);
    ada.state_where(|s| kind(s) == "secret" && round(s) == 1).await;
    let picked = ada.state_where(|s| round(s) == 1 && kind(s) == "reaction").await;
    assert!(by_table(&picked, 0));
    time.advance(DELAY);
    let round2 = ada.state_where(|s| kind(s) == "secret" && round(s) == 2).await;

    // Ada takes the seat back by acting (before the table's bot answers).
    assert!(legal(&round2).contains(&"pick 3".to_owned()));
    let back = ada.act_and_wait("pick 3").await;
    assert!(!by_table(&back, 0), "acting takes the seat back");
    assert_eq!(back["view"]["my_pick"], 3, "Ada's own pick counts, not the table's");
    let window = ada.state_where(|s| kind(s) == "reaction").await;
    assert_eq!(window["table"]["clock"]["seats"][0]["remaining_ms"], 10_000, "her clock runs again");
    time.advance(Duration::from_millis(9_000));
    ada.act_and_wait("pass").await; // held until the hold ends, then applied
    let done = ada.state_where(finished).await;
    assert!(!by_table(&done, 0));

    // The record has exactly one action of seat 0 per step.
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    let seat0 = record["actions"].as_array().expect("actions").iter().filter(|a| a["seat"] == 0).count();
    assert_eq!(seat0, 6, "three picks and three answers of seat 0: {record}");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_take_back_message_gives_the_seat_back() {
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(5)).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "snap", "clock": 5, "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    ada.expect("state").await;
    time.advance(Duration::from_secs(6));
    ada.state_where(|s| by_table(s, 0)).await;
    ada.send_text(json!({"type": "take-back"}).to_string()).await;
    let back = ada.state_where(|s| !by_table(s, 0)).await;
    assert!(back["table"]["status"] == "running");
    // A spectator cannot take a seat back.
    let mut watcher = Client::connect(addr, &id, None).await;
    watcher.expect("state").await;
    watcher.send_text(json!({"type": "take-back"}).to_string()).await;
    assert_eq!(watcher.expect("error").await["error"], "not-seated");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passes_wait_the_same_whether_or_not_a_seat_could_react() {
    for holder in [0usize, 1] {
        let time = Time::manual_now();
        let server = server(&time, Duration::from_millis(5)).await;
        let addr = server.addr();
        let mut seats = two_people_pick(addr, holder).await;
        let mut windows = Vec::new();
        for client in &mut seats {
            windows.push(client.state_where(|s| kind(s) == "reaction").await);
        }
        let step = windows[0]["table"]["step"].as_u64().expect("step");
        // Both seats see the same clocks and the same public table, holder or not.
        assert_eq!(windows[0]["table"], windows[1]["table"]);
        assert_eq!(windows[0]["table"]["clock"]["seats"][0]["remaining_ms"], 20_000);
        assert_eq!(windows[holder]["legal"], json!(["snap", "pass"]));
        assert_eq!(windows[1 - holder]["legal"], json!(["pass"]));
        // The holder passes at once; the other can only pass. Neither pass shows before the
        // hold ends.
        seats[holder].act("pass").await;
        time.advance(DELAY - Duration::from_millis(1));
        for client in &mut seats {
            quiet(client, Duration::from_millis(200), step).await;
        }
        time.advance(Duration::from_millis(1));
        let after = seats[1 - holder].state_where(|s| kind(s) == "secret").await;
        assert_eq!(after["table"]["step"].as_u64(), Some(step + 2), "both passes, at the same moment");
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_may_react_and_says_nothing_passes_at_the_deadline() {
    // No time control: the holder of the snap card has the reaction time (20 s), then the
    // table passes for them — once, without taking the seat over.
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(5)).await;
    let addr = server.addr();
    let mut seats = two_people_pick(addr, 0).await;
    let window = seats[0].state_where(|s| kind(s) == "reaction").await;
    let step = window["table"]["step"].as_u64().expect("step");
    assert_eq!(legal(&window), ["snap", "pass"]);
    // The hold ends: Grace, who can only pass, is answered; Ada is still asked.
    time.advance(DELAY);
    let waiting = seats[0].state_where(|s| to_act(s) == [0]).await;
    assert_eq!(kind(&waiting), "reaction");
    time.advance(Duration::from_secs(20) - DELAY - Duration::from_millis(1));
    quiet(&mut seats[0], Duration::from_millis(200), step).await;
    time.advance(Duration::from_millis(1));
    let passed = seats[0].state_where(|s| kind(s) == "secret").await;
    assert_eq!(passed["table"]["step"].as_u64(), Some(step + 2), "Ada's pass is the second answer");
    assert!(!by_table(&passed, 0), "without a time control the seat stays Ada's");
    assert_eq!(passed["view"]["points"], json!([0, 1]), "Ada did not snap: {passed}");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_bots_never_waits_for_the_clock() {
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(1)).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "snap", "clock": 30, "seats": [{"bot": "random"}, {"bot": "random"}]}))
        .await;
    let mut watcher = Client::connect(addr, &id, None).await;
    watcher.state_where(finished).await;
    server.server.shutdown().await;
}

#[test]
fn a_pending_deadline_survives_a_restart() {
    let store = tokio::runtime::Runtime::new().expect("runtime").block_on(TestStore::new());
    let start = Time::manual_now().now_micros();
    let start_server = |time: Time| {
        let options = server::ServeOptions {
            time,
            clock_tick: Duration::from_millis(10),
            reaction_delay: DELAY,
            ..store.options()
        };
        async move { server::start(options, snap_registry()).await.expect("server starts") }
    };
    // The first run: the bot picks, Ada does not; 4 of her 10 seconds pass; the server dies.
    let time = Time::manual(start);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let (id, token) = runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let id = create_table(addr, &json!({"game": "snap", "clock": 10, "seats": [{}, {"bot": "random"}]})).await;
        let (_, token) = join(addr, &id, "Ada").await;
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        ada.state_where(|s| to_act(s) == [0]).await;
        time.advance(Duration::from_secs(4));
        (id, token)
    });
    runtime.shutdown_background(); // like a crash: no task runs on

    // The second run, 4 s later: 6 s are left, not 10; at the deadline the table picks, once.
    let time = Time::manual(start + 4_000_000);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        let restored = ada.expect("state").await;
        assert_eq!(to_act(&restored), [0]);
        assert_eq!(restored["table"]["clock"]["seats"][0]["remaining_ms"], 6_000, "the clock resumed");
        time.advance(Duration::from_millis(5_999));
        quiet(&mut ada, Duration::from_millis(300), 1).await;
        time.advance(Duration::from_millis(1));
        let answered = ada.state_where(|s| kind(s) == "reaction").await;
        assert!(by_table(&answered, 0));
        assert_eq!(answered["table"]["step"], 2, "one pick each, none lost, none twice");
        running.shutdown().await;
    });
    runtime.shutdown_background();

    // The third run starts after the next deadline passed (the table plays for Ada, the
    // window's hold is long over): the table answers at once, once.
    let time = Time::manual(start + 60_000_000);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        let next = ada.state_where(|s| kind(s) == "secret").await;
        assert_eq!(next["table"]["step"], 4, "both answered the window once");
        assert!(by_table(&next, 0), "the table still plays for Ada after the restart");
        running.shutdown().await;
    });
    runtime.shutdown_background();
}
