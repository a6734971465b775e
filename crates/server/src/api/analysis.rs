//! "Analyse my game": `POST /api/tables/{id}/analysis` starts the Expert level's look at one
//! seat's decisions of a finished game, `GET /api/tables/{id}/analysis?seat=N` follows it (the
//! progress while it runs, the stored analysis once done).

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::{Record, Seat};
use serde::Deserialize;
use serde_json::{Value, json};

use super::ApiJson;
use super::tables::finished_record;
use crate::analysis::{Analyses, Progress, review};
use crate::api_error::ApiError;
use crate::app::App;
use crate::client_ip::ClientIp;

/// Which seat's decisions to analyse.
#[derive(Deserialize)]
pub(crate) struct SeatChoice {
    seat: usize,
}

fn seat_of(record: &Record, seat: usize) -> Result<Seat, ApiError> {
    Seat::new(seat)
        .filter(|s| s.index() < record.seats)
        .ok_or_else(|| ApiError::bad_request(format!("this table has no seat {seat}")))
}

fn running(progress: &Progress) -> Value {
    match &progress.failed {
        Some(reason) => json!({"status": "failed", "done": progress.done, "total": progress.total, "message": reason}),
        None => json!({"status": "running", "done": progress.done, "total": progress.total}),
    }
}

/// The stored analysis of `seat`, as the API answers it.
async fn stored(app: &App, id: &str, seat: Seat) -> Result<Option<Value>, ApiError> {
    let text = app.store.analysis(id, seat).await.map_err(ApiError::store_unavailable)?;
    text.map(|t| {
        let analysis: Value = serde_json::from_str(&t).map_err(ApiError::internal)?;
        Ok(json!({"status": "done", "analysis": analysis}))
    })
    .transpose()
}

/// `POST /api/tables/{id}/analysis` with `{"seat": N}` (finished tables only): 200 with the
/// stored analysis if there is one, else 202 with the progress of the one started (or under way).
pub(crate) async fn start(
    State(app): State<App>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    ApiJson(choice): ApiJson<SeatChoice>,
) -> Result<Response, ApiError> {
    let record = finished_record(&app, &id).await?;
    let seat = seat_of(&record, choice.seat)?;
    if let Some(done) = stored(&app, &id, seat).await? {
        return Ok(Json(done).into_response());
    }
    let kind = app.registry.get(&record.game).map_err(ApiError::internal)?;
    let search = kind
        .info()
        .levels
        .search()
        .ok_or_else(|| ApiError::conflict("no-expert", "this game has no Expert level to analyse with"))?;
    let bot = review::analysis_spec(search);
    let progress = Analyses::start(&app, &id, record, seat, bot, client).map_err(ApiError::internal)?;
    Ok((StatusCode::ACCEPTED, Json(running(&progress))).into_response())
}

/// `GET /api/tables/{id}/analysis?seat=N`: the stored analysis (`"status": "done"`), or the
/// progress of the one under way (`running`, or `failed` with why); 404 if none was asked for.
pub(crate) async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    query: Result<Query<SeatChoice>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(choice) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let seat = Seat::new(choice.seat).ok_or_else(|| ApiError::bad_request(format!("no seat {}", choice.seat)))?;
    if let Some(progress) = app.analyses.progress(&id, seat) {
        return Ok(Json(running(&progress)));
    }
    match stored(&app, &id, seat).await? {
        Some(done) => Ok(Json(done)),
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no-analysis",
            format!("seat {} of table {id} has not been analysed: POST to start", choice.seat),
        )),
    }
}
