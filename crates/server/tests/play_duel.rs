//! The duel demo at a server table: a person and two `ismcts` bots through a compound secret
//! pick and chained reaction windows, to the end, without the person ever seeing a pending pick
//! of another seat.

mod common;

use common::TestServer;
use common::http::{self, create_table, join};
use std::time::Duration;

use common::ws::{Client, legal};
use engine::demo::{Duel, DuelAction, Pick};
use engine::{Bot, BotError, GameRng, InfoSet, Registry};
use serde_json::json;

fn duel_registry() -> Registry {
    Registry::new().with::<Duel>(
        |spec| bots::standard::<Duel>(spec, || Box::new(engine::RandomBot::default())),
        bots::STANDARD_BOTS,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_two_bots_play_a_duel_to_the_end() {
    let server = TestServer::start(duel_registry()).await;
    let addr = server.addr();
    let body = json!({"game": "duel", "variants": ["max-rounds=6"], "seats": [{}, {"bot": "ismcts:40"}, {"bot": "ismcts:40"}]});
    let id = create_table(addr, &body).await;
    let (seat, token) = join(addr, &id, "Ada").await;
    assert_eq!(seat, 0);
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    // Ada picks the two highest cards and never reacts: the bots' picks and answers reach her
    // only once revealed.
    let (last, moves) = ada
        .play_to_end(first, |legal| {
            legal.iter().find(|a| *a == "pick 3 4" || *a == "pass").cloned().unwrap_or_else(|| legal[0].clone())
        })
        .await;
    assert!(moves >= 1);
    assert!(last["table"]["outcome"]["places"].is_array(), "{last}");
    for message in &ada.received {
        let message: serde_json::Value = serde_json::from_str(message).unwrap();
        for event in message["events"].as_array().into_iter().flatten() {
            if event["event"]["type"] == "picked" && event["event"]["seat"] != 0 {
                assert!(event["event"]["pick"].is_null(), "another seat's pick reached Ada: {event}");
            }
        }
    }
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await.json();
    let secret = record["actions"].as_array().unwrap().iter().filter(|a| a["step"] == "secret").count();
    assert!(secret >= 3, "every seat picked at least once: {record}");
    server.server.shutdown().await;
}

/// A bot that always picks `pick`, and vetoes whenever it may (or always passes).
struct Scripted {
    pick: Pick,
    veto: bool,
}

impl Bot<Duel> for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, Duel>, _rng: &mut GameRng) -> DuelAction {
        let mut legal = Vec::new();
        info.legal_actions(&mut legal);
        let wanted = [DuelAction::Pick(self.pick), if self.veto { DuelAction::Veto } else { DuelAction::Pass }];
        wanted.into_iter().find(|a| legal.contains(a)).unwrap_or(legal[0])
    }
}

fn scripted_registry() -> Registry {
    Registry::new().with::<Duel>(
        |spec| {
            let pick = |a, b| Pick::new(a, b).expect("a pick");
            match spec.kind.as_str() {
                "high" => Ok(Box::new(Scripted { pick: pick(3, 4), veto: false })),
                "vetoer" => Ok(Box::new(Scripted { pick: pick(1, 2), veto: true })),
                other => Err(BotError::Unknown { game: "duel", name: other.to_owned(), known: "high, vetoer".into() }),
            }
        },
        &["high", "vetoer"],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_pass_that_a_veto_made_moot_is_declared_void() {
    // Seat 1 wins the round; seat 2, first in order from the winner's left, vetoes after the
    // bot delay. Ada (seat 0) passes before that: her pass is held back (the reaction delay) and the veto
    // decides the window before it counts, so she is told it is void instead of waiting for an
    // acknowledgement that never comes.
    let server = TestServer::start_with(scripted_registry(), |o| {
        o.reaction_delay = Duration::from_secs(2);
        o.bot_delay = Duration::from_millis(300);
    })
    .await;
    let addr = server.addr();
    let body = json!({"game": "duel", "seats": [{}, {"bot": "high"}, {"bot": "vetoer"}]});
    let id = create_table(addr, &body).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    assert!(legal(&first).contains(&"pick 1 2".to_owned()), "{first}");
    let window = ada.act_and_wait("pick 1 2").await;
    let window = if window["table"]["step_kind"] == "reaction" {
        window
    } else {
        ada.state_where(|s| s["table"]["step_kind"] == "reaction").await
    };
    assert_eq!(legal(&window), ["veto", "pass"], "Ada may veto seat 1's round or pass: {window}");
    ada.act("pass").await;
    let notice = loop {
        let message = ada.next().await.expect("connection open");
        if message["type"] != "state" {
            break message;
        }
        assert_ne!(message["acted"], "pass", "the held pass was applied after the veto decided: {message}");
    };
    assert_eq!(notice["type"], "void", "{notice}");
    assert_eq!(notice["action"], "pass");
    let record = http::get(addr, &format!("/api/tables/{id}/record")).await;
    assert_ne!(record.status, 200, "the game goes on");
    server.server.shutdown().await;
}
