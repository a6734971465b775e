//! Players in tests: a new player and its key, requests sent with the key.

use std::net::SocketAddr;

use serde_json::{Value, json};

use super::http::{self, Response, request_with};

/// `method path` (with a JSON `body`) sent with player key `key`.
pub async fn with_key(addr: SocketAddr, method: &str, path: &str, key: &str, body: Option<&Value>) -> Response {
    let auth = format!("Bearer {key}");
    let body = body.map(Value::to_string);
    request_with(addr, method, path, body.as_deref().map(str::as_bytes), &[("Authorization", &auth)]).await
}

/// A new player named `name`: its id and key.
pub async fn new_player(addr: SocketAddr, name: &str) -> (String, String) {
    let created = http::post(addr, "/api/players", &json!({"name": name})).await;
    assert_eq!(created.status, 201, "{}", String::from_utf8_lossy(&created.body));
    let json = created.json();
    (json["player"]["id"].as_str().expect("id").to_owned(), json["key"].as_str().expect("key").to_owned())
}
