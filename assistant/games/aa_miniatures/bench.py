"""Benchmark: a 10-turn standard game played by two simple players (advance, shoot the nearest enemy), then
every command handled by the application one by one (decide + append to SQLite), and the exact odds of an
attack. ``run()`` returns the figures; ``tabletop bench`` prints them."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, Refused
from assistant.games.aa_miniatures import commands as c
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.game import GAME
from assistant.games.aa_miniatures.moves.attack import preview
from assistant.games.aa_miniatures.odds import attack_odds
from assistant.games.aa_miniatures.state import State, other

ARMIES = {"axis": ("panzer-iv-ausf-g",) * 3, "allies": ("m4a1-sherman",) * 4}
START = {"axis": (("C2", "S"), ("E2", "S"), ("G2", "S")), "allies": (("B12", "N"), ("D12", "N"), ("F12", "N"), ("H12", "N"))}


def play(seed: int) -> tuple[dict[str, Any], list, State, State]:
    """The commands of one game, decided in memory with seeded dice (only those the rules accepted); the final
    state and the state at the start of turn 3 (for the odds timing)."""
    definition = msgspec.json.decode(msgspec.json.encode(GAME.setup({})))
    state = GAME.initial_state(definition)
    ctx = Context(dice=DiceRoller(random.Random(seed).randrange))
    commands: list = []

    def do(command) -> bool:
        nonlocal state
        try:
            events = GAME.decide(command, state, ctx)
        except Refused:
            return False
        for e in events:
            state = GAME.evolve(state, e)
        commands.append(command)
        return True

    for side, cards in ARMIES.items():
        for card in cards:
            do(c.Enlist(side=side, card=card))
        do(c.FinaliseArmy(side=side))
    do(c.ChooseMap(objective=("E7",)))
    do(c.ChooseDeploymentOrder(first="axis"))
    for side in ("axis", "allies"):
        for u, (h, f) in zip(state.army(side), START[side]):
            do(c.Deploy(unit=u.id, hex=h, facing=f))
        do(c.EndPhase())
    midgame = state
    while state.victory is None and state.turn <= 12:
        if state.turn <= 3:
            midgame = state
        while not state.initiative_winner:
            do(c.RollInitiative())
        do(c.ChooseOrder(first=state.initiative_winner))
        for _phase in range(4):
            _act(state, do, lambda: state)
            do(c.EndPhase(control="contested"))
    return definition, commands, state, midgame


def _act(s: State, do, now) -> None:
    for u in list(s.on_map(s.owner)):
        s = now()
        enemies = [e for e in s.on_map(other(u.side))]
        if not enemies or s.units[u.id].destroyed:
            continue
        near = min(enemies, key=lambda e: hexes.distance(u.hex, e.hex) or 0)
        if s.phase == "assault" and do(c.Attack(attacker=u.id, target=near.id)):
            if now().cover is not None:
                do(c.Cover())
            continue
        step = min(hexes.neighbours(u.hex), key=lambda h: hexes.distance(h, near.hex) or 0)
        if hexes.distance(step, near.hex) and do(c.Move(unit=u.id, path=(step,))) and now().window is not None:
            do(c.HoldFire())


def _through_the_app(seed: int, commands: list) -> list[float]:
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(Path(tmp) / "bench.sqlite3")
        app = Assistant(store, KindRegistry(), dice=DiceRoller(random.Random(seed).randrange))
        gid = app.new_game("aa_miniatures", {})
        times = []
        for command in commands:
            t0 = time.perf_counter()
            app.handle(gid, command)
            times.append(time.perf_counter() - t0)
        store.close()
    return times


def _odds_timing(state: State) -> tuple[float, float]:
    """(median ms of the odds arithmetic for 15 dice, median ms of a full preview on the game's state)."""
    pure, full = [], []
    for _ in range(300):
        t0 = time.perf_counter()
        attack_odds(15, -1, 3, "vehicle", False, ("disrupted",), 1 / 3)
        pure.append(time.perf_counter() - t0)
    units = state.on_map("allies"), state.on_map("axis")
    if units[0] and units[1]:
        for _ in range(300):
            t0 = time.perf_counter()
            try:
                preview(state, units[0][0].id, units[1][0].id)
            except Refused:
                pass
            full.append(time.perf_counter() - t0)
    return statistics.median(pure) * 1000, (statistics.median(full) * 1000 if full else float("nan"))


def run(seed: int = 1) -> dict[str, Any]:
    definition, commands, final, midgame = play(seed)
    times = _through_the_app(seed, commands)
    pure, full = _odds_timing(midgame)
    return {
        "commands in the game": len(commands),
        "turns played": final.turn,
        "command decided and appended, median (ms)": round(statistics.median(times) * 1000, 3),
        "command decided and appended, worst (ms)": round(max(times) * 1000, 3),
        "exact attack odds, 15 dice with cover, median (ms)": round(pure, 4),
        "attack preview with odds on a game's state, median (ms)": round(full, 4),
    }
