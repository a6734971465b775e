//! Ratings as stored: one row per player and game (`ratings`), and one row per player and rated
//! table (`rating_changes`), written together in one transaction when a rated table is rated.
//! Values are kept in thousandths, as integers on both databases.

use super::backend::{Param, Row};
use super::{Store, StoreError};
use crate::ratings::Rating;

/// A stored value of thousandths.
const MILLI: f64 = 1000.0;

/// One player's rating change at one rated table.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RatingChange {
    pub table: String,
    pub player: String,
    pub game: String,
    pub seat: usize,
    /// The place rated (1 = first; a seat away at the end is last).
    pub place: usize,
    /// The person was away at the end.
    pub away: bool,
    pub before: Rating,
    pub after: Rating,
    pub at_us: i64,
}

/// How writing a table's rating changes ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Applied {
    /// Written.
    Done,
    /// The table had been rated before (by this node or another): nothing written.
    AlreadyRated,
    /// A player's rating changed since it was read (another table of theirs was rated
    /// meanwhile): nothing written; read again and retry.
    Stale,
}

fn milli(value: f64) -> i64 {
    (value * MILLI).round() as i64
}

fn rating(row: &Row, mu: &str, sigma: &str, games: &str) -> Result<Rating, StoreError> {
    Ok(Rating {
        mu: row.get::<i64>(mu)? as f64 / MILLI,
        sigma: row.get::<i64>(sigma)? as f64 / MILLI,
        games: u32::try_from(row.get::<i64>(games)?).unwrap_or(0),
    })
}

impl Store {
    /// Player `player`'s rating in `game`, if they played a rated game of it.
    pub(crate) async fn rating(&self, player: &str, game: &str) -> Result<Option<Rating>, StoreError> {
        let row = self
            .pool
            .fetch_optional(
                "SELECT mu_milli, sigma_milli, games FROM ratings WHERE player_id = $1 AND game = $2",
                &[Param::Text(player), Param::Text(game)],
            )
            .await?;
        row.map(|row| rating(&row, "mu_milli", "sigma_milli", "games")).transpose()
    }

    /// Every rating of player `player`, by game.
    pub(crate) async fn ratings_of(&self, player: &str) -> Result<Vec<(String, Rating)>, StoreError> {
        let rows = self
            .pool
            .fetch_all(
                "SELECT game, mu_milli, sigma_milli, games FROM ratings WHERE player_id = $1 ORDER BY game",
                &[Param::Text(player)],
            )
            .await?;
        rows.iter()
            .map(|row| Ok((row.get::<String>("game")?, rating(row, "mu_milli", "sigma_milli", "games")?)))
            .collect()
    }

    /// The best rated players of `game` (at most `limit`), best first: id, name and rating.
    pub(crate) async fn leaderboard(
        &self,
        game: &str,
        limit: u32,
    ) -> Result<Vec<(String, Option<String>, Rating)>, StoreError> {
        let rows = self
            .pool
            .fetch_all(
                "SELECT r.player_id AS id, p.name AS name, r.mu_milli AS mu_milli, r.sigma_milli AS sigma_milli, \
                 r.games AS games FROM ratings r JOIN players p ON p.id = r.player_id \
                 WHERE r.game = $1 ORDER BY r.mu_milli DESC, r.games DESC LIMIT $2",
                &[Param::Text(game), Param::Int(i64::from(limit))],
            )
            .await?;
        rows.iter()
            .map(|row| {
                Ok((row.get::<String>("id")?, row.get("name")?, rating(row, "mu_milli", "sigma_milli", "games")?))
            })
            .collect()
    }

