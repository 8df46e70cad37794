"""Speed figures of the analysis package: ``python3 -m assistant.games.aa_classic.analysis_bench``.

Exact odds for 30 attacking vs 30 defending land units of mixed types against the same battle simulated
10,000 times with numpy (every run at once: the fast way to sample), both measured the same way in the same process
(best of seven cold runs each, alternating; wall and processor time; the interpreter's flags stated), their ratio
and the largest probability difference; the pure-Python simulation's time for reference;
then a full report (HTML, SVG charts) of a real 20-round Axis & Allies game played by the A&A random legal player,
its chart library (matplotlib) loaded first and timed apart.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from assistant.families.axis_allies import odds
from assistant.families.axis_allies.bench import exact_against_monte_carlo
from assistant.families.axis_allies.montecarlo import simulate
from assistant.analysis import charts
from assistant.analysis.report_model import Series
from assistant.analysis.reports import build_report, report_command
from assistant.application import Assistant
from assistant.decider import DiceRoller
from assistant.kinds import KindRegistry
from events.store import EventStore

# A&A 2nd edition reference chart (rulebook p.9 chart; digest §3.1).
LAND_UNITS = odds.profiles_from_table(
    [
        dict(name="infantry", attack=1, defence=2, cost=3, can_take_territory=True),
        dict(name="armour", attack=3, defence=2, cost=5, can_take_territory=True),
        dict(name="fighter", attack=3, defence=4, cost=12, is_aircraft=True),
        dict(name="bomber", attack=4, defence=1, cost=15, is_aircraft=True),
    ]
)

BIG_BATTLE = odds.Battle(
    profiles=LAND_UNITS,
    attackers={"infantry": 12, "armour": 8, "fighter": 6, "bomber": 4},
    defenders={"infantry": 16, "armour": 8, "fighter": 6},
)


def odds_figures(runs: int = 10_000, seed: int = 1) -> dict:
    figures = exact_against_monte_carlo(BIG_BATTLE, runs=runs, seed=seed)
    started = time.perf_counter()
    simulate(BIG_BATTLE, runs=runs, seed=seed)
    figures["monte_carlo_pure_python_ms"] = round((time.perf_counter() - started) * 1000, 1)
    return figures


def aa_game(path: Path, rounds: int = 20, first_seed: int = 0) -> tuple[Assistant, str]:
    """A real Axis & Allies game of ``rounds`` full rounds in a SQLite file: the A&A benchmark's random legal
    player chooses the commands (``aa_classic.bench.play``), then every command goes through the application
    with the same seeded dice, so the stored log is exactly the game it played. Seeds that end in a victory
    before ``rounds`` are skipped."""
    from assistant.games.aa_classic.bench import play

    seed = first_seed
    while True:
        _definition, commands, events = play(seed, rounds)
        if not any(type(e).__struct_config__.tag == "aa.victory_declared" for e in events):
            break
        seed += 1
    app = Assistant(EventStore(path), KindRegistry(), dice=DiceRoller(random.Random(seed + 1).randrange))
    gid = app.new_game("aa_classic", {"players": 5}, title=f"Random legal A&A game (seed {seed})")
    for command in commands:
        app.handle(gid, command)
    if app.head(gid) != len(events) + 1:
        raise RuntimeError("the stored game differs from the game the random player played")
    return app, gid


def report_figures(rounds: int = 20) -> dict:
    """A full HTML report of a real ``rounds``-round A&A game, read by a fresh application with cold odds caches;
    then the report model alone (views, battles with their odds, luck, ledger), odds caches cleared again."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        writer, gid = aa_game(path, rounds)
        writer.store.close()
        app = Assistant(EventStore(path), KindRegistry())
        # The chart library's first load (a chart of two points drawn) is timed apart: under ``python -O`` it
        # compiles its sources each run (pip writes only the plain bytecode), which would count as the report's time.
        started = time.perf_counter()
        charts.render(Series(metric="load", title="load", rounds=[0, 1], values={"a": [0.0, 1.0]}))
        library_s = time.perf_counter() - started
        odds.clear_caches()
        started = time.perf_counter()
        html = report_command(app, gid, "html")
        elapsed = time.perf_counter() - started
        odds.clear_caches()
        started = time.perf_counter()
        report = build_report(app, gid)
        model_s = time.perf_counter() - started
        figures = {
            "rounds": rounds, "events": app.head(gid), "battles": len(report.battles),
            "rolls": len(report.luck.rolls), "html_bytes": len(html),
            "report_model_ms": round(model_s * 1000, 1), "report_ms": round(elapsed * 1000, 1),
            "chart_library_first_load_ms": round(library_s * 1000, 1),
        }
        app.store.close()
    return figures


def run() -> dict:
    return {"odds_30_v_30": odds_figures(), "report_20_rounds": report_figures()}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
