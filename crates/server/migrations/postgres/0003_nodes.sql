-- The servers (nodes) sharing this database. A node inserts its row at start and renews
-- `heartbeat` (the database's clock, never a node's) every quarter of its lease; a node whose
-- heartbeat is older than the lease counts as dead, and the others take its tables over.
CREATE TABLE nodes (
    id        TEXT PRIMARY KEY NOT NULL,  -- new at every start
    address   TEXT NOT NULL,              -- where the other nodes reach it: http://host:port
    heartbeat TIMESTAMPTZ NOT NULL
);

-- The key nodes prove to each other that a request was forwarded by a node (created by the
-- first node that starts; never shown to a player).
CREATE TABLE cluster_secret (
    id     BIGINT PRIMARY KEY NOT NULL CHECK (id = 1),
    secret TEXT NOT NULL
);

-- Tables created per client (an IP address's hash), so the creation limit holds across nodes.
CREATE TABLE creations (
    client TEXT NOT NULL,
    at_us  BIGINT NOT NULL
);
CREATE INDEX creations_by_client ON creations (client, at_us);

-- A node looks up the tables it owns.
CREATE INDEX tables_by_owner ON tables (owner);
