-- Private tables (invited players only; never listed in the lobby), who created a table (the
-- hash of the owner token that may close it) and when it was closed (closed tables are neither
-- listed nor restored).
ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN owner_hash TEXT;
ALTER TABLE tables ADD COLUMN closed_us INTEGER;
