"""Group commit (events/group_commit.py): appends made at the same moment share one transaction and one flush,
each is acknowledged only once that transaction is committed, and a refused one is undone alone."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

import msgspec
import pytest

from events.exchange import verify_rows
from events.group_commit import GroupCommit, Request
from events.store import Conflict, EventStore, NewEvent
from tests.core.writer import size_of
from tests.toygame.game import TreasuryEdited

ROOT = Path(__file__).resolve().parents[2]


def _event(text: str) -> NewEvent:
    return NewEvent("toy.treasury_edited", 1, msgspec.json.encode(TreasuryEdited(side="red", amount=1, reason=text)))


def _created(store: EventStore, game_id: str) -> None:
    from events.core import GameCreated

    created = GameCreated(kind="toy", title="t", definition={"sides": ["red", "blue"], "treasury": 0})
    store.append(game_id, 0, [NewEvent("core.game_created", 1, msgspec.json.encode(created))], actor="table",
                 command_id=f"create-{game_id}", recorded_at="t", kind="toy", title="t")


def _request(name: str) -> Request:
    return Request(name, 0, (), "a", name, "t", None, None)


def test_requests_arriving_while_a_batch_is_written_are_written_together_by_one_of_them():
    release = threading.Event()
    batches: list[list[str]] = []

    def write(batch):
        batches.append([r.game_id for r in batch])
        if len(batches) == 1:
            release.wait(5)  # the disk is busy with the first batch
        for r in batch:
            r.result = f"done {r.game_id}"

    group = GroupCommit(write)
    results: dict[str, str] = {}
    first = threading.Thread(target=lambda: results.update(first=group.submit(_request("first"))))
    first.start()
    while not batches:
        time.sleep(0.001)
    others = [threading.Thread(target=lambda n=n: results.update({n: group.submit(_request(n))})) for n in "abcde"]
    for t in others:
        t.start()
    while len(group._queue) < 5:  # all five are waiting behind the first batch
        time.sleep(0.001)
    assert "first" not in results, "nothing is acknowledged before its batch is written"
    release.set()
    for t in [first, *others]:
        t.join(5)
    assert batches[0] == ["first"] and sorted(batches[1]) == list("abcde") and len(batches) == 2
    assert results == {"first": "done first", **{n: f"done {n}" for n in "abcde"}}
    assert (group.batches, group.requests) == (2, 6)


def test_a_lone_writer_is_written_at_once_and_a_failed_batch_fails_each_of_its_requests():
    def write(batch):
        raise OSError("disk gone")

    group = GroupCommit(write)
    with pytest.raises(OSError, match="disk gone"):
        group.submit(_request("x"))
    assert (group.batches, group.requests) == (1, 1)


def test_concurrent_appends_share_transactions_and_a_refused_one_is_undone_alone(tmp_path):
    store = EventStore(tmp_path / "g.sqlite3")
    games = [f"table{n}" for n in range(6)]
    for g in games:
        _created(store, g)
    real = store._write_batch
    slow_first = threading.Event()

    def write(batch):
        if not slow_first.is_set():  # hold the first transaction open until the others queue behind it
            slow_first.set()
            deadline = time.monotonic() + 30
            while len(store._group._queue) < 7 and time.monotonic() < deadline:
                time.sleep(0.005)
        real(batch)

    store._group._write_batch = write
    batches0, requests0 = store._group.batches, store._group.requests
    outcomes: dict[str, object] = {}

    def one(name: str, game: str, expected: int, cid: str) -> None:
        try:
            outcomes[name] = store.append(game, expected, [_event(name), _event(name + " again")], actor="a",
                                          command_id=cid, recorded_at="t")
        except Conflict as exc:
            outcomes[name] = exc

    threads = [threading.Thread(target=one, args=("lead", games[0], 1, "lead"))]
    threads[0].start()
    slow_first.wait(5)
    jobs = [(f"t{n}", g, 1, f"c{n}") for n, g in enumerate(games[1:], start=1)]
    jobs += [("late", games[1], 1, "late"),  # same game, same expected head as t1: one of the two conflicts
             ("repeat", games[2], 1, "c2")]  # same command id as t2: written once, reported as a repeat
    threads += [threading.Thread(target=one, args=job) for job in jobs]
    for t in threads[1:]:
        t.start()
    for t in threads:
        t.join(10)

    assert store._group.requests - requests0 == 8
    assert store._group.batches - batches0 == 2, "the seven appends queued behind the first shared one transaction"
    t1, late = outcomes["t1"], outcomes["late"]
    assert isinstance(t1, Conflict) != isinstance(late, Conflict), "exactly one of the two racing appends wins"
    t2, repeat = outcomes["t2"], outcomes["repeat"]
    assert (t2.first_seq, t2.last_seq) == (repeat.first_seq, repeat.last_seq) and t2.duplicate != repeat.duplicate
    for name in ["lead", *(f"t{n}" for n in range(2, 6))]:
        assert (outcomes[name].first_seq, outcomes[name].last_seq) == (2, 3), name
    store.close()

    again = EventStore(tmp_path / "g.sqlite3")
    seen = again.seen_heads()
    for g in games:
        rows = list(again.rows(g))
        assert verify_rows(rows) is None and [r.seq for r in rows] == [1, 2, 3]
        # each transaction moved the verified point and the head this installation saw, as one append at a time
        assert again._run("SELECT seq, hash FROM checked WHERE game_id=?", (g,)) == [(3, rows[-1].hash)]
        assert tuple(seen[g]) == (3, rows[-1].hash)
        assert again.check(g, full=True) is None
    winner = "late" if isinstance(t1, Conflict) else "c1"
    assert [r.command_id for r in again.rows(games[1])][1:] == [winner, winner]
    again.close()


@pytest.mark.slow
def test_sigkill_while_several_tables_append_at_once_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "club.sqlite3"
    store = EventStore(db)
    games = [f"table{n}" for n in range(4)]
    for g in games:
        _created(store, g)
    store.close()
    rng = random.Random(1944)
    acknowledged: list[tuple[str, str]] = []
    for round_ in range(12):
        proc = subprocess.Popen([sys.executable, "-m", "tests.core.writer", "tables", str(db), ",".join(games),
                                 f"k{round_}"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=10)
        assert proc.returncode == -signal.SIGKILL, err
        lines = (first + out).split("\n")
        acknowledged += [tuple(line.split()) for line in lines[:-1] if line]  # a line cut short is not acknowledged
    assert len(acknowledged) >= 12  # each round acknowledged at least one command before its kill

    store = EventStore(db)
    for g in games:
        rows = list(store.rows(g))
        assert verify_rows(rows) is None and [r.seq for r in rows] == list(range(1, len(rows) + 1))
        by_command: dict[str, list[int]] = defaultdict(list)
        for r in rows[1:]:
            by_command[r.command_id].append(r.seq)
        lost = [cid for game, cid in acknowledged if game == g and cid not in by_command]
        assert not lost, f"acknowledged commands lost on {g}: {lost[:5]}"
        for cid, seqs in by_command.items():
            assert len(seqs) == size_of(cid), f"half command {cid}"
        assert store.check(g, full=True) is None
    store.close()
