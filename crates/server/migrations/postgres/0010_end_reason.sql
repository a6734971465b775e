-- Why a finished game ended (the game's `EndReason` as JSON), so that lists of finished games
-- (My games) say it without replaying the game.
ALTER TABLE tables ADD COLUMN end_reason TEXT;
