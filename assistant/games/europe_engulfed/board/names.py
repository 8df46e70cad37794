"""Places as the players type them: "Smolensk", "East Prussia" or "pas de calais" stand for the board's ids
(``smolensk``, ``east_prussia``, ``pas_de_calais``). A typed word that names no place is kept as typed, so the
rule that reads it still says it is not on the board (or, for an amendment, that it is a new place)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from assistant.games.europe_engulfed.board.format import Board


def _key(text: str) -> str:
    return re.sub(r"[\s\-_.']+", "_", text.strip().casefold()).strip("_")


def place_id(board: Board, typed: str) -> str:
    """The id of the area or sea area ``typed`` names: its id, its id in other case or with spaces, its name as
    printed (any case), or its name before a bracket ("Lithuania" for "Lithuania (Baltic States)")."""
    if typed in board.areas or typed in board.seas:
        return typed
    key = _key(typed)
    if not key:
        return typed
    for places in (board.areas, board.seas):
        if key in places:
            return key
    for places in (board.areas, board.seas):
        for pid, place in places.items():
            name = getattr(place, "name", "") or ""
            if key in (_key(name), _key(name.split("(")[0])):
                return pid
    return typed


def place_ids(board: Board, typed: Iterable[str]) -> tuple[str, ...]:
    return tuple(place_id(board, t) for t in typed)
