"""The write side: the score, who has rolled this round, and the winner; ``evolve`` only applies facts."""

from __future__ import annotations

from typing import Any

import msgspec

from events.core import DiceRolled, PhaseBegan
from tabletop_duel.events import DuelWon, PointScored


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    sides: tuple[str, str] = ("north", "south")
    target: int = msgspec.field(default=3)


class State(msgspec.Struct, frozen=True):
    sides: tuple[str, ...]
    target: int
    round: int = 0
    phase: str = ""
    score: dict[str, int] = {}
    rolled: dict[str, int] = {}  # side -> face, this round
    winner: str = ""


def setup(options: Options) -> dict[str, Any]:
    if not 1 <= options.target <= 20:
        from assistant.decider import Refused

        raise Refused(f"a duel is played to 1 to 20 points, not {options.target}", rule="Duel 1")
    if options.sides[0] == options.sides[1] or not all(0 < len(s) <= 40 for s in options.sides):
        from assistant.decider import Refused

        raise Refused("the two sides need two different names of 1 to 40 characters", rule="Duel 1")
    return {"sides": list(options.sides), "target": options.target}


def initial_state(definition: dict[str, Any]) -> State:
    sides = tuple(definition["sides"])
    return State(sides=sides, target=definition["target"], score={s: 0 for s in sides})


def evolve(state: State, event: Any) -> State:
    replace = msgspec.structs.replace
    if isinstance(event, PhaseBegan):
        return replace(state, round=event.round, phase=event.phase, rolled={})
    if isinstance(event, DiceRolled) and event.thrower in state.sides:
        return replace(state, rolled={**state.rolled, event.thrower: event.faces[0]})
    if isinstance(event, PointScored):
        return replace(state, score={**state.score, event.side: state.score[event.side] + 1})
    if isinstance(event, DuelWon):
        return replace(state, winner=event.side, phase="over")
    return state
