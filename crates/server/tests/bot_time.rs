//! The bots of one client's tables share a limited thinking time: past it they wait.

mod common;

use std::time::Duration;

use common::TestServer;
use common::http::{self, create_table};
use engine::demo::Rps;
use engine::{Bot, BotError, GameRng, InfoSet, RandomBot, Registry};
use serde_json::json;

/// A bot that thinks 50 ms before moving at random.
struct Dozy(RandomBot<Rps>);

impl Bot<Rps> for Dozy {
    fn name(&self) -> String {
        "dozy".into()
    }

    fn choose(&mut self, info: &InfoSet<'_, Rps>, rng: &mut GameRng) -> <Rps as engine::Game>::Action {
        std::thread::sleep(Duration::from_millis(50));
        self.0.choose(info, rng)
    }
}

fn registry() -> Registry {
    Registry::new().with::<Rps>(
        |spec| match spec.kind.as_str() {
            "dozy" => Ok(Box::new(Dozy(RandomBot::default()))),
            other => Err(BotError::Unknown { game: "rps-veto", name: other.into(), known: "dozy".into() }),
        },
        &["dozy"],
    )
}

/// Steps a bot-against-bot table of `server` made in `run`.
async fn steps_in(server: &TestServer, run: Duration) -> u64 {
    let body = json!({"game": "rps-veto", "variants": ["first-to=9"], "seats": [{"bot": "dozy"}, {"bot": "dozy"}]});
    let id = create_table(server.addr(), &body).await;
    tokio::time::sleep(run).await;
    http::get(server.addr(), &format!("/api/tables/{id}")).await.json()["step"].as_u64().expect("step")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clients_bots_wait_once_their_thinking_time_is_used_up() {
    // 0.3 s of thinking a minute: about six 50 ms decisions, then 5 ms of thinking per second.
    let limited = TestServer::start_with(registry(), |o| o.bot_time_per_minute = Duration::from_millis(300)).await;
    let free = TestServer::start(registry()).await;
    let run = Duration::from_millis(1500);
    let (metered, unmetered) = tokio::join!(steps_in(&limited, run), steps_in(&free, run));
    assert!(unmetered >= 20, "without a limit the bots play on: {unmetered} steps");
    assert!(metered <= 10, "the limited client's bots wait: {metered} steps");
    limited.server.shutdown().await;
    free.server.shutdown().await;
}
