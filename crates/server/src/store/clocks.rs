//! Table clocks as stored: a row per table with a time control.

use super::StoreError;
use super::backend::Row;

pub(super) const SELECT_CLOCK: &str = "SELECT seconds, state, wake_us FROM table_clocks WHERE table_id = $1";
pub(super) const UPSERT_CLOCK: &str = "INSERT INTO table_clocks (table_id, seconds, state, wake_us) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (table_id) DO UPDATE SET seconds = excluded.seconds, \
     state = excluded.state, wake_us = excluded.wake_us";
pub(super) const DELETE_CLOCK: &str = "DELETE FROM table_clocks WHERE table_id = $1 \
     AND EXISTS (SELECT 1 FROM tables WHERE id = table_clocks.table_id AND status = 'open')";

/// A table's stored clock: the seconds per decision and the clock's state (JSON the table
/// module reads and writes; the store does not look inside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClockRow {
    pub seconds: u32,
    pub state: String,
    /// When the table must be live again: the earliest deadline running (microseconds since
    /// the epoch), `None` if none runs.
    pub wake_us: Option<i64>,
}

impl ClockRow {
    pub(super) fn decode(table: &str, row: &Row) -> Result<ClockRow, StoreError> {
        let seconds = row.get::<i64>("seconds")?;
        let seconds = u32::try_from(seconds)
            .map_err(|_| StoreError::Corrupt { table: table.to_owned(), reason: format!("clock seconds {seconds}") })?;
        Ok(ClockRow { seconds, state: row.get::<String>("state")?, wake_us: row.get::<Option<i64>>("wake_us")? })
    }
}
