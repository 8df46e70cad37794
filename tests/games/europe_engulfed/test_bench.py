"""The production-phase benchmark plays its phase to the end on the shipped board (figures are read by people, not
asserted): where the board's partial facts cannot trace supply, the players' word is recorded first."""

from __future__ import annotations

from assistant.games.europe_engulfed import bench


def test_the_benchmark_plays_a_whole_german_production_phase_through_the_app():
    figures = bench.run(rounds=1)  # raises if a command is refused; the phase must end with Italy's turn to produce
    assert figures["commands in the phase"] == len(bench.PHASE) + 1
    assert figures["production phase decided and appended, median (ms)"] > 0
    assert figures["production phase decided and folded in memory, median (ms)"] > 0


def test_the_supply_bench_runs_on_its_generated_board():
    from assistant.games.europe_engulfed.supply import bench as supply_bench

    figures = supply_bench.run(repeats=1)
    assert figures["areas"] > 0 and figures["units"] > 0 and figures["initial_ms_median"] > 0
