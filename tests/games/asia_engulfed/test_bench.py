"""The Asia Engulfed benchmarks run to their end (their figures are read by people, not asserted): a bench that
stopped on a refusal would measure nothing, and ``tabletop bench`` would stop there."""

from __future__ import annotations

from assistant.games.asia_engulfed import bench, bench_air


def test_supply_production_and_map_benches_run_on_the_generated_board():
    supply = bench.supply(repeats=1)
    assert supply["land zones"] > 0 and supply["supply determination, median (ms)"] > 0
    production = bench.production(rounds=1)
    assert production["commands in the phase"] > 0
    assert bench.drawing(rounds=1)["map drawn for a page, median (ms)"] > 0


def test_the_day_battle_bench_runs():
    assert bench_air.run(rounds=1)["commands"] > 0
