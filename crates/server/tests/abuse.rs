//! Untrusted input: malformed JSON, binary and oversized frames, unknown tables, floods. Each
//! gets a clear error; the connection (where sensible), the table and the server survive.

mod common;

use common::http::{self, create_table, join};
use common::ws::Client;
use common::{TestServer, demo_registry};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_messages_get_errors_and_the_connection_stays() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    ada.expect("state").await;

    for bad in [
        "not json",
        "{",
        "[]",
        "{\"type\": \"dance\"}",
        "{\"type\": \"act\"}",
        "{\"type\": \"act\", \"action\": 7}",
        "\u{0}",
    ] {
        ada.send_text(bad).await;
        let reply = ada.expect("error").await;
        assert_eq!(reply["error"], "bad-request", "for {bad:?}: {reply}");
        assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    ada.send_binary(vec![1, 2, 3]).await;
    assert_eq!(ada.expect("error").await["error"], "bad-request");

    // Too large for the server (16 KiB) but not for the protocol: an error, the connection stays.
    ada.send_text(format!("{{\"type\": \"act\", \"action\": \"{}\"}}", "x".repeat(20_000))).await;
    assert_eq!(ada.expect("error").await["error"], "too-large");
    ada.send_text("{\"type\": \"ping\"}").await;
    ada.expect("pong").await;
    // Still playing.
    let acked = ada.act_and_wait("rock").await;
    assert_eq!(acked["acted"], "rock");

    // Far too large: an error and the connection closes; the table is unharmed.
    let _ = ada.try_send_text("y".repeat(200_000)).await;
    loop {
        match ada.next().await {
            Some(message) if message["type"] == "error" => assert_eq!(message["error"], "too-large"),
            Some(_) => {}
            None => break,
        }
    }
    let mut again = Client::connect(addr, &id, Some(&token)).await;
    let state = again.expect("state").await;
    assert!(state["table"]["step"].as_u64().is_some_and(|s| s >= 1));
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_past_the_protocol_limit_gets_too_large_and_close_code_1009() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    // Past the 64 KiB the protocol layer reads, at sizes the socket buffers hold whole (the
    // client's send finishes, then it reads). (A client still sending a far larger message
    // cannot read the close frame: the server never reads the rest.)
    for size in [70_000, 100_000, 150_000] {
        let mut client = Client::connect(addr, &id, None).await;
        client.expect("state").await;
        let _ = client.try_send_text("y".repeat(size)).await;
        let (code, messages) = client.close_code().await.unwrap_or_else(|e| panic!("{size} bytes: {e}"));
        assert_eq!(code, 1009, "{size} bytes: {messages:?}");
        assert!(messages.iter().any(|m| m["error"] == "too-large"), "{size} bytes: told why: {messages:?}");
    }
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_slowed_then_cut_and_others_play_on() {
    let server = TestServer::start_with(demo_registry(), |o| o.messages_per_second = 10).await;
    let addr = server.addr();
    let id = create_table(addr, &json!({"game": "rps-veto", "seats": [{}, {"bot": "random"}]})).await;
    let (_, token) = join(addr, &id, "Ada").await;
    let mut flooder = Client::connect(addr, &id, None).await;
    flooder.expect("state").await;
    let mut sent = 0;
    while sent < 2_000 && flooder.try_send_text("{\"type\": \"ping\"}").await {
        sent += 1;
    }
    let mut pongs = 0;
    let mut too_fast = 0;
    while let Some(message) = flooder.next().await {
        match message["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if message["error"] == "too-fast" => too_fast += 1,
            _ => {}
        }
    }
    assert!(pongs <= 25, "the burst allowance is 20 messages, got {pongs} pongs");
    assert!(too_fast >= 1, "a flood is told to slow down");

    // The table and the server are fine.
    let mut ada = Client::connect(addr, &id, Some(&token)).await;
    ada.expect("state").await;
    ada.act_and_wait("paper").await;
    assert_eq!(http::get(addr, "/api/games").await.status, 200);
    server.server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_tables_and_bad_requests_get_json_errors() {
    let server = TestServer::start(demo_registry()).await;
    let addr = server.addr();
    for path in ["/api/tables/nosuchtable", "/api/tables/NOT..valid", "/api/tables/zzzz/record", "/api/nothing"] {
        let response = http::get(addr, path).await;
        assert_eq!(response.status, 404, "{path}");
        assert_eq!(response.json()["error"], "not-found", "{path}");
    }
    assert_eq!(Client::try_connect(addr, "nosuchtable", None).await.err(), Some(404));
    assert_eq!(http::post(addr, "/api/tables/nosuchtable/join", &json!({"name": "Ada"})).await.status, 404);

    let bad_bodies: [&[u8]; 4] = [b"{", b"[1, 2]", b"{\"game\": 5}", b"{\"seats\": []}"];
    for body in bad_bodies {
        let response = http::request(addr, "POST", "/api/tables", Some(body)).await;
        assert_eq!(response.status, 400, "{}", String::from_utf8_lossy(body));
        assert_eq!(response.json()["error"], "bad-request");
    }
    let huge = format!("{{\"game\": \"rps-veto\", \"seats\": [{}]}}", "{},".repeat(10_000));
    let response = http::request(addr, "POST", "/api/tables", Some(huge.as_bytes())).await;
    assert_eq!(response.status, 413);
    assert_eq!(response.json()["error"], "too-large");
    assert_eq!(http::get(addr, "/api/tables?status=bogus").await.status, 400);
    assert_eq!(http::get(addr, "/api/games").await.status, 200);
    server.server.shutdown().await;
}
