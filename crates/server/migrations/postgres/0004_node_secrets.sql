-- Each node proves that it forwarded a request with a secret of its own, new at every start;
-- the database keeps only its SHA-256 (a leaked copy of the database lets nobody pass for a
-- node). The one shared secret kept in plain text before is dropped.
ALTER TABLE nodes ADD COLUMN secret_hash TEXT NOT NULL DEFAULT '';
DROP TABLE cluster_secret;
