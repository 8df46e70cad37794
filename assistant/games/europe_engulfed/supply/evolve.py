"""How the supply events change the game's write-side state (facts only, never re-checked).

The game's ``evolve`` calls ``evolve_supply(state, event, lose_steps)`` for the events in SUPPLY_EVENTS;
``lose_steps(state, {unit: steps}) -> state`` is the game's own step-loss function (units at 0 go back to their
force pool), so eliminations follow one path whatever their cause. Touches only ``units``, ``fleets``, ``supply``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from assistant.games.europe_engulfed.supply.state import SupplyState, evolve_supply_state
from assistant.games.europe_engulfed.events.supply import (
    FleetPointsEliminatedUnsupplied,
    LimitedSupplyApplied,
    OutOfSupplyMarkerFlipped,
    SupplyRestored,
    UnitsEliminatedOutOfSupply,
    UnitsMarkedOutOfSupply,
)

LoseSteps = Callable[[Any, dict[str, int]], Any]


def _mark(state: Any, unit_ids: tuple[str, ...], **flags: bool) -> Any:
    units = dict(state.units)
    for uid in unit_ids:
        if uid in units:
            units[uid] = replace(units[uid], **flags)
    return replace(state, units=units)


def evolve_supply(state: Any, event: Any, lose_steps: LoseSteps) -> Any:
    if hasattr(state, "supply"):  # a game state that keeps the players' pending choices
        supply = state.supply or SupplyState()
        new_supply = evolve_supply_state(supply, event)
        if new_supply is not supply:
            state = replace(state, supply=new_supply)
    if isinstance(event, UnitsMarkedOutOfSupply):
        return _mark(state, event.unit_ids, oos=True)
    if isinstance(event, OutOfSupplyMarkerFlipped):
        return _mark(state, event.unit_ids, moved=True)
    if isinstance(event, SupplyRestored):
        return _mark(state, event.unit_ids, oos=False, moved=False)
    if isinstance(event, LimitedSupplyApplied):
        losses = {c.unit_id: c.from_steps - c.to_steps for c in event.reduced}
        losses |= {uid: state.units[uid].steps for uid in event.eliminated if uid in state.units}
        state = lose_steps(state, losses)
        return _mark(state, tuple(c.unit_id for c in event.reduced), oos=False, moved=False)
    if isinstance(event, UnitsEliminatedOutOfSupply):
        return lose_steps(state, {uid: state.units[uid].steps for uid in event.unit_ids if uid in state.units})
    if isinstance(event, FleetPointsEliminatedUnsupplied):
        fleets = {sea: dict(by) for sea, by in state.fleets.items()}
        left = fleets.get(event.sea, {}).get(event.nation, 0) - event.count
        if left > 0:
            fleets[event.sea][event.nation] = left
        else:
            fleets.get(event.sea, {}).pop(event.nation, None)
        return replace(state, fleets=fleets)
    return state
