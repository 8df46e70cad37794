"""SIGKILL at random moments while a writer appends: the log stays whole.

A writer process (tests/core/writer.py, ``burst``) appends commands of 2 to 6 events, each in one
transaction, and prints a command id only after ``append`` returned. The test kills it with SIGKILL
30 times at random moments (on either store: on PostgreSQL the killed client's transaction is
rolled back by the server) (some during start-up and schema creation, most in the middle of appending),
restarting it each time, then checks the database a player would reopen. A second test kills imports of a
20,000-event game file (one transaction): the game is then wholly there or not at all.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from assistant import bench
from assistant.application import Assistant
from events.exchange import verify_rows
from events.store import EventStore
from events.stores import open_store
from tests.core.writer import size_of
from tests.toygame import game as toy

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.core.writer", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _kill_at_random(proc: subprocess.Popen[str], rng: random.Random, early: bool) -> list[str]:
    """Kill the writer; return the command ids it acknowledged (complete lines only)."""
    acked: list[str] = []
    if early:
        time.sleep(rng.uniform(0.0, 0.25))  # may land while Python starts or the schema is created
    else:
        first = proc.stdout.readline()  # writing has begun
        if first.endswith("\n"):
            acked.append(first.strip())
        time.sleep(rng.uniform(0.0, 0.05))
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL, err
    lines = out.split("\n")
    acked += [line for line in lines[:-1] if line]  # the last piece has no newline: not acknowledged
    return acked


@pytest.mark.slow
def test_sigkill_never_loses_an_acknowledged_command_nor_leaves_half_of_one(any_app, any_target):
    app, db_path = any_app, any_target
    gid = app.new_game("toy", {"treasury": 10})
    rng = random.Random(20261121)
    acknowledged: list[str] = []
    killed_while_writing = 0
    for round_ in range(KILLS):
        early = round_ % 5 == 0
        acked = _kill_at_random(_spawn("burst", str(db_path), gid, f"k{round_}"), rng, early)
        killed_while_writing += bool(acked)
        acknowledged += acked

    assert killed_while_writing >= KILLS * 3 // 4, "most kills must land while commands are being appended"

    store = open_store(db_path)
    rows = list(store.rows(gid))
    assert verify_rows(rows) is None, "the hash chain verifies"
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))

    by_command: dict[str, list[int]] = defaultdict(list)
    for r in rows[1:]:
        by_command[r.command_id].append(r.seq)
    missing = [cid for cid in acknowledged if cid not in by_command]
    assert not missing, f"acknowledged commands lost: {missing[:5]}"
    for cid, seqs in by_command.items():
        assert len(seqs) == size_of(cid), f"half command {cid}: {len(seqs)} of {size_of(cid)} events"
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), f"{cid} is not contiguous"
        assert store.command_span(gid, cid) == (seqs[0], seqs[-1])
        parts = [r.payload for r in rows[seqs[0] - 1 : seqs[-1]]]
        assert all(f"{cid} part {i}".encode() in p for i, p in enumerate(parts)), f"{cid} out of order"

    # The last head this installation recorded (written after each commit) never runs ahead of the file: the
    # game is not mistaken for a restored older copy after a crash.
    if not db_path.startswith("postgresql://"):
        from events.integrity import seen_heads

        seen = seen_heads(Path(db_path))[gid]
        assert seen[0] <= len(rows) and rows[seen[0] - 1].hash == seen[1]
    # The survivors replay: every stored edit (+1 each) is in the treasury.
    fresh = Assistant(store, app.registry)
    assert fresh.view(gid).game.treasury["red"] == 10 + len(rows) - 1
    # and the database still takes new commands after all those crashes.
    proc = _spawn("burst", str(db_path), gid, "after")
    assert proc.stdout.readline().startswith("after-0-of-")
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=10)
    if not db_path.startswith("postgresql://"):
        assert os.path.getsize(db_path) > 0
    store.close()
    getattr(store, "shutdown", lambda: None)()  # the club store's connection pool


@pytest.mark.slow
def test_sigkill_during_an_import_leaves_the_whole_game_or_none_of_it(tmp_path):
    source = EventStore(tmp_path / "source.sqlite3")
    bench.write_log(source, "imported-game", toy, 20_000)
    game_file = tmp_path / "game.jsonl"
    game_file.write_bytes(Assistant(source, bench._registry(toy)).export("imported-game"))
    source.close()

    start = time.perf_counter()
    calm = _spawn("import", str(tmp_path / "calm.sqlite3"), str(game_file))
    assert calm.communicate(timeout=60)[0].startswith("imported")
    whole = time.perf_counter() - start  # start-up, reading and checking the file, the insert transaction

    rng = random.Random(4)
    outcomes = []
    for round_ in range(10):
        db = tmp_path / f"target{round_}.sqlite3"
        proc = _spawn("import", str(db), str(game_file))
        time.sleep(rng.uniform(0.4, 1.2) * whole)  # mostly inside the import, sometimes just after it
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
        if not db.exists():
            outcomes.append("before the database was opened")
            continue
        store = EventStore(db)
        if not store.games():
            assert store.head("imported-game") == 0, "events without their game: half an import"
            assert not out.startswith("imported"), "an acknowledged import was lost"
            outcomes.append("nothing imported")
        else:
            app = Assistant(store, bench._registry(toy))
            assert app.verify("imported-game") is None and app.head("imported-game") == 20_000
            assert app.export("imported-game") == game_file.read_bytes()
            outcomes.append("whole game" + (" (acknowledged)" if out.startswith("imported") else ""))
        store.close()
    assert any(o != "before the database was opened" for o in outcomes), outcomes
