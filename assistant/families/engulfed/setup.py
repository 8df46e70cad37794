"""Entering what the players' table holds: board facts and the set-up, checked against the board and recorded
whole in the game's log (so a game replays and exports its files as if they had been loaded at the start)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from assistant.decider import Refused
from assistant.families.engulfed.amendments import AmendmentRefused


def check_amendments(apply: Callable[[Any, Any], Any], board: Any, amendments: Sequence[Any], rule: str) -> None:
    """Refused, with the board format named, when an amendment cannot apply or leaves an invalid board. Allowed at
    any time: the map does not change, only what the assistant knows of it."""
    if not amendments:
        raise Refused("an amendment names at least one fact to set or remove", rule=rule)
    try:
        apply(board, amendments)
    except AmendmentRefused as exc:
        raise Refused(str(exc), rule=rule) from None


def check_scenario(found: Sequence[str], rule: str, prefix: str = "", most: int | None = None) -> None:
    """Refused with every problem the scenario check found (or the first ``most``)."""
    if found:
        raise Refused(prefix + "; ".join(found[:most]), rule=rule)


def free_ids(taken: Collection[str], stem: str, count: int = 1) -> list[str]:
    """``count`` ids ``stem1``, ``stem2``... that no piece already has."""
    out: list[str] = []
    n = 1
    while len(out) < count:
        if f"{stem}{n}" not in taken:
            out.append(f"{stem}{n}")
        n += 1
    return out


def first_free(taken: Iterable[str], stem: str) -> str:
    return free_ids(set(taken), stem)[0]
