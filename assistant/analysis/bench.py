"""Speed figures of the analysis package: ``python3 -m assistant.analysis.bench``.

Exact odds for 30 attacking vs 30 defending land units of mixed types, the same
battle by a 10,000-run pure-Python simulation, the ratio of the two times and
the largest probability difference; then a full report of a generated
20-round game.
"""

from __future__ import annotations

import json
import time

from assistant.analysis import odds
from assistant.analysis.montecarlo import simulate

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
    odds.binomial.cache_clear()
    odds.hits_pmf.cache_clear()
    started = time.perf_counter()
    exact = odds.battle_odds(BIG_BATTLE)
    exact_s = time.perf_counter() - started
    started = time.perf_counter()
    sampled = simulate(BIG_BATTLE, runs=runs, seed=seed)
    sampled_s = time.perf_counter() - started
    pairs = [(getattr(exact, k), getattr(sampled, k)) for k in ("attacker_wins", "defender_wins", "draw", "captures")]
    pairs += list(zip(exact.rounds, sampled.rounds))
    return {
        "exact_ms": round(exact_s * 1000, 2),
        "exact_states": exact.states,
        "monte_carlo_runs": runs,
        "monte_carlo_ms": round(sampled_s * 1000, 1),
        "time_ratio_mc_over_exact": round(sampled_s / exact_s, 1),
        "largest_probability_difference": round(max(abs(a - b) for a, b in pairs), 4),
        "attacker_wins_exact": round(exact.attacker_wins, 6),
        "attacker_wins_monte_carlo": sampled.attacker_wins,
    }


def report_figures(rounds: int = 20) -> dict:
    """A full HTML report of a generated game of ``rounds`` rounds (run from the repository: the generator
    plays the test game of tests/)."""
    import tempfile
    from pathlib import Path

    from assistant.analysis.adapters import register_adapter
    from assistant.analysis.reports import report_command
    from tests.analysis.generated import long_game
    from tests.analysis.toy_adapter import TOY_ADAPTER

    register_adapter(TOY_ADAPTER)

    with tempfile.TemporaryDirectory() as folder:
        app, gid = long_game(Path(folder) / "bench.sqlite3", rounds)
        started = time.perf_counter()
        html = report_command(app, gid, "html")
        elapsed = time.perf_counter() - started
        events = app.head(gid)
        app.store.close()
    return {"rounds": rounds, "events": events, "html_bytes": len(html), "report_ms": round(elapsed * 1000, 1)}


def run() -> dict:
    return {"odds_30_v_30": odds_figures(), "report_20_rounds": report_figures()}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
