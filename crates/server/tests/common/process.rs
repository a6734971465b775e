//! The server binary as a process of its own, for tests that kill it (SIGKILL, SIGSTOP).

use std::net::SocketAddr;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStderr, Command};

use super::TestStore;

/// Starts the server binary on a free port with the demo games, no bot delay and `extra`
/// arguments; returns the process and its address.
pub async fn spawn_server(store: &TestStore, extra: &[&str]) -> (Child, SocketAddr) {
    let (child, addr, _) = spawn(store, extra, "warn", false).await;
    (child, addr)
}

/// The log lines a server writes to stderr.
pub type Logs = Lines<BufReader<ChildStderr>>;

/// [`spawn_server`] logging at `level`, with its log lines.
pub async fn spawn_server_logging(store: &TestStore, extra: &[&str], level: &str) -> (Child, SocketAddr, Logs) {
    let (child, addr, logs) = spawn(store, extra, level, true).await;
    (child, addr, logs.expect("stderr"))
}

async fn spawn(store: &TestStore, extra: &[&str], level: &str, logs: bool) -> (Child, SocketAddr, Option<Logs>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_spieltisch-server"));
    command
        .args(["--addr", "127.0.0.1:0", "--bot-delay-ms", "0", "--tables-per-minute", "1000", "--demo", "--data"])
        .arg(store.data.path())
        .args(extra);
    if let Some(url) = &store.database {
        command.args(["--database", url]);
    }
    let mut child = command
        .env("RUST_LOG", level)
        .stdout(Stdio::piped())
        .stderr(if logs { Stdio::piped() } else { Stdio::inherit() })
        .kill_on_drop(true)
        .spawn()
        .expect("the server binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .expect("the server says where it listens")
        .expect("stdout readable")
        .expect("a line");
    let addr = line.strip_prefix("listening on http://").expect("listening line").parse().expect("an address");
    let logs = child.stderr.take().map(|stderr| BufReader::new(stderr).lines());
    (child, addr, logs)
}

/// Sends `signal` (`STOP`, `CONT`, `KILL`) to `child`.
pub fn signal(child: &Child, signal: &str) {
    let pid = child.id().expect("the process runs").to_string();
    let status = std::process::Command::new("kill").args([&format!("-{signal}"), &pid]).status().expect("kill runs");
    assert!(status.success(), "kill -{signal} {pid}");
}
