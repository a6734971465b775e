//! Ratings: a leaderboard per game, and a player's ratings with every change traced to its
//! table. See `crate::ratings` for how ratings are kept.

use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};

use crate::api_error::ApiError;
use crate::app::App;
use crate::clock::rfc3339;
use crate::players::{MaybePlayer, Player};
use crate::ratings::Rating;
use crate::store::RatingChange;

/// The most players a leaderboard lists.
const LEADERBOARD: u32 = 100;
/// The most rating changes a player's list has.
const CHANGES: u32 = 200;

fn rating_json(rating: &Rating) -> Value {
    json!({"rating": rating.shown(), "provisional": rating.provisional(), "games": rating.games})
}

/// A rating change as the API shows it: the table it came from, the place rated, before and after.
pub(crate) fn change_json(change: &RatingChange) -> Value {
    json!({
        "table": change.table,
        "game": change.game,
        "seat": change.seat,
        "place": change.place,
        "away": change.away,
        "before": change.before.shown(),
        "after": change.after.shown(),
        "change": change.after.shown() - change.before.shown(),
        "provisional": change.after.provisional(),
        "at": rfc3339(change.at_us),
    })
}

/// `GET /api/ratings/{game}`: the game's best players (at most 100, best first; `you` marks the
/// asking player's row) and its bot levels' fixed ratings.
pub(crate) async fn leaderboard(
    State(app): State<App>,
    Path(game): Path<String>,
    MaybePlayer(me): MaybePlayer,
) -> Result<Json<Value>, ApiError> {
    let kind = app.registry.get(&game).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let info = kind.info();
    let rows = app.store.leaderboard(info.name, LEADERBOARD).await.map_err(ApiError::store_unavailable)?;
    let players: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, (id, name, rating))| {
            let mut entry = rating_json(rating);
            entry["rank"] = json!(i + 1);
            entry["name"] = json!(name);
            if me.as_ref().is_some_and(|me| me.id == *id) {
                entry["you"] = json!(true);
            }
            entry
        })
        .collect();
    let levels: Vec<Value> =
        info.levels.all().iter().map(|l| json!({"level": l.level.name(), "rating": l.rating})).collect();
    Ok(Json(json!({"game": info.name, "title": info.title, "levels": levels, "players": players})))
}

/// `GET /api/me/ratings`: the player's rating in each game they played rated, and their rating
/// changes, newest first, each with its table.
pub(crate) async fn mine(State(app): State<App>, Player(player): Player) -> Result<Json<Value>, ApiError> {
    // The changes first: a game rated between the two reads then shows in the ratings without
    // its change, never a change whose rating is missing (ratings only move on).
    let changes = app.store.rating_changes(&player.id, CHANGES).await.map_err(ApiError::store_unavailable)?;
    let ratings = app.store.ratings_of(&player.id).await.map_err(ApiError::store_unavailable)?;
    let ratings: Vec<Value> = ratings
        .iter()
        .map(|(game, rating)| {
            let mut entry = rating_json(rating);
            entry["game"] = json!(game);
            entry["title"] = json!(app.registry.get(game).map_or("", |k| k.info().title));
            entry
        })
        .collect();
    let changes: Vec<Value> = changes.iter().map(change_json).collect();
    Ok(Json(json!({"ratings": ratings, "changes": changes})))
}
