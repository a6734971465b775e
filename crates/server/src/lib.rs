//! The spieltisch web table: `spieltisch serve`.
//!
//! An HTTP + WebSocket server (axum, tokio) for every game of a [`Registry`]: a lobby, tables
//! with human seats (protected by secret tokens) and bot seats, spectators, live play, records
//! and replays. The contract with the browser client is `docs/web-api.md`.
//!
//! ```
//! use engine::demo::Rps;
//! use engine::{RandomBot, Registry};
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let registry = Registry::new().with::<Rps>(|_| Ok(Box::new(RandomBot::default())), &["random"]);
//! let data = std::env::temp_dir().join(format!("spieltisch-doc-{}", std::process::id()));
//! let options = server::ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), data, ..Default::default() };
//! let server = server::start(options, registry).await.unwrap();
//! println!("open http://{}", server.addr()); // port 0: a free port was picked
//! server.shutdown().await;
//! # });
//! ```
//! [`run`] does the same with every game of the catalog on its own runtime until Ctrl-C.
//!
//! How it works:
//! - **One actor per table** (a tokio task) owns the table's `Box<dyn DynMatch>`; connections
//!   and HTTP handlers send it commands. A table needs no locks and a busy table never holds up
//!   another. Bots think on the blocking pool (`spawn_blocking`) after `bot_delay`.
//! - **Privacy**: every message a connection gets is built from `view(seat)` and the events
//!   redacted for that seat ([`engine::ViewerEvents::for_viewer`]); spectators get the
//!   spectator's. No endpoint shows the seed, a token or a record of a running game.
//! - **Persistence** (SQLite in `<data>/spieltisch.db`, WAL, `synchronous=FULL`; or PostgreSQL
//!   with [`ServeOptions::database`], the same SQL and guarantees): a row per table and a row
//!   per action. One writer task commits all tables' pending writes in one
//!   transaction (group commit) and an action is broadcast or acknowledged only after its
//!   commit. A table whose write fails takes the action back, tells its players that it waits
//!   for the database and retries until the write succeeds. On start every unfinished table
//!   is rebuilt by replaying its actions. Tokens are stored as SHA-256 hashes. One server per
//!   SQLite data directory (a lock on `<data>/spieltisch.lock`).
//! - **Several nodes** on one PostgreSQL database: each table has one owning node, requests for
//!   it are forwarded there from any node, a dead node's tables are taken over by the others,
//!   and the database refuses every write of a node that lost a table (`cluster`, `docs/deploy.md`).
//! - **Steps and clocks**: a secret choice or reaction window is answered in any order; bots
//!   (and the table, for a person whose time ran out) answer from the position where the step
//!   began, once per step. A table may have a time control (seconds per decision); reaction
//!   windows at tables with people hold every pass for a fixed delay so timing reveals nothing.
//!   Deadlines are stored and resume after a restart; tests move a manual [`Time`].
//! - **Untrusted input**: JSON errors for every refused request, 16 KiB limits, a per-connection
//!   rate limit; nothing from the network is unwrapped.

mod api;
mod api_error;
mod app;
mod client_ip;
mod clock;
mod cluster;
mod error;
mod limits;
mod options;
mod static_files;
mod store;
mod table;
mod time;
mod tokens;
mod ws;

use std::net::SocketAddr;

use std::sync::Arc;

use engine::Registry;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use error::ServeError;
pub use options::ServeOptions;
pub use store::StoreFaults;
pub use time::Time;

/// Runs the server with every game of the catalog until Ctrl-C; builds its own tokio runtime.
pub fn run(options: ServeOptions) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::io("starting the runtime", e))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .try_init();
    runtime.block_on(async {
        let server = start(options, catalog::registry()).await?;
        tracing::info!("listening on http://{}", server.addr());
        let _ = tokio::signal::ctrl_c().await;
        server.shutdown().await;
        Ok(())
    })
}

/// A server running on the current tokio runtime.
pub struct RunningServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
    /// Held while the server runs: no second server opens the same data directory.
    lock: Option<store::StoreLock>,
    /// This node's heartbeats (shared PostgreSQL database only), and the store to leave.
    heartbeats: Option<(JoinHandle<()>, store::Store)>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting connections and waits for the server to finish.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.task.await;
        if let Some((heartbeats, store)) = self.heartbeats.take() {
            heartbeats.abort();
            // The other nodes take this one's tables at once rather than after the lease.
            if let Err(e) = store.leave().await {
                tracing::warn!("could not leave the nodes of the database: {e}");
            }
        }
        self.lock.take();
    }
}

/// Starts the server on the current tokio runtime with the games of `registry`.
pub async fn start(options: ServeOptions, registry: Registry) -> Result<RunningServer, ServeError> {
    let (store, lock) = store::Store::open(&options).await?;
    let listener =
        TcpListener::bind(options.addr).await.map_err(|e| ServeError::io(format!("binding {}", options.addr), e))?;
    let addr = listener.local_addr().map_err(|e| ServeError::io("reading the bound address", e))?;
    let cluster = match store.shared() {
        true => Some(cluster::Cluster::join(&store, &options, addr).await?),
        false => None,
    };
    let app: app::App = Arc::new(app::Shared {
        registry,
        store: store.clone(),
        tables: table::Directory::default(),
        creations: limits::CreationLimit::default(),
        bot_time: limits::BotTime::new(options.bot_time_per_minute),
        cluster,
        options,
    });
    let restored = table::restore(&app).await?;
    if restored > 0 {
        tracing::info!("restored {restored} unfinished tables");
    }
    let heartbeats = app.cluster.is_some().then(|| (tokio::spawn(cluster::heartbeats(app.clone())), store));
    let (stop, stopped) = oneshot::channel::<()>();
    let app = app::router(app.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(async move {
        let serve = axum::serve(listener, app).with_graceful_shutdown(async move {
            let _ = stopped.await;
        });
        if let Err(e) = serve.await {
            tracing::error!("server stopped: {e}");
        }
    });
    Ok(RunningServer { addr, stop: Some(stop), task, lock: Some(lock), heartbeats })
}
