//! PostgreSQL: `spieltisch serve --database postgres://…`.
//!
//! Unlike SQLite's data directory, one database may serve several nodes at once: each table
//! has one owning node at a time (`nodes.rs`), and the database refuses a write of any other
//! (`fence.rs`). Migrations take sqlx's advisory lock, so nodes starting together are safe.

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use super::backend::{Connect, Pool};
use crate::error::ServeError;

/// Connects to `url` and migrates the schema.
pub(super) async fn open(url: &str) -> Result<(Pool, Connect), ServeError> {
    let options = PgConnectOptions::from_str(url)?;
    let pool = PgPoolOptions::new().max_connections(8).connect_with(options.clone()).await?;
    sqlx::migrate!("./migrations/postgres").run(&pool).await?;
    Ok((Pool::Postgres(pool), Connect::Postgres(options)))
}
