"""What the supply rules look at, as plain frozen Structs the game state holds or builds (EE 3.0).

The supply functions are pure over (board, SupplySituation): unit positions, area control, contested areas,
fleet points, beachheads, who conquered which resource area, and two war flags the sea rules test.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Side = Literal["Axis", "Allied"]
# Control of an area: a side, a neutral minor's own, or Vichy France's (neutral, pro-Axis: EE 9.522/9.523).
Controller = Literal["Axis", "Allied", "neutral", "vichy"]

MAJORS = ("germany", "italy", "britain", "france", "ussr", "usa")
WESTERN = ("britain", "france", "usa")
AXIS_FLEET_NATIONS = ("germany", "italy")
# Free French units are U.S. units in every respect (EE 9.531); U.S. units also use British home areas (Glossary).
SOURCE_NATIONS = {"usa": ("usa", "britain"), "free_french": ("usa", "britain")}
ALWAYS_SUPPLIED = ("vichy",)  # Vichy land units are always supplied (EE 9.522)

_CONF = dict(frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


class UnitPosition(msgspec.Struct, **_CONF):
    """One land unit or GSU as supply sees it. ``area`` may be a fortress id."""

    id: str
    nation: str  # "germany", "britain", "free_france", "finland", "vichy", ...
    side: Side
    area: str
    steps: int = 1
    gsu: bool = False
    oos: bool = False  # carries an Out of Supply marker since the Initial Supply Phase (EE 1.21)
    moved: bool = False  # ... turned to its "moved" side: it moved this player turn (EE 3.5)


class FleetPoints(msgspec.Struct, **_CONF):
    sea: str
    nation: str
    count: int


class Beachhead(msgspec.Struct, **_CONF):
    """A beachhead marker: a friendly port for the invader on ``sea`` even in an enemy area (EE 7.22)."""

    area: str
    side: Side
    sea: str


class SupplySituation(msgspec.Struct, **_CONF):
    units: tuple[UnitPosition, ...] = ()
    # Every non-neutral area's controller (EE Glossary "Zone contrôlée"). A fortress missing here is
    # controlled by whoever controls its surrounding area (EE Glossary "Forteresses").
    control: dict[str, Controller] = {}
    # Areas where both sides have land combat units (EE Glossary "Zone contestée").
    contested: tuple[str, ...] = ()
    fleets: tuple[FleetPoints, ...] = ()
    beachheads: tuple[Beachhead, ...] = ()
    # Resource areas taken from the enemy: the major power that took it (EE 4.7 partisans). Absent = never
    # conquered. Italian resource areas count as German conquests once Italy falls (EE 10.31c).
    conquered_by: dict[str, str] = {}
    italy_at_war: bool = False  # EE 8.322
    axis_ussr_war: bool = False  # EE 8.322


def group_of_nation(nation: str, side: Side) -> str:
    """Whose fleet points a unit of this nation may use (EE 3.31): "western", "soviet" or "axis"."""
    if side == "Axis":
        return "axis"
    return "soviet" if nation == "ussr" else "western"


def per_fleet_point(nation: str) -> int:
    """Units one fleet point of this nation supplies (EE 3.31)."""
    return 4 if nation in WESTERN else 3


def source_nations(nation: str) -> tuple[str, ...]:
    return SOURCE_NATIONS.get(nation, (nation,))


def is_major(nation: str) -> bool:
    return source_nations(nation)[0] in MAJORS
