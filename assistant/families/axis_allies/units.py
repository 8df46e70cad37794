"""Counting the pieces on an Axis & Allies board, for both games' states (each unit has a space, owner and kind)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a shape for type checkers; building a Protocol class would cost every start-up
    from typing import Protocol

    class Piece(Protocol):
        space: str
        owner: str
        kind: str


def count_by_space(units: Iterable[Piece]) -> dict[str, dict[str, dict[str, int]]]:
    """space -> power -> unit kind -> count (cargo and fighters aboard count in their sea zone)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for u in units:
        kinds = out.setdefault(u.space, {}).setdefault(u.owner, {})
        kinds[u.kind] = kinds.get(u.kind, 0) + 1
    return out


def owners_by_space(units: Iterable[Piece]) -> dict[str, Counter]:
    """space -> how many pieces each power has there (the map's counts, colours and tooltips)."""
    out: dict[str, Counter] = {}
    for u in units:
        out.setdefault(u.space, Counter())[u.owner] += 1
    return out
