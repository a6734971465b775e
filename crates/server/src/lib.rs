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
//! [`run`] does the same with every game of the catalog on its own runtime until SIGTERM or
//! Ctrl-C, then stops gracefully ([`RunningServer::shutdown`]).
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
//!   began, once per step. A table may have a time control (seconds per decision): a missed
//!   decision is answered once by the table, two in a row make the person away and the table
//!   plays for them at a person's pace (`away_delay`) until they are back; every such action is
//!   marked in the log and the record (rules in `table/clock.rs`). Reaction windows at tables
//!   with people hold every pass for a fixed delay so timing reveals nothing. Deadlines are
//!   stored and resume after a restart; tests move a manual [`Time`].
//! - **Untrusted input**: JSON errors for every refused request, 16 KiB limits, a per-connection
//!   rate limit; nothing from the network is unwrapped.
//! - **Operations**: `/healthz` and `/readyz` for load balancers, Prometheus metrics at
//!   `/metrics`, text or JSON logs ([`LogFormat`]), a graceful stop, online backups of the
//!   SQLite database ([`backup()`]); all in `docs/deploy.md`.

mod analysis;
mod api;
mod api_error;
mod app;
mod backup;
mod client_ip;
mod clock;
mod cluster;
mod error;
mod feeds;
mod health;
mod limits;
mod logs;
mod metrics;
mod options;
mod players;
mod ratings;
mod static_files;
mod store;
mod table;
mod time;
mod tokens;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::serve::ListenerExt as _;
use engine::Registry;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tracing::Instrument;

pub use backup::backup;
pub use error::ServeError;
pub use logs::{LogFormat, init_logs};
pub use options::ServeOptions;
pub use store::StoreFaults;
pub use time::Time;

/// How often a stopping server looks whether its tables and connections are done.
const STOP_POLL: Duration = Duration::from_millis(10);
/// How long a stopping server waits for its clients to answer the close frames.
const CLOSING: Duration = Duration::from_secs(1);

/// Runs the server with every game of the catalog on its own runtime until SIGTERM or Ctrl-C
/// (SIGINT), then stops gracefully; `listening` is told the address once the server serves.
/// The caller installs the logger ([`init_logs`]).
pub fn run(options: ServeOptions, listening: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::io("starting the runtime", e))?;
    runtime.block_on(async {
        let server = start(options, catalog::registry()).await?;
        let span = server.span.clone();
        tracing::info!(parent: &span, "listening on http://{}", server.addr());
        listening(server.addr());
        stop_signal().await;
        tracing::info!(parent: &span, "stopping");
        server.shutdown().await;
        tracing::info!(parent: &span, "stopped");
        Ok(())
    })
}

/// Waits for SIGTERM or SIGINT (Ctrl-C). The server also survives SIGXFSZ (a file-size limit
/// reached), which then fails a write instead: the table pauses as on a full disk.
pub async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        // SIGXFSZ's number on Linux and the BSDs.
        let _file_size = signal(SignalKind::from_raw(25));
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = terminate.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// A server running on the current tokio runtime.
pub struct RunningServer {
    addr: SocketAddr,
    app: app::App,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
    /// Held while the server runs: no second server opens the same data directory.
    lock: Option<store::StoreLock>,
    /// This node's heartbeats (shared PostgreSQL database only).
    heartbeats: Option<JoinHandle<()>>,
    /// Answers backup requests (SQLite only).
    backups: Option<JoinHandle<()>>,
    /// Loads waiting tables before their deadlines, and rates tables a stopped server did not.
    chores: Vec<JoinHandle<()>>,
    span: tracing::Span,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops gracefully, within [`ServeOptions::stop_timeout`]: takes no new connections and
    /// refuses new tables, lets the HTTP requests under way finish, lets every table finish
    /// the command under way (a commit included) and close its connections (code 1012: the
    /// clients reconnect, among several nodes to another node), leaves the nodes of a shared
    /// database (the others take its tables at once), commits what is queued and closes the
    /// database. Past the bound, whatever is left is dropped (nothing unacknowledged counts).
    pub async fn shutdown(mut self) {
        let span = self.span.clone();
        self.stop_inner().instrument(span).await;
    }

