//! The shared state of a running server and its router.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{get, post};
use engine::Registry;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::cluster::{self, Cluster};
use crate::limits::{BotTime, CreationLimit};
use crate::metrics::{self, Metrics};
use crate::options::ServeOptions;
use crate::store::Store;
use crate::table::Directory;
use crate::{api, health, static_files, ws};
use tracing::Instrument;

/// The largest request body the API reads.
pub(crate) const MAX_BODY: usize = 16 * 1024;

/// Where the pages may load from: only this server (the stylesheets' small icons are data
/// URLs), never inside another site's frame.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// What every handler and table actor shares.
pub(crate) struct Shared {
    pub registry: Registry,
    pub store: Store,
    pub tables: Directory,
    pub options: ServeOptions,
    /// Tables created per client in the last minute.
    pub creations: CreationLimit,
    /// Players created per client in the last minute (as many as tables may be).
    pub player_creations: CreationLimit,
    /// The bots' thinking time per client.
    pub bot_time: BotTime,
    /// The analyses of finished games this server is working on.
    pub analyses: crate::analysis::Analyses,
    /// The players' live feeds of their turns.
    pub feeds: crate::feeds::Feeds,
    /// This node among the others of a shared PostgreSQL database (`None` on SQLite).
    pub cluster: Option<Cluster>,
    /// What `/metrics` shows.
    pub metrics: Arc<Metrics>,
    /// The server is stopping: it takes no new work.
    pub stopping: AtomicBool,
}

impl Shared {
    /// Whether the server is stopping.
    pub(crate) fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }
}

/// The shared state, as handlers hold it.
pub(crate) type App = Arc<Shared>;

/// Every route: the JSON API, the table WebSocket, and the embedded web client.
pub(crate) fn router(app: App) -> Router {
    // A table's requests are served by the node that owns it (on one node: this one).
    let tables = Router::new()
        .route("/tables/{id}", get(api::tables::show))
        .route("/tables/{id}/join", post(api::tables::join))
        .route("/tables/{id}/token", post(api::tables::device_token))
        .route("/tables/{id}/rematch", post(api::tables::rematch))
        .route("/tables/{id}/close", post(api::tables::close))
        .route("/tables/{id}/record", get(api::tables::record))
        .route("/tables/{id}/replay", get(api::tables::replay))
        .route("/tables/{id}/analysis", get(api::analysis::show).post(api::analysis::start))
        .route("/tables/{id}/ws", get(ws::upgrade))
        .route_layer(axum::middleware::from_fn_with_state(app.clone(), cluster::route));
    let api = Router::new()
        .route("/games", get(api::lobby::games))
        .route("/games/{game}/rules", get(api::rules::show))
        .route("/limits", get(api::lobby::limits))
        .route("/tables", get(api::lobby::list).post(api::lobby::create))
        .route("/players", post(api::players::create))
        .route("/me", get(api::players::show).put(api::players::rename))
        .route("/me/revoke", post(api::players::revoke))
        .route("/me/tables", get(api::players::tables))
        .route("/me/ratings", get(api::ratings::mine))
        .route("/ratings/{game}", get(api::ratings::leaderboard))
        .route("/me/feed", get(crate::feeds::upgrade))
        .route("/cluster/tables", get(cluster::internal_tables))
        .merge(tables)
        .fallback(api::unknown_endpoint);
    Router::new()
        .route("/healthz", get(health::live))
        .route("/readyz", get(health::ready))
        .route("/metrics", get(metrics::show))
        .nest("/api", api)
        // The client's catch-all below must not answer for the API.
        .route("/api/{*rest}", axum::routing::any(api::unknown_endpoint))
        .route("/", get(static_files::index))
        .route("/{*path}", get(static_files::file))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // Static files and JSON, gzip when the client accepts it (WebSocket frames are not HTTP bodies).
        .layer(CompressionLayer::new())
        .layer(header_layer(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .layer(header_layer(header::X_FRAME_OPTIONS, "DENY"))
        .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        // Invite links carry their code in the address: it must not leak to other sites.
        .layer(header_layer(header::REFERRER_POLICY, "same-origin"))
        // Log lines of a request name the node.
        .layer(axum::middleware::from_fn_with_state(app.clone(), in_node_span))
        .with_state(app)
}

/// Runs a request in a span naming this node (see `logs.rs`).
async fn in_node_span(State(app): State<App>, request: Request, next: Next) -> Response {
    let span = crate::logs::node_span(app.store.node());
    next.run(request).instrument(span).await
}

fn header_layer(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}
