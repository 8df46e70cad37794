"""Facts a rule needs that the board does not have yet, so players know what to read off their map."""

from __future__ import annotations

import msgspec

from assistant.games.europe_engulfed.board.format import Board


class BoardGap(msgspec.Struct, frozen=True, kw_only=True, order=True):
    subject: str  # an area or sea-area id
    fact: str  # the format's key, e.g. "ports", "borders", "terrain"
    rule: str  # the rule that needs it, e.g. "EE 3.3"

    def sentence(self) -> str:
        return f"{self.subject}: {FACT_WORDS.get(self.fact, self.fact)} unknown (needed by {self.rule})"


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


def gaps(board: Board) -> list[BoardGap]:
    """Every fact the board still lacks, sorted by place."""
    out: list[BoardGap] = []
    for i, a in board.areas.items():
        for fact, rule in AREA_FACT_RULES.items():
            if fact == "borders":
                missing = not a.borders_complete
            elif fact in ("terrain", "weather_zone") and a.kind == "box":
                missing = False
            else:
                missing = getattr(a, fact) is None
            if missing:
                out.append(BoardGap(subject=i, fact=fact, rule=rule))
        if a.kind == "fortress" and a.container is None and not a.standalone:
            out.append(BoardGap(subject=i, fact="container", rule="EE Glossary (Forteresses)"))
    for i, s in board.seas.items():
        if s.maintenance is None:
            out.append(BoardGap(subject=i, fact="maintenance", rule="EE 4.2"))
        if s.adjacent is None:
            out.append(BoardGap(subject=i, fact="adjacent", rule="EE 3.3"))
    return sorted(out)
