"""Two processes playing into the same game at once (a phone and a laptop at the same table), on either store.

Each writer (tests/core/writer.py, ``table``) sends treasury edits through ``Assistant.handle``; the one
that loses a race gets ``events.store.Conflict`` and sends the same command again.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from assistant.application import Assistant
from events.exchange import verify_rows
from events.stores import open_store
from tests.core.writer import command_id

ROOT = Path(__file__).resolve().parents[2]
PER_WRITER = 150


def test_two_writers_lose_nothing_duplicate_nothing_reorder_nothing(any_app, any_target):
    app, db_path = any_app, any_target
    gid = app.new_game("toy", {"treasury": 0}, players=("phone", "laptop"))
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-m", "tests.core.writer", "table", str(db_path), gid, name, str(PER_WRITER)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for name in ("phone", "laptop")
    }
    for proc in procs.values():
        assert proc.stdout.readline() == "ready\n"
    for proc in procs.values():
        proc.stdin.write("go\n")
        proc.stdin.flush()
    acked: dict[str, list[str]] = {}
    conflicts = 0
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        lines = out.splitlines()
        acked[name] = [line.split()[1] for line in lines if line.startswith("ok ")]
        conflicts += int(lines[-1].split()[1])
        assert acked[name] == [command_id(name, n, 1) for n in range(PER_WRITER)]
    assert conflicts > 0, "the writers never raced: the test proved nothing"

    store = open_store(db_path)
    rows = list(store.rows(gid))
    assert verify_rows(rows) is None
    assert [r.seq for r in rows] == list(range(1, 2 * PER_WRITER + 4)), "seqs contiguous, nothing extra"
    actors = [r.actor for r in rows[1:]]
    assert sum(a != b for a, b in zip(actors, actors[1:])) >= 10, "the writers took turns, not one after the other"
    for name in procs:
        mine = [r.command_id for r in rows if r.actor == name]
        assert mine == acked[name], f"{name}: every command exactly once, in the order it was sent"
    # No lost update: the fold sees every edit of both players.
    fresh = Assistant(store, app.registry)
    assert fresh.view(gid).game.treasury["red"] == 2 * sum(range(1, PER_WRITER + 1))
    store.close()
    getattr(store, "shutdown", lambda: None)()  # the club store's connection pool
