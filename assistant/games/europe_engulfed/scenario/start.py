"""A set-up checked against the rule book before play begins: what would make the first turns absurd.

The rule book has no set-ups, but it says what a set-up must give: each major power still in the game controls
resource areas in its home country, or it is conquered at the end of its first player turn (EE 10.1, 10.11, 9.46);
home areas nobody controls count as no one's. Refusals stop play from beginning; warnings are shown at set-up.
"""

from __future__ import annotations

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.scenario.format import Scenario

CONQUEST_RULE = {"ussr": "EE 10.11", "italy": "EE 9.46"}


def refusals(sc: Scenario, board: Board) -> list[str]:
    """Majors that would be conquered at once: none of their home resource areas is friendly-controlled."""
    out = []
    for major in data.MAJORS:
        if major in sc.conquered:
            continue
        side = data.side_of(major)
        homes = sorted(a for a, area in board.areas.items() if area.home and area.resource and area.nation == major)
        if homes and not any(sc.control.get(a) == side for a in homes):
            names = ", ".join(board.areas[a].name for a in homes)
            rule = CONQUEST_RULE.get(major, "EE 10.1")
            out.append(f"{data.nation(major).title}: none of its home resource areas ({names}) is {side}-controlled "
                       f"in this set-up, so it would be conquered at the end of its first player turn ({rule}); "
                       f"give them to the {side} side, or list {data.nation(major).title} as conquered")
    return out


def warnings(sc: Scenario, board: Board) -> list[str]:
    """Home areas of majors still in the game that the set-up leaves uncontrolled, and conquered minors whose
    capital nobody holds (EE 10.2, 10.31)."""
    out = []
    for major in data.MAJORS:
        if major in sc.conquered:
            continue
        side = data.side_of(major)
        loose = sorted(board.areas[a].name for a, area in board.areas.items()
                       if area.home and area.nation == major and a not in sc.control)
        if loose:
            out.append(f"{data.nation(major).title} home areas with no control in the set-up: {', '.join(loose)} "
                       f"(they count as no one's, not {side}, for supply and production, EE 3.2, 4.12)")
    for minor in sc.conquered:
        if minor in data.MAJORS:
            continue
        capitals = [a for a, area in board.areas.items() if area.capital and area.nation == minor]
        if capitals and all(a not in sc.control for a in capitals):
            out.append(f"{minor.title()} is listed as conquered but no side controls its capital "
                       f"({', '.join(board.areas[a].name for a in capitals)}, EE 10.2, 10.31)")
    return out
