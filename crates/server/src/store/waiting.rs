//! Tables that wait out of memory (turn-based tables between moves): which to load before their
//! deadline, which to load at a start, and the running ones the lobby lists from the database.

use super::backend::Param;
use super::rows::{self, TableRow};
use super::{ClockRow, Store, StoreError};

impl Store {
    /// The running tables this server owns whose stored clock wakes them at or before
    /// `before_us` (a deadline nears).
    pub(crate) async fn due_tables(&self, before_us: i64) -> Result<Vec<String>, StoreError> {
        let rows = self
            .pool
            .fetch_all(
                "SELECT c.table_id AS id FROM table_clocks c JOIN tables t ON t.id = c.table_id \
                 WHERE c.wake_us <= $1 AND t.status = 'running' AND t.closed_us IS NULL AND t.owner = $2",
                &[Param::Int(before_us), Param::Text(&self.node)],
            )
            .await?;
        rows.iter().map(|row| row.get::<String>("id")).collect()
    }

    /// The newest running public tables (at most `limit`), with their stored clocks: for lists,
    /// whether their actor is in memory or not.
    pub(crate) async fn running(&self, limit: u32) -> Result<Vec<(TableRow, Option<ClockRow>)>, StoreError> {
        let sql = format!(
            "SELECT {}, c.seconds AS seconds, c.state AS state, c.wake_us AS wake_us FROM tables t \
             LEFT JOIN table_clocks c ON c.table_id = t.id \
             WHERE t.status = 'running' AND t.private = 0 AND t.closed_us IS NULL ORDER BY t.created_us DESC LIMIT $1",
            rows::TABLE_COLUMNS_OF_T
        );
        let found = self.pool.fetch_all(&sql, &[Param::Int(i64::from(limit))]).await?;
        found
            .iter()
            .map(|row| {
                let table = TableRow::decode(row)?;
                let clock = match row.get::<Option<i64>>("seconds")? {
                    Some(_) => Some(ClockRow::decode(&table.id, row)?),
                    None => None,
                };
                Ok((table, clock))
            })
            .collect()
    }
}
