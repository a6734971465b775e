//! Waiting tables: what turn-based tables cost a server while they wait. Creates N turn-based
//! tables (Schotten-Totten, a day per decision, two players with keys), lets them leave memory,
//! then measures the memory the server holds, the lobby's and My games' latency (p50/p99 over
//! many requests), what waking one costs (a request for a table out of memory loads and replays
//! it), and a restart on the stored tables.
//!
//! ```text
//! cargo run --release -p server --example waiting -- --tables 100000
//! cargo run --release -p server --example waiting -- --tables 2000 --keep   # tables stay in memory
//! ```
//! The server runs in this process on a fresh data directory (SQLite), with the creation limit
//! raised; the memory is this process's resident set (the client's part is small).

#[path = "../tests/common/http.rs"]
#[allow(dead_code)]
mod http;
#[path = "../tests/common/players.rs"]
mod players;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use players::{new_player, with_key};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::json;
use tokio::sync::Semaphore;

#[derive(Parser, Clone)]
struct Args {
    /// Turn-based tables to create.
    #[arg(long, default_value_t = 100_000)]
    tables: usize,
    /// Players (each table seats two of them; My games lists at most 200 of a player's tables).
    #[arg(long, default_value_t = 2_000)]
    players: usize,
    /// Requests measured per kind.
    #[arg(long, default_value_t = 1_000)]
    requests: usize,
    /// Keep the tables in memory (no unloading): what they would cost otherwise.
    #[arg(long)]
    keep: bool,
    /// Requests under way at once while creating.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
}

fn main() {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    runtime.block_on(run(args));
}

fn options(data: &std::path::Path, keep: bool) -> server::ServeOptions {
    server::ServeOptions {
        addr: "127.0.0.1:0".parse().expect("address"),
        data: data.to_owned(),
        tables_per_minute: u32::MAX,
        max_live_tables: usize::MAX,
        unload_after: if keep { Duration::from_secs(86_400) } else { Duration::from_millis(200) },
        ..Default::default()
    }
}

/// This process's resident memory in MiB.
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

/// Running tables in memory (the server's metrics).
async fn live_running(addr: SocketAddr) -> u64 {
    http::live_tables(addr, "running").await
}

/// p50 and p99 of `times` in milliseconds, with the mean.
fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0;
    let mean = times.iter().map(Duration::as_secs_f64).sum::<f64>() / times.len() as f64 * 1000.0;
    format!("p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {mean:.2} ms", at(0.5), at(0.99), at(1.0))
}

/// Times `n` requests made by `request(i)`.
async fn measure<F, Fut>(n: usize, request: F) -> Vec<Duration>
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = u16>,
{
    let mut times = Vec::with_capacity(n);
    for i in 0..n {
        let start = Instant::now();
        let status = request(i).await;
        times.push(start.elapsed());
        assert_eq!(status, 200, "request {i}");
    }
    times
}

async fn run(args: Args) {
    let data = tempfile::tempdir().expect("temp dir");
    let running = server::start(options(data.path(), args.keep), catalog::registry()).await.expect("server");
    let addr = running.addr();
    let base = rss_mib();
    println!("server up: {base:.1} MiB resident");

    let mut keys = Vec::with_capacity(args.players);
    for i in 0..args.players {
        keys.push(new_player(addr, &format!("Player {i}")).await.1);
    }
    let keys = Arc::new(keys);

    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(args.concurrency));
    let mut tasks = Vec::with_capacity(args.tables);
    for i in 0..args.tables {
        let (gate, keys) = (gate.clone(), keys.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.expect("gate");
            let (a, b) = (&keys[i % keys.len()], &keys[(i + 1) % keys.len()]);
            let body = json!({"game": "schotten-totten", "clock": 86_400, "seats": [{}, {}], "join": {"seat": 0}});
            let created = with_key(addr, "POST", "/api/tables", a, Some(&body)).await;
            assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
            let id = created.json()["table"]["id"].as_str().expect("id").to_owned();
            let joined = with_key(addr, "POST", &format!("/api/tables/{id}/join"), b, Some(&json!({}))).await;
            assert_eq!(joined.status, 200);
            id
        }));
    }
    let mut ids = Vec::with_capacity(args.tables);
    for task in tasks {
        ids.push(task.await.expect("a table"));
    }
    let created = started.elapsed();
    println!(
        "{} tables created in {:.1} s ({:.0} a second)",
        ids.len(),
        created.as_secs_f64(),
        ids.len() as f64 / created.as_secs_f64()
    );
    if args.keep {
        tokio::time::sleep(Duration::from_secs(2)).await;
    } else {
        while live_running(addr).await > 0 {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
    let held = rss_mib();
    println!(
        "{} running tables in memory; {held:.1} MiB resident, {:.1} KiB per table beyond the empty server",
        live_running(addr).await,
        (held - base) * 1024.0 / ids.len() as f64
    );

    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let players: Vec<usize> = (0..args.requests).map(|_| rng.random_range(0..keys.len())).collect();
    let lobby = measure(args.requests, |_| async { http::get(addr, "/api/tables").await.status }).await;
    println!("lobby, GET /api/tables:            {}", percentiles(lobby));
    let lobby = measure(args.requests, |_| async { http::get(addr, "/api/tables?status=running").await.status }).await;
    println!("lobby, GET /api/tables?status=running: {}", percentiles(lobby));
    let keys_ref = &keys;
    let players_ref = &players;
    let mine = measure(args.requests, |i| async move {
        with_key(addr, "GET", "/api/me/tables", &keys_ref[players_ref[i]], None).await.status
    })
    .await;
    let tables_each = ids.len() * 2 / keys.len();
    println!("My games, GET /api/me/tables ({tables_each} tables a player): {}", percentiles(mine));
    println!("still {} running tables in memory after the lists", live_running(addr).await);

    // Waking: a request for a table out of memory loads and replays it.
    let woken: Vec<&String> = ids.choose_multiple(&mut rng, args.requests.min(ids.len())).collect();
    let before = rss_mib();
    let woken_ref = &woken;
    let wake =
        measure(woken.len(), |i| async move { http::get(addr, &format!("/api/tables/{}", woken_ref[i])).await.status })
            .await;
    println!("waking a table, GET /api/tables/{{id}}: {}", percentiles(wake));
    println!(
        "{} running tables in memory after waking {}: {:.1} MiB resident (+{:.1} MiB)",
        live_running(addr).await,
        woken.len(),
        rss_mib(),
        rss_mib() - before
    );

    running.shutdown().await;
    let started = Instant::now();
    let again = server::start(options(data.path(), args.keep), catalog::registry()).await.expect("restart");
    println!(
        "restart on {} stored tables: {:.2} s, {} running tables loaded",
        ids.len(),
        started.elapsed().as_secs_f64(),
        live_running(again.addr()).await
    );
    again.shutdown().await;
}
