"""``evolve`` for Europe Engulfed: applies facts to the write-side state and never re-checks them.

States are frozen: every change copies the dict it touches and replaces the field (team standard).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.bookings import Booking, bookings
from assistant.games.europe_engulfed.board.moves import evolve_board
from assistant.games.europe_engulfed.supply.evolve import evolve_supply
from events.europe_engulfed.board import BoardAmended, ScenarioSetUp
from events.europe_engulfed.supply import SUPPLY_EVENTS, SupplyDetermined
from events import europe_engulfed as ev
from events.core import PhaseBegan
from assistant.games.europe_engulfed.state import (
    Battle,
    Block,
    EEState,
    Landing,
    Transport,
    apply_scenario,
    ledger_key,
    pool_key,
    side_of,
    war_key,
)


# ---------------------------------------------------------------- evolve


def _phase_began(s: EEState, e: PhaseBegan) -> EEState:
    turn = e.round - 1
    changes: dict[str, Any] = {"turn": turn, "side": e.side, "phase": e.phase, "step": e.step}
    changes.update(sa_uses=(), transports=(), naval_fights=(), entered={}, phase_moves=())
    if e.phase in ("operational_move", "strategic_move") or e.phase.startswith("breakthrough"):
        changes["sm_used"] = {}
    if e.phase == "breakthrough" and e.step == "operational":
        changes["fought"] = ()  # 6.73: the moves of this phase newly contest areas again
    if e.phase == "initial_supply":
        changes.update(fought=(), newly_contested=(), battle=None, landings={}, fortress_attackers={},
                       units={k: replace(u, moved=False) for k, u in s.units.items()})
    return replace(s, **changes)


def _turn_began(s: EEState, e: ev.TurnBegan) -> EEState:
    return replace(s, turn=e.turn, weather={}, weather_winner="", sm_reduction={}, west_sm_reduction=0)


def _weather_rolled(s: EEState, e: ev.WeatherRolled) -> EEState:
    return replace(s, weather_winner=e.winner)


def _weather_set(s: EEState, e: ev.WeatherSet) -> EEState:
    return replace(s, weather=dict(e.weather), weather_winner="")


def _limit_set(s: EEState, e: ev.StrategicMoveLimitSet) -> EEState:
    return replace(s, strategic_limits={**s.strategic_limits, e.nation: e.limit})


def _turn_ended(s: EEState, e: ev.TurnEnded) -> EEState:
    return replace(s, fleets_used={}, fleets_moved={})


def _book(s: EEState, nation: str, **changes: Any) -> EEState:
    """Bookkeeping of this turn's ledger besides its lines (purchase counters, warfare resolved...)."""
    led = replace(s.ledger(nation), **changes)
    return replace(s, ledgers={**s.ledgers, ledger_key(led.turn, nation): led})


def _booked(s: EEState, b: Booking) -> EEState:
    """Lines an event books (bookings.py); income lines go before transfers booked earlier (EE 4.5: announced at
    any time)."""
    led = s.ledger(b.nation, b.turn)
    lines = b.lines + led.lines if b.first else led.lines + b.lines
    led = replace(led, lines=lines, opened=led.opened or b.first, closed=led.closed or b.close)
    return replace(s, ledgers={**s.ledgers, ledger_key(led.turn, b.nation): led})


def _lend_lease(s: EEState, e: ev.LendLeaseRolled) -> EEState:
    p = s.politics
    if p.lend_lease_from < 0:
        s = replace(s, politics=replace(p, lend_lease_from=s.turn))
    return s


def _warfare(s: EEState, nation: str, what: str) -> EEState:
    return _book(s, nation, warfare=s.ledger(nation).warfare + (what,))


def _uboats(s: EEState, e: ev.UBoatCampaignResolved) -> EEState:
    s = replace(s, track=replace(s.track, uboats=e.uboats_before - e.uboats_lost))
    if e.sm_penalty:
        red = dict(s.sm_reduction)
        for n in ("britain", "usa"):
            red[n] = red.get(n, 0) + e.sm_penalty
        s = replace(s, sm_reduction=red)
    return _warfare(s, "britain", "uboats")


