//! The nodes sharing a PostgreSQL database: who is alive (by heartbeats on the database's
//! clock), who owns which table, and taking over the tables of a node that died.
//!
//! Taking a table always raises its epoch in the same statement, so the node that had it can
//! never commit for it again (see `fence.rs`); the heartbeats only decide *when* to take a
//! table, never whether a write is safe.

use std::collections::HashMap;
use std::time::Duration;

use super::backend::Param;
use super::{Store, StoreError};

/// "This node's heartbeat is fresh", with the lease in milliseconds as `$N`.
fn alive(n: usize) -> String {
    format!("heartbeat > now() - (${n}::float8 * interval '1 millisecond')")
}

/// Who owns a table, as the database says.
#[derive(Clone, Debug)]
pub(crate) struct Owner {
    /// The owning node's id (`None` for a table no node has taken yet).
    pub node: Option<String>,
    /// The ownership epoch.
    pub epoch: i64,
    /// Where the owner listens, if its row still exists.
    pub address: Option<String>,
    /// Whether the owner's heartbeat is within the lease.
    pub alive: bool,
}

/// A live node.
#[derive(Clone, Debug)]
pub(crate) struct Peer {
    pub id: String,
    pub address: String,
}

fn millis(lease: Duration) -> i64 {
    i64::try_from(lease.as_millis()).unwrap_or(i64::MAX)
}

impl Store {
    /// Adds this node, reachable at `address` and proving itself with the secret whose hash is
    /// `secret_hash`, to the database's nodes.
    pub(crate) async fn register(&self, address: &str, secret_hash: &str) -> Result<(), StoreError> {
        let sql = "INSERT INTO nodes (id, address, heartbeat, secret_hash) VALUES ($1, $2, now(), $3) \
                   ON CONFLICT (id) DO UPDATE SET address = $2, heartbeat = now(), secret_hash = $3";
        let params = [Param::Text(&self.node), Param::Text(address), Param::Text(secret_hash)];
        self.pool.execute(sql, &params).await?;
        Ok(())
    }

    /// Renews this node's heartbeat; `false` if its row was gone (and has been added again).
    pub(crate) async fn heartbeat(&self, address: &str, secret_hash: &str) -> Result<bool, StoreError> {
        let renewed =
            self.pool.execute("UPDATE nodes SET heartbeat = now() WHERE id = $1", &[Param::Text(&self.node)]).await?;
        if renewed == 0 {
            self.register(address, secret_hash).await?;
        }
        Ok(renewed > 0)
    }

    /// The hash of the secret node `id` proves itself with (`None`: no such node).
    pub(crate) async fn node_secret_hash(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = self.pool.fetch_optional("SELECT secret_hash FROM nodes WHERE id = $1", &[Param::Text(id)]).await?;
        row.map(|row| row.get::<String>("secret_hash")).transpose()
    }

    /// Whether this node's row is there with a heartbeat within `lease`.
    pub(crate) async fn registered(&self, lease: Duration) -> Result<bool, StoreError> {
        let sql = format!("SELECT id FROM nodes WHERE id = $1 AND {}", alive(2));
        Ok(self.pool.fetch_optional(&sql, &[Param::Text(&self.node), Param::Int(millis(lease))]).await?.is_some())
    }

    /// Takes this node out of the nodes (a clean shutdown): the others take its tables at once.
    pub(crate) async fn leave(&self) -> Result<(), StoreError> {
        self.pool.execute("DELETE FROM nodes WHERE id = $1", &[Param::Text(&self.node)]).await?;
        Ok(())
    }

    /// The nodes whose heartbeat is within `lease`, this one included.
    pub(crate) async fn peers(&self, lease: Duration) -> Result<Vec<Peer>, StoreError> {
        let sql = format!("SELECT id, address FROM nodes WHERE {} ORDER BY id", alive(1));
        let rows = self.pool.fetch_all(&sql, &[Param::Int(millis(lease))]).await?;
        rows.iter().map(|row| Ok(Peer { id: row.get("id")?, address: row.get("address")? })).collect()
    }

