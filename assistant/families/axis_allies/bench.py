"""Benchmark tools every Axis & Allies game uses: replay a game's events from scratch, fold its read models, and
time each command handled by the application over a SQLite log."""

from __future__ import annotations

import random
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
    for seq, e in enumerate(events, start=2):
        rec = Recorded(seq, e, "", "table", "")
        states = [p.apply(st, rec) for p, st in zip(game.projections, states)]
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