def _raid(s: EEState, e: ev.AirRaidResolved) -> EEState:
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
    return _warfare(s, e.target, "raid")


def _v_weapons(s: EEState, e: ev.VWeaponsResolved) -> EEState:
    t = s.track
    s = replace(s, track=replace(t, **{e.kind: getattr(t, e.kind) - e.launched}))
    return _warfare(s, "britain", e.kind)


def _maintenance(s: EEState, e: ev.NavalMaintenancePaid) -> EEState:
    return _book(s, e.nation, maintenance_paid=True)


def _take_from_pool(s: EEState, nation: str, key: str) -> EEState:
    pool = dict(s.pools.get(nation, {}))
    pool[key] = max(0, pool.get(key, 0) - 1)  # an overridden purchase may take a block the record lacks
    return replace(s, pools={**s.pools, nation: pool})


def _purchased(s: EEState, e: ev.Purchased) -> EEState:
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
    changes: dict[str, Any] = {"bought": bought}
    if e.item in ("new_unit", "gsu"):
        changes["placed"] = {**led.placed, e.area: led.placed.get(e.area, 0) + 1}
        changes["new_units"] = led.new_units + (e.unit_id,)
    s = _book(s, e.nation, **changes)
    return _apply_item(s, e)


def _apply_item(s: EEState, e: ev.Purchased) -> EEState:
    t = s.track
    item = e.item
    if item in ("new_unit", "gsu"):
        owner = e.owner or e.nation  # an Axis minor paid by Germany, or the Free French built by the U.S.A.
        block = Block(id=e.unit_id, nation=owner, kind=e.kind, max_steps=e.max_steps, steps=e.steps, area=e.area,
                      elite=e.elite)
        s = replace(s, units={**s.units, e.unit_id: block})
        return _take_from_pool(s, owner, pool_key(e.kind, e.max_steps, e.elite))
    if item == "replacement":
        u = s.units[e.unit_id]
        return replace(s, units={**s.units, e.unit_id: replace(u, steps=u.steps + e.qty)})
    if item == "special_action":
        held = s.special_actions.get(e.nation, ())
        return replace(s, special_actions={**s.special_actions, e.nation: held + (s.turn,) * e.qty})
    if item in ("fortification", "heavy_fortification"):
        return replace(s, fortifications={**s.fortifications, e.area: "heavy" if item == "heavy_fortification" else "normal"})
    if item == "fleet_point":
        sea = dict(s.fleets.get(e.sea, {}))
        sea[e.nation] = sea.get(e.nation, 0) + 1
        return replace(s, fleets={**s.fleets, e.sea: sea}, next_fleet={**s.next_fleet, e.nation: _next_fleet_turn(s, e.nation)})
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


def _next_fleet_turn(s: EEState, nation: str) -> int:
    """EE 4.62 two turns ahead; 4.63 Germany, Italy, USSR: or Jan/Feb of the next year, whichever is later."""
    two_ahead = s.turn + 2
    if data.nation(nation).fleet_once_per_year:
        return max(two_ahead, calendar.index(f"{calendar.year(s.turn) + 1}-01"))
    return two_ahead


def _conscription(s: EEState, e: ev.ConscriptionDeclared) -> EEState:
    return replace(s, politics=replace(s.politics, conscription=s.turn, conscription_schedule=e.schedule))


