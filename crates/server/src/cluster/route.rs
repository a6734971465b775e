//! Every request for a table goes to the node that owns it: served here, forwarded to the
//! owner, or — when the owner is dead — the table is taken over here first.

use axum::body::{Body, Bytes};
use axum::extract::{OriginalUri, Path, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use tracing::Instrument;

use super::{Cluster, FORWARDED_BY_NODE};
use crate::api_error::ApiError;
use crate::app::{App, MAX_BODY};
use crate::store::StoreError;

/// Where a table's requests are served.
enum Location {
    Here,
    /// At the owner, listening at this address, owning the table at this epoch.
    At(String, i64),
}

/// The middleware of the table routes (`/api/tables/{id}/…`).
pub(crate) async fn route(State(app): State<App>, Path(id): Path<String>, request: Request, next: Next) -> Response {
    let Some(cluster) = &app.cluster else { return next.run(request).await };
    let forwarded = cluster.forwarded(&app.store, request.headers()).await;
    let mut request = Some(request);
    let mut kept: Option<(Parts, Bytes)> = None;
    // A second round when the owner did not answer and another node took the table meanwhile.
    for _ in 0..2 {
        let location = match locate(&app, cluster, &id).await {
            Ok(location) => location,
            Err(e) => return e.into_response(),
        };
        let (address, epoch) = match location {
            Location::Here => {
                let request = match (request.take(), kept.take()) {
                    (Some(request), _) => request,
                    (None, Some((parts, body))) => Request::from_parts(parts, Body::from(body)),
                    (None, None) => break,
                };
                return next.run(request).await;
            }
            // A forwarded request is never forwarded again: the table moved while it was on its way.
            Location::At(..) if forwarded => break,
            Location::At(address, epoch) => (address, epoch),
        };
        let (parts, body) = match (request.take(), kept.take()) {
            (Some(request), _) => {
                let (parts, body) = request.into_parts();
                // Past the limit the owner would answer 413 (`ApiJson`); so does the forwarder.
                let Ok(body) = axum::body::to_bytes(body, MAX_BODY).await else {
                    return ApiError::too_large().into_response();
                };
                (parts, body)
            }
            (None, Some(kept)) => kept,
            (None, None) => break,
        };
        let kind = if parts.headers.contains_key(header::UPGRADE) { "websocket" } else { "http" };
        app.metrics.forward(kind);
        match forward(cluster, &address, parts.clone(), body.clone()).await {
            Ok(response) => return response,
            // Nothing listens where the owner was, or nothing answers: it died (or stopped)
            // before its heartbeat ran out. Taking the table now is safe — were the owner
            // alive, the database would refuse its next write for the table (a request it may
            // still answer late included) — and the player waits less.
            Err(Unreachable) => match app.store.claim(&id, epoch).await {
                Ok(true) => {
                    app.metrics.took_over("unreachable", 1);
                    tracing::info!(table = %id, %address, "took over a table whose owner does not answer");
                    return next.run(Request::from_parts(parts, Body::from(body))).await;
                }
                Ok(false) => kept = Some((parts, body)),
                Err(e) => return claim_failed(&id, e).into_response(),
            },
        }
    }
    ApiError::moving(&id).into_response()
}

/// The owner could not be reached, or did not answer within the lease.
struct Unreachable;

async fn locate(app: &App, cluster: &Cluster, id: &str) -> Result<Location, ApiError> {
    // Another node may take the same dead owner's table at the same moment: look again then.
    for _ in 0..3 {
        let Some(owner) = app.store.owner(id, cluster.lease).await.map_err(ApiError::internal)? else {
            return Ok(Location::Here);
        };
        if owner.node.as_deref() == Some(app.store.node()) {
            return Ok(Location::Here);
        }
        // Not this node's: an actor it still has for the table is left from before it lost it.
        app.tables.retire(id);
        if owner.alive
            && let Some(address) = owner.address
        {
            return Ok(Location::At(address, owner.epoch));
        }
        if app.store.claim(id, owner.epoch).await.map_err(|e| claim_failed(id, e))? {
            app.metrics.took_over("dead", 1);
            tracing::info!(table = id, from = owner.node.as_deref().unwrap_or("-"), "took over a table of a dead node");
            return Ok(Location::Here);
        }
    }
    Err(ApiError::moving(id))
}

/// A claim that waited out the lock timeout (the owner is stuck in a commit until the database
/// ends its session) is a table between nodes: the client tries again in a moment.
fn claim_failed(id: &str, e: StoreError) -> ApiError {
    match e {
        StoreError::Busy(_) => {
            tracing::warn!(table = id, "the table's row is locked by its owner; not taken yet");
            ApiError::moving(id)
        }
        e => ApiError::internal(e),
    }
}

/// Sends `request` to the node at `address` and its answer back; a WebSocket upgrade the owner
/// accepts becomes a tunnel between the two connections.
async fn forward(cluster: &Cluster, address: &str, parts: Parts, body: Bytes) -> Result<Response, Unreachable> {
    let mut request = Request::from_parts(parts, Body::from(body));
    let path = match request.extensions().get::<OriginalUri>() {
        Some(OriginalUri(uri)) => uri.path_and_query().map_or("/", |p| p.as_str()).to_owned(),
        None => request.uri().path_and_query().map_or("/", |p| p.as_str()).to_owned(),
    };
    let Ok(uri) = format!("{address}{path}").parse::<Uri>() else {
        return Ok(ApiError::internal(format!("bad node address {address:?}")).into_response());
    };
    *request.uri_mut() = uri;
    let headers = request.headers_mut();
    headers.remove(header::HOST);
    match HeaderValue::from_str(&cluster.proof) {
        Ok(proof) => headers.insert(FORWARDED_BY_NODE, proof),
        Err(_) => return Ok(ApiError::internal("the node's proof is not a header value").into_response()),
    };
    let incoming = request.headers().contains_key(header::UPGRADE).then(|| hyper::upgrade::on(&mut request));
    // A stopped owner's kernel still accepts connections: without an answer within the lease
    // the owner counts as dead, as it would once its heartbeat is that old.
    let answer = tokio::time::timeout(cluster.lease, cluster.client.request(request)).await;
    let Ok(answer) = answer else {
        tracing::warn!(%address, "the table's owner did not answer within the lease");
        return Err(Unreachable);
    };
    let mut response = match answer {
        Ok(response) => response,
        Err(e) if e.is_connect() => {
            tracing::warn!(%address, "the table's owner does not answer: {e}");
            return Err(Unreachable);
        }
        Err(e) => {
            tracing::warn!(%address, "could not forward a request to the table's owner: {e}");
            return Ok(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "moving",
                "the server holding this table does not answer; try again in a moment",
            )
            .into_response());
        }
    };
    if let Some(incoming) = incoming
        && response.status() == StatusCode::SWITCHING_PROTOCOLS
    {
        let outgoing = hyper::upgrade::on(&mut response);
        tokio::spawn(tunnel(incoming, outgoing).in_current_span());
    }
    Ok(response.map(Body::new))
}

/// Copies bytes both ways between the player's upgraded connection and the owner's.
async fn tunnel(player: OnUpgrade, owner: OnUpgrade) {
    let (player, owner) = match (player.await, owner.await) {
        (Ok(player), Ok(owner)) => (player, owner),
        (Err(e), _) | (_, Err(e)) => return tracing::debug!("a forwarded websocket did not upgrade: {e}"),
    };
    let _ = tokio::io::copy_bidirectional(&mut TokioIo::new(player), &mut TokioIo::new(owner)).await;
}
