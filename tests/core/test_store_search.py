"""The store finds the notes that make a game a what-if fork (what the first table page asks), on either store,
searching in the database; SQLite reads them from their own index, not from the whole log."""

from __future__ import annotations

import sqlite3

import events.store as store_module
from events.core import AddNote
from events.sqlite_schema import CHECKPOINT_INDEX
from events.store import EventStore


def test_notes_naming_a_fork_origin_are_found_by_the_database(any_app):
    app = any_app
    gid = app.new_game("toy", {"treasury": 10})
    app.handle(gid, AddNote(about_seq=1, text="nothing to see"))
    app.handle(gid, AddNote(about_seq=1, text="What-if fork of game abc from its event 1."))
    app.handle(gid, AddNote(about_seq=2, text="quoting: What-if fork of game xyz"))
    app.handle(gid, AddNote(about_seq=2, text="what-if fork of game in other words"))
    assert app.store.fork_notes(gid) == [3, 4]
    assert app.store.fork_notes("no-such-game") == []


def test_sqlite_reads_the_fork_notes_from_their_index(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    statements = []
    store._connect().set_trace_callback(statements.append)
    store.fork_notes("g")
    plan = store._connect().execute(f"EXPLAIN QUERY PLAN {statements[-1]}").fetchall()
    assert any("USING INDEX events_fork_notes" in row[-1] for row in plan), plan
    store.close()


def a_file_from_before_the_index(app) -> tuple[str, str]:
    """(game, file): a fork's note written, then the index dropped, as in a file from before it."""
    gid = app.new_game("toy", {"treasury": 10})
    app.handle(gid, AddNote(about_seq=1, text="What-if fork of game abc from its event 1."))
    path = app.store.path
    app.store.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP INDEX events_fork_notes")
    return gid, path


def test_a_file_where_the_index_could_not_be_made_is_still_searched(app, monkeypatch):
    """A read-only file from before the index opens without it (store.py passes over the refusal)."""
    gid, path = a_file_from_before_the_index(app)
    monkeypatch.setattr(store_module, "INDEXES", (CHECKPOINT_INDEX,))
    store = EventStore(path)
    assert store.fork_notes(gid) == [2]
    store.close()


def test_a_file_from_before_the_index_gains_it_when_opened(app):
    gid, path = a_file_from_before_the_index(app)
    store = EventStore(path)
    names = {r[0] for r in store._connect().execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert "events_fork_notes" in names
    assert store.fork_notes(gid) == [2]
    store.close()


def test_the_club_database_reads_the_fork_notes_from_their_index(pg_store):
    from events.migrations import MIGRATIONS
    from events.pgstore import FORK_NOTES_WHERE

    assert any(FORK_NOTES_WHERE in script for _, name, script in MIGRATIONS if name == "0003_fork_notes")
    with pg_store.pool.connection() as conn:
        conn.execute("SET enable_seqscan = off")  # an empty table: the planner would rather read it whole
        plan = "\n".join(r[0] for r in conn.execute(
            f"EXPLAIN SELECT seq FROM events WHERE game_id='g' AND {FORK_NOTES_WHERE} ORDER BY seq"))
    assert "events_fork_notes" in plan, plan
