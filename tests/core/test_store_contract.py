"""One contract, two stores: every test here runs against the SQLite file and against a real PostgreSQL.

The application layer only ever sees this contract, so a game played through ``Assistant`` behaves the same on
either store (the last tests play one through it).
"""

from __future__ import annotations

import threading

import msgspec
import pytest

from assistant.application import Assistant
from events.exchange import read_lines, verify_rows
from events.hashing import GENESIS
from events.store import Conflict, GameNotFound, NewEvent, StoreError
from tests.conftest import FIXED
from tests.toygame.game import TreasuryEdited


def ev(n: int = 1, rewinds_to: int | None = None) -> NewEvent:
    return NewEvent("toy.treasury_edited", 1, msgspec.json.encode(TreasuryEdited(side="red", amount=n, reason="r")),
                    rewinds_to)


def started(store, game_id: str = "g1") -> str:
    store.append(game_id, 0, [ev(0)], actor="table", command_id=f"{game_id}-new", recorded_at="2026-11-21T20:00Z",
                 kind="toy", title="Friday")
    return game_id


def test_appends_are_numbered_chained_and_read_back_in_order(any_store):
    gid = started(any_store)
    done = any_store.append(gid, 1, [ev(1), ev(2), ev(3)], actor="red", command_id="c1", recorded_at="t1")
    assert (done.first_seq, done.last_seq, done.duplicate) == (2, 4, False)
    rows = list(any_store.rows(gid))
    assert [r.seq for r in rows] == [1, 2, 3, 4]
    assert rows[0].prev_hash == GENESIS and all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:]))
    assert verify_rows(rows) is None
    assert any_store.head(gid) == 4
    assert any_store.head_commitment(gid) == (4, rows[-1].hash)
    assert [r.seq for r in any_store.rows(gid, 1, 3)] == [2, 3]
    assert [r[0] for r in any_store.replay_rows(gid, 2, 4)] == [3, 4]
    assert [m[0] for m in any_store.meta_newest_first(gid, 1)] == [4, 3, 2]
    assert any_store.command_span(gid, "c1") == (2, 4)
    assert any_store.command_span(gid, "nope") is None


def test_an_append_expecting_an_old_head_writes_nothing(any_store):
    gid = started(any_store)
    any_store.append(gid, 1, [ev()], actor="red", command_id="c1", recorded_at="t")
    with pytest.raises(Conflict, match="moved on"):
        any_store.append(gid, 1, [ev(), ev()], actor="blue", command_id="c2", recorded_at="t")
    assert any_store.head(gid) == 2 and any_store.command_span(gid, "c2") is None
    # the refused command left no trace: sent again against the table as it is, it is written, not a duplicate
    again = any_store.append(gid, 2, [ev(), ev()], actor="blue", command_id="c2", recorded_at="t")
    assert (again.first_seq, again.last_seq, again.duplicate) == (3, 4, False)
    assert any_store.command_span(gid, "c2") == (3, 4)


def test_a_repeated_command_id_writes_nothing_and_returns_the_first_result(any_store):
    gid = started(any_store)
    first = any_store.append(gid, 1, [ev(), ev()], actor="red", command_id="same", recorded_at="t")
    again = any_store.append(gid, 3, [ev()], actor="red", command_id="same", recorded_at="t")
    assert (again.first_seq, again.last_seq, again.duplicate) == (first.first_seq, first.last_seq, True)
    assert any_store.head(gid) == 3


def test_a_command_whose_second_event_fails_leaves_nothing(any_store):
    gid = started(any_store)
    broken = NewEvent("toy.treasury_edited", 1, None)  # type: ignore[arg-type]  # NOT NULL payload
    with pytest.raises((StoreError, TypeError, ValueError)):
        any_store.append(gid, 1, [ev(), broken], actor="red", command_id="half", recorded_at="t")
    assert any_store.head(gid) == 1 and any_store.command_span(gid, "half") is None
    assert any_store.append(gid, 1, [ev()], actor="red", command_id="after", recorded_at="t").last_seq == 2


def test_appending_to_a_game_that_does_not_exist_is_refused(any_store):
    with pytest.raises(GameNotFound):
        any_store.append("ghost", 0, [ev()], actor="red", command_id="c", recorded_at="t")
    assert any_store.games() == []


def test_creating_the_same_game_twice_conflicts(any_store):
    started(any_store)
    with pytest.raises(Conflict):
        any_store.append("g1", 0, [ev()], actor="t", command_id="other", recorded_at="t", kind="toy")


