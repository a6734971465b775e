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
/// How long the table waits before it answers for an away person (of the manual clock).
const AWAY: Duration = Duration::from_secs(2);

/// A server for Snap on a manual clock: bots wait `bot_delay`, passes in reaction windows at
/// tables with people wait [`DELAY`] of the manual clock, away people are answered after [`AWAY`].
async fn server(time: &Time, bot_delay: Duration) -> TestServer {
    let time = time.clone();
    TestServer::start_with(snap_registry(), move |o| {
        o.time = time;
        o.bot_delay = bot_delay;
        o.away_delay = AWAY;
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

fn away(state: &Value, seat: usize) -> bool {
    state["table"]["clock"]["seats"][seat]["away"] == true
}

fn missed(state: &Value, seat: usize) -> u64 {
    state["table"]["clock"]["seats"][seat]["missed"].as_u64().expect("missed")
}

fn remaining(state: &Value, seat: usize) -> &Value {
    &state["table"]["clock"]["seats"][seat]["remaining_ms"]
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

/// A timed Snap table (10 s per decision) of Ada (seat 0) and a random bot; Ada connected.
async fn timed_table(addr: std::net::SocketAddr) -> (String, String, Client) {
    let id = create_table(addr, &json!({"game": "snap", "clock": 10, "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let ada = Client::connect(addr, &id, Some(&token)).await;
    (id, token, ada)
}

/// The `played_for` marks of a list of log lines.
fn marks(lines: &Value) -> Vec<Value> {
    lines.as_array().expect("log lines").iter().map(|e| e["played_for"].clone()).collect()
}

/// Whether the lines are one action the table chose for `seat`: its first line marked, no other.
fn marked_for(lines: &Value, seat: u64) -> bool {
    let marks = marks(lines);
    marks.first() == Some(&json!(seat)) && marks[1..].iter().all(Value::is_null)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_decision_is_answered_once_and_the_next_has_the_full_time() {
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(5)).await;
    let (_, _, mut ada) = timed_table(server.addr()).await;
    let first = ada.expect("state").await;
    assert_eq!(first["table"]["clock"]["seconds"], 10);
    assert_eq!(remaining(&first, 0), 10_000);
    assert_eq!(remaining(&first, 1), &Value::Null, "bots have no clock");

    // Just before the deadline nothing happens; at it, the table picks for Ada, at once.
    time.advance(Duration::from_millis(9_999));
    ada.state_where(|s| to_act(s) == [0]).await; // the bot picked
    quiet(&mut ada, Duration::from_millis(300), 1).await;
    time.advance(Duration::from_millis(1));
    let told = ada.state_where(|s| missed(s, 0) == 1).await;
    assert!(!away(&told, 0), "one miss is not away");
    let window = ada.state_where(|s| kind(s) == "reaction").await;
    assert_eq!(remaining(&window, 0), 10_000, "the next decision has the full time again");
    // The table's pick is marked for everyone: its first line names Ada's seat, the reveal not.
    assert!(marked_for(&window["events"], 0), "{window}");

    // Ada can only pass in the window: the table passes for her at the end of the hold, which
    // is no miss and no choice made for her.
    time.advance(DELAY);
    let round1 = ada.state_where(|s| kind(s) == "secret" && round(s) == 1).await;
    assert_eq!(missed(&round1, 0), 1, "a forced pass is not a miss");
    assert_eq!(remaining(&round1, 0), 10_000);

    // Acting clears the miss: two misses must be in a row.
    let acted = ada.act_and_wait("pick 3").await;
    assert_eq!(missed(&acted, 0), 0, "{acted}");
    assert!(marks(&acted["events"]).iter().all(Value::is_null), "Ada's own pick is not marked: {acted}");
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_misses_in_a_row_make_the_seat_away_played_at_a_persons_pace_and_marked() {
    let time = Time::manual_now();
    let server = server(&time, Duration::from_millis(5)).await;
    let addr = server.addr();
    let (id, token, mut ada) = timed_table(addr).await;
    ada.expect("state").await;
    time.advance(Duration::from_secs(10));
    ada.state_where(|s| kind(s) == "reaction").await;
    time.advance(DELAY);
    ada.state_where(|s| kind(s) == "secret" && round(s) == 1 && to_act(s) == [0]).await; // the bot picked
    // The second miss in a row: the seat is away, shown to everyone before the table answers.
    time.advance(Duration::from_secs(10));
    let gone = ada.state_where(|s| away(s, 0)).await;
    assert_eq!(missed(&gone, 0), 2);
    assert_eq!(to_act(&gone), [0], "marked away first, then the table answers this decision");
    let mut watcher = Client::connect(addr, &id, None).await;
    assert!(away(&watcher.expect("state").await, 0), "a spectator sees the seat away");
    ada.state_where(|s| kind(s) == "reaction" && round(s) == 1).await;

    // Away: the table answers at a person's pace (AWAY after the decision began), not at once.
    time.advance(DELAY);
    let round2 = ada.state_where(|s| kind(s) == "secret" && round(s) == 2).await;
    let step = round2["table"]["step"].as_u64().expect("step");
    assert_eq!(remaining(&round2, 0), &Value::Null, "an away seat shows no time of its own");
    ada.state_where(|s| to_act(s) == [0]).await; // the bot picked
    time.advance(AWAY - Duration::from_millis(1));
    quiet(&mut ada, Duration::from_millis(300), step + 1).await;
    time.advance(Duration::from_millis(1));
    let paced = ada.state_where(|s| kind(s) == "reaction").await;
    assert!(marked_for(&paced["events"], 0), "{paced}");
    assert!(away(&paced, 0), "still away: the person has not come back");
    time.advance(DELAY);
    ada.state_where(finished).await;

    // The marks stay: in the log a reconnecting seat and a spectator get, and in the record.
    for token in [Some(token.as_str()), None] {
        let mut again = Client::connect(addr, &id, token).await;
        let log = again.expect("state").await["log"].clone();
        let marked = marks(&log).into_iter().filter(|m| *m == json!(0)).count();
        assert_eq!(marked, 3, "three picks the table made for Ada: {log}");
    }
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    let by_table: Vec<(u64, String)> = record["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter(|a| a["by_table"] == true)
        .map(|a| (a["seat"].as_u64().unwrap_or(9), a["action"].as_str().unwrap_or("").to_owned()))
        .collect();
    assert_eq!(by_table.len(), 3, "{record}");
    assert!(by_table.iter().all(|(seat, action)| *seat == 0 && action.starts_with("pick")), "{by_table:?}");
    let replay = http::get(addr, &format!("/api/tables/{id}/replay?seat=0")).await.json();
    let replayed = replay["steps"].as_array().expect("steps").iter().filter(|s| s["by_table"] == true).count();
    assert_eq!(replayed, 3, "the replay marks the same steps");
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
    // Two decisions missed in a row (the pick, then the next pick after the window); each
    // time the window opens (at the table's answer) before the hold is waited out.
    time.advance(Duration::from_secs(6));
    ada.state_where(|s| kind(s) == "reaction").await;
    time.advance(DELAY);
    ada.state_where(|s| kind(s) == "secret" && round(s) == 1).await;
    time.advance(Duration::from_secs(6));
    ada.state_where(|s| away(s, 0)).await;
    ada.state_where(|s| kind(s) == "reaction").await;
    time.advance(DELAY);
    let round2 = ada.state_where(|s| kind(s) == "secret" && round(s) == 2 && to_act(s) == [0]).await; // the bot picked
    assert_eq!(remaining(&round2, 0), &Value::Null, "an away seat shows no time of its own");
    // "I'm back" before the table's pace came: the seat is Ada's, with her full time.
    ada.send_text(json!({"type": "take-back"}).to_string()).await;
    let back = ada.state_where(|s| !away(s, 0)).await;
    assert!(back["table"]["status"] == "running");
    assert_eq!(missed(&back, 0), 0);
    assert_eq!(remaining(&back, 0), 5_000, "her time starts again in full");
    // The table's pace no longer applies: nothing happens for her until her own deadline.
    time.advance(AWAY);
    quiet(&mut ada, Duration::from_millis(300), back["table"]["step"].as_u64().expect("step")).await;
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
    assert!(!away(&passed, 0) && missed(&passed, 0) == 0, "without a time control no miss counts");
    assert_eq!(passed["view"]["points"], json!([0, 1]), "Ada did not snap: {passed}");
    let marks: Vec<&Value> = passed["events"].as_array().expect("events").iter().map(|e| &e["played_for"]).collect();
    assert_eq!(marks.first(), Some(&&json!(0)), "the table's pass is marked as played for Ada: {passed}");
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
    deadline_survives_a_restart(10, 4);
}

/// Turn-based play: three days a decision, one day passes, the server restarts: two days left.
#[test]
fn a_turn_based_deadline_of_days_survives_a_restart() {
    deadline_survives_a_restart(3 * 86_400, 86_400);
}

/// A table with `clock` seconds a decision; `passed` seconds of Ada's pass before the server
/// dies; the restarted server has the rest of her time, and at the deadline answers once.
fn deadline_survives_a_restart(clock: u64, passed: u64) {
    let store = tokio::runtime::Runtime::new().expect("runtime").block_on(TestStore::new());
    let start = Time::manual_now().now_micros();
    let start_server = |time: Time| {
        let options = server::ServeOptions {
            time,
            clock_tick: Duration::from_millis(10),
            reaction_delay: DELAY,
            // The bot answers after a real half second: a client connecting to a table that
            // resolves a step at its start sees the next step before the bot's move in it.
            bot_delay: Duration::from_millis(500),
            ..store.options()
        };
        async move { server::start(options, snap_registry()).await.expect("server starts") }
    };
    // The first run: the bot picks, Ada does not; `passed` of her seconds pass; the server dies.
    let time = Time::manual(start);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let (id, token) = runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let id = create_table(addr, &json!({"game": "snap", "clock": clock, "seats": [{}, {"bot": "random"}]})).await;
        let (_, token) = join(addr, &id, "Ada").await;
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        ada.state_where(|s| to_act(s) == [0]).await;
        time.advance(Duration::from_secs(passed));
        (id, token)
    });
    runtime.shutdown_background(); // like a crash: no task runs on

    // The second run, `passed` s later: the rest is left, not all; at the deadline the table
    // picks, once.
    let time = Time::manual(start + passed as i64 * 1_000_000);
    let left_ms = (clock - passed) * 1000;
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        let restored = ada.expect("state").await;
        assert_eq!(to_act(&restored), [0]);
        assert_eq!(restored["table"]["clock"]["seats"][0]["remaining_ms"], left_ms, "the clock resumed");
        time.advance(Duration::from_millis(left_ms - 1));
        quiet(&mut ada, Duration::from_millis(300), 1).await;
        time.advance(Duration::from_millis(1));
        let answered = ada.state_where(|s| kind(s) == "reaction").await;
        assert_eq!(missed(&answered, 0), 1, "one decision missed");
        assert!(!away(&answered, 0));
        assert_eq!(answered["table"]["step"], 2, "one pick each, none lost, none twice");
        running.shutdown().await;
    });
    runtime.shutdown_background();

    // The third run starts after the next deadline passed (the table plays for Ada, the
    // window's hold is long over): the table answers at once, once.
    let time = Time::manual(start + 6 * clock as i64 * 1_000_000);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let running = start_server(time.clone()).await;
        let addr = running.addr();
        let mut ada = Client::connect(addr, &id, Some(&token)).await;
        let next = ada.state_where(|s| kind(s) == "secret").await;
        assert_eq!(next["table"]["step"], 4, "both answered the window once");
        assert_eq!(missed(&next, 0), 1, "the miss is remembered after the restart");
        assert_eq!(remaining(&next, 0), clock * 1000, "the next decision has the full time");
        running.shutdown().await;
    });
    runtime.shutdown_background();
}
