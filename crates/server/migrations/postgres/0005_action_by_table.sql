-- Whether the table chose the action for the seat's person (their time ran out, or they were
-- away): shown as "played for you" in the log and kept in the record.
ALTER TABLE actions ADD COLUMN by_table BIGINT NOT NULL DEFAULT 0;
