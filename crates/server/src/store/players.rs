//! Players and their keys: a player is an id and a name; each device holds a key, stored only as
//! its hash. Which seats are a player's is kept beside the tables (`table_players`, written with
//! the seats), so a player's tables are found without reading every table.

use engine::Seat;

use super::backend::Param;
use super::rows::{self, TableRow};
use super::{ClockRow, Store, StoreError};
use crate::clock::now_micros;
use crate::tokens::TokenHash;

/// Inserts a seat of a player (nothing if it is there).
pub(super) const INSERT_TABLE_PLAYER: &str =
    "INSERT INTO table_players (player_id, table_id, seat) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
/// Forgets the players of a table that is deleted.
pub(super) const DELETE_TABLE_PLAYERS: &str = "DELETE FROM table_players WHERE table_id = $1";

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayerRow {
    pub id: String,
    pub name: Option<String>,
}

impl Store {
    /// Creates player `id` with the key whose hash is `key`.
    pub(crate) async fn create_player(&self, id: &str, name: Option<&str>, key: &TokenHash) -> Result<(), StoreError> {
        let now = now_micros();
        self.pool
            .execute(
                "INSERT INTO players (id, name, created_us) VALUES ($1, $2, $3)",
                &[Param::Text(id), Param::OptText(name), Param::Int(now)],
            )
            .await?;
        self.add_key(id, key).await
    }

    async fn add_key(&self, id: &str, key: &TokenHash) -> Result<(), StoreError> {
        self.pool
            .execute(
                "INSERT INTO player_keys (key_hash, player_id, created_us) VALUES ($1, $2, $3)",
                &[Param::Text(key.as_str()), Param::Text(id), Param::Int(now_micros())],
            )
            .await?;
        Ok(())
    }

    /// The player holding the key whose hash is `key`, if any.
    pub(crate) async fn player_by_key(&self, key: &TokenHash) -> Result<Option<PlayerRow>, StoreError> {
        let row = self
            .pool
            .fetch_optional(
                "SELECT p.id AS id, p.name AS name FROM player_keys k JOIN players p ON p.id = k.player_id \
                 WHERE k.key_hash = $1",
                &[Param::Text(key.as_str())],
            )
            .await?;
        row.map(|row| Ok(PlayerRow { id: row.get("id")?, name: row.get("name")? })).transpose()
    }

    /// Sets player `id`'s name.
    pub(crate) async fn set_player_name(&self, id: &str, name: &str) -> Result<(), StoreError> {
        self.pool.execute("UPDATE players SET name = $1 WHERE id = $2", &[Param::Text(name), Param::Text(id)]).await?;
        Ok(())
    }

    /// Revokes every key of player `id` and gives it the one whose hash is `key` instead.
    pub(crate) async fn replace_keys(&self, id: &str, key: &TokenHash) -> Result<(), StoreError> {
        self.pool.execute("DELETE FROM player_keys WHERE player_id = $1", &[Param::Text(id)]).await?;
        self.add_key(id, key).await
    }

    /// The tables where player `id` has a seat, newest first (at most `limit`): each with the
    /// seat, its stored clock and its number of actions, so a list needs no more reads.
    pub(crate) async fn tables_of(&self, id: &str, limit: u32) -> Result<Vec<PlayerTable>, StoreError> {
        let sql = format!(
            "SELECT {}, tp.seat AS player_seat, c.seconds AS seconds, c.state AS state, c.wake_us AS wake_us, \
             (SELECT COUNT(*) FROM actions a WHERE a.table_id = t.id) AS steps \
             FROM table_players tp JOIN tables t ON t.id = tp.table_id LEFT JOIN table_clocks c ON c.table_id = t.id \
             WHERE tp.player_id = $1 AND t.closed_us IS NULL ORDER BY t.created_us DESC LIMIT $2",
            rows::TABLE_COLUMNS_OF_T
        );
        let found = self.pool.fetch_all(&sql, &[Param::Text(id), Param::Int(i64::from(limit))]).await?;
        found
            .iter()
            .map(|row| {
                let table = TableRow::decode(row)?;
                let seat = row.get::<i64>("player_seat")?;
                let seat = usize::try_from(seat).ok().and_then(Seat::new).ok_or_else(|| StoreError::Corrupt {
                    table: table.id.clone(),
                    reason: format!("player seat {seat}"),
                })?;
                let clock = match row.get::<Option<i64>>("seconds")? {
                    Some(_) => Some(ClockRow::decode(&table.id, row)?),
                    None => None,
                };
                Ok(PlayerTable { steps: rows::steps(row)?, table, seat, clock })
            })
            .collect()
    }
}

/// One of a player's tables as "My games" reads it.
#[derive(Clone, Debug)]
pub(crate) struct PlayerTable {
    pub table: TableRow,
    /// The player's seat.
    pub seat: Seat,
    /// Its stored clock (tables with a time control).
    pub clock: Option<ClockRow>,
    /// Its number of actions.
    pub steps: usize,
}
