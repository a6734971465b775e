//! One live feed per player (`GET /api/me/feed`, a WebSocket): a `turn` message whenever one
//! of the player's seats starts or stops being asked to act, at any of their tables on this
//! server, so every open page of the site can count the tables waiting for them and alert —
//! one connection per page, not one per table.
//!
//! The key never goes in the URL (a browser's WebSocket cannot send headers, and URLs reach
//! logs): the client's first message is `{"type": "hello", "key": "<player key>"}`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast;

use crate::app::App;
use crate::tokens::TokenHash;

/// How long a new feed connection has to say who it is.
const HELLO: Duration = Duration::from_secs(10);
/// How often the server pings a feed connection.
const HEARTBEAT: Duration = Duration::from_secs(30);

/// The players' feeds on this server.
#[derive(Debug, Default)]
pub(crate) struct Feeds {
    senders: Mutex<HashMap<String, broadcast::Sender<()>>>,
}

impl Feeds {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, broadcast::Sender<()>>> {
        self.senders.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Listens to `player`'s feed.
    pub(crate) fn subscribe(&self, player: &str) -> broadcast::Receiver<()> {
        self.lock().entry(player.to_owned()).or_insert_with(|| broadcast::channel(16).0).subscribe()
    }

    /// Tells `player`'s open pages that one of their seats changed turn (nothing if none is open).
    pub(crate) fn notify(&self, player: &str) {
        let mut senders = self.lock();
        if let Some(sender) = senders.get(player)
            && sender.send(()).is_err()
        {
            // Nobody listens any more.
            senders.remove(player);
        }
    }
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum Hello {
    Hello { key: String },
}

/// `GET /api/me/feed`: the WebSocket of the player's feed.
pub(crate) async fn upgrade(State(app): State<App>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| run(socket, app))
}

async fn run(socket: WebSocket, app: App) {
    let (mut sink, mut stream) = socket.split();
    let hello = tokio::time::timeout(HELLO, stream.next()).await;
    let key = match hello {
        Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str::<Hello>(text.as_str()) {
            Ok(Hello::Hello { key }) => key,
            Err(_) => {
                return refuse(&mut sink, "bad-request", "the first message is {\"type\": \"hello\", \"key\": …}")
                    .await;
            }
        },
        _ => return,
    };
    let player = match app.store.player_by_key(&TokenHash::of(&key)).await {
        Ok(Some(player)) => player,
        Ok(None) => return refuse(&mut sink, "unknown-player", "this player key is not (or no longer) valid").await,
        Err(_) => return refuse(&mut sink, "store-unavailable", "try again in a moment").await,
    };
    let mut turns = app.feeds.subscribe(&player.id);
    if sink.send(Message::Text(r#"{"type":"ready"}"#.into())).await.is_err() {
        return;
    }
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    loop {
        tokio::select! {
            turn = turns.recv() => match turn {
                Ok(()) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    if sink.send(Message::Text(r#"{"type":"turn"}"#.into())).await.is_err() {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = heartbeat.tick() => {
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            () = app_stopping(&app) => return,
        }
    }
}

/// Resolves once the server stops (checked every second: feeds hold nothing to lose).
async fn app_stopping(app: &App) {
    while !app.stopping() {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn refuse(sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, code: &str, message: &str) {
    let text = serde_json::json!({"type": "error", "error": code, "message": message}).to_string();
    let _ = sink.send(Message::Text(text.into())).await;
    let _ = sink.close().await;
}
