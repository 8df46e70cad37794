"""Which checkpoints a game has is read from a small index, not by walking the stored states; a read-only file
made before that index still opens and serves its views."""

from __future__ import annotations

import sqlite3

from assistant import bench
from assistant.application import Assistant
from events.store import EventStore
from tests.core.test_damaged_storage import _read_only, _writable
from tests.toygame import game as toy


def _game(path) -> list:
    store = EventStore(path)
    bench.write_log(store, "g", toy, 2_500)
    views = [Assistant(store, bench._registry(toy), checkpoint_every=500).view("g", at=s) for s in (2_500, 1_234)]
    store.close()
    return [v.states for v in views]


def test_the_checkpoints_of_a_game_are_found_by_their_index(tmp_path):
    _game(tmp_path / "g.sqlite3")
    store = EventStore(tmp_path / "g.sqlite3")
    plan = store._run("EXPLAIN QUERY PLAN SELECT seq FROM checkpoints WHERE game_id=? AND seq<=? ORDER BY seq DESC",
                      ("g", 2_000))
    assert "COVERING INDEX checkpoints_seqs" in plan[0][-1]
    assert store.checkpoint_seqs("g", 2_000) == [2_000, 1_500, 1_000, 500]
    store.close()


def test_a_read_only_file_from_before_the_index_still_serves_its_views(tmp_path):
    path = tmp_path / "old" / "g.sqlite3"
    path.parent.mkdir()
    expected = _game(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP INDEX checkpoints_seqs")
    locked = _read_only(path, path.parent)
    try:
        store = EventStore(path)
        app = Assistant(store, bench._registry(toy), checkpoint_every=500)
        assert [app.view("g", at=s).states for s in (2_500, 1_234)] == expected
        assert store.checkpoint_seqs("g", 2_000) == [2_000, 1_500, 1_000, 500]
        store.close()
    finally:
        _writable(*locked)
    assert not sqlite3.connect(path).execute("SELECT 1 FROM sqlite_master WHERE name='checkpoints_seqs'").fetchall()
