//! `spieltisch serve` as an operator runs it: what it says when it starts and when it cannot.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_spieltisch");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Starts `spieltisch serve` on a free port of `data`; returns the process and the address it
/// says it serves at.
fn serve(data: &PathBuf) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let line = lines
        .by_ref()
        .take(20)
        .map_while(Result::ok)
        .find(|l| l.contains("serving http://"))
        .expect("says where it serves");
    let addr = line.split("serving http://").nth(1).and_then(|rest| rest.split_whitespace().next());
    let addr = addr.unwrap_or_else(|| panic!("an address: {line}")).to_owned();
    // Keep reading, so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (child, addr)
}

#[test]
fn a_second_server_on_a_data_directory_in_use_says_so_and_the_first_backs_up_and_stops_on_sigterm() {
    let data = temp_dir("twice");
    let (mut first, addr) = serve(&data);
    assert!(!addr.ends_with(":0"), "the address it really listens on: {addr}");

    let second = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(&data)
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "{said}");
    assert!(said.contains("in use by another spieltisch server"), "{said}");
    assert!(!said.contains("serving"), "it never served: {said}");

    // A backup while it runs, then a graceful stop on SIGTERM.
    let copy = data.join("copy.db");
    let backup = Command::new(BIN).args(["backup", "--data"]).arg(&data).arg(&copy).output().expect("runs");
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let header = std::fs::read(&copy).expect("the copy");
    assert!(header.starts_with(b"SQLite format 3\0"), "a SQLite database");
    let status = Command::new("kill").args(["-TERM", &first.id().to_string()]).status().expect("kill");
    assert!(status.success());
    let started = std::time::Instant::now();
    let exit = loop {
        if let Some(exit) = first.try_wait().expect("wait") {
            break exit;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "stops within the bound");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "exits 0 on SIGTERM: {exit:?}");
    let _ = std::fs::remove_dir_all(&data);
}
