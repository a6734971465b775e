-- Which server owns a running table, and the fencing counter of that ownership: every write of
-- a table's actions, clock and seats checks in its own transaction that the writing server
-- still owns the table at the epoch it took it with (see src/store/fence.rs).
ALTER TABLE tables ADD COLUMN owner TEXT, ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
