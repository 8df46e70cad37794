"""Facts a rule needs that the board does not have yet, and which computations they block."""

from __future__ import annotations

from assistant.families.engulfed.gaps import BoardGap, fact_gaps, needed_by
from assistant.games.asia_engulfed.board.format import Board

ZONE_FACTS = {  # fact -> (words, rule needing it)
    "kind": ("large zone, port box or island box", "AE 3.2"),
    "colour": ("whose colour it is", "AE 3.3"),
    "national": ("whether it is a national zone", "AE 3.3"),
    "terrain": ("terrain", "AE 6.7"),
    "port": ("port size (or no port)", "AE 3.24"),
    "seas": ("the sea zones it borders", "AE 3.4"),
    "resource": ("resource WERP", "AE 4.1"),
    "oil": ("oil points", "AE 4.1"),
    "air_base": ("whether it holds a strategic air base", "AE 2.4"),
    "vp": ("whether it is a VP zone", "AE 10.3"),
    "borders": ("its full list of land borders", "AE 3.1"),
}
SEA_FACTS = {
    "transports": ("transport icons", "AE 3.51"),
    "adjacent": ("the sea zones it touches", "AE 3.4"),
    "vp": ("whether it is a VP sea zone", "AE 10.3"),
    "japan_link": ("whether it borders the home islands (Supply Network root)", "AE 3.51"),
}
# Which computation each fact blocks, for the table's "what stops this" list.
BLOCKS = {
    "supply": ("colour", "national", "seas", "borders", "port", "kind", "adjacent", "transports", "japan_link"),
    "income": ("resource", "oil", "colour"),
    "victory": ("vp",),
    "strategic bombing": ("air_base",),
    "combat bonuses": ("terrain",),
}


def gaps(board: Board) -> list[BoardGap]:
    return sorted(fact_gaps(board.zones, ZONE_FACTS) + fact_gaps(board.seas, SEA_FACTS))


def blocking(board: Board, computation: str) -> list[BoardGap]:
    return needed_by(gaps(board), BLOCKS[computation])