    /// Takes up to `limit` unfinished tables whose owner is dead (no heartbeat within `lease`)
    /// or unknown, raising each one's epoch; returns their ids. Tables another node is taking
    /// at the same moment are skipped, not waited for.
    pub(crate) async fn claim_orphans(&self, lease: Duration, limit: i64) -> Result<Vec<String>, StoreError> {
        let sql = format!(
            "UPDATE tables SET owner = $1, epoch = epoch + 1 WHERE id IN (\
               SELECT t.id FROM tables t WHERE t.status <> 'finished' AND t.closed_us IS NULL \
               AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = t.owner AND n.{}) \
               ORDER BY t.created_us LIMIT $3 FOR UPDATE SKIP LOCKED) \
             RETURNING id",
            alive(2)
        );
        let rows =
            self.pool.fetch_all(&sql, &[Param::Text(&self.node), Param::Int(millis(lease)), Param::Int(limit)]).await?;
        rows.iter().map(|row| row.get::<String>("id")).collect()
    }

    /// Who owns table `id` (`None`: no such table).
    pub(crate) async fn owner(&self, id: &str, lease: Duration) -> Result<Option<Owner>, StoreError> {
        let sql = format!(
            "SELECT t.owner, t.epoch, n.address, (CASE WHEN n.{} THEN 1 ELSE 0 END)::BIGINT AS alive \
             FROM tables t LEFT JOIN nodes n ON n.id = t.owner WHERE t.id = $1",
            alive(2)
        );
        let Some(row) = self.pool.fetch_optional(&sql, &[Param::Text(id), Param::Int(millis(lease))]).await? else {
            return Ok(None);
        };
        Ok(Some(Owner {
            node: row.get("owner")?,
            epoch: row.get("epoch")?,
            address: row.get("address")?,
            alive: row.get::<i64>("alive")? == 1,
        }))
    }

    /// Takes table `id` if its epoch is still `epoch` (nobody took it since it was looked up);
    /// says whether it did.
    pub(crate) async fn claim(&self, id: &str, epoch: i64) -> Result<bool, StoreError> {
        let sql = "UPDATE tables SET owner = $1, epoch = epoch + 1 WHERE id = $2 AND epoch = $3";
        let taken = self.pool.execute(sql, &[Param::Text(&self.node), Param::Text(id), Param::Int(epoch)]).await?;
        Ok(taken == 1)
    }

    /// Every table this node owns, with the epoch it owns it at.
    pub(crate) async fn owned(&self) -> Result<HashMap<String, i64>, StoreError> {
        let rows =
            self.pool.fetch_all("SELECT id, epoch FROM tables WHERE owner = $1", &[Param::Text(&self.node)]).await?;
        rows.iter().map(|row| Ok((row.get::<String>("id")?, row.get::<i64>("epoch")?))).collect()
    }

    /// Counts a table creation by `client` (a hash of its address) unless it created
    /// `per_minute` or more in the last minute, on every node together; `false` if refused.
    pub(crate) async fn take_creation(&self, client: &str, per_minute: u32, now_us: i64) -> Result<bool, StoreError> {
        let minute_ago = now_us - 60_000_000;
        self.pool.execute("DELETE FROM creations WHERE at_us < $1", &[Param::Int(minute_ago)]).await?;
        let sql = "INSERT INTO creations (client, at_us) SELECT $1, $2 \
                   WHERE (SELECT COUNT(*) FROM creations WHERE client = $1 AND at_us >= $3) < $4";
        let params =
            [Param::Text(client), Param::Int(now_us), Param::Int(minute_ago), Param::Int(i64::from(per_minute))];
        Ok(self.pool.execute(sql, &params).await? == 1)
    }

    /// Forgets nodes dead for an hour (their tables were taken long ago).
    pub(crate) async fn forget_old_nodes(&self) -> Result<(), StoreError> {
        self.pool.execute("DELETE FROM nodes WHERE heartbeat < now() - interval '1 hour'", &[]).await?;
        Ok(())
    }
}
