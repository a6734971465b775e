//! Stored analyses of finished games ("Analyse my game"): one JSON per table and seat, written
//! once when the analysis is done. Not table state: no fence, no group commit.

use engine::Seat;

use super::backend::Param;
use super::{Store, StoreError};
use crate::clock::now_micros;

impl Store {
    /// The stored analysis of `table`'s `seat` (its JSON), if there is one.
    pub(crate) async fn analysis(&self, table: &str, seat: Seat) -> Result<Option<String>, StoreError> {
        let row = self
            .pool
            .fetch_optional(
                "SELECT result FROM analyses WHERE table_id = $1 AND seat = $2",
                &[Param::Text(table), Param::Int(seat.index() as i64)],
            )
            .await?;
        row.map(|row| row.get::<String>("result")).transpose()
    }

    /// Stores the analysis of `table`'s `seat` (the first one stored stays: an analysis of the
    /// same record with the same seed is the same).
    pub(crate) async fn save_analysis(&self, table: &str, seat: Seat, result: &str) -> Result<(), StoreError> {
        self.pool
            .execute(
                "INSERT INTO analyses (table_id, seat, result, created_us) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (table_id, seat) DO NOTHING",
                &[Param::Text(table), Param::Int(seat.index() as i64), Param::Text(result), Param::Int(now_micros())],
            )
            .await?;
        Ok(())
    }
}
