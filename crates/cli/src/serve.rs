//! `spieltisch serve`: the web table (the `server` crate) on an address and a data directory.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::error::CliError;

/// Options of `spieltisch serve`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch serve
  spieltisch serve --addr 0.0.0.0:8080 --data /var/lib/spieltisch --bot-delay 400
  spieltisch serve --database postgres://spieltisch:secret@localhost/spieltisch
  spieltisch serve --addr 0.0.0.0:8080 --database postgres://… --advertise http://10.0.0.2:8080 --behind-proxy

Then open http://127.0.0.1:8080 in a browser. Stop with Ctrl-C or SIGTERM (a graceful stop);
unfinished tables are kept in the database and restored on the next start. Health checks,
metrics, logs and backups: docs/deploy.md.")]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The data directory; the database is DIR/spieltisch.db, created if missing.
    #[arg(long, value_name = "DIR", default_value = "./data")]
    pub data: PathBuf,
    /// Store in this PostgreSQL database instead of SQLite (it must exist; the server creates
    /// its tables). See docs/deploy.md.
    #[arg(long, value_name = "URL", env = "SPIELTISCH_DATABASE", hide_env_values = true)]
    pub database: Option<String>,
    /// With --database, several nodes may share it: where the other nodes reach this one
    /// (http://HOST:PORT; default: the --addr, which must then not be 0.0.0.0).
    #[arg(long, value_name = "URL", env = "SPIELTISCH_ADVERTISE")]
    pub advertise: Option<String>,
    /// Milliseconds a node's heartbeat counts: a node silent longer is taken for dead and the
    /// other nodes take its tables over (default 5000).
    #[arg(long, value_name = "MS")]
    pub node_lease: Option<u64>,
    /// The server runs behind a reverse proxy that sets X-Forwarded-For: per-client limits
    /// count the address the proxy saw.
    #[arg(long)]
    pub behind_proxy: bool,
    /// Milliseconds a bot waits before it moves, so humans can follow.
    #[arg(long, value_name = "MS")]
    pub bot_delay: Option<u64>,
    /// Milliseconds the table waits before it answers for a person who is away (missed two
    /// decisions in a row): a person's pace (default 3000; never shorter than --bot-delay).
    #[arg(long, value_name = "MS")]
    pub away_delay: Option<u64>,
    /// The most tables one client (IP address) may create per minute.
    #[arg(long, value_name = "N")]
    pub tables_per_minute: Option<u32>,
    /// How log lines are written to stderr: text, or one JSON object per line (with the node
    /// and table ids) for log collectors.
    #[arg(long, value_enum, default_value = "text")]
    pub log_format: server::LogFormat,
}

/// Runs the server until SIGTERM or Ctrl-C.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    server::init_logs(args.log_format);
    let mut options = server::ServeOptions {
        addr: args.addr,
        data: args.data.clone(),
        database: args.database.clone(),
        advertise: args.advertise.clone(),
        behind_proxy: args.behind_proxy,
        ..Default::default()
    };
    if let Some(ms) = args.node_lease {
        options.node_lease = Duration::from_millis(ms);
    }
    if let Some(ms) = args.bot_delay {
        options.bot_delay = Duration::from_millis(ms);
    }
    if let Some(ms) = args.away_delay {
        options.away_delay = Duration::from_millis(ms);
    }
    if let Some(n) = args.tables_per_minute {
        options.tables_per_minute = n;
    }
    let stored = match &args.database {
        Some(_) => "tables in PostgreSQL".to_owned(),
        None => format!("data in {}", args.data.display()),
    };
    // Said once it listens: a server that cannot start never claims to serve.
    server::run(options, |addr| eprintln!("spieltisch: serving http://{addr} ({stored})"))
        .map_err(|e| CliError::Other(format!("serve: {e}")))
}