def _moved(s: EEState, e: ev.UnitMoved) -> EEState:
    u = s.units[e.unit_id]
    dest = e.path[-1]
    entered = dict(s.entered)
    if side_of(s, u.nation) == "Allied":
        group = "ussr" if u.nation == "ussr" else "western"
        for a in e.path:
            if s.control.get(a) == "Axis":
                entered.setdefault(a, group)
    attackers = {k: v for k, v in s.fortress_attackers.items() if k != u.id}
    land = s.board.areas.get(dest)
    if land is not None and land.kind == "fortress" and s.control.get(dest) != side_of(s, u.nation):
        attackers[u.id] = e.origin  # into an enemy fortress: an attacker until the player turn ends
    s = replace(s, units={**s.units, e.unit_id: replace(u, area=dest, moved=True)}, entered=entered,
                phase_moves=s.phase_moves + (e.unit_id,), fortress_attackers=attackers)
    if e.sea:
        s = _sea_transport(s, e, u)
    if e.mode in ("amphibious", "airborne"):
        s = _landing(s, e, u)
    if e.mode == "reinforcement" and u.kind != "gsu":
        s = replace(s, sa_uses=s.sa_uses + (f"reinforced:{e.origin}>{e.path[-1]}",))
    if e.mode in ("strategic", "breakthrough_strategic"):
        used = {**s.sm_used, e.nation: s.sm_used.get(e.nation, 0) + 1}
        if e.west:
            used[f"{e.nation}:west"] = used.get(f"{e.nation}:west", 0) + 1
        if e.cape:
            used[f"{e.nation}:cape"] = 1  # 5.33: the Cape move takes every British strategic move of the phase
        s = replace(s, sm_used=used)
    return s


def _sea_transport(s: EEState, e: ev.UnitMoved, u: Block) -> EEState:
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


def _landing(s: EEState, e: ev.UnitMoved, u: Block) -> EEState:
    dest = e.path[-1]
    old = s.landings.get(dest) or Landing(side=side_of(s, u.nation), kinds=(), nations=())
    kinds = old.kinds if e.mode in old.kinds else old.kinds + (e.mode,)
    nations = old.nations if u.nation in old.nations else old.nations + (u.nation,)
    infantry = old.infantry_nations
    if e.mode == "amphibious" and u.kind != "airborne" and u.nation not in infantry:
        infantry += (u.nation,)
    sea = e.sea[0].sea if e.sea else old.sea
    landing = replace(old, kinds=kinds, nations=nations, infantry_nations=infantry, sea=sea, units=old.units + (u.id,))
    s = replace(s, landings={**s.landings, dest: landing})
    if e.mode == "airborne":
        s = replace(s, airborne_turns={**s.airborne_turns, u.id: s.turn})
    return s


def _control(s: EEState, e: ev.ControlChanged | ev.ControlEdited) -> EEState:
    holder = dict(s.holder)
    if e.by:
        holder[e.area] = e.by
    else:
        holder.pop(e.area, None)
    landings = s.landings
    if e.area in landings and landings[e.area].side == e.side:
        landings = {k: v for k, v in landings.items() if k != e.area}
    s = replace(s, holder=holder, landings=landings)
    area_ = s.board.areas.get(e.area)
    if (e.side == "Allied" and area_ is not None and area_.nation == "france" and area_.home
            and calendar.year(s.turn) >= 1942 and s.politics.italians_in_france < 0):
        s = replace(s, politics=replace(s.politics, italians_in_france=s.turn))  # 9.41, for the rest of the game
    if e.side == "Axis" and e.area in ("novgorod", "leningrad") and e.area not in s.politics.axis_took:
        s = replace(s, politics=replace(s.politics, axis_took={**s.politics.axis_took, e.area: s.turn}))
    control = dict(s.control)
    if e.side == "neutral":
        control.pop(e.area, None)
    else:
        control[e.area] = e.side
    p = s.politics
    if e.area == "paris" and e.side == "Axis" and p.paris_taken < 0:
        p = replace(p, paris_taken=s.turn)
    taken = dict(s.conquered_by)
    area = s.board.areas.get(e.area)
    if area is not None and area.resource:
        owner = area.nation or ""
        owner_side = data.side_of(owner) if owner in data.MAJORS else s.politics.minors.get(owner, "")
        if e.side == owner_side:
            taken.pop(e.area, None)
        elif e.by:
            taken[e.area] = e.by
    return replace(s, control=control, politics=p, conquered_by=taken)


