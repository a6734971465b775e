//! One lobby over every node: each node lists its live tables for the others, and a node's
//! table list adds theirs to its own.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::HeaderMap;
use serde_json::Value;

use super::{Cluster, FORWARDED_BY_NODE};
use crate::api_error::ApiError;
use crate::app::App;
use crate::table::model::{Status, TableJson};

/// A listed table: when it was created (microseconds; the list's order) and its Table object.
pub(crate) type Listed = (i64, Value);

/// How long the other nodes' tables are reused before they are asked again.
const FRESH: Duration = Duration::from_secs(1);
/// How long a node waits for another's list.
const PEER_TIMEOUT: Duration = Duration::from_secs(2);
/// The largest list a node reads from another.
const MAX_LIST: usize = 16 * 1024 * 1024;

/// The other nodes' lobby tables, as last fetched.
#[derive(Default)]
pub(super) struct Cache {
    held: Mutex<Option<(Instant, Arc<Vec<Listed>>)>>,
}

impl Cache {
    fn fresh(&self) -> Option<Arc<Vec<Listed>>> {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.as_ref().filter(|(at, _)| at.elapsed() < FRESH).map(|(_, tables)| tables.clone())
    }

    fn keep(&self, tables: Arc<Vec<Listed>>) {
        *self.held.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), tables));
    }
}

/// The public unfinished tables the other live nodes own (empty on one node).
pub(crate) async fn peer_tables(app: &App) -> Arc<Vec<Listed>> {
    let Some(cluster) = &app.cluster else { return Arc::default() };
    if let Some(tables) = cluster.lobby.fresh() {
        return tables;
    }
    let peers = match app.store.peers(cluster.lease).await {
        Ok(peers) => peers,
        Err(e) => {
            tracing::warn!("could not read the other nodes: {e}");
            return Arc::default();
        }
    };
    let asks = peers.iter().filter(|p| p.id != app.store.node()).map(|p| fetch(cluster, &p.address));
    let mut tables = Vec::new();
    for (answer, peer) in futures_util::future::join_all(asks).await.into_iter().zip(&peers) {
        match answer {
            Ok(mut listed) => tables.append(&mut listed),
            Err(e) => tracing::warn!(node = %peer.id, "no table list from another node: {e}"),
        }
    }
    let tables = Arc::new(tables);
    cluster.lobby.keep(tables.clone());
    tables
}

async fn fetch(cluster: &Cluster, address: &str) -> Result<Vec<Listed>, String> {
    let request = Request::get(format!("{address}/api/cluster/tables"))
        .header(FORWARDED_BY_NODE, &cluster.proof)
        .body(Body::empty())
        .map_err(|e| e.to_string())?;
    let response = tokio::time::timeout(PEER_TIMEOUT, cluster.client.request(request))
        .await
        .map_err(|_| "timed out".to_owned())?
        .map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("status {}", response.status()));
    }
    let body = axum::body::to_bytes(Body::new(response.into_body()), MAX_LIST).await.map_err(|e| e.to_string())?;
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}

/// `GET /api/cluster/tables`, for the other nodes only: this node's public unfinished tables.
pub(crate) async fn internal_tables(
    State(app): State<App>,
    headers: HeaderMap,
) -> Result<Json<Vec<(i64, Arc<TableJson>)>>, ApiError> {
    match &app.cluster {
        Some(cluster) if cluster.forwarded(&app.store, &headers).await => {}
        _ => return Err(ApiError::new(axum::http::StatusCode::NOT_FOUND, "not-found", "no such endpoint")),
    }
    let mine = app
        .tables
        .summaries()
        .into_iter()
        .filter(|t| t.status != Status::Finished && !t.private)
        .map(|t| (t.created_us, t))
        .collect();
    Ok(Json(mine))
}
