//! Creating tables: checking the game, config, seats and bots, storing, starting the actor.

use axum::http::StatusCode;
use engine::{Levels, MAX_SEATS};
use rand::Rng;
use serde_json::Value;

use super::bots;
use super::clock::MAX_SECONDS;
use super::handle::TableHandle;
use super::model::{SeatSetup, status_of};
use super::state::TableState;
use crate::api_error::ApiError;
use crate::app::App;
use crate::clock::now_micros;
use crate::store::{ClockRow, TableRow, Write};
use crate::tokens::new_table_id;

/// What a new table is besides its game and seats.
#[derive(Clone, Debug, Default)]
pub(crate) struct NewTable {
    /// Only invited players may join; not listed in the lobby.
    pub private: bool,
    /// The hash of the token that lets the creator close the table.
    pub owner_hash: Option<String>,
    /// The time control: seconds per decision (`None`: off).
    pub clock: Option<u32>,
    /// Who created it, whose bot thinking time its bots use (not stored: restored tables'
    /// bots are not metered).
    pub creator: Option<std::net::IpAddr>,
    /// Its end changes its players' ratings ([`check_rated`] says when a table may be).
    pub rated: bool,
}

/// Creates, stores and starts a table of `game` with `config` (partial configs take defaults)
/// and `seats` (which may already seat the creator: one write creates both or neither).
pub(crate) async fn create(
    app: &App,
    game: &str,
    config: &Value,
    seats: Vec<SeatSetup>,
    new: NewTable,
) -> Result<TableHandle, ApiError> {
    if app.tables.len() >= app.options.max_live_tables {
        return Err(ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too-many", "the server has too many tables open"));
    }
    let kind = app.registry.get(game).map_err(|e| ApiError::bad_request(e.to_string()))?;
    if seats.is_empty() || seats.len() > MAX_SEATS {
        return Err(ApiError::bad_request(format!("a table has 1 to {MAX_SEATS} seats")));
    }
    if new.clock.is_some_and(|s| s == 0 || s > MAX_SECONDS) {
        return Err(ApiError::bad_request(format!("clock is 1 to {MAX_SECONDS} seconds per decision, or null")));
    }
    // 53 bits, so the browser (whose numbers are doubles) holds the seed exactly.
    let seed: u64 = rand::rng().random::<u64>() & ((1 << 53) - 1);
    let m = kind.new_match(config, seats.len(), seed).map_err(|e| ApiError::bad_request(e.to_string()))?;
    for seat in &seats {
        if let SeatSetup::Bot { bot } = seat {
            bots::check(kind, m.as_ref(), bot)?;
        }
    }
    if new.rated {
        check_rated(&kind.info().levels, &seats, new.clock)?;
    }
    let row = TableRow {
        id: new_table_id(),
        game: kind.name().to_owned(),
        config: m.record().config,
        status: status_of(&seats, None),
        seats,
        seed,
        outcome: None,
        created_us: now_micros(),
        rematch: None,
        private: new.private,
        owner_hash: new.owner_hash,
        closed: false,
        // The first owner: the server creating it.
        epoch: 1,
        rated: new.rated,
        reason: None,
    };
    app.store.write(Write::CreateTable(row.clone())).await.map_err(ApiError::store_unavailable)?;
    let mut table = TableState::new(kind, &row, m);
    if let Some(seconds) = new.clock {
        let stored = ClockRow { seconds, state: String::new(), wake_us: None };
        let write = Write::Clock { table: row.id.clone(), epoch: row.epoch, clock: stored.clone() };
        app.store.write(write).await.map_err(ApiError::store_unavailable)?;
        table.clock = Some(stored);
    }
    tracing::info!(table = %row.id, game = kind.name(), seats = row.seats.len(), status = row.status.as_str(), "table created");
    table.creator = new.creator;
    Ok(app.tables.spawn_if_absent(app, table))
}

/// Refuses a rated table unless every bot seat is a level with a fixed rating, no person's
/// seat is taken without a player key, and it has a time control (so a game cannot be held
/// hostage: a person who stops playing is away, and counts last).
pub(crate) fn check_rated(levels: &Levels, seats: &[SeatSetup], clock: Option<u32>) -> Result<(), ApiError> {
    let refused = |message: String| ApiError::new(StatusCode::BAD_REQUEST, "not-ratable", message);
    if clock.is_none() {
        return Err(refused("a rated table needs a time control".to_owned()));
    }
    for (i, seat) in seats.iter().enumerate() {
        match seat {
            SeatSetup::Bot { bot } if levels.level_of(bot).and_then(|l| levels.get(l)).is_none() => {
                let names: Vec<&str> = levels.all().iter().map(|l| l.level.name()).collect();
                return Err(refused(format!(
                    "seat {i}: a rated table's bots are levels with a fixed rating ({}), not {bot:?}",
                    names.join(", ")
                )));
            }
            SeatSetup::Human { token_hash: Some(_), player: None, .. } => {
                return Err(refused(format!("seat {i}: a rated table's people need a player key")));
            }
            _ => {}
        }
    }
    if !seats.iter().any(|s| matches!(s, SeatSetup::Human { .. })) {
        return Err(refused("a rated table needs a seat for a person".to_owned()));
    }
    Ok(())
}