def _lose_steps(s: EEState, losses: dict[str, int], permanent: bool = False) -> EEState:
    units = dict(s.units)
    pools = dict(s.pools)
    for uid, lost in losses.items():
        u = units[uid]
        left = u.steps - lost
        if left > 0:
            units[uid] = replace(u, steps=left, revealed=True)
            continue
        del units[uid]
        if not permanent:
            pool = dict(pools.get(u.nation, {}))
            key = pool_key(u.kind, u.max_steps, u.elite)
            pool[key] = pool.get(key, 0) + 1
            pools[u.nation] = pool
    return replace(s, units=units, pools=pools)


def _combat_round(s: EEState, e: ev.CombatRoundFought) -> EEState:
    s = _lose_steps(s, e.losses)
    units = {k: (replace(u, revealed=True) if u.area == e.area else u) for k, u in s.units.items()}
    battle = s.battle if s.battle and s.battle.area == e.area else Battle(area=e.area)
    battle = replace(battle, rounds=battle.rounds + 1, counterattacked=e.kind == "counterattack")
    fought = s.fought if e.area in s.fought else s.fought + (e.area,)
    landings = {k: v for k, v in s.landings.items() if k != e.area}  # the landing's first round is over (7.22)
    s = replace(s, units=units, battle=battle, fought=fought, landings=landings)
    if e.fortification_breached:
        s = replace(s, fortifications={k: v for k, v in s.fortifications.items() if k != e.area})
    return s


def _sa_spent(s: EEState, e: ev.SpecialActionSpent) -> EEState:
    held = s.special_actions.get(e.nation, ())
    if e.purpose in ("withdraw", "retreat", "reinforce"):
        s = replace(s, sa_uses=s.sa_uses + (f"{e.purpose}:{e.area}",))
    if e.purpose == "retreat":
        s = replace(s, sa_uses=s.sa_uses + (f"retreat:{e.area}:{e.nation}",))  # 9.47: whose marker paid
    if e.purpose in ("amphibious", "airborne"):
        s = replace(s, sa_uses=s.sa_uses + (f"{e.purpose}:{e.area}:{e.nation}",))
    if e.purpose == "unrestricted_replacement":
        led = s.ledger(e.nation)
        s = _book(s, e.nation, unrestricted=led.unrestricted + (e.area,))
    if not held:
        return s
    # The oldest marker goes first, so markers held "since the previous turn" (EE 7.8) stay countable.
    return replace(s, special_actions={**s.special_actions, e.nation: held[1:]})


def _steps_lost(s: EEState, e: ev.StepsLost) -> EEState:
    return _lose_steps(s, e.losses)


def _eliminated(s: EEState, e: ev.UnitsEliminated) -> EEState:
    return _lose_steps(s, {uid: s.units[uid].steps for uid in e.unit_ids if uid in s.units}, permanent=e.permanent)


def _fort_removed(s: EEState, e: ev.FortificationRemoved) -> EEState:
    return replace(s, fortifications={k: v for k, v in s.fortifications.items() if k != e.area})


def _war(s: EEState, e: ev.WarDeclared) -> EEState:
    p = s.politics
    p = replace(p, wars=tuple(sorted(set(p.wars) | {war_key(e.aggressor, e.target)})))
    majors = set(data.MAJORS)
    if e.forced_by == "EE 9.15":
        if p.axis_minors_joined < 0:
            p = replace(p, axis_minors_joined=s.turn)
    elif e.aggressor in majors and e.target in majors:
        for power, field in (("italy", "italy_at_war"), ("usa", "usa_at_war")):
            if power in (e.aggressor, e.target) and getattr(p, field) < 0:
                p = replace(p, **{field: s.turn})
        if {e.aggressor, e.target} == {"germany", "ussr"} and p.ussr_at_war < 0:
            p = replace(p, ussr_at_war=s.turn)
    elif e.target == "vichy":
        # 9.525: Vichy fights for the Axis from now on; its areas turn Axis (ee.control_changed follows)
        p = replace(p, vichy_war=s.turn, minors={**p.minors, "vichy": "Axis"})
    elif e.target not in majors:
        # 9.63: the minor's territory becomes friendly to the side that did not invade it
        friendly = "Allied" if data.side_of(e.aggressor) == "Axis" else "Axis"
        p = replace(p, minors={**p.minors, e.target: friendly})
        if e.target not in p.deployed and e.target not in p.deploying and e.aggressor in majors:
            p = replace(p, deploying=p.deploying + (e.target,))  # 9.61: its forces deploy at once
    return replace(s, politics=p)


