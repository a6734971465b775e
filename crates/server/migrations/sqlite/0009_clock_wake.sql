-- Turn-based tables mostly wait and leave memory meanwhile: `wake_us` is when a table's actor
-- must be running again (the earliest deadline of a seat asked to act; NULL: none runs), so a
-- server finds the tables to load before their deadline, and leaves the others stored at a start.
ALTER TABLE table_clocks ADD COLUMN wake_us INTEGER;
CREATE INDEX table_clocks_by_wake ON table_clocks (wake_us);
