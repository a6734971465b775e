//! The example sessions of `docs/protocol.md` are real: every request in them, sent to
//! `spieltisch engine`, gets exactly the reply the document shows (a reply cut short with ` …`
//! must start with what is shown).

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_spieltisch");
const DOC: &str = include_str!("../../../docs/protocol.md");

/// One exchange of a session: a request line and the reply the document promises.
struct Exchange<'a> {
    request: &'a str,
    reply: &'a str,
}

/// The sessions: every ```` ```text ```` block of `> request` / `< reply` pairs.
fn sessions() -> Vec<Vec<Exchange<'static>>> {
    let mut sessions = Vec::new();
    for block in DOC.split("```text\n").skip(1) {
        let body = block.split("```").next().expect("a closed block");
        let lines: Vec<&str> = body.lines().collect();
        let exchanges: Vec<Exchange> = lines
            .chunks(2)
            .map(|pair| {
                let request = pair[0].strip_prefix("> ").expect("a request line starts with '> '");
                let reply = pair.get(1).and_then(|r| r.strip_prefix("< ")).expect("each request has a '< ' reply");
                Exchange { request, reply }
            })
            .collect();
        sessions.push(exchanges);
    }
    sessions
}

fn run(requests: &[&str]) -> Vec<String> {
    let mut child = Command::new(BIN)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spieltisch starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for request in requests {
        writeln!(stdin, "{request}").expect("write a request");
    }
    drop(stdin);
    let output = child.wait_with_output().expect("spieltisch ends");
    String::from_utf8(output.stdout).expect("utf-8").lines().map(str::to_owned).collect()
}

#[test]
fn every_example_session_in_the_protocol_document_is_what_the_engine_replies() {
    let sessions = sessions();
    assert!(sessions.len() >= 3, "the document has its example sessions");
    for (number, session) in sessions.iter().enumerate() {
        let requests: Vec<&str> = session.iter().map(|e| e.request).collect();
        let replies = run(&requests);
        assert_eq!(replies.len(), session.len(), "session {number}: one reply per request");
        for (exchange, actual) in session.iter().zip(&replies) {
            match exchange.reply.strip_suffix(" …") {
                Some(start) => assert!(
                    actual.starts_with(start),
                    "session {number}, request {}:\nthe document shows {start} …\nthe engine replies {actual}",
                    exchange.request
                ),
                None => assert_eq!(
                    actual, exchange.reply,
                    "session {number}, request {}: the engine's reply differs from the document",
                    exchange.request
                ),
            }
        }
    }
}
