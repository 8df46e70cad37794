"""The SQLite store's tables (``store.py``): events append-only by trigger, the handled commands, the sealed
heads and verified points, checkpoints."""

from events.core import FORK_NOTE

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id    TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    title      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    archived   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id     TEXT    NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    type        TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    recorded_at TEXT    NOT NULL,
    actor       TEXT    NOT NULL,
    command_id  TEXT    NOT NULL,
    payload     BLOB    NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    rewinds_to  INTEGER,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS events_rewinds ON events (game_id, seq) WHERE rewinds_to IS NOT NULL;
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be changed'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be deleted'); END;
CREATE TABLE IF NOT EXISTS commands (
    game_id    TEXT    NOT NULL,
    command_id TEXT    NOT NULL,
    first_seq  INTEGER NOT NULL,
    last_seq   INTEGER NOT NULL,
    PRIMARY KEY (game_id, command_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS heads (
    game_id TEXT PRIMARY KEY,
    seq     INTEGER NOT NULL,
    hash    TEXT    NOT NULL,
    seal    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS checked (
    game_id TEXT PRIMARY KEY,
    seq     INTEGER NOT NULL,
    hash    TEXT    NOT NULL,
    seal    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS checkpoints (
    game_id TEXT    NOT NULL,
    seq     INTEGER NOT NULL,
    state   BLOB    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""
# Which checkpoints a game has is asked on every view. The table keeps each state (a hundred kilobytes and more)
# inside its own rows, so reading their numbers alone walked every state: 4.5 ms for a 100,000-event game. This
# index holds the numbers only. Made apart from SCHEMA: a read-only file from before it still opens (and reads).
CHECKPOINT_INDEX = "CREATE INDEX IF NOT EXISTS checkpoints_seqs ON checkpoints (game_id, seq)"

# Whether a game is a what-if fork is asked by its first table page: the notes naming an origin. Searching the
# payloads walked every event of the game (70 ms for a 100,000-event game, on every start of the server); this
# partial index holds those notes only. The query must repeat the index's condition word for word (literals, not
# parameters) for SQLite to use it: FORK_NOTES_WHERE serves both.
FORK_NOTES_WHERE = f"type = 'core.note_added' AND instr(payload, X'{FORK_NOTE.encode().hex()}') > 0"
FORK_NOTES_INDEX = f"CREATE INDEX IF NOT EXISTS events_fork_notes ON events (game_id, seq) WHERE {FORK_NOTES_WHERE}"
# Made on opening, as the checkpoint index: a file from before them gains them (one pass over its events, once).
INDEXES = (CHECKPOINT_INDEX, FORK_NOTES_INDEX)
