//! How the server is started: address, data directory, bot pace, clocks and limits.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use crate::store::StoreFaults;
use crate::time::Time;

/// Everything `spieltisch serve` can set.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where to listen (port 0 picks a free port; [`crate::RunningServer::addr`] tells which).
    pub addr: SocketAddr,
    /// The data directory; the database is `<data>/spieltisch.db`, created if missing (unless
    /// `database` names another).
    pub data: PathBuf,
    /// A PostgreSQL URL (`postgres://user:password@host/db`): everything is stored there instead
    /// of SQLite in `data`. The database must exist; the server creates its tables.
    pub database: Option<String>,
    /// Where the other nodes of a shared PostgreSQL database reach this one
    /// (`http://host:port`); unset, the listening address (which must then not be 0.0.0.0).
    pub advertise: Option<String>,
    /// How long a node's heartbeat counts (PostgreSQL): a node silent for longer is taken for
    /// dead and the other nodes take its tables over.
    pub node_lease: Duration,
    /// The server runs behind a reverse proxy: the client is the last address of the
    /// `X-Forwarded-For` header the proxy sets, not the proxy itself.
    pub behind_proxy: bool,
    /// How long a bot waits before it moves, so humans can follow the game.
    pub bot_delay: Duration,
    /// How long the table waits before it answers a decision of an away person (one who missed
    /// two decisions in a row): a person's pace, so the game does not rush past them. Never
    /// shorter than `bot_delay`.
    pub away_delay: Duration,
    /// The most unfinished tables at once; creating more is refused with `429 too-many`.
    pub max_live_tables: usize,
    /// The most WebSocket messages a connection may send per second (a burst of twice as many is allowed).
    pub messages_per_second: u32,
    /// An open table (still waiting for players, no game played) that nobody has watched for
    /// this long is deleted, so abandoned tables do not pile up.
    pub open_table_ttl: Duration,
    /// The time table clocks read (tests inject a manual one).
    pub time: Time,
    /// How often a table with a deadline pending looks at the time.
    pub clock_tick: Duration,
    /// At a table with people, no pass in a reaction window is applied before this long after
    /// the window opened, and a person whose only answer is to pass is answered then, so how
    /// soon a seat passes never shows whether it could have reacted.
    pub reaction_delay: Duration,
    /// How long a person who may react has to decide at a table without a time control.
    pub reaction_time: Duration,
    /// The most tables one client (IP address) may create per minute.
    pub tables_per_minute: u32,
    /// How much thinking time the bots of one client's tables may use per minute, all tables
    /// together; past it they wait (a minute of it is one core busy all the time).
    pub bot_time_per_minute: Duration,
    /// How long a table whose database write failed waits before it tries the write again.
    pub store_retry: Duration,
    /// Makes database commits fail on demand (tests of a failing disk); off by default.
    pub store_faults: StoreFaults,
    /// A running table with a time control, nobody connected, no bot to move and every
    /// deadline at least [`ServeOptions::unload_margin`] away leaves memory after this long
    /// (a turn-based table mostly waits); it is loaded again on the next request or before its
    /// deadline.
    pub unload_after: Duration,
    /// How far its deadlines must be for a table to leave memory; a table whose deadline comes
    /// within this much is loaded again (and one this close at a start is loaded with it).
    pub unload_margin: Duration,
    /// How often the server looks for tables that left memory and whose deadline nears.
    pub wake_tick: Duration,
    /// The most a graceful stop takes: past it, requests, tables and connections still busy
    /// are dropped (nothing unacknowledged counts; see [`crate::RunningServer::shutdown`]).
    pub stop_timeout: Duration,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 8080)),
            data: PathBuf::from("./data"),
            database: None,
            advertise: None,
            node_lease: Duration::from_secs(5),
            behind_proxy: false,
            bot_delay: Duration::from_millis(700),
            away_delay: Duration::from_secs(3),
            max_live_tables: 20_000,
            messages_per_second: 20,
            open_table_ttl: Duration::from_secs(6 * 3600),
            time: Time::system(),
            clock_tick: Duration::from_millis(200),
            reaction_delay: Duration::from_millis(1500),
            reaction_time: Duration::from_secs(20),
            store_retry: Duration::from_secs(1),
            tables_per_minute: 20,
            bot_time_per_minute: Duration::from_secs(60),
            store_faults: StoreFaults::default(),
            stop_timeout: Duration::from_secs(10),
            unload_after: Duration::from_secs(60),
            unload_margin: Duration::from_secs(600),
            wake_tick: Duration::from_secs(15),
        }
    }
}