def _pact(s: EEState, e: ev.PactActivated) -> EEState:
    return replace(s, politics=replace(s.politics, pact=e.turn))


VICHY_REGIONS = ("vichy_south", "french_north_africa", "french_eastern_colonies")  # EE 9.522 a-c


def _vichy(s: EEState, e: ev.VichyEstablished) -> EEState:
    """EE 9.522: the Vichy regions turn neutral, three 2-step Vichy units stand in them, French fleets are gone."""
    p = s.politics
    control = {a: c for a, c in s.control.items()
               if not (a in s.board.areas and set(s.board.areas[a].regions) & set(VICHY_REGIONS))}
    units = dict(s.units)
    for i, area in enumerate(e.placements, start=1):
        uid = f"vichy-{i}"
        units[uid] = Block(id=uid, nation="vichy", kind="infantry", max_steps=2, steps=2, area=area)
    fleets = {sea: {n: k for n, k in by.items() if n != "france"} for sea, by in s.fleets.items()}
    return replace(s, control=control, units=units, fleets=fleets,
                   politics=replace(p, vichy=e.turn, conquered={**p.conquered, "france": e.turn}))


def _morale(s: EEState, e: ev.MoraleCollapsed) -> EEState:
    return replace(s, politics=replace(s.politics, morale_collapsed=e.turn))


def _conquered(s: EEState, e: ev.PowerConquered) -> EEState:
    """EE 10.1: a conquered major's fleet points leave the game; Britain's pass to the U.S.A. (9.32)."""
    p = s.politics
    if e.power == "france" and p.vichy < 0 and any(by.get("france") for by in s.fleets.values()):
        # 9.522: one French fleet point escapes to Britain in the sea the Allied player chooses (ee.french_fleet_escape)
        return replace(s, politics=replace(p, conquered={**p.conquered, e.power: e.turn}, french_fleet_escape=True))
    fleets = {}
    for sea, by in s.fleets.items():
        by = dict(by)
        gone = by.pop(e.power, 0)
        if e.power == "britain" and gone:
            by["usa"] = by.get("usa", 0) + gone
        fleets[sea] = by
    return replace(s, fleets=fleets, politics=replace(p, conquered={**p.conquered, e.power: e.turn}))


def _free_french(s: EEState, e: ev.FreeFrenchJoined) -> EEState:
    pool = dict(s.pools.get("free_french", {}))
    for key, n in e.blocks.items():
        pool[key] = pool.get(key, 0) + n
    return replace(s, pools={**s.pools, "free_french": pool})


def _fleet_transferred(s: EEState, e: ev.FleetPointsTransferred) -> EEState:
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


def _naval_combat(s: EEState, e: ev.NavalCombatResolved) -> EEState:
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
    return _lose_steps(s, {uid: s.units[uid].steps for uid in e.units_lost if uid in s.units})


def _interdicted(s: EEState, e: ev.NavalInterdictionResolved) -> EEState:
    return _lose_steps(s, {e.unit_id: e.steps_lost}) if e.steps_lost and e.unit_id in s.units else s


