"""Land operations: moves, landings, control of areas, combat rounds, step losses, Special Actions spent, supply."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from assistant.families.engulfed import special_actions as stock
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.supply.evolve import evolve_supply
from assistant.games.europe_engulfed.events.supply import SupplyDetermined
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import Battle, Block, EEState, Landing, side_of
from assistant.games.europe_engulfed.evolve.blocks import lose_steps
from assistant.games.europe_engulfed.evolve.economy import book
from assistant.games.europe_engulfed.evolve.naval import sea_transport


def moved(s: EEState, e: ev.UnitMoved) -> EEState:
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
        s = sea_transport(s, e, u)
    if e.mode in ("amphibious", "airborne"):
        s = landing(s, e, u)
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


def landing(s: EEState, e: ev.UnitMoved, u: Block) -> EEState:
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


def control(s: EEState, e: ev.ControlChanged | ev.ControlEdited) -> EEState:
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


def combat_round(s: EEState, e: ev.CombatRoundFought) -> EEState:
    s = lose_steps(s, e.losses)
    units = {k: (replace(u, revealed=True) if u.area == e.area else u) for k, u in s.units.items()}
    battle = s.battle if s.battle and s.battle.area == e.area else Battle(area=e.area)
    battle = replace(battle, rounds=battle.rounds + 1, counterattacked=e.kind == "counterattack")
    fought = s.fought if e.area in s.fought else s.fought + (e.area,)
    landings = {k: v for k, v in s.landings.items() if k != e.area}  # the landing's first round is over (7.22)
    s = replace(s, units=units, battle=battle, fought=fought, landings=landings)
    if e.fortification_breached:
        s = replace(s, fortifications={k: v for k, v in s.fortifications.items() if k != e.area})
    return s


def sa_spent(s: EEState, e: ev.SpecialActionSpent) -> EEState:
    held = s.special_actions.get(e.nation, ())
    if e.purpose in ("withdraw", "retreat", "reinforce"):
        s = replace(s, sa_uses=s.sa_uses + (f"{e.purpose}:{e.area}",))
    if e.purpose == "retreat":
        s = replace(s, sa_uses=s.sa_uses + (f"retreat:{e.area}:{e.nation}",))  # 9.47: whose marker paid
    if e.purpose in ("amphibious", "airborne"):
        s = replace(s, sa_uses=s.sa_uses + (f"{e.purpose}:{e.area}:{e.nation}",))
    if e.purpose == "breakthrough_operational":  # 5.42: the phase that opens next moves into this area
        s = replace(s, breakthrough_area=e.area)
    if e.purpose == "unrestricted_replacement":
        led = s.ledger(e.nation)
        s = book(s, e.nation, unrestricted=led.unrestricted + (e.area,))
    if not held:
        return s
    # The oldest marker goes first, so markers held "since the previous turn" (EE 7.8) stay countable.
    return replace(s, special_actions={**s.special_actions, e.nation: stock.spend_oldest(held)})


def steps_lost(s: EEState, e: ev.StepsLost) -> EEState:
    return lose_steps(s, e.losses)


def eliminated(s: EEState, e: ev.UnitsEliminated) -> EEState:
    return lose_steps(s, {uid: s.units[uid].steps for uid in e.unit_ids if uid in s.units}, permanent=e.permanent)


def fort_removed(s: EEState, e: ev.FortificationRemoved) -> EEState:
    return replace(s, fortifications={k: v for k, v in s.fortifications.items() if k != e.area})


def beachhead(s: EEState, e: ev.BeachheadEstablished) -> EEState:
    landings = {k: v for k, v in s.landings.items() if k != e.area}
    s = replace(s, beachheads={**s.beachheads, e.area: e.side}, landings=landings)
    area = s.board.areas.get(e.area)
    if e.side == "Allied" and area is not None and area.nation == "france" and s.politics.italians_in_france < 0:
        s = replace(s, politics=replace(s.politics, italians_in_france=s.turn))  # 9.41, for the rest of the game
    return s


def beachhead_removed(s: EEState, e: ev.BeachheadRemoved) -> EEState:
    return replace(s, beachheads={k: v for k, v in s.beachheads.items() if k != e.area})


def supply(s: EEState, e: Any) -> EEState:
    """The supply engineer's facts: units' markers, eliminations (through our step losses), fleets, verdicts."""
    if isinstance(e, SupplyDetermined):
        s = replace(s, supply_checked=f"{s.turn}:{s.side}:{s.phase}")
    return evolve_supply(s, e, lose_steps)
