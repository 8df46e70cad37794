"""Victory status: who holds each capital, the Axis production level round by round, and the result."""

from typing import Any

import msgspec

import assistant.games.aa_classic.events as ev
from projections.base import Projection, Recorded


class VictoryStatus(msgspec.Struct, frozen=True):
    capitals: dict[str, str]  # capital -> controller
    sides: dict[str, str]  # power -> side
    axis_production: dict[int, int] = {}  # round -> Germany + Japan at its end
    winner: str = ""
    kind: str = ""
    reason: str = ""
    individual_winner: str = ""
    percentages: dict[str, float] = {}
    seq: int = 0

    def capitals_held_by(self, side: str) -> list[str]:
        return [c for c, p in self.capitals.items() if self.sides.get(p) == side]


def initial(definition: dict[str, Any]) -> VictoryStatus:
    spaces = definition["board"]["spaces"]
    capitals = {name: sp["capital"] for name, sp in spaces.items() if sp.get("capital")}
    sides = {p: side for side, powers in definition["tables"]["sides"].items() for p in powers}
    return VictoryStatus(capitals=capitals, sides=sides)


def apply(v: VictoryStatus, rec: Recorded) -> VictoryStatus:
    e = rec.event
    if isinstance(e, (ev.TerritoryCaptured, ev.ControlEdited)) and e.territory in v.capitals:
        return msgspec.structs.replace(v, capitals={**v.capitals, e.territory: e.controller})
    if isinstance(e, ev.RoundEnded):
        return msgspec.structs.replace(v, axis_production={**v.axis_production, e.round: e.axis_production})
    if isinstance(e, ev.VictoryDeclared):
        return msgspec.structs.replace(
            v,
            winner=e.side,
            kind=e.kind,
            reason=e.reason,
            individual_winner=e.individual_winner,
            percentages=e.percentages,
            seq=rec.seq,
        )
    return v


VICTORY: Projection[VictoryStatus] = Projection("victory", initial, apply, VictoryStatus, events=(
    ev.TerritoryCaptured, ev.ControlEdited, ev.RoundEnded, ev.VictoryDeclared))
