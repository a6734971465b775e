//! Load benchmark: N concurrent tables, each a client playing a human seat over WebSocket
//! against a server bot, whole games on loopback. Reports actions per second and the latency
//! from sending an action to receiving its acknowledging state.
//!
//! ```text
//! cargo run --release -p server --example load -- --tables 1000 --bot-delay-ms 10
//! ```
//! Without `--addr` it starts a server in this process (fresh temp data directory, the
//! catalog's games plus the demo game, rate limit raised for machine-speed clients). With
//! `--database` and `--nodes N` it starts N nodes on that database; each table is created
//! through one node and played through another (as a proxy spreading connections would), so
//! most connections are forwarded to the owner.

#[path = "../tests/common/http.rs"]
#[allow(dead_code)]
mod http;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use engine::demo::Rps;
use engine::{BotError, RandomBot};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{Barrier, Semaphore};
use tokio_tungstenite::connect_async_with_config;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Parser, Clone)]
struct Args {
    /// Concurrent tables (one client each).
    #[arg(long, default_value_t = 1000)]
    tables: usize,
    /// Games each client plays one after another.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// The game (default: schotten-totten if registered, else the demo game).
    #[arg(long)]
    game: Option<String>,
    /// Variants for the table.
    #[arg(long)]
    variant: Vec<String>,
    /// The server bot's spec.
    #[arg(long, default_value = "random")]
    bot: String,
    /// The server's bot delay (in-process server only).
    #[arg(long, default_value_t = 10)]
    bot_delay_ms: u64,
    /// The client's mean pause before each of its actions (uniform from half to 1.5 times).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// An external server to load instead of an in-process one.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// Store the in-process server's tables in this PostgreSQL database (an empty one, so that
    /// no earlier tables are restored) instead of SQLite in a temp directory.
    #[arg(long)]
    database: Option<String>,
    /// In-process nodes on the `--database` (several need PostgreSQL).
    #[arg(long, default_value_t = 1)]
    nodes: usize,
    /// Worker threads of the in-process runtime (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Default)]
struct Totals {
    latencies_us: Vec<u64>,
    human_actions: usize,
    steps: u64,
    games: usize,
    errors: usize,
}

fn main() {
    let args = Args::parse();
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(threads) = args.threads {
        runtime.worker_threads(threads);
    }
    let runtime = runtime.enable_all().build().expect("runtime");
    runtime.block_on(run(args));
}

async fn run(args: Args) {
    let data = tempfile::tempdir().expect("temp dir");
    let (addrs, _servers) = match args.addr {
        Some(addr) => (vec![addr], Vec::new()),
        None => {
            let options = server::ServeOptions {
                addr: "127.0.0.1:0".parse().expect("address"),
                data: data.path().to_owned(),
                database: args.database.clone(),
                bot_delay: Duration::from_millis(args.bot_delay_ms),
                messages_per_second: 10_000,
                tables_per_minute: u32::MAX,
                // Every table is created from one address: one client, whose bots would share
                // one minute of thinking a minute.
                bot_time_per_minute: Duration::from_secs(3600 * 24),
                ..Default::default()
            };
            let mut servers = Vec::new();
            for _ in 0..args.nodes.max(1) {
                servers.push(server::start(options.clone(), registry()).await.expect("server starts"));
            }
            (servers.iter().map(server::RunningServer::addr).collect::<Vec<_>>(), servers)
        }
    };
    let addr = addrs[0];
    let games = http::get(addr, "/api/games").await.json();
    let names: Vec<&str> = games.as_array().into_iter().flatten().filter_map(|g| g["name"].as_str()).collect();
    let game = args.game.clone().unwrap_or_else(|| {
        if names.contains(&"schotten-totten") { "schotten-totten".into() } else { "rps-veto".into() }
    });
    let mut variants = args.variant.clone();
    if game == "rps-veto" && variants.is_empty() {
        variants.push("first-to=9".into());
    }
    println!(
        "load: {} tables × {} games of {game} {variants:?} against bot {:?}, bot delay {} ms, servers {addrs:?}",
        args.tables, args.games, args.bot, args.bot_delay_ms
    );

    // Set up every table first (a few at a time), then start all clients together.
    let setup = Arc::new(Semaphore::new(32));
    let start = Arc::new(Barrier::new(args.tables + 1));
    let mut clients = Vec::with_capacity(args.tables);
    for i in 0..args.tables {
        let (setup, start, args, game, variants) =
            (setup.clone(), start.clone(), args.clone(), game.clone(), variants.clone());
        // Created through one node, played through another: with n nodes, n − 1 of n
        // connections go to a node that forwards them.
        let (create, play_through) = (addrs[i % addrs.len()], addrs[(i / addrs.len()) % addrs.len()]);
        clients.push(tokio::spawn(async move {
            let permit = setup.acquire_owned().await.expect("semaphore");
            let table = Table::open(create, &game, &variants, &args.bot).await;
            let ws = table.connect(play_through).await;
            drop(permit);
            start.wait().await;
            play(play_through, table, ws, &args, i as u64).await
        }));
    }
    start.wait().await;
    let began = Instant::now();
    let mut totals = Totals::default();
    for client in clients {
        match client.await {
            Ok(t) => {
                totals.latencies_us.extend(t.latencies_us);
                totals.human_actions += t.human_actions;
                totals.steps += t.steps;
                totals.games += t.games;
                totals.errors += t.errors;
            }
            Err(e) => {
                eprintln!("client failed: {e}");
                totals.errors += 1;
            }
        }
    }
    let elapsed = began.elapsed().as_secs_f64();
    totals.latencies_us.sort_unstable();
    let pct = |p: f64| {
        let l = &totals.latencies_us;
        if l.is_empty() { 0.0 } else { l[((l.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0 }
    };
    println!("tables            {}", args.tables);
    println!("games finished    {}", totals.games);
    println!("wall time         {elapsed:.2} s");
    println!("client actions    {} ({:.0}/s)", totals.human_actions, totals.human_actions as f64 / elapsed);
    println!("all actions       {} ({:.0}/s, bots included)", totals.steps, totals.steps as f64 / elapsed);
    println!("latency p50       {:.2} ms", pct(0.50));
    println!("latency p90       {:.2} ms", pct(0.90));
    println!("latency p99       {:.2} ms", pct(0.99));
    println!("latency max       {:.2} ms", pct(1.0));
    println!("errors            {}", totals.errors);
}

/// The catalog's games and the demo game.
fn registry() -> engine::Registry {
    catalog::registry().with::<Rps>(
        |spec| match spec.kind.as_str() {
            "random" => Ok(Box::new(RandomBot::default())),
            other => Err(BotError::Unknown { game: "rps-veto", name: other.into(), known: "random".into() }),
        },
        &["random"],
    )
}

struct Table {
    id: String,
    token: String,
}

impl Table {
    async fn open(addr: SocketAddr, game: &str, variants: &[String], bot: &str) -> Table {
        let id =
            http::create_table(addr, &json!({"game": game, "variants": variants, "seats": [{}, {"bot": bot}]})).await;
        let (_, token) = http::join(addr, &id, "load").await;
        Table { id, token }
    }

    async fn connect(&self, addr: SocketAddr) -> Ws {
        let url = format!("ws://{addr}/api/tables/{}/ws?token={}", self.id, self.token);
        // tungstenite zeroes its whole read buffer (128 KiB by default) on every read.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let (ws, _) = connect_async_with_config(url, Some(config), true).await.expect("websocket connects");
        ws
    }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The parts of a server message the client needs (the rest is skipped without building it).
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    acted: Option<String>,
    #[serde(default)]
    table: Option<TableBrief>,
}

#[derive(Deserialize)]
struct TableBrief {
    status: String,
    step: u64,
}

impl Incoming {
    fn finished(&self) -> bool {
        self.table.as_ref().is_some_and(|t| t.status == "finished")
    }
}

async fn next_state(ws: &mut Ws) -> Option<Incoming> {
    while let Some(Ok(message)) = ws.next().await {
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).ok();
        }
    }
    None
}

async fn play(addr: SocketAddr, mut table: Table, mut ws: Ws, args: &Args, seed: u64) -> Totals {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut totals = Totals::default();
    for game in 0..args.games {
        if game > 0 {
            let rematch = http::post(addr, &format!("/api/tables/{}/rematch", table.id), &json!({})).await.json();
            let id = rematch["table"]["id"].as_str().expect("rematch id").to_owned();
            let (_, token) = http::join(addr, &id, "load").await;
            table = Table { id, token };
            ws = table.connect(addr).await;
        }
        if game == 0 && args.think_ms > 0 {
            // Arrive over one thinking time, not all at once.
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..=args.think_ms))).await;
        }
        let Some(mut state) = next_state(&mut ws).await else {
            totals.errors += 1;
            return totals;
        };
        loop {
            if state.kind == "state" && state.finished() {
                totals.steps += state.table.as_ref().map_or(0, |t| t.step);
                totals.games += 1;
                break;
            }
            if state.legal.is_empty() {
                match next_state(&mut ws).await {
                    Some(next) => state = next,
                    None => {
                        totals.errors += 1;
                        return totals;
                    }
                }
                continue;
            }
            if args.think_ms > 0 {
                // People do not act in lockstep: think between half and one and a half times the mean.
                let think = rng.random_range(args.think_ms / 2..=args.think_ms * 3 / 2);
                tokio::time::sleep(Duration::from_millis(think)).await;
            }
            let action = state.legal.choose(&mut rng).cloned().expect("legal");
            let sent = Instant::now();
            if ws.send(Message::text(json!({"type": "act", "action": action}).to_string())).await.is_err() {
                totals.errors += 1;
                return totals;
            }
            loop {
                let Some(next) = next_state(&mut ws).await else {
                    totals.errors += 1;
                    return totals;
                };
                if next.kind == "error" {
                    eprintln!("refused {action:?}");
                    totals.errors += 1;
                    return totals;
                }
                if next.acted.as_deref() == Some(action.as_str()) {
                    totals.latencies_us.push(sent.elapsed().as_micros() as u64);
                    totals.human_actions += 1;
                    state = next;
                    break;
                }
            }
        }
    }
    let _ = ws.close(None).await;
    totals
}
