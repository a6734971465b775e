//! Several nodes on one PostgreSQL database.
//!
//! Every table has one owning node at a time (its row's `owner` and `epoch`). A request for a
//! table that reaches another node is forwarded to the owner — HTTP as it is, a WebSocket as a
//! byte tunnel after the owner accepted the upgrade — so a player cannot tell which node owns
//! the table. Nodes renew heartbeats on the database's clock; a node whose heartbeat is older
//! than the lease is dead, and the others take its tables by raising their epochs and
//! replaying their actions (`beat.rs`, `route.rs`). A node that comes back after losing a
//! table cannot write for it: the database refuses (`store/fence.rs`), and the node lets go.

mod beat;
mod lobby;
mod route;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

use axum::body::Body;
use axum::http::HeaderMap;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

use crate::error::ServeError;
use crate::options::ServeOptions;
use crate::store::Store;
use crate::tokens::TokenHash;

pub(crate) use beat::run as heartbeats;
pub(crate) use lobby::{internal_tables, peer_tables};
pub(crate) use route::route;

/// The header a node proves with that it forwarded a request: `NODE_ID:SECRET`, the node's
/// own secret (new at every start), whose SHA-256 its row in the database holds.
const FORWARDED_BY_NODE: &str = "x-spieltisch-node";

/// This node's place among the nodes of a shared database.
pub(crate) struct Cluster {
    /// Where the other nodes reach this one (`http://host:port`).
    pub address: String,
    /// The hash of this node's secret, as its row holds it.
    pub secret_hash: TokenHash,
    /// What this node sends as [`FORWARDED_BY_NODE`]: its id and its secret.
    proof: String,
    /// The other nodes' secrets' hashes, as read from the database (a node's never changes).
    known: Mutex<HashMap<String, TokenHash>>,
    /// How long a heartbeat counts.
    pub lease: Duration,
    /// Keeps connections to the other nodes open between requests.
    client: Client<HttpConnector, Body>,
    /// The other nodes' lobby tables, briefly cached.
    lobby: lobby::Cache,
}

impl Cluster {
    /// Joins the nodes of `store`'s database as the node listening on `bound`.
    pub(crate) async fn join(store: &Store, options: &ServeOptions, bound: SocketAddr) -> Result<Cluster, ServeError> {
        let address = match &options.advertise {
            Some(address) => address.trim_end_matches('/').to_owned(),
            None if bound.ip().is_unspecified() => {
                return Err(ServeError::Options(format!(
                    "listening on {bound} with --database: say with --advertise http://HOST:{} where the other nodes reach this one",
                    bound.port()
                )));
            }
            None => format!("http://{bound}"),
        };
        if !address.starts_with("http://") {
            return Err(ServeError::Options(format!("--advertise {address:?}: expected http://HOST:PORT")));
        }
        let restore = |e: crate::store::StoreError| ServeError::Restore(e.to_string());
        let secret = crate::tokens::new_token();
        let secret_hash = TokenHash::of(&secret);
        store.register(&address, secret_hash.as_str()).await.map_err(restore)?;
        tracing::info!(node = store.node(), %address, "joined the nodes of the database");
        // No Nagle on the forwarded connections, as on the players' own (`serve`): a small frame
        // must not wait for the acknowledgement of the one before it.
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        let client = Client::builder(TokioExecutor::new()).build(connector);
        Ok(Cluster {
            address,
            proof: format!("{}:{secret}", store.node()),
            secret_hash,
            known: Mutex::default(),
            lease: options.node_lease,
            client,
            lobby: lobby::Cache::default(),
        })
    }

    /// Whether another node of this database forwarded the request these headers belong to:
    /// the header names a node whose stored hash is the hash of the secret it gives (compared
    /// in constant time).
    async fn forwarded(&self, store: &Store, headers: &HeaderMap) -> bool {
        let Some((node, secret)) =
            headers.get(FORWARDED_BY_NODE).and_then(|v| v.to_str().ok()).and_then(|v| v.split_once(':'))
        else {
            return false;
        };
        let known = self.known.lock().unwrap_or_else(|p| p.into_inner()).get(node).cloned();
        let hash = match known {
            Some(hash) => hash,
            None => match store.node_secret_hash(node).await {
                Ok(Some(stored)) if !stored.is_empty() => {
                    let hash = TokenHash::from_stored(stored);
                    self.known.lock().unwrap_or_else(|p| p.into_inner()).insert(node.to_owned(), hash.clone());
                    hash
                }
                Ok(_) => return false,
                Err(e) => {
                    tracing::warn!("could not read a node's secret: {e}");
                    return false;
                }
            },
        };
        TokenHash::of(secret).matches(&hash)
    }
}
