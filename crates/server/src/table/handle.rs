//! How the rest of the server talks to a table's actor.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use engine::{Record, Seat};
use tokio::sync::{mpsc, oneshot, watch};

use super::model::TableJson;
use crate::api_error::ApiError;

/// A player taking a seat with their key.
#[derive(Clone, Debug)]
pub(crate) struct Joining {
    /// The player's id.
    pub id: String,
    /// Their rating in the table's game (shown at a rated table).
    pub rating: crate::ratings::SeatRating,
}

/// A request to a table's actor.
pub(crate) enum Command {
    /// A connection starts watching as `viewer`; it gets the full state at once.
    Subscribe { viewer: Option<Seat>, tx: mpsc::Sender<Utf8Bytes>, reply: oneshot::Sender<u64> },
    /// A connection closed.
    Unsubscribe { conn: u64 },
    /// A connection acts for its (authenticated) seat; errors go back to that connection.
    Act { conn: u64, seat: Seat, notation: String },
    /// A connection asks for a hint for its (authenticated) seat; `client` pays for the search.
    Hint { conn: u64, seat: Seat, client: Option<std::net::IpAddr> },
    /// A person says they are back: not away, no misses, their full time if asked.
    TakeBack { seat: Seat },
    /// Someone takes a human seat.
    Join {
        name: String,
        seat: Option<usize>,
        /// The invite code (private tables).
        invite: Option<String>,
        /// The player who takes the seat with their key, if any.
        player: Option<Joining>,
        reply: oneshot::Sender<Result<Joined, ApiError>>,
    },
    /// The creator, holding the owner token, closes the table.
    Close { owner: String, reply: oneshot::Sender<Result<(), ApiError>> },
    /// A new seat token for the seat of player `player` (by id), for another of their devices.
    DeviceToken { player: String, reply: oneshot::Sender<Result<Joined, ApiError>> },
    /// Which seat, if any, a token belongs to.
    Authenticate { token: String, reply: oneshot::Sender<Option<Seat>> },
    /// Another server owns the table now: the actor stops.
    Retire,
    /// The server stops: the actor finishes the command under way and stops.
    Stop,
    /// The record (finished tables only).
    Record { reply: oneshot::Sender<Result<Record, ApiError>> },
    /// The rematch table, created on the first ask; `true` if it was created now.
    Rematch { reply: oneshot::Sender<Result<(Arc<TableJson>, bool), ApiError>> },
}

/// A successful join.
pub(crate) struct Joined {
    pub seat: Seat,
    pub token: String,
    pub table: Arc<TableJson>,
}

/// A live table: where to send commands and its latest Table object.
#[derive(Clone)]
pub(crate) struct TableHandle {
    pub tx: mpsc::Sender<Command>,
    pub summary: watch::Receiver<Arc<TableJson>>,
    /// Which actor this is, so a stale handle is never mistaken for a newer one.
    pub generation: u64,
    /// The ownership epoch the actor writes with.
    pub epoch: i64,
}

impl TableHandle {
    /// The table as it is now.
    pub(crate) fn summary(&self) -> Arc<TableJson> {
        self.summary.borrow().clone()
    }
}
