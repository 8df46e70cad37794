-- The event log: the same guarantees as the SQLite store, enforced by the database.
CREATE TABLE games (
    game_id    TEXT PRIMARY KEY,
    kind       TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    archived   BOOLEAN NOT NULL DEFAULT FALSE,
    -- the head commitment: the last event's sequence number and hash, kept by a trigger on every insert
    head       INTEGER NOT NULL DEFAULT 0,
    head_hash  TEXT    NOT NULL DEFAULT '0000000000000000000000000000000000000000000000000000000000000000'
);

CREATE TABLE events (
    game_id     TEXT    NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    type        TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    recorded_at TEXT    NOT NULL,
    actor       TEXT    NOT NULL,
    command_id  TEXT    NOT NULL,
    payload     BYTEA   NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    rewinds_to  INTEGER,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX events_rewinds ON events (game_id, seq) WHERE rewinds_to IS NOT NULL;

CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the event log is append-only: % rows cannot be %', TG_TABLE_NAME, lower(TG_OP) || 'd'
        USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_refuse_change();
CREATE TRIGGER events_no_delete BEFORE DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change();

-- Each event follows the game's head: the next number, chained to the head's hash. The games row is locked
-- by the UPDATE, so two writers of one game take turns and the loser fails here or on the primary key.
CREATE FUNCTION events_follow_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    g games%ROWTYPE;
BEGIN
    SELECT * INTO g FROM games WHERE game_id = NEW.game_id FOR UPDATE;
    IF NEW.seq <> g.head + 1 THEN
        RAISE EXCEPTION 'event % of game % does not follow its head %', NEW.seq, NEW.game_id, g.head
            USING ERRCODE = 'unique_violation';
    END IF;
    IF NEW.prev_hash <> g.head_hash THEN
        RAISE EXCEPTION 'event % of game % does not chain to the hash of event %', NEW.seq, NEW.game_id, g.head
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    UPDATE games SET head = NEW.seq, head_hash = NEW.hash WHERE game_id = NEW.game_id;
    RETURN NEW;
END $$;
CREATE TRIGGER events_follow_head BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_follow_head();

-- The head moves only with an inserted event.
CREATE FUNCTION games_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (NEW.head, NEW.head_hash) IS DISTINCT FROM (OLD.head, OLD.head_hash) AND pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'the head of a game moves only with its events' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NEW.game_id <> OLD.game_id OR NEW.kind <> OLD.kind OR NEW.created_at <> OLD.created_at THEN
        RAISE EXCEPTION 'a game keeps its id, kind and creation time' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER games_head_guard BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION games_head_guard();
CREATE TRIGGER games_no_delete BEFORE DELETE ON games FOR EACH ROW EXECUTE FUNCTION events_refuse_change();

CREATE TABLE commands (
    game_id    TEXT    NOT NULL REFERENCES games (game_id),
    command_id TEXT    NOT NULL,
    first_seq  INTEGER NOT NULL,
    last_seq   INTEGER NOT NULL,
    PRIMARY KEY (game_id, command_id)
);
CREATE TRIGGER commands_no_update BEFORE UPDATE OR DELETE ON commands FOR EACH ROW EXECUTE FUNCTION events_refuse_change();

-- A pure cache: may be dropped and rebuilt.
CREATE TABLE checkpoints (
    game_id TEXT    NOT NULL,
    seq     INTEGER NOT NULL,
    state   BYTEA   NOT NULL,
    PRIMARY KEY (game_id, seq)
);