def test_games_list_find_by_prefix_and_archive(any_store):
    started(any_store, "abc123")
    started(any_store, "abd456")
    assert sorted(g.game_id for g in any_store.games()) == ["abc123", "abd456"]
    assert any_store.find_game("abc").game_id == "abc123"
    with pytest.raises(GameNotFound, match="matches 2 games"):
        any_store.find_game("ab")
    with pytest.raises(GameNotFound):
        any_store.find_game("zz")
    with pytest.raises(GameNotFound):
        any_store.find_game("a%")  # a pattern character is a character, not a wildcard
    any_store.set_archived("abc123")
    assert [g.game_id for g in any_store.games()] == ["abd456"]
    assert sorted(g.game_id for g in any_store.games(include_archived=True)) == ["abc123", "abd456"]
    assert any_store.game("abc123").head == 1 and any_store.game("abc123").title == "Friday"


def test_cancelling_events_are_found_by_their_rewind(any_store):
    gid = started(any_store)
    any_store.append(gid, 1, [ev(), ev()], actor="red", command_id="c1", recorded_at="t")
    any_store.append(gid, 3, [ev(rewinds_to=2)], actor="red", command_id="c2", recorded_at="t")
    assert [(s, rw) for s, rw, _p in any_store.rewinding(gid, 4)] == [(4, 2)]
    assert any_store.rewinding(gid, 3) == []


def test_checkpoints_are_a_cache(any_store):
    gid = started(any_store)
    any_store.save_checkpoint(gid, 1, b"state-1")
    any_store.save_checkpoint(gid, 1, b"state-1b")
    assert any_store.checkpoint_seqs(gid, 5) == [1] and any_store.load_checkpoint(gid, 1) == b"state-1b"
    any_store.drop_checkpoints(gid)
    assert any_store.load_checkpoint(gid, 1) is None


def test_an_imported_game_keeps_its_hashes_and_cannot_be_imported_twice(any_store, tmp_path):
    from events.store import EventStore

    source = EventStore(tmp_path / "source.sqlite3")
    gid = started(source, "imported")
    source.append(gid, 1, [ev(), ev()], actor="red", command_id="c1", recorded_at="t")
    rows = list(source.rows(gid))
    any_store.import_rows(rows, "toy", "Friday")
    assert list(any_store.rows(gid)) == rows
    assert any_store.head_commitment(gid) == (3, rows[-1].hash)
    assert any_store.command_span(gid, "c1") == (2, 3)
    with pytest.raises(StoreError, match="already in this database"):
        any_store.import_rows(rows, "toy", "Friday")
    source.close()


def test_concurrent_writers_each_get_their_turn_and_lose_nothing(any_store):
    gid = started(any_store)
    acked: dict[str, list[str]] = {"a": [], "b": []}

    def writer(name: str) -> None:
        for n in range(40):
            cid = f"{name}{n}"
            while True:
                try:
                    any_store.append(gid, any_store.head(gid), [ev(), ev()], actor=name, command_id=cid,
                                     recorded_at="t")
                    break
                except Conflict:
                    continue
            acked[name].append(cid)

    threads = [threading.Thread(target=writer, args=(n,)) for n in acked]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    rows = list(any_store.rows(gid))
    assert [r.seq for r in rows] == list(range(1, 162)) and verify_rows(rows) is None
    for name, ids in acked.items():
        mine = [r.command_id for r in rows if r.actor == name]
        assert mine[::2] == ids and mine[1::2] == ids, f"{name}: each command whole, once, in order"
    if hasattr(any_store, "close"):
        any_store.close()  # the SQLite store keeps one connection per thread


def test_a_game_played_through_the_application_reads_the_same_on_both(any_store, registry):
    app = Assistant(any_store, registry, clock=lambda: FIXED)
    gid = app.new_game("toy", {"treasury": 12}, game_id="played", command_id="new")
    app.handle(gid, '{"type": "toy.end_phase"}', command_id="c1")
    app.handle(gid, '{"type": "toy.edit_treasury", "side": "red", "amount": 5, "reason": "found"}', command_id="c2")
    app.handle(gid, '{"type": "core.undo"}', command_id="c3")
    assert app.view(gid).game.treasury["red"] == 12
    app.handle(gid, '{"type": "core.redo"}', command_id="c4")
    assert app.view(gid).game.treasury["red"] == 17
    assert app.verify(gid) is None
    assert [e.cancelled for e in app.log(gid)] == [False, False, False, True, False]
    assert [r.seq for r in read_lines(app.export(gid))] == [1, 2, 3, 4, 5]
