"""Victory status: who holds each capital, the conditions armed, and the result [T L13]."""

from typing import Any

import msgspec

from assistant.games.aa_europe import events as ev
from projections.base import Projection, Recorded


class VictoryStatus(msgspec.Struct, frozen=True):
    capitals: dict[str, str]  # capital -> controller
    armed: dict[str, str] = {}  # power -> capital it occupies, to hold until its next turn
    winners: tuple[str, ...] = ()
    mode: str = ""
    reason: str = ""
    increases: dict[str, int] = {}
    individual_winner: tuple[str, ...] = ()
    seq: int = 0


def initial(definition: dict[str, Any]) -> VictoryStatus:
    spaces = definition["spaces"]
    return VictoryStatus(capitals={n: sp.get("owner", "") for n, sp in spaces.items() if sp.get("capital")})


def apply(v: VictoryStatus, rec: Recorded) -> VictoryStatus:
    e = rec.event
    replace = msgspec.structs.replace
    if isinstance(e, ev.TerritoryCaptured) and e.territory in v.capitals:
        return replace(v, capitals={**v.capitals, e.territory: e.controller})
    if isinstance(e, ev.ControlEdited) and e.space in v.capitals:
        return replace(v, capitals={**v.capitals, e.space: e.controller})
    if isinstance(e, ev.VictoryArmed):
        return replace(v, armed={**v.armed, e.power: e.capital})
    if isinstance(e, ev.VictoryLapsed):
        return replace(v, armed={p: c for p, c in v.armed.items() if p != e.power})
    if isinstance(e, ev.VictoryDeclared):
        return replace(v, winners=e.winners, mode=e.mode, reason=e.reason, increases=e.increases,
                       individual_winner=e.individual_winner, seq=rec.seq)
    return v


VICTORY: Projection[VictoryStatus] = Projection("victory", initial, apply, VictoryStatus)
