"""Speed of the air battles: ``python3 -m assistant.games.asia_engulfed.bench_air`` (or ``tabletop bench
asia_engulfed_air``).

A Day battle of two rounds on the generated board of ``bench`` (200 land zones, 150 Japanese blocks): two carrier
forces of 4 CV steps with four CBA each, a battleship and a cruiser; the interception, each round's missions, air
combat, both sides' AA, both sides' strikes and the aircraft's return — 15 commands, dice typed — decided and
folded into the state in memory. Median over the rounds, per battle and per command."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

import msgspec

from assistant.decider import Context
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import commands_air as ca
from assistant.games.asia_engulfed.bench import generated_board, generated_scenario
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import initial_state

SEA = "north1"


def _pieces() -> tuple[Piece, ...]:
    out = [Piece(id="jp-cv", nation="japan", kind="cv", steps=4, at=SEA),
           Piece(id="jp-ca", nation="japan", kind="ca", steps=4, at=SEA),
           Piece(id="us-cv", nation="usa", kind="cv", steps=4, at=SEA),
           Piece(id="us-bb", nation="usa", kind="bb", steps=4, at=SEA)]
    for side, cv in (("japan", "jp-cv"), ("usa", "us-cv")):
        out += [Piece(id=f"{cv}-cba{i}", nation=side, kind="cba", steps=2, at=cv) for i in range(1, 5)]
    return tuple(out)


def _state():
    from assistant.games.asia_engulfed.game import GAME

    definition = GAME.setup(msgspec.convert({"board": to_dict(generated_board())}, GAME.options_type))
    s = initial_state(definition)
    sc = generated_scenario()
    sc = msgspec.structs.replace(sc, pieces=sc.pieces + _pieces())
    for e in GAME.decide(c.SetUpScenario(scenario=sc), s, Context()):
        s = GAME.evolve(s, e)
    return msgspec.structs.replace(s, turn=2, side="japan", phase="air_naval_combat")


def _round() -> list:
    jp, us = "jp-cv-cba", "us-cv-cba"
    return [
        ca.AssignAir(sea=SEA, japan={f"{jp}1": "attack", f"{jp}2": "attack", f"{jp}3": "escort", f"{jp}4": "escort"},
                     allies={f"{us}1": "cap", f"{us}2": "cap", f"{us}3": "attack", f"{us}4": "escort"}),
        ca.FightAir(where=SEA, faces=(1,) * 8),
        ca.FireAntiAircraft(where=SEA, side="allies", faces=(1,) * 4),
        ca.FireAntiAircraft(where=SEA, side="japan", faces=(1,) * 4),
        c.NavalFire(sea=SEA, kind="strike", targets={f"{jp}1": "us-cv", f"{jp}2": "us-bb"}, faces=(1,) * 4),
        c.NavalFire(sea=SEA, kind="strike", targets={f"{us}3": "jp-cv"}, faces=(1, 1)),
        ca.EndAirRound(where=SEA),
    ]


BATTLE = [c.Intercept(sea=SEA, japan="day", allies="day", faces=(4, 1)), *_round(), *_round()]


def run(rounds: int = 20) -> dict[str, Any]:
    from assistant.games.asia_engulfed.game import GAME

    start = _state()
    times = []
    for _ in range(rounds):
        s = start
        t0 = time.perf_counter()
        for command in BATTLE:
            for e in GAME.decide(command, s, Context()):
                s = GAME.evolve(s, e)
        times.append(time.perf_counter() - t0)
        assert SEA not in s.battles
    median = statistics.median(times) * 1000
    return {"Day battle of two rounds decided and folded, median (ms)": round(median, 2),
            "per command, median (ms)": round(median / len(BATTLE), 3), "commands": len(BATTLE),
            "worst (ms)": round(max(times) * 1000, 2)}


if __name__ == "__main__":
    json.dump(run(), sys.stdout, indent=2)
    print()
