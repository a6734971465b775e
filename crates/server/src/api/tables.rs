//! One table: show, join, rematch, record, replay.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use engine::{Record, Registry, Seat};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiJson;
use super::names::clean_name;
use crate::api_error::ApiError;
use crate::app::App;
use crate::players::{MaybePlayer, Player};
use crate::ratings::Rating;
use crate::store::PlayerRow;
use crate::table::{self, Command, Joining};

/// `GET /api/tables/{id}`.
pub(crate) async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let handle = table::find(&app, &id).await?.ok_or_else(|| ApiError::no_table(&id))?;
    let summary = handle.summary();
    Ok(Json(&*summary).into_response())
}

#[derive(Deserialize)]
pub(crate) struct JoinRequest {
    /// The name at the table; a player who sends their key may leave it out for their own.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    seat: Option<usize>,
    /// The invite code of a private table.
    #[serde(default)]
    invite: Option<String>,
}

/// `POST /api/tables/{id}/join`: `{"seat", "token", "table"}`.
pub(crate) async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    MaybePlayer(player): MaybePlayer,
    ApiJson(request): ApiJson<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    let name = seat_name(&app, request.name.as_deref(), player.as_ref())?;
    let player = match player {
        Some(player) => {
            let handle = table::find(&app, &id).await?.ok_or_else(|| ApiError::no_table(&id))?;
            let game = handle.summary().game.clone();
            Some(joining(&app, player.id, &game).await?)
        }
        None => None,
    };
    let (joined, _) = table::call(&app, &id, |reply| Command::Join {
        name: name.clone(),
        seat: request.seat,
        invite: request.invite.clone(),
        player: player.clone(),
        reply,
    })
    .await?;
    let joined = joined?;
    Ok(Json(json!({"seat": joined.seat, "token": joined.token, "table": &*joined.table})))
}

/// `POST /api/tables/{id}/token` with a player key: `{"seat", "token", "table"}` — a seat token
/// for this device of the player who has a seat at the table (403 `not-your-table` otherwise).
pub(crate) async fn device_token(
    State(app): State<App>,
    Path(id): Path<String>,
    Player(player): Player,
) -> Result<Json<Value>, ApiError> {
    let (joined, _) = table::call(&app, &id, |reply| Command::DeviceToken { player: player.id.clone(), reply }).await?;
    let joined = joined?;
    Ok(Json(json!({"seat": joined.seat, "token": joined.token, "table": &*joined.table})))
}

/// Player `id` taking a seat at a table of `game`, with their rating in it.
pub(crate) async fn joining(app: &App, id: String, game: &str) -> Result<Joining, ApiError> {
    let rating = app.store.rating(&id, game).await.map_err(ApiError::internal)?.unwrap_or(Rating::NEW);
    Ok(Joining { id, rating: rating.seat() })
}

/// The name a person takes a seat with: the one given, else the player's own; cleaned.
pub(crate) fn seat_name(app: &App, given: Option<&str>, player: Option<&PlayerRow>) -> Result<String, ApiError> {
    let name = given
        .or_else(|| player.and_then(|p| p.name.as_deref()))
        .ok_or_else(|| ApiError::bad_request("a name is needed to take a seat (or a player key with a name)"))?;
    clean_name(name, &app.registry).map_err(|e| ApiError::bad_request(e.to_string()))
}

#[derive(Deserialize)]
pub(crate) struct CloseRequest {
    owner: String,
}

/// `POST /api/tables/{id}/close` with the owner token the creation answered: the table leaves
/// the lobby and is not restored after a restart.
pub(crate) async fn close(
    State(app): State<App>,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<CloseRequest>,
) -> Result<Json<Value>, ApiError> {
    let (closed, _) = table::call(&app, &id, |reply| Command::Close { owner: request.owner.clone(), reply }).await?;
    closed?;
    Ok(Json(json!({"closed": id})))
}

/// `POST /api/tables/{id}/rematch`: the same game with new cards; asking again gives the same table.
pub(crate) async fn rematch(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let (answer, _) = table::call(&app, &id, |reply| Command::Rematch { reply }).await?;
    let (table, created) = answer?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(json!({"table": &*table}))).into_response())
}

/// The record of finished table `id` (409 while it runs).
pub(crate) async fn finished_record(app: &App, id: &str) -> Result<Record, ApiError> {
    let (record, _) = table::call(app, id, |reply| Command::Record { reply }).await?;
    record
}

/// `GET /api/tables/{id}/record` (finished tables only).
pub(crate) async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let record = finished_record(&app, &id).await?;
    let mut response = Json(record).into_response();
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"spieltisch-{id}.json\"")) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

#[derive(Deserialize)]
pub(crate) struct ReplayQuery {
    seat: Option<usize>,
}

/// `GET /api/tables/{id}/replay?seat=N` (finished tables only): what the set-up did and every
/// step as `seat` saw it.
pub(crate) async fn replay(
    State(app): State<App>,
    Path(id): Path<String>,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let record = finished_record(&app, &id).await?;
    let viewer = match query.seat {
        None => None,
        Some(i) if i < record.seats => Seat::new(i),
        Some(i) => return Err(ApiError::bad_request(format!("this table has no seat {i}"))),
    };
    let app = app.clone();
    let steps = tokio::task::spawn_blocking(move || replay_steps(&app.registry, record, viewer))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Json(steps))
}

fn replay_steps(registry: &Registry, record: Record, viewer: Option<Seat>) -> Result<Value, String> {
    let kind = registry.get(&record.game).map_err(|e| e.to_string())?;
    let mut m = kind.new_match(&record.config, record.seats, record.seed).map_err(|e| e.to_string())?;
    let initial = m.view(viewer);
    let opening = m.opening_events();
    let opening = opening.for_viewer(viewer);
    let mut steps = Vec::with_capacity(record.actions.len());
    for action in &record.actions {
        let events = m.apply(action.seat, &action.action).map_err(|e| e.to_string())?;
        steps.push(json!({
            "seat": action.seat,
            "action": action.action,
            "by_table": action.by_table,
            "view": m.view(viewer),
            "events": events.for_viewer(viewer),
        }));
    }
    Ok(json!({"record": record, "initial": initial, "opening": opening, "steps": steps}))
}
