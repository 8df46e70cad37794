"""Facts a rule needs that the board does not have yet, so players know what to read off their map."""

from __future__ import annotations

from typing import Any

from assistant.families.engulfed import gaps as family
from assistant.games.europe_engulfed.board.format import Board

FACT_WORDS = {
    "nation": "whose territory it is",
    "home": "whether it is a home area",
    "capital": "whether it is a capital",
    "resource": "whether it is a resource area",
    "terrain": "terrain",
    "weather_zone": "weather zone",
    "ports": "whether it is a port and on which sea areas",
    "borders": "its full list of land borders",
    "container": "the area surrounding the fortress",
    "maintenance": "the nation paying maintenance",
    "adjacent": "the sea areas it touches",
}

# Which rule needs each area fact (for the completeness report).
AREA_FACT_RULES = {
    "nation": "EE 3.2",
    "home": "EE 3.2",
    "resource": "EE 3.2",
    "ports": "EE 3.3",
    "borders": "EE 3.1",
    "terrain": "EE 6.8",
    "weather_zone": "EE 1.1",
    "capital": "EE 10.2",
}


SEA_FACT_RULES = {"maintenance": "EE 4.2", "adjacent": "EE 3.3"}


class BoardGap(family.BoardGap, frozen=True, kw_only=True, order=True):
    """The family's named missing fact, worded in Europe Engulfed's vocabulary."""

    WORDS = FACT_WORDS


def _facts(rules: dict[str, str]) -> family.FactTable:
    return {fact: (FACT_WORDS[fact], rule) for fact, rule in rules.items()}


def _area_missing(a: Any, fact: str) -> bool:
    if fact == "container":  # EE Glossary: a fortress inside an area, unless it stands alone
        return a.kind == "fortress" and a.container is None and not a.standalone
    if fact in ("terrain", "weather_zone") and a.kind == "box":
        return False
    return family.unknown(a, fact)


AREA_FACTS = {**_facts(AREA_FACT_RULES), "container": (FACT_WORDS["container"], "EE Glossary (Forteresses)")}


def gaps(board: Board) -> list[BoardGap]:
    """Every fact the board still lacks, sorted by place."""
    found = family.fact_gaps(board.areas, AREA_FACTS, _area_missing, BoardGap, worded=False)
    found += family.fact_gaps(board.seas, _facts(SEA_FACT_RULES), gap=BoardGap, worded=False)
    return sorted(found)  # type: ignore[arg-type]
