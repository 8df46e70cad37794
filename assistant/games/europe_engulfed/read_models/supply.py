"""Supply read model: each unit's and each area's supply status with the reason, per side (EE 3.0).

A pure fold over the supply events: the last determination of each side, the out-of-supply markers and their
"moved" side, Limited Supply and eliminations, the sea capacity used, and the verdicts players recorded.
"""

from typing import Any

import msgspec
from msgspec.structs import replace

from assistant.games.europe_engulfed.events.supply import (
    LimitedSupplyApplied,
    OutOfSupplyMarkerFlipped,
    SeaCapacity,
    SupplyDetermined,
    SupplyRestored,
    SupplyVerdictRecorded,
    UnitsEliminatedOutOfSupply,
    UnitsMarkedOutOfSupply,
    UnitSupply,
)
from projections.base import Projection, Recorded


class AreaStatus(msgspec.Struct, frozen=True, kw_only=True):
    """Units of one side in one area, by status (e.g. {"supplied": 3, "out_of_supply": 1})."""

    counts: dict[str, int]
    reasons: tuple[str, ...]


class SupplyView(msgspec.Struct, frozen=True, kw_only=True):
    units: dict[str, UnitSupply] = {}  # unit -> its last verdict (any side)
    phase: dict[str, str] = {}  # side -> "initial" | "final" of its last determination
    determined_at: dict[str, int] = {}  # side -> seq of that determination
    capacity: dict[str, tuple[SeaCapacity, ...]] = {}  # side -> sea capacity used
    areas: dict[str, dict[str, AreaStatus]] = {}  # side -> area -> status
    marked: tuple[str, ...] = ()  # units carrying an Out of Supply marker
    moved: tuple[str, ...] = ()  # ... turned to its "moved" side
    eliminated: tuple[str, ...] = ()  # units eliminated for lack of supply (whole game)
    verdicts: tuple[str, ...] = ()  # "unit: supplied/out of supply — reason" the players recorded


def _areas(results: tuple[UnitSupply, ...]) -> dict[str, AreaStatus]:
    counts: dict[str, dict[str, int]] = {}
    reasons: dict[str, list[str]] = {}
    for r in results:
        c = counts.setdefault(r.area, {})
        c[r.status] = c.get(r.status, 0) + 1
        if r.status != "supplied" and r.reason not in reasons.setdefault(r.area, []):
            reasons[r.area].append(r.reason)
    return {a: AreaStatus(counts=c, reasons=tuple(reasons.get(a, ()))) for a, c in counts.items()}


def initial(definition: dict[str, Any]) -> SupplyView:
    return SupplyView()


def apply(view: SupplyView, rec: Recorded) -> SupplyView:
    e = rec.event
    if isinstance(e, SupplyDetermined):
        units = {**view.units, **{r.unit_id: r for r in e.results}}
        return replace(
            view,
            units=units,
            phase={**view.phase, e.side: e.phase},
            determined_at={**view.determined_at, e.side: rec.seq},
            capacity={**view.capacity, e.side: e.capacity},
            areas={**view.areas, e.side: _areas(e.results)},
        )
    if isinstance(e, UnitsMarkedOutOfSupply):
        return replace(view, marked=tuple(dict.fromkeys(view.marked + e.unit_ids)))
    if isinstance(e, OutOfSupplyMarkerFlipped):
        return replace(view, moved=tuple(dict.fromkeys(view.moved + e.unit_ids)))
    if isinstance(e, SupplyRestored):
        gone = set(e.unit_ids)
        return replace(view, marked=tuple(u for u in view.marked if u not in gone),
                       moved=tuple(u for u in view.moved if u not in gone))  # fmt: skip
    if isinstance(e, LimitedSupplyApplied | UnitsEliminatedOutOfSupply):
        dead = e.eliminated if isinstance(e, LimitedSupplyApplied) else e.unit_ids
        kept = set(dead) | ({c.unit_id for c in e.reduced} if isinstance(e, LimitedSupplyApplied) else set())
        return replace(
            view,
            eliminated=view.eliminated + tuple(dead),
            marked=tuple(u for u in view.marked if u not in kept),
            moved=tuple(u for u in view.moved if u not in kept),
        )
    if isinstance(e, SupplyVerdictRecorded):
        word = "supplied" if e.supplied else "out of supply"
        return replace(view, verdicts=view.verdicts + tuple(f"{u}: {word} — {e.reason}" for u in e.unit_ids))
    return view


SUPPLY: Projection[SupplyView] = Projection("ee_supply", initial, apply, SupplyView)
