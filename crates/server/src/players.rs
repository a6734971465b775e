//! Players without passwords: on a first visit the browser asks for a player (`POST
//! /api/players`) and keeps the key it gets; every request that sends it (`Authorization:
//! Bearer <key>`) is that player's. The key is 160 random bits; the database holds only its
//! SHA-256. A second device becomes the same player by holding the same key (the device link
//! carries it in the URL fragment, which browsers never send); revoking replaces every key of the
//! player with a new one. Seat tokens keep working without a key.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{StatusCode, header};

use crate::api_error::ApiError;
use crate::app::App;
use crate::store::PlayerRow;
use crate::tokens::TokenHash;

/// The player a request comes from, if it sent a key; a key that belongs to no player (revoked,
/// or never issued) is refused with 401 `unknown-player`.
pub(crate) struct MaybePlayer(pub Option<PlayerRow>);

/// The player a request comes from; without a key, 401 `no-player`.
pub(crate) struct Player(pub PlayerRow);

/// The key a request sends, if any.
fn key_of(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let key = value.strip_prefix("Bearer ")?.trim();
    (!key.is_empty()).then_some(key)
}

impl FromRequestParts<App> for MaybePlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Self::Rejection> {
        let Some(key) = key_of(parts) else { return Ok(MaybePlayer(None)) };
        match app.store.player_by_key(&TokenHash::of(key)).await {
            Ok(Some(player)) => Ok(MaybePlayer(Some(player))),
            Ok(None) => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unknown-player",
                "this player key is not (or no longer) valid: it was revoked, or never issued here",
            )),
            Err(e) => Err(ApiError::store_unavailable(e)),
        }
    }
}

impl FromRequestParts<App> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, Self::Rejection> {
        match MaybePlayer::from_request_parts(parts, app).await? {
            MaybePlayer(Some(player)) => Ok(Player(player)),
            MaybePlayer(None) => Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "no-player",
                "send your player key as 'Authorization: Bearer <key>' (POST /api/players issues one)",
            )),
        }
    }
}
