"""Events that name units by id also name them by kind (``kinds``), so that the log says "moves 3 infantry and
2 armour", not "moves 5 units". Filled in once, where the events are decided, from the state before each event;
``evolve`` ignores the field and logs written before it read as they did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.state import State

IDS = ("units", "cargo", "removed")  # the field holding the units' ids, in the events that have ``kinds``


def _kinds(s: State, event: Any) -> dict[str, int]:
    for name in IDS:
        ids = getattr(event, name, None)
        if isinstance(ids, tuple) and ids and all(isinstance(i, int) for i in ids):  # not a flag of that name
            return dict(sorted(Counter(s.units[i].kind for i in ids if i in s.units).items()))
    return {}


def named(events: Sequence[Any], state: State) -> list[Any]:
    out, s = [], state
    for event in events:
        if "kinds" in getattr(type(event), "__struct_fields__", ()) and not event.kinds:
            kinds = _kinds(s, event)
            if kinds:
                event = msgspec.structs.replace(event, kinds=kinds)
        out.append(event)
        s = evolve(s, event)
    return out


def naming(decide: Callable[[Any, State, Any], Sequence[Any]]) -> Callable[[Any, State, Any], list[Any]]:
    """``decide`` (or ``after_dice_corrected``) whose events name their units by kind."""

    def decide_named(command: Any, state: State, ctx: Any) -> list[Any]:
        return named(decide(command, state, ctx), state)

    return decide_named


def naming_corrections(follow: Callable[[State, Any], Sequence[Any]]) -> Callable[[State, Any], list[Any]]:
    def follow_named(state: State, correction: Any) -> list[Any]:
        return named(follow(state, correction), state)

    return follow_named
