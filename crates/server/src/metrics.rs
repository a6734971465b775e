//! What an operator graphs and alerts on: `GET /metrics` in the OpenMetrics text format
//! (Prometheus reads it), from the `prometheus-client` crate. Every metric is listed, with
//! what it counts, in `docs/deploy.md`.
//!
//! Each server has a registry of its own (tests run several in one process), kept in the
//! shared state; the code that does a thing counts it. Gauges that describe the tables are
//! set when the metrics are read.

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

use crate::app::App;
use crate::table::model::Status;

/// A game's name.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct GameLabel {
    pub game: &'static str,
}

/// A table's status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabel {
    status: &'static str,
}

/// What was forwarded: `http` or `websocket`.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct KindLabel {
    pub kind: &'static str,
}

/// Why a table was taken over: `dead` (its owner's heartbeat ran out), `unreachable` (its
/// owner did not answer a forwarded request) or `start` (this node started).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct ReasonLabel {
    pub reason: &'static str,
}

/// Which limit refused: `messages` (WebSocket flood), `tables` (creations per minute),
/// `bot-time` (a bot waited for its client's thinking time).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct LimitLabel {
    pub limit: &'static str,
}

/// A histogram of seconds from 0.5 ms to about 8 s.
fn seconds() -> Histogram {
    Histogram::new(exponential_buckets(0.0005, 2.0, 15))
}

/// Every metric of one server.
pub(crate) struct Metrics {
    registry: Registry,
    tables: Family<StatusLabel, Gauge>,
    paused: Gauge,
    /// Open WebSocket connections to this node's tables (forwarded ones included).
    pub connections: Gauge,
    /// Actions stored (people's, bots' and the table's), per game.
    pub actions: Family<GameLabel, Counter>,
    /// How long the database took to commit one group of writes.
    pub commit_seconds: Histogram,
    /// Times a table paused because the database did not take its write.
    pub store_pauses: Counter,
    /// Requests forwarded to the node owning their table.
    pub forwarded: Family<KindLabel, Counter>,
    /// Tables this node took over from another.
    pub takeovers: Family<ReasonLabel, Counter>,
    /// Writes the database refused because another node owns their table now.
    pub fenced_writes: Counter,
    /// How long bots thought, per game.
    pub bot_seconds: Family<GameLabel, Histogram, fn() -> Histogram>,
    /// Requests and messages refused by a per-client limit.
    pub refused: Family<LimitLabel, Counter>,
    /// Tables that left memory while they waited for a person (turn-based tables).
    pub unloaded: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("spieltisch");
        let tables = Family::<StatusLabel, Gauge>::default();
        registry.register("tables", "Tables with a live actor on this node, by status", tables.clone());
        let paused = Gauge::default();
        registry.register("paused_tables", "Tables waiting for the database to take a write", paused.clone());
        let connections = Gauge::default();
        registry.register("connections", "Open WebSocket connections to this node's tables", connections.clone());
        let actions = Family::<GameLabel, Counter>::default();
        registry.register("actions", "Actions stored, per game", actions.clone());
        let commit_seconds = seconds();
        registry.register_with_unit(
            "commit",
            "Time to commit one group of writes to the database",
            Unit::Seconds,
            commit_seconds.clone(),
        );
        let store_pauses = Counter::default();
        registry.register("store_pauses", "Times a table paused because a write failed", store_pauses.clone());
        let forwarded = Family::<KindLabel, Counter>::default();
        registry.register("forwarded_requests", "Requests forwarded to the table's owner", forwarded.clone());
        let takeovers = Family::<ReasonLabel, Counter>::default();
        registry.register("takeovers", "Tables this node took over from another", takeovers.clone());
        let fenced_writes = Counter::default();
        registry.register("fenced_writes", "Writes refused because another node owns the table", fenced_writes.clone());
        let bot_seconds = Family::<GameLabel, Histogram, fn() -> Histogram>::new_with_constructor(seconds);
        registry.register_with_unit("bot_think", "Time bots thought per decision", Unit::Seconds, bot_seconds.clone());
        let refused = Family::<LimitLabel, Counter>::default();
        registry.register("refused", "Requests and messages refused by a per-client limit", refused.clone());
        let unloaded = Counter::default();
        registry.register("unloaded_tables", "Waiting tables that left memory until needed", unloaded.clone());
        Metrics {
            unloaded,
            registry,
            tables,
            paused,
            connections,
            actions,
            commit_seconds,
            store_pauses,
            forwarded,
            takeovers,
            fenced_writes,
            bot_seconds,
            refused,
        }
    }
}

impl Metrics {
    /// Counts one refusal by `limit`.
    pub(crate) fn refuse(&self, limit: &'static str) {
        self.refused.get_or_create(&LimitLabel { limit }).inc();
    }

    /// Counts one takeover for `reason`.
    pub(crate) fn took_over(&self, reason: &'static str, tables: u64) {
        self.takeovers.get_or_create(&ReasonLabel { reason }).inc_by(tables);
    }

    /// Counts one forwarded request of `kind`.
    pub(crate) fn forward(&self, kind: &'static str) {
        self.forwarded.get_or_create(&KindLabel { kind }).inc();
    }
}

/// `GET /metrics`.
pub(crate) async fn show(State(app): State<App>) -> Response {
    let metrics = &app.metrics;
    let summaries = app.tables.summaries();
    for status in [Status::Open, Status::Running, Status::Finished] {
        let count = summaries.iter().filter(|t| t.status == status).count();
        metrics.tables.get_or_create(&StatusLabel { status: status.as_str() }).set(count as i64);
    }
    metrics.paused.set(summaries.iter().filter(|t| t.paused.is_some()).count() as i64);
    let mut text = String::new();
    if let Err(e) = encode(&mut text, &metrics.registry) {
        return crate::api_error::ApiError::internal(format!("encoding the metrics: {e}")).into_response();
    }
    let mut response = (StatusCode::OK, text).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
    );
    response
}
