//! The lobby: games, the table list, creating tables.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use engine::GameInfo;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::ApiJson;
use crate::api_error::ApiError;
use crate::app::App;
use crate::table::model::{SeatSetup, Status, TableJson};
use crate::table::{create as create_table, finished_json};

/// The most tables a list returns.
const LIST_LIMIT: usize = 100;

/// `GET /api/games`.
pub(crate) async fn games(State(app): State<App>) -> Json<Vec<GameInfo>> {
    Json(app.registry.games().map(|kind| kind.info()).collect())
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    status: Option<String>,
}

/// `GET /api/tables?status=…`: newest first, at most 100.
pub(crate) async fn list(
    State(app): State<App>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<Vec<TableJson>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let wanted = match query.status.as_deref() {
        None | Some("") => None,
        Some(text) => {
            Some(Status::parse(text).ok_or_else(|| ApiError::bad_request("status is one of open, running, finished"))?)
        }
    };
    let mut tables: Vec<TableJson> = Vec::new();
    if wanted != Some(Status::Finished) {
        tables.extend(
            app.tables
                .summaries()
                .into_iter()
                .filter(|t| t.status != Status::Finished && wanted.is_none_or(|w| t.status == w))
                .map(|t| (*t).clone()),
        );
    }
    if wanted.is_none_or(|w| w == Status::Finished) {
        let finished = app.store.finished(LIST_LIMIT as u32).await.map_err(ApiError::internal)?;
        tables.extend(finished.iter().map(|(row, steps)| finished_json(&app.registry, row, *steps)));
    }
    tables.sort_by_key(|t| std::cmp::Reverse(t.created_us));
    tables.truncate(LIST_LIMIT);
    Ok(Json(tables))
}

#[derive(Deserialize)]
pub(crate) struct CreateRequest {
    game: String,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    config: Option<Value>,
    seats: Vec<SeatRequest>,
    /// Seconds per decision, or null/absent: no time control.
    #[serde(default)]
    clock: Option<u32>,
}

#[derive(Deserialize)]
pub(crate) struct SeatRequest {
    #[serde(default)]
    bot: Option<String>,
}

/// `POST /api/tables`.
pub(crate) async fn create(
    State(app): State<App>,
    ApiJson(request): ApiJson<CreateRequest>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let kind = app.registry.get(&request.game).map_err(|e| ApiError::bad_request(e.to_string()))?;
    // Variants first, then explicit config keys on top; the game checks the result.
    let mut config = kind.config_from_variants(&request.variants).map_err(|e| ApiError::bad_request(e.to_string()))?;
    match (request.config, &mut config) {
        (None | Some(Value::Null), _) => {}
        (Some(Value::Object(given)), Value::Object(base)) => base.extend(given),
        (Some(Value::Object(given)), _) => config = Value::Object(Map::from_iter(given)),
        (Some(_), _) => return Err(ApiError::bad_request("config is a JSON object")),
    }
    let seats = request
        .seats
        .into_iter()
        .map(|s| match s.bot {
            Some(bot) => SeatSetup::Bot { bot: bot.trim().to_owned() },
            None => SeatSetup::open(),
        })
        .collect();
    let handle = create_table(&app, &request.game, &config, seats, request.clock).await?;
    let table = handle.summary();
    Ok((StatusCode::CREATED, Json(json!({"table": &*table}))))
}
