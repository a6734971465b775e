//! The two databases the store runs on, SQLite and PostgreSQL, behind one small surface: run a
//! statement with parameters, read rows, commit a transaction.
//!
//! The store's SQL is written once for both: `$1`-style parameters (SQLite reads `$N` as the
//! N-th parameter too), `INSERT … ON CONFLICT … DO UPDATE`, and every integer read as `i64`
//! (the PostgreSQL schema uses BIGINT throughout). Only the schema and the connection set-up
//! differ, in `migrations/<backend>` and in [`super::sqlite`] / [`super::postgres`].

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgRow, Postgres};
use sqlx::query::Query;
use sqlx::sqlite::{Sqlite, SqlitePool, SqliteRow};
use sqlx::{Connection, Database, Decode, Encode, Row as _, Transaction, Type};

use super::StoreError;

/// A statement parameter.
#[derive(Clone, Copy, Debug)]
pub(super) enum Param<'a> {
    Text(&'a str),
    OptText(Option<&'a str>),
    Int(i64),
    OptInt(Option<i64>),
}

/// Binds `params` in order, on either database.
fn bind<'q, DB: Database>(
    mut query: Query<'q, DB, <DB as Database>::Arguments<'q>>,
    params: &[Param<'q>],
) -> Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    &'q str: Encode<'q, DB> + Type<DB>,
    Option<&'q str>: Encode<'q, DB> + Type<DB>,
    i64: Encode<'q, DB> + Type<DB>,
    Option<i64>: Encode<'q, DB> + Type<DB>,
{
    for param in params {
        query = match *param {
            Param::Text(v) => query.bind(v),
            Param::OptText(v) => query.bind(v),
            Param::Int(v) => query.bind(v),
            Param::OptInt(v) => query.bind(v),
        };
    }
    query
}

/// A row read from either database.
pub(super) enum Row {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

impl Row {
    /// The value of `column` (a `String`, `Option<String>` or `i64` in this store).
    pub(super) fn get<T>(&self, column: &str) -> Result<T, StoreError>
    where
        T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>,
    {
        Ok(match self {
            Row::Sqlite(row) => row.try_get(column)?,
            Row::Postgres(row) => row.try_get(column)?,
        })
    }
}

/// The read pool.
#[derive(Clone, Debug)]
pub(super) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Pool {
    /// Every row `sql` selects.
    pub(super) async fn fetch_all(&self, sql: &str, params: &[Param<'_>]) -> Result<Vec<Row>, StoreError> {
        Ok(match self {
            Pool::Sqlite(pool) => {
                bind(sqlx::query(sql), params).fetch_all(pool).await?.into_iter().map(Row::Sqlite).collect()
            }
            Pool::Postgres(pool) => {
                bind(sqlx::query(sql), params).fetch_all(pool).await?.into_iter().map(Row::Postgres).collect()
            }
        })
    }

    /// Runs `sql` on its own (autocommit); returns how many rows it changed.
    pub(super) async fn execute(&self, sql: &str, params: &[Param<'_>]) -> Result<u64, StoreError> {
        Ok(match self {
            Pool::Sqlite(pool) => bind(sqlx::query(sql), params).execute(pool).await?.rows_affected(),
            Pool::Postgres(pool) => bind(sqlx::query(sql), params).execute(pool).await?.rows_affected(),
        })
    }

    /// A transaction of its own (not the writer's group commit): for writes that are not a
    /// table's, such as ratings.
    pub(super) async fn begin(&self) -> Result<Tx<'static>, StoreError> {
        Ok(match self {
            Pool::Sqlite(pool) => Tx::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    /// Closes every connection; later reads fail.
    pub(super) async fn close(&self) {
        match self {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }

    /// The row `sql` selects, if any.
    pub(super) async fn fetch_optional(&self, sql: &str, params: &[Param<'_>]) -> Result<Option<Row>, StoreError> {
        Ok(match self {
            Pool::Sqlite(pool) => bind(sqlx::query(sql), params).fetch_optional(pool).await?.map(Row::Sqlite),
            Pool::Postgres(pool) => bind(sqlx::query(sql), params).fetch_optional(pool).await?.map(Row::Postgres),
        })
    }
}

/// How the writer connects (again, after a failed commit).
#[derive(Clone, Debug)]
pub(super) enum Connect {
    /// SQLite's one connection, which the reads share: taken for each commit.
    Sqlite(SqlitePool),
    Postgres(Box<PgConnectOptions>),
}

impl Connect {
    pub(super) async fn connect(&self) -> Result<Conn, sqlx::Error> {
        Ok(match self {
            Connect::Sqlite(pool) => Conn::Sqlite(pool.acquire().await?),
            Connect::Postgres(options) => Conn::Postgres(PgConnection::connect_with(options).await?),
        })
    }

    /// Whether the connection goes back to the reads after each commit.
    pub(super) fn shared(&self) -> bool {
        matches!(self, Connect::Sqlite(_))
    }
}

/// The writer's connection.
#[derive(Debug)]
pub(super) enum Conn {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PgConnection),
}

impl Conn {
    pub(super) async fn begin(&mut self) -> Result<Tx<'_>, StoreError> {
        Ok(match self {
            Conn::Sqlite(conn) => Tx::Sqlite(Connection::begin(&mut **conn).await?),
            Conn::Postgres(conn) => Tx::Postgres(conn.begin().await?),
        })
    }

    /// Closes the connection for good (SQLite: the pool opens a new one when next asked).
    pub(super) async fn close(self) {
        let _ = match self {
            Conn::Sqlite(conn) => conn.close().await,
            Conn::Postgres(conn) => conn.close().await,
        };
    }
}

/// A transaction on the writer's connection; dropped without [`Tx::commit`], it rolls back.
pub(super) enum Tx<'c> {
    Sqlite(Transaction<'c, Sqlite>),
    Postgres(Transaction<'c, Postgres>),
}

impl Tx<'_> {
    /// Runs `sql`; returns how many rows it changed.
    pub(super) async fn execute(&mut self, sql: &str, params: &[Param<'_>]) -> Result<u64, StoreError> {
        Ok(match self {
            Tx::Sqlite(tx) => bind(sqlx::query(sql), params).execute(&mut **tx).await?.rows_affected(),
            Tx::Postgres(tx) => bind(sqlx::query(sql), params).execute(&mut **tx).await?.rows_affected(),
        })
    }

    /// The row `sql` selects, if any.
    pub(super) async fn fetch_optional(&mut self, sql: &str, params: &[Param<'_>]) -> Result<Option<Row>, StoreError> {
        Ok(match self {
            Tx::Sqlite(tx) => bind(sqlx::query(sql), params).fetch_optional(&mut **tx).await?.map(Row::Sqlite),
            Tx::Postgres(tx) => bind(sqlx::query(sql), params).fetch_optional(&mut **tx).await?.map(Row::Postgres),
        })
    }

    pub(super) async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await?,
            Tx::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }
}
