"""The supply facts a game keeps between commands: the players' pending choices and the last verdicts."""

import msgspec
from msgspec.structs import replace

from assistant.games.europe_engulfed.events.supply import (
    SeaChoice,
    SeaSupplyAllocationChosen,
    SupplyDetermined,
    SupplyVerdictRecorded,
    UnitSupply,
)


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    supplied: bool
    reason: str


class SupplyState(msgspec.Struct, frozen=True, kw_only=True):
    # The side's sea-route choice, used by its next determination (then cleared).
    allocation: dict[str, SeaChoice] = {}
    allocation_side: str = ""
    # Verdicts the players recorded where the board lacks facts (cleared by the next determination).
    verdicts: dict[str, Verdict] = {}
    # Last determination per side: unit -> its verdict and reason (for the table and for production).
    last: dict[str, dict[str, UnitSupply]] = {}


def evolve_supply_state(s: SupplyState, event: object) -> SupplyState:
    if isinstance(event, SeaSupplyAllocationChosen):
        return replace(s, allocation={c.unit_id: c for c in event.choices}, allocation_side=event.side)
    if isinstance(event, SupplyVerdictRecorded):
        verdicts = dict(s.verdicts)
        for uid in event.unit_ids:
            verdicts[uid] = Verdict(supplied=event.supplied, reason=event.reason)
        return replace(s, verdicts=verdicts)
    if isinstance(event, SupplyDetermined):
        last = {**s.last, event.side: {r.unit_id: r for r in event.results}}
        return SupplyState(last=last)
    return s
