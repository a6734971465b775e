//! Online backups of the SQLite database: `spieltisch backup --data DIR FILE`.
//!
//! The running server holds the database alone (one connection, exclusive locking: see
//! `store/sqlite.rs`), so the copy is made by the server: it listens on a Unix socket in the
//! data directory (`<data>/spieltisch.sock`, for whoever may use the directory), and asked
//! there, writes a consistent copy of what is committed (`VACUUM INTO`) to a file in the data
//! directory, which the asking command moves to where it was asked to. When no server runs,
//! the command takes the data directory's lock itself and copies the database the same way.
//!
//! A copy holds every table as it stood at that moment: restored (docs/deploy.md), the tables
//! come back there.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use crate::error::ServeError;
use crate::store::Store;

/// The socket's name in the data directory.
const SOCKET: &str = "spieltisch.sock";
/// What the command sends.
const ASK: &str = "backup\n";

/// Writes a consistent copy of the database in `data` to `file` (replacing it); returns its
/// size in bytes. Works while a server runs on `data` and while none does.
pub fn backup(data: &Path, file: &Path) -> Result<u64, ServeError> {
    let database = crate::store::sqlite::database_file(data);
    if !database.exists() {
        return Err(ServeError::Options(format!("there is no database in {}", data.display())));
    }
    let copy = match crate::store::lock::DataLock::acquire(data) {
        // No server runs (and none starts while the lock is held): copy it here.
        Ok(_lock) => copy_offline(&database, data)?,
        Err(ServeError::DataInUse { .. }) => ask_server(data)?,
        Err(e) => return Err(e),
    };
    let moved = place(&copy, file);
    let _ = std::fs::remove_file(&copy);
    moved
}

/// A new file name in the data directory for a copy.
fn copy_name(data: &Path) -> PathBuf {
    data.join(format!("backup-{}.db.partial", crate::tokens::new_node_id()))
}

/// Copies `copy` to `file` durably: to a file beside it, synced, then renamed over `file`.
fn place(copy: &Path, file: &Path) -> Result<u64, ServeError> {
    let partial = file.with_extension("partial");
    let io = |what: &str, e| ServeError::io(format!("{what} {}", partial.display()), e);
    let bytes = std::fs::copy(copy, &partial).map_err(|e| io("writing", e))?;
    std::fs::File::open(&partial).and_then(|f| f.sync_all()).map_err(|e| io("syncing", e))?;
    std::fs::rename(&partial, file).map_err(|e| io("renaming", e))?;
    Ok(bytes)
}

/// No server runs: opens the database (the caller holds the lock) and copies it.
fn copy_offline(database: &Path, data: &Path) -> Result<PathBuf, ServeError> {
    use sqlx::Connection;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError::io("starting a runtime", e))?;
    let copy = copy_name(data);
    runtime.block_on(async {
        let options = crate::store::sqlite::connect_options(database)?.create_if_missing(false);
        let mut conn = sqlx::SqliteConnection::connect_with(&options).await?;
        let path = copy.to_str().ok_or_else(|| ServeError::Options(format!("{} is not UTF-8", copy.display())))?;
        sqlx::query("VACUUM INTO $1").bind(path).execute(&mut conn).await?;
        let _ = conn.close().await;
        Ok::<_, ServeError>(())
    })?;
    Ok(copy)
}

/// A server runs: asks it for a copy over its socket.
#[cfg(unix)]
fn ask_server(data: &Path) -> Result<PathBuf, ServeError> {
    let socket = data.join(SOCKET);
    let io = |e| ServeError::io(format!("asking the server through {}", socket.display()), e);
    let mut stream = std::os::unix::net::UnixStream::connect(&socket).map_err(io)?;
    stream.write_all(ASK.as_bytes()).map_err(io)?;
    let mut answer = String::new();
    BufReader::new(stream).read_line(&mut answer).map_err(io)?;
    match answer.trim_end().split_once(' ') {
        Some(("ok", name)) if !name.contains('/') => Ok(data.join(name)),
        Some(("error", why)) => Err(ServeError::Options(format!("the server could not copy the database: {why}"))),
        _ => Err(ServeError::Options(format!("the server answered {answer:?}"))),
    }
}

#[cfg(not(unix))]
fn ask_server(data: &Path) -> Result<PathBuf, ServeError> {
    Err(ServeError::Options(format!("a server runs on {}: stop it to back up on this system", data.display())))
}

/// Answers backup requests on `<data>/spieltisch.sock` until the server stops (SQLite only).
#[cfg(unix)]
pub(crate) fn listen(data: &Path, store: Store) -> Option<tokio::task::JoinHandle<()>> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    use tracing::Instrument;
    let socket = data.join(SOCKET);
    // Left by a server that was killed: this one holds the data directory's lock.
    let _ = std::fs::remove_file(&socket);
    let listener = match tokio::net::UnixListener::bind(&socket) {
        Ok(listener) => listener,
        Err(e) => {
            tracing::warn!("no backups while this server runs: cannot listen on {}: {e}", socket.display());
            return None;
        }
    };
    let data = data.to_owned();
    let serve = async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else { continue };
            let (read, mut write) = stream.into_split();
            let mut ask = String::new();
            let mut lines = tokio::io::BufReader::new(read);
            if lines.read_line(&mut ask).await.is_err() || ask != ASK {
                continue;
            }
            let copy = copy_name(&data);
            let answer = match store.copy_to(&copy).await {
                Ok(()) => {
                    tracing::info!(file = %copy.display(), "database copied for a backup");
                    format!("ok {}\n", copy.file_name().map(|n| n.to_string_lossy()).unwrap_or_default())
                }
                Err(e) => {
                    tracing::error!("a backup failed: {e}");
                    let _ = std::fs::remove_file(&copy);
                    format!("error {}\n", e.to_string().replace('\n', " "))
                }
            };
            let _ = write.write_all(answer.as_bytes()).await;
        }
    };
    Some(tokio::spawn(serve.in_current_span()))
}

#[cfg(not(unix))]
pub(crate) fn listen(_data: &Path, _store: Store) -> Option<tokio::task::JoinHandle<()>> {
    None
}
