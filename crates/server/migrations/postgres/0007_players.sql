-- Players without passwords: a player is a random id and a name; each of their devices holds a
-- player key, stored only as its SHA-256. `table_players` says which seats are a player's, so
-- "My games" needs no scan of every table's seats.
CREATE TABLE players (
    id         TEXT PRIMARY KEY NOT NULL,
    name       TEXT,                     -- chosen once, used at every table (cleaned as there)
    created_us BIGINT NOT NULL
);

CREATE TABLE player_keys (
    key_hash   TEXT PRIMARY KEY NOT NULL, -- SHA-256 of the key, hex
    player_id  TEXT NOT NULL REFERENCES players (id),
    created_us BIGINT NOT NULL
);
CREATE INDEX player_keys_by_player ON player_keys (player_id);

CREATE TABLE table_players (
    player_id TEXT NOT NULL REFERENCES players (id),
    table_id  TEXT NOT NULL REFERENCES tables (id),
    seat      BIGINT NOT NULL,
    PRIMARY KEY (player_id, table_id, seat)
);
