-- The notes that make a game a what-if fork (events.core.FORK_NOTE, 'What-if fork of game ' in UTF-8), indexed on
-- their own: a long game's first page learns whether it is a fork without reading every payload of its log. The
-- store's query repeats this condition word for word (a literal, not a parameter) so the planner can use the index.
CREATE INDEX events_fork_notes ON events (game_id, seq)
    WHERE type = 'core.note_added' AND position('\x576861742d696620666f726b206f662067616d6520'::bytea IN payload) > 0;
