//! Test helpers: a server on a free loopback port, a tiny HTTP client, a WebSocket client.
#![allow(dead_code)]

pub mod http;
pub mod players;
pub mod process;
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

/// The environment variable naming a PostgreSQL database (a URL of a role that may create
/// databases) to run the tests on; unset, they run on SQLite. `.ci/run` sets it for a second
/// pass of the server's tests.
pub const POSTGRES_ENV: &str = "SPIELTISCH_TEST_POSTGRES";

/// Where a test server keeps its tables: a data directory of its own, and when
/// [`POSTGRES_ENV`] is set, a new PostgreSQL database of its own too.
pub struct TestStore {
    pub data: tempfile::TempDir,
    /// The PostgreSQL URL the server stores in, if the tests run on PostgreSQL.
    pub database: Option<String>,
}

impl TestStore {
    pub async fn new() -> TestStore {
        let data = tempfile::tempdir().expect("temp dir");
        let database = match std::env::var(POSTGRES_ENV) {
            Ok(url) if !url.is_empty() => Some(new_postgres_database(&url).await),
            _ => None,
        };
        TestStore { data, database }
    }

    /// Points `options` at this store.
    pub fn apply(&self, options: &mut ServeOptions) {
        options.data = self.data.path().to_owned();
        options.database = self.database.clone();
    }

    /// Options for a server on this store, as [`TestServer::start`] makes them.
    pub fn options(&self) -> ServeOptions {
        let mut options = ServeOptions {
            addr: "127.0.0.1:0".parse().expect("address"),
            bot_delay: Duration::from_millis(5),
            tables_per_minute: 1000,
            ..Default::default()
        };
        self.apply(&mut options);
        options
    }
}

/// Creates an empty database next to the one `admin_url` names; returns its URL.
async fn new_postgres_database(admin_url: &str) -> String {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(admin_url).await.expect("the test PostgreSQL answers");
    let name = format!("spieltisch_test_{}", server_test_suffix());
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut admin).await.expect("create a test database");
    let _ = admin.close().await;
    let (base, query) = admin_url.split_once('?').map_or((admin_url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(root, _)| root);
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

/// A name part no other test of this run uses: the process and a counter.
fn server_test_suffix() -> String {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    format!("{}_{}_{nanos}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst))
}

/// A server on a free port with its own store.
pub struct TestServer {
    pub server: RunningServer,
    pub store: TestStore,
}

impl TestServer {
    /// Starts a server with `registry` and a short bot delay.
    pub async fn start(registry: Registry) -> TestServer {
        TestServer::start_with(registry, |_| {}).await
    }

    /// Starts a server with `registry` and options changed by `change`.
    pub async fn start_with(registry: Registry, change: impl FnOnce(&mut ServeOptions)) -> TestServer {
        // Tests create many tables from one address (the store's options allow 1000 a minute);
        // the limit's own test lowers it.
        let store = TestStore::new().await;
        let mut options = store.options();
        change(&mut options);
        let server = server::start(options, registry).await.expect("server starts");
        TestServer { server, store }
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }
}

impl TestStore {
    /// Runs `sql` (with `$1` = `arg`) on the store's database beside the server, as another
    /// server or an operator would; returns how many rows it changed.
    pub async fn execute(&self, sql: &str, arg: &str) -> u64 {
        use sqlx::Connection;
        match &self.database {
            Some(url) => {
                let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
                sqlx::query(sql).bind(arg).execute(&mut conn).await.expect(sql).rows_affected()
            }
            None => {
                let mut conn = sqlx::SqliteConnection::connect(&self.sqlite_url()).await.expect("connect");
                sqlx::query(sql).bind(arg).execute(&mut conn).await.expect(sql).rows_affected()
            }
        }
    }

    /// The single integer `sql` (with `$1` = `arg`) selects from the store's database.
    pub async fn scalar(&self, sql: &str, arg: &str) -> i64 {
        use sqlx::Connection;
        match &self.database {
            Some(url) => {
                let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
                sqlx::query_scalar(sql).bind(arg).fetch_one(&mut conn).await.expect(sql)
            }
            None => {
                let mut conn = sqlx::SqliteConnection::connect(&self.sqlite_url()).await.expect("connect");
                sqlx::query_scalar(sql).bind(arg).fetch_one(&mut conn).await.expect(sql)
            }
        }
    }

    fn sqlite_url(&self) -> String {
        format!("sqlite://{}", self.data.path().join("spieltisch.db").display())
    }
}

/// Two people at a new rock-paper-scissors-with-veto table (first to 3), Ada at seat 0 and Bob
/// at seat 1, both connected and past their first state: the table id, their tokens, their
/// clients and Ada's first state.
pub struct TwoPlayers {
    pub id: String,
    pub tokens: [String; 2],
    pub ada: ws::Client,
    pub bob: ws::Client,
    pub first: serde_json::Value,
}

impl TwoPlayers {
    pub async fn sit(addr: SocketAddr) -> TwoPlayers {
        let body = serde_json::json!({"game": "rps-veto", "variants": ["first-to=3"], "seats": [{}, {}]});
        let id = http::create_table(addr, &body).await;
        let (_, ada_token) = http::join(addr, &id, "Ada").await;
        let (_, bob_token) = http::join(addr, &id, "Bob").await;
        let mut ada = ws::Client::connect(addr, &id, Some(&ada_token)).await;
        let mut bob = ws::Client::connect(addr, &id, Some(&bob_token)).await;
        let first = ada.expect("state").await;
        bob.expect("state").await;
        TwoPlayers { id, tokens: [ada_token, bob_token], ada, bob, first }
    }
}
