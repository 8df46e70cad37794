"""The core benchmark runs end to end on a small log (its figures are read by people, not asserted here)."""

from __future__ import annotations

import sys

import pytest

from assistant import bench
from tests.toygame import game as toy


def test_generated_log_has_exactly_the_requested_events_and_whole_commands():
    commands = bench.table_events(toy, 1_001)
    assert sum(len(c) for c in commands) == 1_001
    assert all(len(c) == 2 for c in commands if any(type(e).__name__ == "DiceRolled" for e in c))


def test_benchmark_runs_and_both_libraries_replay_to_the_same_table():
    figures = bench.run(events=3_000, append_seconds=0.1)  # raises if the two replays disagree
    assert figures["events"] == 3_000 and figures["append_commands"] > 0
    for key in ("replay_s", "state_at_ms_p95", "replay_peak_mb", "eventsourcing_replay_s", "replay_speedup"):
        assert figures[key] > 0, key


def test_the_instruction_count_run_appends_exactly_the_commands_asked():
    # the creation, the first phase's end, then the commands asked (whole cycles of four)
    assert bench.append_steps(8) == 2 + 8
    assert bench.append_steps(0) == 2


def test_the_bench_module_refuses_a_bad_count_by_name(capsys):
    for argv, said in ((["abc"], "'abc' is not a whole number"), (["--appends", "-3"], "-3 is outside 0 to 1,000,000"),
                       (["0"], "0 is outside 1 to 10,000,000")):
        with pytest.raises(SystemExit) as stop:
            bench.main(argv)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and said in err and "Traceback" not in err


def test_without_the_test_game_the_core_figures_are_skipped_and_the_rest_go_on(monkeypatch):
    # an install from a wheel has no tests/ folder: `tabletop bench` then says why the core has no figures
    monkeypatch.setitem(sys.modules, "tests.toygame", None)
    assert bench.run(events=10, append_seconds=0.01) == {"skipped": bench.NO_CHECKOUT}
    with pytest.raises(SystemExit, match="run it from a source checkout"):
        bench.append_steps(4)
