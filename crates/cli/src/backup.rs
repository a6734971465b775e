//! `spieltisch backup`: a consistent copy of the server's SQLite database, while the server
//! runs (it makes the copy) or while it does not.

use std::io::Write;
use std::path::PathBuf;

use crate::error::CliError;

/// Options of `spieltisch backup`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  spieltisch backup --data /var/lib/spieltisch /backup/spieltisch-$(date +%F).db

The copy holds every table as it stood when it was made. To restore it, stop the server, put
the copy in place of DIR/spieltisch.db, delete DIR/spieltisch.db-wal (and DIR/spieltisch.db-shm
if there is one) and start the server: see docs/deploy.md. A PostgreSQL database is backed up
with pg_dump.")]
pub struct BackupArgs {
    /// The server's data directory (its --data).
    #[arg(long, value_name = "DIR", default_value = "./data")]
    pub data: PathBuf,
    /// Where to write the copy (replaced if it exists).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Writes the copy and says where.
pub fn run(args: &BackupArgs, out: &mut impl Write) -> Result<(), CliError> {
    let bytes = server::backup(&args.data, &args.file).map_err(|e| CliError::Other(format!("backup: {e}")))?;
    writeln!(out, "copied the database of {} to {} ({bytes} bytes)", args.data.display(), args.file.display())
        .map_err(|e| CliError::File { path: "stdout".into(), source: e })
}
