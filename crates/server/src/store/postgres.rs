//! PostgreSQL: `spieltisch serve --database postgres://…`.
//!
//! One server per database, as with SQLite's data directory: the server holds a session-level
//! advisory lock on a connection of its own for as long as it runs. PostgreSQL drops the lock
//! when that session ends, however the server ends, so a killed server leaves nothing behind.

use std::str::FromStr;

use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPoolOptions};

use super::backend::{Connect, Pool};
use crate::error::ServeError;

/// The advisory lock's key: any fixed number no other program on the database uses.
const LOCK_KEY: i64 = 0x5370_6965_6c74_6973; // "Spieltis"

/// The session holding the database's advisory lock; dropped, the lock is released.
#[derive(Debug)]
pub(crate) struct SessionLock {
    _conn: PgConnection,
}

/// Connects to `url`, takes the lock, migrates the schema.
pub(super) async fn open(url: &str) -> Result<(Pool, Connect, SessionLock), ServeError> {
    let options = PgConnectOptions::from_str(url)?;
    let mut conn = PgConnection::connect_with(&options).await?;
    let locked: bool =
        sqlx::query_scalar("SELECT pg_try_advisory_lock($1)").bind(LOCK_KEY).fetch_one(&mut conn).await?;
    if !locked {
        return Err(ServeError::DatabaseInUse { database: describe(&options) });
    }
    let pool = PgPoolOptions::new().max_connections(4).connect_with(options.clone()).await?;
    sqlx::migrate!("./migrations/postgres").run(&pool).await?;
    Ok((Pool::Postgres(pool), Connect::Postgres(options), SessionLock { _conn: conn }))
}

/// The database as an error message may name it: without the password.
fn describe(options: &PgConnectOptions) -> String {
    let database = options.get_database().unwrap_or("(the user's default)");
    format!("database {database} on {}:{}", options.get_host(), options.get_port())
}
