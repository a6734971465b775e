-- A table's clock: its time control and the deadlines of the decision under way. One row per
-- table that has a time control; the actions stay the only record of what was decided.
CREATE TABLE table_clocks (
    table_id TEXT PRIMARY KEY NOT NULL REFERENCES tables (id),
    seconds  INTEGER NOT NULL,           -- seconds per decision
    state    TEXT NOT NULL               -- JSON: the step under way, its deadlines, the seats the table plays
) WITHOUT ROWID;
