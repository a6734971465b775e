//! The JSON API: the lobby, single tables and the games' rules for players.

pub(crate) mod analysis;
pub(crate) mod lobby;
pub(crate) mod names;
pub(crate) mod players;
pub(crate) mod ratings;
pub(crate) mod rules;
pub(crate) mod tables;

use axum::Json;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::api_error::ApiError;

/// A JSON body whose every rejection is a JSON error (400, or 413 past the size limit).
pub(crate) struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::too_large()),
            Err(rejection) => {
                tracing::warn!("bad request body: {}", rejection.body_text());
                Err(ApiError::bad_request(rejection.body_text()))
            }
        }
    }
}

/// Any `/api/…` path that does not exist.
pub(crate) async fn unknown_endpoint() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not-found", "no such endpoint")
}
