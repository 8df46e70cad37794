"""The start-up benchmark runs the command a player types, against bytecode compiled as an install leaves it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from assistant.games.aa_classic import start_bench


def test_the_start_bench_times_the_installed_command_and_its_peers(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # as in some shells: runs would compile the sources
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    db = tmp_path / "games.sqlite3"
    game_id, head = start_bench.make_database(db, events=4000)  # a real game (some 3,000 events) and notes
    assert head == 4000

    figures = start_bench.state_at_process(db, game_id, head, runs=2)
    assert figures["bytecode_cache"] == "compiled before timing"
    script = Path(sys.executable).parent / "tabletop"
    assert figures["command"].startswith("tabletop state" if script.is_file() else "python")
    for name in ("state_at_process_s_median", "python_pass_s_median", "python_S_pass_s_median"):
        assert figures[name] > 0
    assert figures["interpreter"].startswith(f"{sys.executable} (CPython {sys.version.split()[0]}, libpython ")
    # what was timed is what a player gets: the table at an event, printed
    at = subprocess.run(start_bench._tabletop("--db", str(db), "--json", "state", game_id, "--at", "700"),
                        capture_output=True, text=True, check=True)
    now = subprocess.run(start_bench._tabletop("--db", str(db), "--json", "state", game_id),
                         capture_output=True, text=True, check=True)
    assert at.stdout.strip() and at.stdout != now.stdout

    answered = start_bench.state_at_answered(db, game_id, head, runs=2)
    assert answered["state_at_answered_s_median"] > 0 and answered["state_at_answered_python_pass_s_median"] > 0

    first_page = start_bench.serve_first_page(db, game_id, runs=1)
    assert first_page["serve_first_page_s_median"] > 0
