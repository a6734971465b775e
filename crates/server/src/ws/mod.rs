//! The table WebSocket: `GET /api/tables/{id}/ws?token=T`.

mod connection;
mod rate;

use axum::extract::rejection::QueryRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use serde::Deserialize;
use tracing::Instrument;

use crate::api_error::ApiError;
use crate::app::App;
use crate::client_ip::ClientIp;
use crate::table::{self, Command};

/// The largest message the protocol layer reads at all; past [`connection::MAX_MESSAGE`] (but
/// below this) a message gets a `too-large` reply and the connection stays.
const MAX_WIRE: usize = 64 * 1024;
/// How much a connection reads from the socket at once.
const READ_BUFFER: usize = 4 * 1024;

#[derive(Deserialize)]
pub(crate) struct WsQuery {
    token: Option<String>,
}

/// Checks the table and the token before upgrading: an unknown table is a 404, a wrong token a
/// 403; without a token the connection watches as a spectator.
pub(crate) async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    query: Result<Query<WsQuery>, QueryRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    table::find(&app, &id).await?.ok_or_else(|| ApiError::no_table(&id))?;
    let seat = match query.token.filter(|t| !t.is_empty()) {
        None => None,
        Some(token) => {
            let (seat, _) =
                table::call(&app, &id, |reply| Command::Authenticate { token: token.clone(), reply }).await?;
            match seat {
                Some(seat) => Some(seat),
                None => {
                    tracing::warn!(table = %id, "websocket with a wrong token");
                    return Err(ApiError::wrong_token());
                }
            }
        }
    };
    let ws = ws.map_err(|e| ApiError::bad_request(e.body_text()))?;
    Ok(ws
        // tungstenite zeroes this much buffer on every read: the 128 KiB default costs more than
        // the whole rest of a small message's handling.
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_WIRE)
        .max_frame_size(MAX_WIRE)
        .on_upgrade(move |socket| {
            let span = tracing::info_span!(parent: None, "connection", node = %app.store.node(), table = %id);
            connection::run(socket, app, id, seat, client).instrument(span)
        }))
}
