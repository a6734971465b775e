//! PostgreSQL: `spieltisch serve --database postgres://…`.
//!
//! Unlike SQLite's data directory, one database may serve several nodes at once: each table
//! has one owning node at a time (`nodes.rs`), and the database refuses a write of any other
//! (`fence.rs`). Migrations take sqlx's advisory lock, so nodes starting together are safe.
//!
//! Every session of a node bounds how long it waits for a lock (`lock_timeout`) and how long
//! it may sit in a transaction without sending anything (`idle_in_transaction_session_timeout`),
//! both the lease: a commit holds its tables' rows locked until COMMIT, and a node stopped
//! (or cut off) between its fence and its COMMIT would otherwise keep them locked for as long
//! as it sleeps — no other node could take those tables, and a request waiting to take one
//! would wait as long. PostgreSQL ends such a session after the lease, which rolls the
//! commit back (nothing of it was acknowledged) and frees the rows.

use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPoolOptions};

use super::backend::{Connect, Pool};
use crate::error::ServeError;

/// Connects to `url` and migrates the schema; the sessions' lock waits and idle transactions
/// are bounded by `lease`.
pub(super) async fn open(url: &str, lease: Duration) -> Result<(Pool, Connect), ServeError> {
    let base = PgConnectOptions::from_str(url)?;
    // Migrations wait for the advisory lock of a node migrating at the same moment: unbounded.
    let mut migrating = PgConnection::connect_with(&base).await?;
    sqlx::migrate!("./migrations/postgres").run(&mut migrating).await?;
    let _ = migrating.close().await;
    let ms = format!("{}ms", lease.as_millis().max(1));
    let options = base.options([("lock_timeout", ms.as_str()), ("idle_in_transaction_session_timeout", ms.as_str())]);
    let pool = PgPoolOptions::new().max_connections(8).connect_with(options.clone()).await?;
    Ok((Pool::Postgres(pool), Connect::Postgres(Box::new(options))))
}
