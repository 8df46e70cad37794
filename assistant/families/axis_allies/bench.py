"""Benchmark tools every Axis & Allies game uses: replay a game's events from scratch, fold its read models, time
each command handled by the application over a SQLite log, and time exact odds against a Monte Carlo."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from assistant.decider import DiceRoller, GameKind


def replay(game: GameKind, definition: dict[str, Any], events: list) -> Any:
    s = game.initial_state(definition)
    for e in events:
        s = game.evolve(s, e)
    return s


def replay_read_models(game: GameKind, definition: dict[str, Any], events: list) -> list:
    from projections.base import Recorded

    states = [p.initial(definition) for p in game.projections]
    state = game.initial_state(definition)
    for seq, e in enumerate(events, start=2):
        rec = Recorded(seq, e, "", "table", "")
        state = game.evolve(state, e)  # what a read model reading the game's state is given
        states = [(p.apply(st, rec, state) if p.reads_game else p.apply(st, rec)) if p.handles(type(e)) else st
                  for p, st in zip(game.projections, states)]
    return states


def through_the_app(kind: str, options: dict[str, Any], seed: int, commands: list) -> list[float]:
    """Every command handled by the application (decide + append to SQLite), timed one by one."""
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        app = Assistant(store, KindRegistry(), dice=DiceRoller(random.Random(seed).randrange))
        gid = app.new_game(kind, options)
        times = []
        for command in commands:
            t0 = time.perf_counter()
            app.handle(gid, command)
            times.append(time.perf_counter() - t0)
        store.close()
    return times


def table_figures(kind: str, options: dict[str, Any], seed: int, commands: list, samples: int = 60) -> dict:
    """A played game at the table, through Flask's test client over a SQLite log: the whole page, its htmx
    fragment, and a step back in time to a random event (wall p50 / p95 and processor p95, in ms). Each figure
    after one untimed request (templates, the map's kept parts)."""
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from assistant.web.app import create_app
    from events.store import EventStore

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        app = Assistant(store, KindRegistry(), dice=DiceRoller(random.Random(seed).randrange))
        gid = app.new_game(kind, options)
        for command in commands:
            app.handle(gid, command)
        head = app.head(gid)
        client = create_app(app, testing=True).test_client()
        htmx = {"HX-Request": "true"}
        out: dict[str, Any] = {"events at the table": head}
        for name, url, headers in (("table page", lambda: f"/g/{gid}", {}),
                                   ("table fragment (htmx)", lambda: f"/g/{gid}", htmx),
                                   ("time travel to a random event (htmx)",
                                    lambda: f"/g/{gid}?at={rng.randint(1, head)}", htmx)):
            walls, cpus = [], []
            for i in range(samples + 1):
                t0, c0 = time.perf_counter(), time.thread_time()
                response = client.get(url(), headers=headers)
                if response.status_code != 200:
                    raise RuntimeError(f"{name}: HTTP {response.status_code}")
                if i:
                    walls.append((time.perf_counter() - t0) * 1000)
                    cpus.append((time.thread_time() - c0) * 1000)
            walls.sort()
            cpus.sort()
            p95 = int(0.95 * (samples - 1))
            out[f"{name}: p50 / p95 (ms), processor p95"] = (
                f"{walls[samples // 2]:.1f} / {walls[p95]:.1f}, {cpus[p95]:.1f}")
        store.close()
    return out


def game_figures(game: GameKind, play: Any, options: dict[str, Any], games: int, app_seed_offset: int = 0) -> dict:
    """Figures over ``games`` random games that last their full length (games won earlier are skipped): replay from
    scratch, every read model folded, and the median command handled by the application over SQLite."""
    import statistics

    replays, models, sizes, skipped, medians = [], [], [], 0, []
    seed = 0
    while len(replays) < games and seed < games * 5:
        definition, commands, events = play(seed)
        t0 = time.perf_counter()
        final = replay(game, definition, events)
        elapsed = time.perf_counter() - t0
        if final.victory is not None:
            skipped += 1
        else:
            replays.append(elapsed)
            sizes.append(len(events))
            t0 = time.perf_counter()
            replay_read_models(game, definition, events)
            models.append(time.perf_counter() - t0)
            if not medians:
                medians.append(statistics.median(through_the_app(game.name, options, seed + app_seed_offset, commands)))
        seed += 1
    return {
        "20-round games": len(replays),
        "games won before round 20 (skipped)": skipped,
        "events per game": sizes,
        "replay from scratch, worst (s)": round(max(replays), 4) if replays else None,
        "replay from scratch, mean (s)": round(statistics.mean(replays), 4) if replays else None,
        "replay of every read model, worst (s)": round(max(models), 4) if models else None,
        "command decided and appended, median (ms)": round(medians[0] * 1000, 3) if medians else None,
    }


def exact_against_monte_carlo(battle: Any, runs: int = 10_000, seed: int = 1, repeats: int = 7) -> dict[str, Any]:
    """Exact odds of ``battle`` against the numpy Monte Carlo of ``runs`` runs, measured the same way in the same
    process: alternately one of each (so both meet the same load on a shared machine), ``repeats`` times, the best
    of each kept, in wall time and in processor time. Both start cold: the exact side forgets solved battles and hit
    tables, the simulation builds its set-up on every call. The ratios compare figures of this one run."""
    from assistant.families.axis_allies import odds
    from assistant.families.axis_allies.montecarlo import simulate_vectorised

    def exact() -> Any:
        odds.clear_caches()
        return odds.battle_odds(battle)

    def sampled() -> Any:
        return simulate_vectorised(battle, runs=runs, seed=seed)

    best = {"exact": [float("inf"), float("inf")], "monte_carlo": [float("inf"), float("inf")]}
    results: dict[str, Any] = {}
    for _ in range(repeats):
        for name, call in (("exact", exact), ("monte_carlo", sampled)):
            wall, cpu = time.perf_counter(), time.process_time()
            results[name] = call()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best[name] = [min(best[name][0], wall), min(best[name][1], cpu)]
    exact_odds, estimate = results["exact"], results["monte_carlo"]
    pairs = [(getattr(exact_odds, k), getattr(estimate, k)) for k in ("attacker_wins", "defender_wins", "draw", "captures")]
    pairs += list(zip(exact_odds.rounds, estimate.rounds))
    return {
        "measured": f"best of {repeats} each, alternating, cold, wall and processor time",
        "interpreter_flags": "-O" if sys.flags.optimize else "none",
        "exact_ms": round(best["exact"][0] * 1000, 2),
        "exact_processor_ms": round(best["exact"][1] * 1000, 2),
        "exact_states": exact_odds.states,
        "monte_carlo_runs": runs,
        "monte_carlo_numpy_ms": round(best["monte_carlo"][0] * 1000, 2),
        "monte_carlo_numpy_processor_ms": round(best["monte_carlo"][1] * 1000, 2),
        "exact_over_numpy_monte_carlo": round(best["exact"][0] / best["monte_carlo"][0], 3),
        "exact_over_numpy_monte_carlo_processor": round(best["exact"][1] / max(best["monte_carlo"][1], 1e-9), 3),
        "target": "exact faster than the numpy Monte Carlo (ratio < 1)",
        "largest_probability_difference": round(max(abs(a - b) for a, b in pairs), 4),
        "attacker_wins_exact": round(exact_odds.attacker_wins, 6),
        "attacker_wins_monte_carlo": estimate.attacker_wins,
    }
