-- A table: its set-up (enough to deal the same game again) and where it stands.
CREATE TABLE tables (
    id         TEXT PRIMARY KEY NOT NULL,
    game       TEXT NOT NULL,
    config     TEXT NOT NULL,            -- JSON, the full config
    seats      TEXT NOT NULL,            -- JSON, one SeatSetup per seat (token hashes, never tokens)
    seed       INTEGER NOT NULL,         -- the u64 seed's bits as i64
    status     TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    outcome    TEXT,                     -- JSON, once finished
    created_us INTEGER NOT NULL,         -- microseconds since the Unix epoch
    rematch    TEXT                      -- the id of the rematch table, once asked for
);
CREATE INDEX tables_by_status ON tables (status, created_us);

-- Every action of every table, in order: the event source the tables are replayed from.
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx      INTEGER NOT NULL,           -- 0-based position in the game
    seat     INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;
