"""The economy: WERP ledger bookkeeping, lend-lease, strategic warfare, naval maintenance, purchases."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from assistant.families.engulfed import special_actions as stock
from assistant.games.europe_engulfed import calendar, data
from assistant.families.engulfed.ledger import Posting
from assistant.games.europe_engulfed.bookings import ledger_line
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import Block, EEState, ledger_key, pool_key
from assistant.games.europe_engulfed.evolve.blocks import take_from_pool


def book(s: EEState, nation: str, **changes: Any) -> EEState:
    """Bookkeeping of this turn's ledger besides its lines (purchase counters, warfare resolved...)."""
    led = replace(s.ledger(nation), **changes)
    return replace(s, ledgers={**s.ledgers, ledger_key(led.turn, nation): led})


def booked(s: EEState, b: Posting) -> EEState:
    """Lines an event books (bookings.py); income lines go before transfers booked earlier (EE 4.5: announced at
    any time)."""
    led = s.ledger(b.nation, b.turn)
    new = tuple(map(ledger_line, b.lines))
    lines = new + led.lines if b.first else led.lines + new
    led = replace(led, lines=lines, opened=led.opened or b.first, closed=led.closed or b.close)
    return replace(s, ledgers={**s.ledgers, ledger_key(led.turn, b.nation): led})


def lend_lease(s: EEState, e: ev.LendLeaseRolled) -> EEState:
    p = s.politics
    if p.lend_lease_from < 0:
        s = replace(s, politics=replace(p, lend_lease_from=s.turn))
    return s


def warfare(s: EEState, nation: str, what: str) -> EEState:
    return book(s, nation, warfare=s.ledger(nation).warfare + (what,))


def uboats(s: EEState, e: ev.UBoatCampaignResolved) -> EEState:
    s = replace(s, track=replace(s.track, uboats=e.uboats_before - e.uboats_lost))
    if e.sm_penalty:
        red = dict(s.sm_reduction)
        for n in ("britain", "usa"):
            red[n] = red.get(n, 0) + e.sm_penalty
        s = replace(s, sm_reduction=red)
    return warfare(s, "britain", "uboats")


def raid(s: EEState, e: ev.AirRaidResolved) -> EEState:
    t = s.track
    defender = "Allied" if e.raider == "Axis" else "Axis"
    bombers = dict(t.bombers)
    bombers[e.raider] -= e.bombers_lost_to_fighters + e.bombers_lost_to_flak
    fighters = dict(t.fighters)
    fighters[e.raider] -= e.escorts_lost
    fighters[defender] -= e.interceptors_lost
    s = replace(s, track=replace(t, bombers=bombers, fighters=fighters))
    red = dict(s.sm_reduction)
    if e.rail_interdiction:
        red["germany"] = red.get("germany", 0) + e.rail_interdiction
    s = replace(s, sm_reduction=red)
    if e.west_sm_reduction:
        s = replace(s, west_sm_reduction=e.west_sm_reduction, politics=replace(s.politics, land_support_turn=s.turn))
    return warfare(s, e.target, "raid")


def v_weapons(s: EEState, e: ev.VWeaponsResolved) -> EEState:
    t = s.track
    s = replace(s, track=replace(t, **{e.kind: getattr(t, e.kind) - e.launched}))
    return warfare(s, "britain", e.kind)


def maintenance(s: EEState, e: ev.NavalMaintenancePaid) -> EEState:
    return book(s, e.nation, maintenance_paid=True)


def purchased(s: EEState, e: ev.Purchased) -> EEState:
    led = s.ledger(e.nation)
    bought = dict(led.bought)
    bought[e.item] = bought.get(e.item, 0) + e.qty
    if e.owner == "free_french":
        bought["free_french_steps"] = bought.get("free_french_steps", 0) + e.qty
    if e.free:
        key = f"free:minor:{e.owner}" if e.free == "minor_replacement" else f"free:{e.free}"
        bought[key] = bought.get(key, 0) + (1 if e.free == "soviet_elites" else e.qty)
    if e.free == "axis_minor_step":
        s = replace(s, politics=replace(s.politics, axis_minor_step=e.owner, axis_minor_step_turn=s.turn))
    changes: dict[str, Any] = {"bought": bought, "last_item": led.last_item if e.free else e.item}
    if e.item in ("new_unit", "gsu"):
        changes["placed"] = {**led.placed, e.area: led.placed.get(e.area, 0) + 1}
        changes["new_units"] = led.new_units + (e.unit_id,)
    s = book(s, e.nation, **changes)
    return apply_item(s, e)


def apply_item(s: EEState, e: ev.Purchased) -> EEState:
    t = s.track
    item = e.item
    if item in ("new_unit", "gsu"):
        owner = e.owner or e.nation  # an Axis minor paid by Germany, or the Free French built by the U.S.A.
        block = Block(id=e.unit_id, nation=owner, kind=e.kind, max_steps=e.max_steps, steps=e.steps, area=e.area,
                      elite=e.elite)
        s = replace(s, units={**s.units, e.unit_id: block})
        return take_from_pool(s, owner, pool_key(e.kind, e.max_steps, e.elite))
    if item == "replacement":
        u = s.units[e.unit_id]
        return replace(s, units={**s.units, e.unit_id: replace(u, steps=u.steps + e.qty)})
    if item == "special_action":
        held = s.special_actions.get(e.nation, ())
        return replace(s, special_actions={**s.special_actions, e.nation: stock.bought(held, s.turn, e.qty)})
    if item in ("fortification", "heavy_fortification"):
        return replace(s, fortifications={**s.fortifications, e.area: "heavy" if item == "heavy_fortification" else "normal"})
    if item == "fleet_point":
        sea = dict(s.fleets.get(e.sea, {}))
        sea[e.nation] = sea.get(e.nation, 0) + 1
        return replace(s, fleets={**s.fleets, e.sea: sea}, next_fleet={**s.next_fleet, e.nation: next_fleet_turn(s, e.nation)})
    side = data.side_of(e.nation)
    if item in ("fighter", "bomber"):
        field = "fighters" if item == "fighter" else "bombers"
        level = dict(getattr(t, field))
        level[side] = level.get(side, 0) + e.qty
        return replace(s, track=replace(t, **{field: level}))
    if item in ("uboat", "v1", "v2"):
        attr = "uboats" if item == "uboat" else item
        return replace(s, track=replace(t, **{attr: getattr(t, attr) + e.qty}))
    if item == "flak":
        return replace(s, track=replace(t, flak={**t.flak, e.nation: t.flak.get(e.nation, 0) + 1}),
                       next_allowed={**s.next_allowed, f"flak_{e.nation}": calendar.year(s.turn) + 1})
    if item == "asw":
        return replace(s, track=replace(t, asw=t.asw + 1), next_allowed={**s.next_allowed, "asw": calendar.year(s.turn) + 1})
    raise ValueError(f"unknown purchase item {item!r}")


def next_fleet_turn(s: EEState, nation: str) -> int:
    """EE 4.62 two turns ahead; 4.63 Germany, Italy, USSR: or Jan/Feb of the next year, whichever is later."""
    two_ahead = s.turn + 2
    if data.nation(nation).fleet_once_per_year:
        return max(two_ahead, calendar.index(f"{calendar.year(s.turn) + 1}-01"))
    return two_ahead