def _beachhead(s: EEState, e: ev.BeachheadEstablished) -> EEState:
    landings = {k: v for k, v in s.landings.items() if k != e.area}
    s = replace(s, beachheads={**s.beachheads, e.area: e.side}, landings=landings)
    area = s.board.areas.get(e.area)
    if e.side == "Allied" and area is not None and area.nation == "france" and s.politics.italians_in_france < 0:
        s = replace(s, politics=replace(s.politics, italians_in_france=s.turn))  # 9.41, for the rest of the game
    return s


def _beachhead_removed(s: EEState, e: ev.BeachheadRemoved) -> EEState:
    return replace(s, beachheads={k: v for k, v in s.beachheads.items() if k != e.area})


def _french_fleet(s: EEState, e: ev.FrenchFleetEscaped) -> EEState:
    fleets = {}
    for sea, by in s.fleets.items():
        by = dict(by)
        had = by.pop("france", 0)
        if sea == e.sea and had:
            by["britain"] = by.get("britain", 0) + 1
        fleets[sea] = by
    return replace(s, fleets=fleets, politics=replace(s.politics, french_fleet_escape=False))


def _vichy_gone(s: EEState, removed: tuple[str, ...], areas: tuple[str, ...], **politics: int) -> EEState:
    s = _lose_steps(s, {uid: s.units[uid].steps for uid in removed if uid in s.units}, permanent=True)
    control = {**s.control, **{a: "Axis" for a in areas}}
    return replace(s, control=control, politics=replace(s.politics, **politics))


def _vichy_occupied(s: EEState, e: ev.VichyOccupied) -> EEState:
    return _vichy_gone(s, e.removed, e.areas, vichy_occupied=e.turn)


def _lebanon(s: EEState, e: ev.LebanonOccupied) -> EEState:
    return _vichy_gone(s, e.removed, e.areas, lebanon=e.turn)


def _put_blocks(s: EEState, blocks: tuple[ev.EditedBlock, ...]) -> EEState:
    units = dict(s.units)
    for b in blocks:
        units[b.id] = Block(id=b.id, nation=b.nation, kind=b.kind, max_steps=b.max_steps, steps=b.steps, area=b.area,
                            elite=b.elite)
        if b.from_pool:
            s = _take_from_pool(s, b.nation, pool_key(b.kind, b.max_steps, b.elite))
    return replace(s, units=units)


def _units_edited(s: EEState, e: ev.UnitsEdited) -> EEState:
    s = _lose_steps(s, {uid: s.units[uid].steps for uid in e.removed if uid in s.units}, permanent=e.for_good)
    return _put_blocks(s, e.added)


def _steps_edited(s: EEState, e: ev.StepsEdited) -> EEState:
    return replace(s, units={**s.units, **{uid: replace(s.units[uid], steps=n) for uid, n in e.steps.items()
                                           if uid in s.units}})


_TRACK_FIELDS = {"flak_germany": ("flak", "germany"), "flak_britain": ("flak", "britain"),
                 "bombers_axis": ("bombers", "Axis"), "bombers_allied": ("bombers", "Allied"),
                 "fighters_axis": ("fighters", "Axis"), "fighters_allied": ("fighters", "Allied")}


def _tracks_edited(s: EEState, e: ev.TracksEdited) -> EEState:
    t = s.track
    for key, value in e.track.items():
        if key in _TRACK_FIELDS:
            field, who = _TRACK_FIELDS[key]
            t = replace(t, **{field: {**getattr(t, field), who: value}})
        else:
            t = replace(t, **{key: value})
    held = dict(s.special_actions)
    for nation, n in e.special_actions.items():
        markers = held.get(nation, ())
        # fewer: the oldest go first, as when spent; more: bought now
        held[nation] = markers[len(markers) - n:] if n < len(markers) else markers + (s.turn,) * (n - len(markers))
    fleets = {sea: dict(by) for sea, by in s.fleets.items()}
    for sea, by in e.fleets.items():
        fleets.setdefault(sea, {}).update(by)
    return replace(s, track=t, special_actions=held, fleets=fleets)


