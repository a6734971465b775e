-- The same tables as the SQLite schema (migrations/sqlite, 0001–0003 together), in PostgreSQL's
-- types: every integer is a BIGINT, because the store reads them all as i64 on both backends.

-- A table: its set-up (enough to deal the same game again) and where it stands.
CREATE TABLE tables (
    id         TEXT PRIMARY KEY NOT NULL,
    game       TEXT NOT NULL,
    config     TEXT NOT NULL,            -- JSON, the full config
    seats      TEXT NOT NULL,            -- JSON, one SeatSetup per seat (token hashes, never tokens)
    seed       BIGINT NOT NULL,          -- the u64 seed's bits as i64
    status     TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    outcome    TEXT,                     -- JSON, once finished
    created_us BIGINT NOT NULL,          -- microseconds since the Unix epoch
    rematch    TEXT,                     -- the id of the rematch table, once asked for
    private    BIGINT NOT NULL DEFAULT 0, -- 1: invited players only, never listed
    owner_hash TEXT,                     -- SHA-256 of the token that may close the table
    closed_us  BIGINT                    -- when its creator closed it
);
CREATE INDEX tables_by_status ON tables (status, created_us);

-- Every action of every table, in order: the event source the tables are replayed from.
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx      BIGINT NOT NULL,            -- 0-based position in the game
    seat     BIGINT NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);

-- A table's clock: its time control and the deadlines of the decision under way.
CREATE TABLE table_clocks (
    table_id TEXT PRIMARY KEY NOT NULL REFERENCES tables (id),
    seconds  BIGINT NOT NULL,            -- seconds per decision
    state    TEXT NOT NULL               -- JSON: the step under way, its deadlines, the seats the table plays
);
