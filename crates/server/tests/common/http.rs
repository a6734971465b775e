//! A minimal HTTP/1.1 client for tests (one request per connection).

use std::net::SocketAddr;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A response: status, headers (lower-case names) and body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// The body as JSON (panics with the body text if it is not).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends one request with an optional raw body.
pub async fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&[u8]>) -> Response {
    request_with(addr, method, path, body, &[]).await
}

/// Sends one request with an optional raw body and extra headers.
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    headers: &[(&str, &str)],
) -> Response {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = body {
        head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.expect("write head");
    if let Some(body) = body {
        // The server may refuse a large body early; a failed write shows in the response.
        let _ = stream.write_all(body).await;
    }
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    parse(&raw)
}

fn parse(raw: &[u8]) -> Response {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete response head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).expect("status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = dechunk(&body);
    }
    Response { status, headers, body }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
    out
}

/// `GET path`.
pub async fn get(addr: SocketAddr, path: &str) -> Response {
    request(addr, "GET", path, None).await
}

/// `POST path` with a JSON body.
pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Response {
    request(addr, "POST", path, Some(body.to_string().as_bytes())).await
}

/// Creates a table and returns its id.
pub async fn create_table(addr: SocketAddr, body: &Value) -> String {
    let response = post(addr, "/api/tables", body).await;
    assert_eq!(response.status, 201, "create: {}", String::from_utf8_lossy(&response.body));
    response.json()["table"]["id"].as_str().expect("table id").to_owned()
}

/// Joins a table; returns (seat, token).
pub async fn join(addr: SocketAddr, table: &str, name: &str) -> (usize, String) {
    let response = post(addr, &format!("/api/tables/{table}/join"), &serde_json::json!({"name": name})).await;
    assert_eq!(response.status, 200, "join: {}", String::from_utf8_lossy(&response.body));
    let json = response.json();
    (json["seat"].as_u64().expect("seat") as usize, json["token"].as_str().expect("token").to_owned())
}

/// How many tables of `status` the server at `addr` has in memory (its metrics).
pub async fn live_tables(addr: SocketAddr, status: &str) -> u64 {
    let text = String::from_utf8(get(addr, "/metrics").await.body).unwrap_or_default();
    let prefix = format!("spieltisch_tables{{status=\"{status}\"}}");
    text.lines().find(|l| l.starts_with(&prefix)).and_then(|l| l.rsplit(' ').next()?.parse().ok()).unwrap_or(0)
}
