-- "Analyse my game": the Expert level's look at each decision of one seat of a finished table,
-- worked out once in the background and then read (the JSON the replay page shows).
CREATE TABLE analyses (
    table_id   TEXT NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL,
    result     TEXT NOT NULL,            -- JSON: the bot, the seed and every decision's values
    created_us INTEGER NOT NULL,         -- microseconds since the Unix epoch
    PRIMARY KEY (table_id, seat)
);