    async fn stop_inner(&mut self) {
        let app = self.app.clone();
        let deadline = tokio::time::Instant::now() + app.options.stop_timeout;
        app.stopping.store(true, Ordering::SeqCst);
        for chore in self.chores.drain(..) {
            chore.abort();
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if tokio::time::timeout_at(deadline, &mut self.task).await.is_err() {
            tracing::warn!("HTTP requests still under way at the stop's deadline; dropping them");
            self.task.abort();
        }
        let _ = tokio::time::timeout_at(deadline, app.tables.stop_all()).await;
        while app.tables.len() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(STOP_POLL).await;
        }
        if app.tables.len() > 0 {
            tracing::warn!(tables = app.tables.len(), "tables still busy at the stop's deadline");
        }
        // The connections have sent their close frames; a client that answers them is gone in
        // a moment (one that does not is not waited for long).
        let closing = deadline.min(tokio::time::Instant::now() + CLOSING);
        while app.metrics.connections.get() > 0 && tokio::time::Instant::now() < closing {
            tokio::time::sleep(STOP_POLL).await;
        }
        if let Some(backups) = self.backups.take() {
            backups.abort();
        }
        if let Some(heartbeats) = self.heartbeats.take() {
            heartbeats.abort();
            // The other nodes take this one's tables at once rather than after the lease.
            if let Err(e) = app.store.leave().await {
                tracing::warn!("could not leave the nodes of the database: {e}");
            }
        }
        app.store.close().await;
        self.lock.take();
    }
}

/// Starts the server on the current tokio runtime with the games of `registry`.
pub async fn start(options: ServeOptions, registry: Registry) -> Result<RunningServer, ServeError> {
    let node = tokens::new_node_id();
    let span = logs::node_span(&node);
    start_as(options, registry, node, span.clone()).instrument(span).await
}

async fn start_as(
    options: ServeOptions,
    registry: Registry,
    node: String,
    span: tracing::Span,
) -> Result<RunningServer, ServeError> {
    let metrics = Arc::new(metrics::Metrics::default());
    let (store, lock) = store::Store::open(&options, &node, metrics.clone()).await?;
    let listener =
        TcpListener::bind(options.addr).await.map_err(|e| ServeError::io(format!("binding {}", options.addr), e))?;
    let addr = listener.local_addr().map_err(|e| ServeError::io("reading the bound address", e))?;
    let cluster = match store.shared() {
        true => Some(cluster::Cluster::join(&store, &options, addr).await?),
        false => None,
    };
    let backups = if store.shared() { None } else { backup::listen(&options.data, store.clone()) };
    let app: app::App = Arc::new(app::Shared {
        registry,
        store: store.clone(),
        tables: table::Directory::default(),
        creations: limits::CreationLimit::default(),
        player_creations: limits::CreationLimit::default(),
        bot_time: limits::BotTime::new(options.bot_time_per_minute),
        analyses: analysis::Analyses::default(),
        feeds: feeds::Feeds::default(),
        cluster,
        metrics,
        stopping: AtomicBool::new(false),
        options,
    });
    let restored = table::restore(&app).await?;
    if restored > 0 {
        tracing::info!("restored {restored} unfinished tables");
    }
    let chores = vec![
        // Waiting tables out of memory are loaded before their deadlines.
        tokio::spawn(table::wake_due(app.clone()).in_current_span()),
        // Rated tables that ended while a server stopped before it rated them.
        tokio::spawn(ratings::rate_unrated(app.clone()).in_current_span()),
    ];
    let heartbeats = app.cluster.is_some().then(|| tokio::spawn(cluster::heartbeats(app.clone()).in_current_span()));
    let (stop, stopped) = oneshot::channel::<()>();
    let router = app::router(app.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let task = tokio::spawn(
        async move {
            // TCP_NODELAY: a table sends small messages in bursts (a move, then the bot's reply
            // a few ms later); with Nagle's algorithm the second waits for the client's delayed
            // acknowledgement of the first (40 ms on Linux, up to 200 ms on Windows).
            let listener = listener.tap_io(|tcp| {
                if let Err(e) = tcp.set_nodelay(true) {
                    tracing::debug!("TCP_NODELAY not set on a connection: {e}");
                }
            });
            let serve = axum::serve(listener, router).with_graceful_shutdown(async move {
                let _ = stopped.await;
            });
            if let Err(e) = serve.await {
                tracing::error!("server stopped: {e}");
            }
        }
        .in_current_span(),
    );
    Ok(RunningServer { addr, app, stop: Some(stop), task, lock: Some(lock), heartbeats, backups, chores, span })
}
