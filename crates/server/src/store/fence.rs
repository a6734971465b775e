//! Fencing: a server writes for a table only while it owns it, and the database checks that.
//!
//! Each table row names its owner (a server's node id, new at every start) and an epoch that is
//! raised whenever a server takes the table. A server's table writes (actions, clock, seats)
//! carry the epoch it took the table with, and the transaction that commits them first updates
//! the table's row *on the condition* that owner and epoch are still its own. On PostgreSQL that
//! update locks the row until the commit: a server taking the table over (raising the epoch)
//! waits for a commit already under way, and once it has raised the epoch, the old owner's
//! condition no longer holds and its commit fails. No clock is trusted; a server that was
//! paused or cut off and comes back can never commit for a table it lost.

use std::fmt::Write as _;

use super::StoreError;
use super::backend::{Param, Tx};

/// The most tables checked in one statement (two parameters each).
const TABLES_PER_CHECK: usize = 250;

/// Fails unless `node` still owns every table of `fences` at the epoch given with it; the
/// tables are distinct.
pub(super) async fn check(tx: &mut Tx<'_>, node: &str, fences: &[(&str, i64)]) -> Result<(), StoreError> {
    let mut sql = String::new();
    let mut params = Vec::with_capacity(1 + 2 * TABLES_PER_CHECK);
    for chunk in fences.chunks(TABLES_PER_CHECK) {
        sql.clear();
        params.clear();
        params.push(Param::Text(node));
        // Both databases name a VALUES list's columns column1, column2 …
        sql.push_str("UPDATE tables SET epoch = f.column2 FROM (VALUES ");
        for (i, (table, epoch)) in chunk.iter().enumerate() {
            let comma = if i == 0 { "" } else { ", " };
            let n = params.len();
            let _ = write!(sql, "{comma}(${}, ${})", n + 1, n + 2);
            params.extend([Param::Text(table), Param::Int(*epoch)]);
        }
        sql.push_str(") AS f WHERE tables.id = f.column1 AND tables.owner = $1 AND tables.epoch = f.column2");
        let held = tx.execute(&sql, &params).await?;
        if held != chunk.len() as u64 {
            let table = if chunk.len() == 1 { chunk[0].0.to_owned() } else { format!("one of {} tables", chunk.len()) };
            return Err(StoreError::NotOwner { table });
        }
    }
    Ok(())
}
