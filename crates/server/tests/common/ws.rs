//! A WebSocket client for tests.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// One connection to a table, keeping every raw message it received.
pub struct Client {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text message received, raw.
    pub received: Vec<String>,
    /// The code of the server's close frame, once one came.
    pub closed: Option<u16>,
}

/// How long a test waits for a message.
pub const WAIT: Duration = Duration::from_secs(10);

impl Client {
    /// Connects to table `id` with `token` (spectator without).
    pub async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Client {
        Client::try_connect(addr, id, token).await.expect("websocket connects")
    }

    /// Connects, or returns the HTTP status that refused the upgrade.
    pub async fn try_connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Result<Client, u16> {
        let url = match token {
            Some(t) => format!("ws://{addr}/api/tables/{id}/ws?token={t}"),
            None => format!("ws://{addr}/api/tables/{id}/ws"),
        };
        match connect_async(url).await {
            Ok((stream, _)) => Ok(Client { stream, received: Vec::new(), closed: None }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
            Err(e) => panic!("websocket connect failed: {e}"),
        }
    }

    /// Connects, or says why not (a refused upgrade, a node that is down), without panicking.
    pub async fn connect_if_up(addr: SocketAddr, id: &str, token: &str) -> Result<Client, String> {
        let url = format!("ws://{addr}/api/tables/{id}/ws?token={token}");
        match tokio::time::timeout(WAIT, connect_async(url)).await {
            Ok(Ok((stream, _))) => Ok(Client { stream, received: Vec::new(), closed: None }),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("timed out".to_owned()),
        }
    }

    /// The next text message as JSON; `None` when the server closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let Ok(message) = tokio::time::timeout(WAIT, self.stream.next()).await else {
                let last = self.received.last().map_or("nothing", String::as_str);
                panic!("no message within 10 s; the last one received: {last}");
            };
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.received.push(text.to_string());
                    return Some(serde_json::from_str(text.as_str()).expect("server messages are JSON"));
                }
                Some(Ok(Message::Close(frame))) => {
                    self.closed = Some(frame.map_or(1005, |f| u16::from(f.code)));
                    return None;
                }
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads until the server closes: the close frame's code and the text messages before it,
    /// or `Err` with what ended the connection without a close frame (a reset, an abort).
    pub async fn close_code(&mut self) -> Result<(u16, Vec<Value>), String> {
        let mut messages = Vec::new();
        loop {
            let Ok(message) = tokio::time::timeout(WAIT, self.stream.next()).await else {
                panic!("the connection was not closed within 10 s");
            };
            match message {
                Some(Ok(Message::Text(text))) => {
                    messages.push(serde_json::from_str(text.as_str()).expect("server messages are JSON"))
                }
                Some(Ok(Message::Close(frame))) => return Ok((frame.map_or(1005, |f| u16::from(f.code)), messages)),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(format!("{e} after {messages:?}")),
                None => return Err(format!("ended without a close frame after {messages:?}")),
            }
        }
    }

    /// The next message of `kind` (`state`, `error`, `pong`); when waiting for an error or a
    /// pong, states that other seats' actions cause meanwhile are skipped.
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let message = self.next().await.unwrap_or_else(|| panic!("connection closed while waiting for {kind}"));
            if kind != "state" && message["type"] == "state" {
                continue;
            }
            assert_eq!(message["type"], kind, "expected a {kind} message, got {message}");
            return message;
        }
    }

    /// The next message that is not a state (an error), and every state seen before it.
    pub async fn next_error(&mut self) -> (Value, Vec<Value>) {
        let mut states = Vec::new();
        loop {
            let message = self.next().await.expect("connection open");
            if message["type"] == "state" {
                states.push(message);
            } else {
                return (message, states);
            }
        }
    }

    /// Reads states until `done` holds for one, passing over `error` messages of code `code`
    /// on the way (a paused table may say it is paused more than once: for each write that
    /// failed, a bot's too); returns it.
    pub async fn state_where_past(&mut self, code: &str, done: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.next().await.unwrap_or_else(|| panic!("connection closed while waiting for a state"));
            if message["type"] == "error" && message["error"] == code {
                continue;
            }
            assert_eq!(message["type"], "state", "expected a state message, got {message}");
            if done(&message) {
                return message;
            }
        }
    }

    /// Reads states until `done` holds for one; returns it.
    pub async fn state_where(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.expect("state").await;
            if done(&message) {
                return message;
            }
        }
    }

    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: impl Into<String>) {
        self.stream.send(Message::text(text.into())).await.expect("send");
    }

    /// Sends `{"type": "act", "action": action}`.
    pub async fn act(&mut self, action: &str) {
        self.send_text(json!({"type": "act", "action": action}).to_string()).await;
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, data: Vec<u8>) {
        self.stream.send(Message::binary(data)).await.expect("send");
    }

    /// Sends a text frame, ignoring a failure (the server may already have closed).
    pub async fn try_send_text(&mut self, text: impl Into<String>) -> bool {
        self.stream.send(Message::text(text.into())).await.is_ok()
    }
}

/// The `legal` list of a state message.
pub fn legal(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}

/// Whether a state message shows a finished table.
pub fn finished(state: &Value) -> bool {
    state["table"]["status"] == "finished"
}

impl Client {
    /// Acts with `action` and waits for its acknowledgement: the state with `"acted": action`,
    /// or, for a pass held back in a reaction window that closed before it counted, the
    /// `void` notice and then the next state. States of other seats' actions that arrive
    /// first are skipped.
    pub async fn act_and_wait(&mut self, action: &str) -> Value {
        self.act(action).await;
        loop {
            let message = self.next().await.expect("connection open while waiting for an acknowledgement");
            match message["type"].as_str() {
                Some("state") if message["acted"] == action => return message,
                Some("state") => {}
                Some("void") if message["action"] == action => return self.expect("state").await,
                _ => panic!("action {action:?} refused: {message}"),
            }
        }
    }

    /// Plays from `state` (the latest state) until the game is over, choosing with `choose`;
    /// returns the final state and how many actions this client made.
    pub async fn play_to_end(
        &mut self,
        mut state: Value,
        mut choose: impl FnMut(&[String]) -> String,
    ) -> (Value, usize) {
        let mut actions = 0;
        while !finished(&state) {
            let legal = legal(&state);
            state = if legal.is_empty() {
                self.expect("state").await
            } else {
                actions += 1;
                self.act_and_wait(&choose(&legal)).await
            };
        }
        (state, actions)
    }
}
