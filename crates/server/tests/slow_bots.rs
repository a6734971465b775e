//! A slow bot (think of ISMCTS with a big budget) thinks off the async runtime: while several
//! of them think, other tables play whole games.

mod common;

use std::time::Duration;

use common::TestServer;
use common::http::{self, create_table, join};
use common::ws::Client;
use engine::demo::Rps;
use engine::{Bot, BotError, GameRng, InfoSet, RandomBot, Registry};
use serde_json::json;

/// A bot that blocks its thread for a long time before moving at random.
struct Sleepy(RandomBot<Rps>);

impl Bot<Rps> for Sleepy {
    fn name(&self) -> String {
        "sleepy".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, Rps>, rng: &mut GameRng) -> <Rps as engine::Game>::Action {
        std::thread::sleep(Duration::from_secs(4));
        self.0.choose(info, rng)
    }
}

fn registry() -> Registry {
    Registry::new().with::<Rps>(
        |spec| match spec.kind.as_str() {
            "random" => Ok(Box::new(RandomBot::default())),
            "sleepy" => Ok(Box::new(Sleepy(RandomBot::default()))),
            other => Err(BotError::Unknown { game: "rps-veto", name: other.into(), known: "random, sleepy".into() }),
        },
        &["random", "sleepy"],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bots_do_not_hold_up_other_tables() {
    let server = TestServer::start(registry()).await;
    let addr = server.addr();
    // More sleepy bots than the runtime has worker threads.
    let mut sleepy = Vec::new();
    for _ in 0..6 {
        sleepy.push(
            create_table(addr, &json!({"game": "rps-veto", "seats": [{"bot": "sleepy"}, {"bot": "sleepy"}]})).await,
        );
    }
    tokio::time::sleep(Duration::from_millis(100)).await;

    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    let first = ada.expect("state").await;
    let (last, _) = ada.play_to_end(first, |legal: &[String]| legal[0].clone()).await;
    assert!(last["table"]["outcome"].is_object());

    // The sleepy bots are all still thinking about their first throw.
    for table in &sleepy {
        let shown = http::get(addr, &format!("/api/tables/{table}")).await.json();
        assert_eq!(shown["step"], 0, "a sleepy bot moved before the fast game ended");
    }
}
