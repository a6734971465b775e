//! Rows as stored and decoded.

use super::StoreError;
use super::backend::Row;
use crate::table::model::{SeatSetup, Status};
use engine::{Outcome, Seat};
use serde_json::Value;

const TABLE_COLUMNS: &str =
    "id, game, config, seats, seed, status, outcome, created_us, rematch, private, owner_hash, owner, epoch, rated";

pub(super) const SELECT_TABLE_WHERE_UNFINISHED: &str = "SELECT id, game, config, seats, seed, status, outcome, created_us, rematch, \
     private, owner_hash, closed_us, epoch, rated, end_reason FROM tables WHERE status <> 'finished' AND closed_us IS NULL \
     AND NOT (status = 'running' AND EXISTS (SELECT 1 FROM table_clocks c WHERE c.table_id = tables.id AND c.wake_us > $1)) \
     ORDER BY created_us";
pub(super) const SELECT_TABLE_BY_ID: &str = "SELECT id, game, config, seats, seed, status, outcome, created_us, rematch, \
     private, owner_hash, closed_us, epoch, rated, end_reason FROM tables WHERE id = $1";
pub(super) const SELECT_FINISHED: &str = "SELECT id, game, config, seats, seed, status, outcome, created_us, rematch, \
     private, owner_hash, closed_us, epoch, rated, end_reason, (SELECT COUNT(*) FROM actions WHERE table_id = tables.id) AS steps \
     FROM tables WHERE status = 'finished' AND private = 0 AND closed_us IS NULL ORDER BY created_us DESC LIMIT $1";
/// The columns [`TableRow::decode`] reads, of a query that names `tables` as `t`.
pub(super) const TABLE_COLUMNS_OF_T: &str = "t.id AS id, t.game AS game, t.config AS config, t.seats AS seats, \
     t.seed AS seed, t.status AS status, t.outcome AS outcome, t.created_us AS created_us, t.rematch AS rematch, \
     t.private AS private, t.owner_hash AS owner_hash, t.closed_us AS closed_us, t.epoch AS epoch, t.rated AS rated, \
     t.end_reason AS end_reason";
pub(super) const SELECT_ACTIONS: &str =
    "SELECT idx, seat, notation, by_table FROM actions WHERE table_id = $1 ORDER BY idx";

/// A table's row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TableRow {
    pub id: String,
    pub game: String,
    pub config: Value,
    pub seats: Vec<SeatSetup>,
    pub seed: u64,
    pub status: Status,
    pub outcome: Option<Outcome>,
    pub created_us: i64,
    pub rematch: Option<String>,
    /// Only invited players may join; never listed in the lobby.
    pub private: bool,
    /// The SHA-256 of the token that lets the table's creator close it.
    pub owner_hash: Option<String>,
    /// Whether its creator closed it.
    pub closed: bool,
    /// The ownership epoch: raised each time a server takes the table; the server that holds
    /// this epoch writes for the table, any other is refused by the database (`fence.rs`).
    pub epoch: i64,
    /// Its end changes the ratings of its players (every seat a player or a bot level).
    pub rated: bool,
    /// Why its game ended, once it did (stored with the last action).
    pub reason: Option<engine::EndReason>,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredAction {
    pub seat: Seat,
    pub notation: String,
    /// The table chose it for the seat's person (their deadline came).
    pub by_table: bool,
}

impl TableRow {
    /// The column list of an insert, matching [`TableRow::insert_values`].
    pub(super) fn insert_sql() -> String {
        format!(
            "INSERT INTO tables ({TABLE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
        )
    }

    pub(super) fn decode(row: &Row) -> Result<TableRow, StoreError> {
        let id = row.get::<String>("id")?;
        let corrupt = |reason: String| StoreError::Corrupt { table: id.clone(), reason };
        let config = row.get::<String>("config")?;
        let seats = row.get::<String>("seats")?;
        let status = row.get::<String>("status")?;
        let outcome = row.get::<Option<String>>("outcome")?;
        Ok(TableRow {
            game: row.get::<String>("game")?,
            config: serde_json::from_str(&config).map_err(|e| corrupt(format!("config: {e}")))?,
            seats: serde_json::from_str(&seats).map_err(|e| corrupt(format!("seats: {e}")))?,
            seed: row.get::<i64>("seed")? as u64,
            status: Status::parse(&status).ok_or_else(|| corrupt(format!("status {status:?}")))?,
            outcome: match outcome {
                Some(text) => Some(serde_json::from_str(&text).map_err(|e| corrupt(format!("outcome: {e}")))?),
                None => None,
            },
            created_us: row.get::<i64>("created_us")?,
            rematch: row.get::<Option<String>>("rematch")?,
            private: row.get::<i64>("private")? != 0,
            owner_hash: row.get::<Option<String>>("owner_hash")?,
            closed: row.get::<Option<i64>>("closed_us")?.is_some(),
            epoch: row.get::<i64>("epoch")?,
            rated: row.get::<i64>("rated")? != 0,
            reason: row.get::<Option<String>>("end_reason")?.and_then(|r| serde_json::from_str(&r).ok()),
            id: id.clone(),
        })
    }
}

impl StoredAction {
    pub(super) fn decode(table: &str, row: &Row) -> Result<StoredAction, StoreError> {
        let seat = row.get::<i64>("seat")?;
        let seat = usize::try_from(seat)
            .ok()
            .and_then(Seat::new)
            .ok_or_else(|| StoreError::Corrupt { table: table.to_owned(), reason: format!("seat {seat}") })?;
        Ok(StoredAction { seat, notation: row.get::<String>("notation")?, by_table: row.get::<i64>("by_table")? != 0 })
    }
}

pub(super) fn steps(row: &Row) -> Result<usize, StoreError> {
    let steps = row.get::<i64>("steps")?;
    Ok(usize::try_from(steps).unwrap_or(0))
}

/// Seats as stored.
pub(super) fn seats_text(seats: &[SeatSetup]) -> String {
    serde_json::to_string(seats).unwrap_or_else(|_| "[]".to_owned())
}

/// An outcome as stored.
pub(super) fn outcome_text(outcome: &Outcome) -> String {
    serde_json::to_string(outcome).unwrap_or_else(|_| "null".to_owned())
}
