//! One server per data directory: an exclusive lock on `<data>/spieltisch.lock`.
//!
//! Two servers on one database would each believe they own the tables: both hand out the same
//! seats and both write actions for them. The operating system drops the lock when the process
//! ends, however it ends, so a crashed server never leaves a stale lock behind.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;

use crate::error::ServeError;

/// The lock file's name inside the data directory.
const LOCK_FILE: &str = "spieltisch.lock";

/// The held lock; the data directory is free again when this is dropped.
#[derive(Debug)]
pub(crate) struct DataLock {
    _file: File,
}

impl DataLock {
    /// Takes the lock of `data` (created if missing), or says that another server holds it.
    pub(crate) fn acquire(data: &Path) -> Result<DataLock, ServeError> {
        std::fs::create_dir_all(data)
            .map_err(|e| ServeError::io(format!("creating the data directory {}", data.display()), e))?;
        let path = data.join(LOCK_FILE);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| ServeError::io(format!("opening the lock file {}", path.display()), e))?;
        match file.try_lock() {
            Ok(()) => Ok(DataLock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(ServeError::DataInUse { data: data.to_owned(), lock: path }),
            Err(TryLockError::Error(e)) => Err(ServeError::io(format!("locking {}", path.display()), e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_directory_is_refused_until_the_first_is_dropped() {
        let data = tempfile::tempdir().expect("temp dir");
        let first = DataLock::acquire(data.path()).expect("the first lock");
        let second = DataLock::acquire(data.path()).expect_err("a second lock is refused");
        assert!(matches!(second, ServeError::DataInUse { .. }), "{second}");
        assert!(second.to_string().contains("another spieltisch server"), "{second}");
        drop(first);
        DataLock::acquire(data.path()).expect("free again once the first is gone");
    }
}
