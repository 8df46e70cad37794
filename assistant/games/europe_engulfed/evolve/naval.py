"""Fleets at sea: sea transport, fleet point transfers, naval combat and interdiction."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import Block, EEState, Transport
from assistant.games.europe_engulfed.evolve.blocks import lose_steps


def sea_transport(s: EEState, e: ev.UnitMoved, u: Block) -> EEState:
    used = {sea: dict(by) for sea, by in s.fleets_used.items()}
    for leg in e.sea:
        by = used.setdefault(leg.sea, {})
        by[leg.nation] = by.get(leg.nation, 0) + leg.fleet_points
    changes: dict[str, Any] = {"fleets_used": used}
    if u.nation == "germany" and any(leg.nation == "italy" for leg in e.sea):
        changes["german_on_italian_sea"] = s.turn
    if e.mode in ("operational", "breakthrough_operational", "amphibious", "retreat", "fortress_exit"):
        dest = e.path[-1]
        # 5.31: naval combat answers one destination at a time; a new destination closes the previous one
        open_ = tuple(t for t in s.transports if t.destination == dest)
        # 6.86: Malta's invaders sail back on the ships that brought them (no new point used, one still carries it)
        changes["transports"] = open_ + tuple(
            Transport(sea=leg.sea, nation=leg.nation, unit_id=u.id, destination=dest,
                      fleet_points=max(1, leg.fleet_points) if e.mode == "fortress_exit" else leg.fleet_points)
            for leg in e.sea)
    return replace(s, **changes)


def fleet_transferred(s: EEState, e: ev.FleetPointsTransferred) -> EEState:
    """EE 8.3: the points leave one sea, arrive "w/out Transport" in the other, maintained by ``to_nation``."""
    fleets = {sea: dict(by) for sea, by in s.fleets.items()}
    src, dst = fleets.setdefault(e.from_sea, {}), fleets.setdefault(e.to_sea, {})
    src[e.nation] = src.get(e.nation, 0) - e.count
    dst[e.to_nation] = dst.get(e.to_nation, 0) + e.count
    used = {sea: dict(by) for sea, by in s.fleets_used.items()}
    arrived = used.setdefault(e.to_sea, {})
    arrived[e.to_nation] = arrived.get(e.to_nation, 0) + e.count
    moved = {**s.fleets_moved, e.nation: s.fleets_moved.get(e.nation, 0) + e.count}
    return replace(s, fleets=fleets, fleets_used=used, fleets_moved=moved)


def naval_combat(s: EEState, e: ev.NavalCombatResolved) -> EEState:
    fleets = {sea: dict(by) for sea, by in s.fleets.items()}
    used = {sea: dict(by) for sea, by in s.fleets_used.items()}
    here, here_used = fleets.setdefault(e.sea, {}), used.setdefault(e.sea, {})
    for loss in e.losses:
        here[loss.nation] = here.get(loss.nation, 0) - loss.count
        if loss.state != "unused":
            here_used[loss.nation] = here_used.get(loss.nation, 0) - loss.count
    answered = tuple(sorted({f"{e.sea}:{t.destination}" for t in s.transports if t.sea == e.sea}))
    transports = tuple(t for t in s.transports if t.unit_id not in e.units_lost)
    s = replace(s, fleets=fleets, fleets_used=used, naval_fights=s.naval_fights + answered, transports=transports)
    return lose_steps(s, {uid: s.units[uid].steps for uid in e.units_lost if uid in s.units})


def interdicted(s: EEState, e: ev.NavalInterdictionResolved) -> EEState:
    return lose_steps(s, {e.unit_id: e.steps_lost}) if e.steps_lost and e.unit_id in s.units else s
