"""Builds the supply rules' input (``SupplySituation``) from the game's write-side state (``EEState``)."""

from __future__ import annotations

from typing import Any

from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.powers import side_of
from assistant.games.europe_engulfed.supply.situation import Beachhead, FleetPoints, SupplySituation, UnitPosition

# Board regions that become Vichy territory (EE 9.522 a–c): neutral, pro-Axis, while Vichy stands.
VICHY_REGIONS = ("vichy_south", "french_north_africa", "french_eastern_colonies")
SIDES = ("Axis", "Allied")


def _control(board: Board, state: Any) -> dict[str, str]:
    control: dict[str, str] = {a: c for a, c in state.control.items() if c in SIDES}
    if getattr(state.politics, "vichy", -1) >= 0:
        for i, a in board.areas.items():
            if i not in control and any(r in VICHY_REGIONS for r in a.regions):
                control[i] = "vichy"
    return control


def _beachheads(board: Board, state: Any) -> tuple[Beachhead, ...]:
    out = []
    for area, side in getattr(state, "beachheads", {}).items():
        seas = {arrow.sea for arrow in board.invasion_arrows if arrow.area == area}
        seas |= set((board.areas[area].ports or ()) if area in board.areas else ())
        out += [Beachhead(area=area, side=side, sea=s) for s in sorted(seas)]
    return tuple(out)


def situation(state: Any) -> SupplySituation:
    board: Board = state.board
    units = []
    presence: dict[str, set[str]] = {}
    for b in state.units.values():
        side = side_of(state, b.nation)
        if side not in SIDES:
            continue
        gsu = b.kind == "gsu"
        units.append(UnitPosition(id=b.id, nation=b.nation, side=side, area=b.area, steps=b.steps, gsu=gsu,
                                  oos=b.oos, moved=b.moved))  # fmt: skip
        if not gsu:
            presence.setdefault(b.area, set()).add(side)
    fleets = tuple(
        FleetPoints(sea=sea, nation=nation, count=n) for sea, by in state.fleets.items() for nation, n in by.items() if n
    )
    politics = state.politics
    return SupplySituation(
        units=tuple(units),
        control=_control(board, state),
        contested=tuple(sorted(a for a, sides in presence.items() if len(sides) == 2)),
        fleets=fleets,
        beachheads=_beachheads(board, state),
        conquered_by=dict(getattr(state, "conquered_by", {})),
        italy_at_war=getattr(politics, "italy_at_war", -1) >= 0,
        axis_ussr_war=getattr(politics, "ussr_at_war", -1) >= 0,
    )
