//! The JSON error every endpoint answers with: `{"error": "<code>", "message": "<text>"}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused request: an HTTP status, a stable code for programs and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    /// Any error.
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into() }
    }

    /// 400 `bad-request`.
    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 413 `too-large`: a request body past [`crate::app::MAX_BODY`].
    pub(crate) fn too_large() -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            format!("request bodies are limited to {} bytes", crate::app::MAX_BODY),
        )
    }

    /// 503 `store-unavailable`: the database did not take a write; nothing happened.
    pub(crate) fn store_unavailable(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("a write the request needs failed: {e}");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "store-unavailable",
            "the server cannot save right now; nothing was changed; try again in a moment",
        )
    }

    /// 503 `stopping`: the server stops and takes no new tables.
    pub(crate) fn stopping() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "stopping", "this server is stopping; try again in a moment")
    }

    /// 403 `wrong-token`.
    pub(crate) fn wrong_token() -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "wrong-token", "this token does not belong to a seat of this table")
    }

    /// 404 `not-found` for a table.
    pub(crate) fn no_table(id: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", format!("there is no table {id:?}"))
    }

    /// 410 `closed`: the table's creator closed it.
    pub(crate) fn closed(id: &str) -> ApiError {
        ApiError::new(StatusCode::GONE, "closed", format!("table {id:?} was closed by its creator"))
    }

    /// 409 with a specific code.
    pub(crate) fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// 500 `internal`: the message is logged, the client learns only that it failed.
    /// The table is between nodes (its owner just died or is out of reach): try again soon.
    pub(crate) fn moving(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "moving",
            format!("table {id:?} is moving to another server; try again in a moment"),
        )
    }

    pub(crate) fn internal(message: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {message}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed; please try again")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({"error": self.code, "message": self.message}))).into_response()
    }
}
