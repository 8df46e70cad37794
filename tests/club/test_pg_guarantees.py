"""What PostgreSQL itself enforces on the club's log, whoever connects: the application's role has no UPDATE or
DELETE on it, and triggers refuse them (and out-of-order or unchained inserts) even for the tables' owner."""

from __future__ import annotations

import psycopg
import pytest

from events.pgstore import CHANNEL
from events.store import NewEvent
from tests.postgres import APP_ROLE, dsn_for


@pytest.fixture
def game(pg_store):
    pg_store.append("g1", 0, [NewEvent("core.game_created", 1, b"{}")], actor="t", command_id="c0", recorded_at="t",
                    kind="toy")
    pg_store.append("g1", 1, [NewEvent("toy.x", 1, b"{}"), NewEvent("toy.x", 1, b"{}")], actor="t", command_id="c1",
                    recorded_at="t")
    return "g1"


def _as(dsn: str, user: str | None = None) -> psycopg.Connection:
    name = dsn.rsplit("/", 1)[1]
    return psycopg.connect(dsn_for(dsn, name, user), autocommit=True)


@pytest.mark.parametrize("statement", [
    "UPDATE events SET actor='someone else' WHERE game_id='g1' AND seq=2",
    "DELETE FROM events WHERE game_id='g1' AND seq=3",
    "UPDATE commands SET last_seq=2",
])
def test_the_application_role_may_not_change_the_log(pg_dsn, game, statement):
    with _as(pg_dsn, APP_ROLE) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 3  # but may read it


@pytest.mark.parametrize("statement, refusal", [
    ("UPDATE events SET actor='someone else' WHERE seq=2", "events rows cannot be updated"),
    ("DELETE FROM events WHERE seq=3", "events rows cannot be deleted"),
    ("TRUNCATE events CASCADE", "cannot be truncated"),
    ("DELETE FROM games", "games rows cannot be deleted"),
    ("UPDATE games SET head=2, head_hash='x'", "moves only with its events"),
    ("INSERT INTO events (game_id, seq, type, version, recorded_at, actor, command_id, payload, prev_hash, hash) "
     "VALUES ('g1', 7, 'toy.x', 1, 't', 't', 'c9', '\\x7b7d', 'x', 'y')", "does not follow its head"),
    ("INSERT INTO events (game_id, seq, type, version, recorded_at, actor, command_id, payload, prev_hash, hash) "
     "VALUES ('g1', 4, 'toy.x', 1, 't', 't', 'c9', '\\x7b7d', 'not the head hash', 'y')", "does not chain"),
])
def test_triggers_refuse_even_the_owner(pg_dsn, pg_store, game, statement, refusal):
    before = pg_store.head_commitment(game)
    with _as(pg_dsn) as conn:
        with pytest.raises(psycopg.Error, match=refusal):
            conn.execute(statement)
    assert pg_store.head_commitment(game) == before and len(list(pg_store.rows(game))) == 3


def test_the_application_role_plays_a_whole_game(pg_dsn, registry):
    from assistant.application import Assistant
    from events.pgstore import PostgresStore

    name = pg_dsn.rsplit("/", 1)[1]
    store = PostgresStore(dsn_for(pg_dsn, name, APP_ROLE))
    app = Assistant(store, registry)
    gid = app.new_game("toy", {"treasury": 3})
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "core.undo"}')
    app.archive(gid)
    assert app.verify(gid) is None and app.head(gid) == 3
    store.shutdown()


def test_an_append_notifies_its_game_and_head_only_when_committed(pg_dsn, pg_store, game):
    with _as(pg_dsn) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        pg_store.append(game, 3, [NewEvent("toy.x", 1, b"{}")], actor="t", command_id="c2", recorded_at="t")
        try:
            pg_store.append(game, 3, [NewEvent("toy.x", 1, b"{}")], actor="t", command_id="c3", recorded_at="t")
        except Exception:
            pass  # the conflicting append rolled back, and its notification with it
        heard = [n.payload for n in listener.notifies(timeout=1.0, stop_after=5)]
    assert heard == ["g1 4"]


def test_verify_compares_the_chain_with_the_head_commitment(pg_dsn, pg_store, registry):
    """Even a superuser who switches the triggers off to cut the log's end is caught by ``verify``."""
    from assistant.application import Assistant

    app = Assistant(pg_store, registry)
    gid = app.new_game("toy", {"treasury": 3})
    app.handle(gid, '{"type": "toy.end_phase"}')
    app.handle(gid, '{"type": "toy.edit_treasury", "side": "red", "amount": 1, "reason": "r"}')
    assert app.verify(gid) is None
    with _as(pg_dsn) as conn:
        conn.execute("ALTER TABLE events DISABLE TRIGGER USER")
        conn.execute("DELETE FROM events WHERE game_id=%s AND seq=3", (gid,))
        conn.execute("ALTER TABLE events ENABLE TRIGGER USER")
    assert app.verify(gid).seq == 3