    /// Player `player`'s rating changes, newest first (at most `limit`).
    pub(crate) async fn rating_changes(&self, player: &str, limit: u32) -> Result<Vec<RatingChange>, StoreError> {
        let rows = self
            .pool
            .fetch_all(
                "SELECT table_id, player_id, game, seat, place, away, mu_before, sigma_before, mu_after, \
                 sigma_after, games_after, at_us FROM rating_changes WHERE player_id = $1 \
                 ORDER BY at_us DESC, table_id LIMIT $2",
                &[Param::Text(player), Param::Int(i64::from(limit))],
            )
            .await?;
        rows.iter()
            .map(|row| {
                let after = rating(row, "mu_after", "sigma_after", "games_after")?;
                let mut before = rating(row, "mu_before", "sigma_before", "games_after")?;
                before.games = after.games.saturating_sub(1);
                Ok(RatingChange {
                    table: row.get("table_id")?,
                    player: row.get("player_id")?,
                    game: row.get("game")?,
                    seat: usize::try_from(row.get::<i64>("seat")?).unwrap_or(0),
                    place: usize::try_from(row.get::<i64>("place")?).unwrap_or(0),
                    away: row.get::<i64>("away")? != 0,
                    before,
                    after,
                    at_us: row.get("at_us")?,
                })
            })
            .collect()
    }

    /// The finished rated tables whose ratings were not written yet (a server stopped between
    /// the last action and the rating).
    pub(crate) async fn unrated_tables(&self) -> Result<Vec<String>, StoreError> {
        let rows = self
            .pool
            .fetch_all(
                "SELECT id FROM tables WHERE rated = 1 AND status = 'finished' \
                 AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.table_id = tables.id) ORDER BY created_us",
                &[],
            )
            .await?;
        rows.iter().map(|row| row.get::<String>("id")).collect()
    }

    /// Writes one table's rating changes (all players of the table at once), unless the table
    /// was rated before or a player's rating moved since `before` was read.
    pub(crate) async fn apply_ratings(&self, changes: &[RatingChange]) -> Result<Applied, StoreError> {
        let Some(table) = changes.first().map(|c| c.table.as_str()) else { return Ok(Applied::Done) };
        let mut tx = self.pool.begin().await?;
        let rated =
            tx.fetch_optional("SELECT 1 AS one FROM rating_changes WHERE table_id = $1", &[Param::Text(table)]).await?;
        if rated.is_some() {
            return Ok(Applied::AlreadyRated);
        }
        for c in changes {
            let new = Rating::NEW;
            tx.execute(
                "INSERT INTO ratings (player_id, game, mu_milli, sigma_milli, games, updated_us) \
                 VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (player_id, game) DO NOTHING",
                &[
                    Param::Text(&c.player),
                    Param::Text(&c.game),
                    Param::Int(milli(new.mu)),
                    Param::Int(milli(new.sigma)),
                    Param::Int(c.at_us),
                ],
            )
            .await?;
            // The version check: `games` is what the rating was computed from.
            let updated = tx
                .execute(
                    "UPDATE ratings SET mu_milli = $1, sigma_milli = $2, games = $3, updated_us = $4 \
                     WHERE player_id = $5 AND game = $6 AND games = $7",
                    &[
                        Param::Int(milli(c.after.mu)),
                        Param::Int(milli(c.after.sigma)),
                        Param::Int(i64::from(c.after.games)),
                        Param::Int(c.at_us),
                        Param::Text(&c.player),
                        Param::Text(&c.game),
                        Param::Int(i64::from(c.before.games)),
                    ],
                )
                .await?;
            if updated != 1 {
                return Ok(Applied::Stale);
            }
            tx.execute(
                "INSERT INTO rating_changes (table_id, player_id, game, seat, place, away, mu_before, sigma_before, \
                 mu_after, sigma_after, games_after, at_us) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                &[
                    Param::Text(&c.table),
                    Param::Text(&c.player),
                    Param::Text(&c.game),
                    Param::Int(c.seat as i64),
                    Param::Int(c.place as i64),
                    Param::Int(i64::from(c.away)),
                    Param::Int(milli(c.before.mu)),
                    Param::Int(milli(c.before.sigma)),
                    Param::Int(milli(c.after.mu)),
                    Param::Int(milli(c.after.sigma)),
                    Param::Int(i64::from(c.after.games)),
                    Param::Int(c.at_us),
                ],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(Applied::Done)
    }
}