def _weather_edited(s: EEState, e: ev.WeatherEdited) -> EEState:
    return replace(s, weather={**s.weather, **e.weather}, weather_winner="")


def _minor_deployed(s: EEState, e: ev.MinorForcesDeployed) -> EEState:
    s = _put_blocks(s, e.blocks)
    p = s.politics
    return replace(s, politics=replace(p, deployed=p.deployed + (e.minor,),
                                       deploying=tuple(m for m in p.deploying if m != e.minor)))


def _ended(s: EEState, e: ev.GameEnded) -> EEState:
    return replace(s, result=e.result, result_rule=e.rule)


_EVOLVERS: dict[type, Any] = {
    PhaseBegan: _phase_began,
    ev.TurnBegan: _turn_began,
    ev.WeatherRolled: _weather_rolled,
    ev.WeatherSet: _weather_set,
    ev.StrategicMoveLimitSet: _limit_set,
    ev.TurnEnded: _turn_ended,
    ev.LendLeaseRolled: _lend_lease,
    ev.UBoatCampaignResolved: _uboats,
    ev.AirRaidResolved: _raid,
    ev.VWeaponsResolved: _v_weapons,
    ev.NavalMaintenancePaid: _maintenance,
    ev.Purchased: _purchased,
    ev.ConscriptionDeclared: _conscription,
    ev.UnitMoved: _moved,
    ev.ControlChanged: _control,
    ev.CombatRoundFought: _combat_round,
    ev.SpecialActionSpent: _sa_spent,
    ev.StepsLost: _steps_lost,
    ev.UnitsEliminated: _eliminated,
    ev.FortificationRemoved: _fort_removed,
    ev.WarDeclared: _war,
    ev.PactActivated: _pact,
    ev.VichyEstablished: _vichy,
    ev.MoraleCollapsed: _morale,
    ev.PowerConquered: _conquered,
    ev.FreeFrenchJoined: _free_french,
    ev.GameEnded: _ended,
    ev.FleetPointsTransferred: _fleet_transferred,
    ev.NavalCombatResolved: _naval_combat,
    ev.NavalInterdictionResolved: _interdicted,
    ev.BeachheadEstablished: _beachhead,
    ev.BeachheadRemoved: _beachhead_removed,
    ev.FrenchFleetEscaped: _french_fleet,
    ev.VichyOccupied: _vichy_occupied,
    ev.LebanonOccupied: _lebanon,
    ev.UnitsEdited: _units_edited,
    ev.StepsEdited: _steps_edited,
    ev.ControlEdited: _control,
    ev.TracksEdited: _tracks_edited,
    ev.WeatherEdited: _weather_edited,
    ev.MinorForcesDeployed: _minor_deployed,
}


def _scenario_set_up(s: EEState, e: ScenarioSetUp) -> EEState:
    """The set-up entered replaces the options' one: its base production counts (4.14) and it can be saved."""
    return apply_scenario(replace(s, options=replace(s.options, scenario=e.scenario)), e.scenario)


def _board_amended(s: EEState, e: BoardAmended) -> EEState:
    return replace(s, board=evolve_board(s.board, e))


def _supply(s: EEState, e: Any) -> EEState:
    """The supply engineer's facts: units' markers, eliminations (through our step losses), fleets, verdicts."""
    if isinstance(e, SupplyDetermined):
        s = replace(s, supply_checked=f"{s.turn}:{s.side}:{s.phase}")
    return evolve_supply(s, e, _lose_steps)


_EVOLVERS[ScenarioSetUp] = _scenario_set_up
_EVOLVERS[BoardAmended] = _board_amended
for _cls in SUPPLY_EVENTS:
    _EVOLVERS[_cls] = _supply


def evolve(state: EEState, event: Any) -> EEState:
    fn = _EVOLVERS.get(type(event))
    s = fn(state, event) if fn is not None else state
    for b in bookings(event):
        s = _booked(s, b)
    return s
