//! One WebSocket connection: forwards the table's messages out, checks and forwards the
//! client's messages in.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use engine::Seat;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::mpsc;

use super::rate::RateLimit;
use crate::app::App;
use crate::table::{self, Command, TableHandle, connection_queue, error_message, pong_message};

/// The largest message the server accepts.
pub(crate) const MAX_MESSAGE: usize = 16 * 1024;
/// Oversized messages a connection may send before it is closed.
const MAX_OVERSIZED: u32 = 3;
/// How often the server pings a connection.
const HEARTBEAT: Duration = Duration::from_secs(30);
/// A connection the server has heard nothing from (not even a pong) for this long is closed.
const SILENCE: Duration = Duration::from_secs(75);
/// How long a closing connection waits for the client's close.
const DRAIN: Duration = Duration::from_secs(2);
/// Messages refused for flooding, in a row, before the connection is closed.
const MAX_REFUSED: u32 = 100;

/// A message from the client.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
enum ClientMessage {
    /// Act for the connection's seat.
    Act { action: String },
    /// Ask the Expert level for the seat's best decisions now (`table/hints.rs`).
    Hint,
    /// "I'm back": the person is no longer away (see `table/clock.rs`).
    TakeBack,
    /// Keep-alive.
    Ping,
}

/// What the connection does after a client message.
enum Next {
    Continue,
    Close(u16, &'static str),
}

struct Connection {
    table: TableHandle,
    id: String,
    conn: u64,
    seat: Option<Seat>,
    /// Whose bot thinking time pays for this connection's hints.
    client: std::net::IpAddr,
    limit: RateLimit,
    refused: u32,
    oversized: u32,
    app: App,
}

/// One open connection in the `connections` gauge.
struct OpenConnection(App);

impl OpenConnection {
    fn new(app: &App) -> OpenConnection {
        app.metrics.connections.inc();
        OpenConnection(app.clone())
    }
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.metrics.connections.dec();
    }
}

type Sink = SplitSink<WebSocket, Message>;

/// The table's actor went away (a stopping server, or a table taken over by another node) —
/// seen either when its queue closes or when a command cannot be sent to it. Either way the
/// client should reconnect, which finds the table wherever it now lives; found only by the
/// second way, it was once closed with 1011 and the page gave up (CI, stop 32).
const TABLE_MOVED: (u16, &str) = (1012, "the table moved; reconnect");

/// Serves one connection of `seat` (`None` = spectator) at table `id` until it closes.
pub(crate) async fn run(socket: WebSocket, app: App, id: String, seat: Option<Seat>, client: std::net::IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::channel(connection_queue());
    let subscribed =
        table::call(&app, &id, |reply| Command::Subscribe { viewer: seat, tx: out_tx.clone(), reply }).await;
    // Only the actor holds the sender now: when it drops this connection the channel closes.
    drop(out_tx);
    let (conn, table) = match subscribed {
        Ok(found) => found,
        Err(e) => {
            let _ = sink.send(Message::Text(error_message(e.code, &e.message))).await;
            return close(&mut sink, 1011, "table unavailable").await;
        }
    };
    // Counted while open; a stopping server waits for its connections to close.
    let _open = OpenConnection::new(&app);
    let limit = RateLimit::new(app.options.messages_per_second);
    let mut connection =
        Connection { table, id, conn, seat, client, limit, refused: 0, oversized: 0, app: app.clone() };
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            _ = heartbeat.tick() => {
                // A peer that vanished without closing (a dead network) would otherwise count as
                // connected forever; browsers answer pings by themselves.
                if last_heard.elapsed() > SILENCE {
                    tracing::debug!(table = %connection.id, "closing a silent connection");
                    break;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            out = out_rx.recv() => match out {
                Some(text) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                None if connection.table.tx.is_closed() => {
                    // The table went away: taken over by another server, or stopped.
                    close(&mut sink, TABLE_MOVED.0, TABLE_MOVED.1).await;
                    drain(&mut stream).await;
                    break;
                }
                None => {
                    close(&mut sink, 1013, "too slow to keep up; reconnect").await;
                    drain(&mut stream).await;
                    break;
                }
            },
            incoming = stream.next() => {
                last_heard = Instant::now();
                match incoming {
                Some(Ok(Message::Text(text))) => match connection.on_text(&mut sink, text).await {
                    Next::Continue => {}
                    Next::Close(code, reason) => {
                        close(&mut sink, code, reason).await;
                        drain(&mut stream).await;
                        break;
                    }
                },
                Some(Ok(Message::Binary(_))) => {
                    let reply = error_message("bad-request", "messages are JSON text");
                    if sink.send(Message::Text(reply)).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None => break,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Err(e)) => {
                    // The stream cannot go on. tungstenite reports a message past the protocol
                    // limit as "Space limit exceeded"; that client gets told why.
                    let text = e.to_string();
                    if text.contains("Space limit exceeded") {
                        tracing::warn!(table = %connection.id, "websocket message past the limit: {text}");
                        let reply = error_message("too-large", &format!("messages are limited to {MAX_MESSAGE} bytes"));
                        let _ = sink.send(Message::Text(reply)).await;
                        close(&mut sink, 1009, "message too large").await;
                        // The rest of the message is still unread and cannot be read past this
                        // error: closing the socket now would send a reset, which destroys the
                        // reply and the close frame before the client reads them. Kept open a
                        // moment, the client reads both (once its own send is done).
                        tokio::time::sleep(DRAIN).await;
                    } else {
                        tracing::debug!(table = %connection.id, "websocket ended: {text}");
                    }
                    break;
                }
            }}
        }
    }
    let _ = connection.table.tx.send(Command::Unsubscribe { conn: connection.conn }).await;
}

