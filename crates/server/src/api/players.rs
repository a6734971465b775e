//! Players: issue a player key, read and name the player, revoke its keys, and list its tables
//! ("My games"). See `crate::players` for what a key is.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiJson;
use super::names::clean_name;
use crate::api_error::ApiError;
use crate::app::App;
use crate::client_ip::ClientIp;
use crate::players::Player;
use crate::store::PlayerRow;
use crate::tokens::{TokenHash, new_token};

/// The most tables "My games" lists.
const MY_TABLES: u32 = 200;

#[derive(Deserialize)]
pub(crate) struct NewPlayer {
    #[serde(default)]
    name: Option<String>,
}

fn player_json(player: &PlayerRow) -> Value {
    json!({"id": player.id, "name": player.name})
}

/// `POST /api/players` with `{"name"?}` (`{}` for none yet): a new player and its key (the only time the key is
/// sent; the server keeps its hash).
pub(crate) async fn create(
    State(app): State<App>,
    ClientIp(client): ClientIp,
    ApiJson(request): ApiJson<NewPlayer>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let name = match request.name.as_deref() {
        Some(name) => Some(clean_name(name, &app.registry).map_err(|e| ApiError::bad_request(e.to_string()))?),
        None => None,
    };
    if let Err(wait) = app.player_creations.take(client, app.options.tables_per_minute) {
        app.metrics.refuse("players");
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many",
            format!("too many new players from here; try again in {} s", wait.as_secs().max(1)),
        ));
    }
    let (id, key) = (new_token()[..16].to_owned(), new_token());
    app.store.create_player(&id, name.as_deref(), &TokenHash::of(&key)).await.map_err(ApiError::store_unavailable)?;
    let player = PlayerRow { id, name };
    Ok((StatusCode::CREATED, Json(json!({"player": player_json(&player), "key": key}))))
}

/// `GET /api/me`: the player the key belongs to.
pub(crate) async fn show(Player(player): Player) -> Json<Value> {
    Json(player_json(&player))
}

#[derive(Deserialize)]
pub(crate) struct Rename {
    name: String,
}

/// `PUT /api/me` with `{"name"}`: the name used at every table from now on (cleaned and
/// checked as at a table).
pub(crate) async fn rename(
    State(app): State<App>,
    Player(player): Player,
    ApiJson(request): ApiJson<Rename>,
) -> Result<Json<Value>, ApiError> {
    let name = clean_name(&request.name, &app.registry).map_err(|e| ApiError::bad_request(e.to_string()))?;
    app.store.set_player_name(&player.id, &name).await.map_err(ApiError::store_unavailable)?;
    Ok(Json(player_json(&PlayerRow { name: Some(name), ..player })))
}

/// `POST /api/me/revoke`: every key of the player stops working (on every device); the answer
/// carries the one new key.
pub(crate) async fn revoke(State(app): State<App>, Player(player): Player) -> Result<Json<Value>, ApiError> {
    let key = new_token();
    app.store.replace_keys(&player.id, &TokenHash::of(&key)).await.map_err(ApiError::store_unavailable)?;
    tracing::info!(player = %player.id, "player keys revoked");
    Ok(Json(json!({"player": player_json(&player), "key": key})))
}

/// `GET /api/me/tables`: "My games" — the player's unfinished tables, those where they are asked
/// to act first, then their finished games, newest first (a rated one with its rating change).
pub(crate) async fn tables(State(app): State<App>, Player(player): Player) -> Result<Json<Value>, ApiError> {
    let rows = app.store.tables_of(&player.id, MY_TABLES).await.map_err(ApiError::store_unavailable)?;
    let changes = app.store.rating_changes(&player.id, MY_TABLES).await.map_err(ApiError::store_unavailable)?;
    let mut playing = Vec::new();
    let mut finished = Vec::new();
    for mine in &rows {
        let (row, seat) = (&mine.table, mine.seat);
        let Some(table) = crate::table::listed(&app, mine).await? else { continue };
        let table = serde_json::to_value(&*table).map_err(ApiError::internal)?;
        let your_turn = table["status"] == "running"
            && table["to_act"].as_array().is_some_and(|to_act| to_act.iter().any(|s| s == seat.index()));
        let mut entry = json!({"seat": seat.index(), "your_turn": your_turn, "table": table});
        if let Some(change) = changes.iter().find(|c| c.table == row.id) {
            entry["rating"] = super::ratings::change_json(change);
        }
        if table["status"] == "finished" { finished.push(entry) } else { playing.push(entry) }
    }
    // Stable: newest first within each group.
    playing.sort_by_key(|e| !e["your_turn"].as_bool().unwrap_or(false));
    let waiting = playing.iter().filter(|e| e["your_turn"] == true).count();
    Ok(Json(json!({"your_turn": waiting, "playing": playing, "finished": finished})))
}
