-- Ratings: a rated table (every seat a player with a key or a bot level with a fixed rating)
-- changes one rating per player and game when it ends. `rating_changes` keeps each change with
-- its table, so every rating can be traced to its games; its primary key also makes rating a
-- table a second time impossible. Ratings are Weng-Lin (mu, sigma), stored in thousandths.
ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    player_id   TEXT NOT NULL REFERENCES players (id),
    game        TEXT NOT NULL,
    mu_milli    INTEGER NOT NULL,
    sigma_milli INTEGER NOT NULL,
    games       INTEGER NOT NULL,  -- rated games played; also the version an update checks
    updated_us  INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game, mu_milli);

CREATE TABLE rating_changes (
    table_id     TEXT NOT NULL REFERENCES tables (id),
    player_id    TEXT NOT NULL REFERENCES players (id),
    game         TEXT NOT NULL,
    seat         INTEGER NOT NULL,
    place        INTEGER NOT NULL,  -- the place rated: a seat away at the end is last
    away         INTEGER NOT NULL,  -- 1: the person was away at the end
    mu_before    INTEGER NOT NULL,
    sigma_before INTEGER NOT NULL,
    mu_after     INTEGER NOT NULL,
    sigma_after  INTEGER NOT NULL,
    games_after  INTEGER NOT NULL,
    at_us        INTEGER NOT NULL,
    PRIMARY KEY (table_id, player_id)
);
CREATE INDEX rating_changes_by_player ON rating_changes (player_id, at_us);