impl Connection {
    async fn on_text(&mut self, sink: &mut Sink, text: Utf8Bytes) -> Next {
        if !self.limit.allow() {
            self.refused += 1;
            if self.refused > MAX_REFUSED {
                tracing::warn!(table = %self.id, "closing a flooding connection");
                return Next::Close(1008, "too many messages");
            }
            // One reply per burst: answering every flooded message would double the flood.
            if self.refused == 1 {
                self.app.metrics.refuse("messages");
                return self.reply(sink, error_message("too-fast", "slow down: too many messages")).await;
            }
            return Next::Continue;
        }
        self.refused = 0;
        if text.len() > MAX_MESSAGE {
            self.oversized += 1;
            tracing::warn!(table = %self.id, bytes = text.len(), "oversized websocket message");
            if self.oversized >= MAX_OVERSIZED {
                return Next::Close(1009, "messages too large");
            }
            let message = format!("messages are limited to {MAX_MESSAGE} bytes");
            return self.reply(sink, error_message("too-large", &message)).await;
        }
        match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Err(e) => {
                tracing::warn!(table = %self.id, "malformed websocket message: {e}");
                let message = format!("expected {{\"type\": \"act\", \"action\": …}} or {{\"type\": \"ping\"}}: {e}");
                self.reply(sink, error_message("bad-request", &message)).await
            }
            Ok(ClientMessage::Ping) => self.reply(sink, pong_message()).await,
            Ok(ClientMessage::Hint) => match self.seat {
                None => self.reply(sink, error_message("not-seated", "hints are for a seat's player")).await,
                Some(seat) => {
                    let hint = Command::Hint { conn: self.conn, seat, client: Some(self.client) };
                    if self.table.tx.send(hint).await.is_err() {
                        return Next::Close(TABLE_MOVED.0, TABLE_MOVED.1);
                    }
                    Next::Continue
                }
            },
            Ok(ClientMessage::TakeBack) => match self.seat {
                None => self.reply(sink, error_message("not-seated", "spectators have no seat to take back")).await,
                Some(seat) => {
                    if self.table.tx.send(Command::TakeBack { seat }).await.is_err() {
                        return Next::Close(TABLE_MOVED.0, TABLE_MOVED.1);
                    }
                    Next::Continue
                }
            },
            Ok(ClientMessage::Act { action }) => match self.seat {
                None => self.reply(sink, error_message("not-seated", "spectators cannot act")).await,
                Some(seat) => {
                    let act = Command::Act { conn: self.conn, seat, notation: action };
                    if self.table.tx.send(act).await.is_err() {
                        return Next::Close(TABLE_MOVED.0, TABLE_MOVED.1);
                    }
                    Next::Continue
                }
            },
        }
    }

    async fn reply(&self, sink: &mut Sink, text: Utf8Bytes) -> Next {
        match sink.send(Message::Text(text)).await {
            Ok(()) => Next::Continue,
            Err(_) => Next::Close(1000, "gone"),
        }
    }
}

/// After the server's close frame: reads (and drops) what the client still sends until it
/// answers the close, so unread data does not turn the close into a reset that could destroy
/// the last replies before the client reads them.
async fn drain(stream: &mut SplitStream<WebSocket>) {
    let _ = tokio::time::timeout(DRAIN, async {
        while let Some(Ok(message)) = stream.next().await {
            if let Message::Close(_) = message {
                break;
            }
        }
    })
    .await;
}

async fn close(sink: &mut Sink, code: u16, reason: &'static str) {
    let frame = CloseFrame { code, reason: Utf8Bytes::from_static(reason) };
    let _ = sink.send(Message::Close(Some(frame))).await;
}
