//! A stand-alone web table server (what `spieltisch serve` runs), with the demo games on demand.
//! The restart tests kill it with SIGKILL; it prints `listening on http://ADDR` once it listens
//! and stops gracefully on SIGTERM or Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use engine::demo::{Duel, Rps};
use engine::{BotError, RandomBot};

/// Serves the spieltisch web table.
#[derive(Parser)]
struct Args {
    /// Where to listen (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The data directory (holds spieltisch.db).
    #[arg(long, default_value = "./data")]
    data: PathBuf,
    /// Store in this PostgreSQL database (postgres://user:password@host/db) instead of SQLite.
    #[arg(long, env = "SPIELTISCH_DATABASE", hide_env_values = true)]
    database: Option<String>,
    /// Where the other nodes of the PostgreSQL database reach this one (http://HOST:PORT).
    #[arg(long, env = "SPIELTISCH_ADVERTISE")]
    advertise: Option<String>,
    /// How long a node's heartbeat counts, in milliseconds; silent longer, its tables are taken over.
    #[arg(long, default_value_t = 5000)]
    node_lease_ms: u64,
    /// Behind a reverse proxy: the client is the last address of X-Forwarded-For.
    #[arg(long)]
    behind_proxy: bool,
    /// How long bots wait before moving, in milliseconds.
    #[arg(long, default_value_t = 700)]
    bot_delay_ms: u64,
    /// How long the table waits before it answers for an away person, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    away_delay_ms: u64,
    /// The most WebSocket messages a connection may send per second.
    #[arg(long, default_value_t = 20)]
    messages_per_second: u32,
    /// The most tables one client (IP address) may create per minute.
    #[arg(long, default_value_t = 20)]
    tables_per_minute: u32,
    /// Also offer the demo games (rock-paper-scissors with a veto; the duel).
    #[arg(long)]
    demo: bool,
    /// How log lines are written to stderr (text, or JSON lines).
    #[arg(long, value_enum, default_value = "text")]
    log_format: server::LogFormat,
    /// The most a graceful stop takes, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    stop_timeout_ms: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    server::init_logs(args.log_format);
    let mut registry = catalog::registry();
    if args.demo {
        registry = registry
            .with::<Rps>(
                |spec| match spec.kind.as_str() {
                    "random" => Ok(Box::new(RandomBot::default())),
                    other => {
                        Err(BotError::Unknown { game: "rps-veto", name: other.to_owned(), known: "random".into() })
                    }
                },
                &["random"],
            )
            .with::<Duel>(|spec| bots::standard::<Duel>(spec, || Box::new(RandomBot::default())), bots::STANDARD_BOTS);
    }
    let options = server::ServeOptions {
        addr: args.addr,
        data: args.data,
        database: args.database,
        advertise: args.advertise,
        node_lease: Duration::from_millis(args.node_lease_ms),
        behind_proxy: args.behind_proxy,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        away_delay: Duration::from_millis(args.away_delay_ms),
        messages_per_second: args.messages_per_second,
        tables_per_minute: args.tables_per_minute,
        stop_timeout: Duration::from_millis(args.stop_timeout_ms),
        ..Default::default()
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let running = server::start(options, registry).await?;
        println!("listening on http://{}", running.addr());
        std::io::stdout().flush()?;
        server::stop_signal().await;
        running.shutdown().await;
        Ok(())
    })
}
