//! Test helpers: a server on a free loopback port, a tiny HTTP client, a WebSocket client.
#![allow(dead_code)]

pub mod http;
pub mod snap;
pub mod ws;

use std::net::SocketAddr;
use std::time::Duration;

use engine::demo::Rps;
use engine::{BotError, RandomBot, Registry};
use server::{RunningServer, ServeOptions};

/// A registry with the demo game (its only bot: `random`).
pub fn demo_registry() -> Registry {
    Registry::new().with::<Rps>(
        |spec| match spec.kind.as_str() {
            "random" if spec.param.is_none() => Ok(Box::new(RandomBot::default())),
            other => Err(BotError::Unknown { game: "rps-veto", name: other.to_owned(), known: "random".into() }),
        },
        &["random"],
    )
}

/// A server on a free port with its own data directory.
pub struct TestServer {
    pub server: RunningServer,
    pub data: tempfile::TempDir,
}

impl TestServer {
    /// Starts a server with `registry` and a short bot delay.
    pub async fn start(registry: Registry) -> TestServer {
        TestServer::start_with(registry, |_| {}).await
    }

    /// Starts a server with `registry` and options changed by `change`.
    pub async fn start_with(registry: Registry, change: impl FnOnce(&mut ServeOptions)) -> TestServer {
        let data = tempfile::tempdir().expect("temp dir");
        let mut options = ServeOptions {
            addr: "127.0.0.1:0".parse().expect("address"),
            data: data.path().to_owned(),
            bot_delay: Duration::from_millis(5),
            // Tests create many tables from one address; the limit's own test lowers it.
            tables_per_minute: 1000,
            ..Default::default()
        };
        change(&mut options);
        let server = server::start(options, registry).await.expect("server starts");
        TestServer { server, data }
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }
}
