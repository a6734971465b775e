//! The shared state of a running server and its router.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use engine::Registry;

use crate::options::ServeOptions;
use crate::store::Store;
use crate::table::Directory;
use crate::{api, static_files, ws};

/// The largest request body the API reads.
pub(crate) const MAX_BODY: usize = 16 * 1024;

/// What every handler and table actor shares.
pub(crate) struct Shared {
    pub registry: Registry,
    pub store: Store,
    pub tables: Directory,
    pub options: ServeOptions,
}

/// The shared state, as handlers hold it.
pub(crate) type App = Arc<Shared>;

/// Every route: the JSON API, the table WebSocket, and the embedded web client.
pub(crate) fn router(app: App) -> Router {
    let api = Router::new()
        .route("/games", get(api::lobby::games))
        .route("/tables", get(api::lobby::list).post(api::lobby::create))
        .route("/tables/{id}", get(api::tables::show))
        .route("/tables/{id}/join", post(api::tables::join))
        .route("/tables/{id}/rematch", post(api::tables::rematch))
        .route("/tables/{id}/record", get(api::tables::record))
        .route("/tables/{id}/replay", get(api::tables::replay))
        .route("/tables/{id}/ws", get(ws::upgrade))
        .fallback(api::unknown_endpoint);
    Router::new()
        .nest("/api", api)
        // The client's catch-all below must not answer for the API.
        .route("/api/{*rest}", axum::routing::any(api::unknown_endpoint))
        .route("/", get(static_files::index))
        .route("/{*path}", get(static_files::file))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}
