"""Politics: wars, the pact, Vichy, morale, conquests, the Free French, minors deployed, Soviet conscription."""

from __future__ import annotations

from msgspec.structs import replace

from assistant.games.europe_engulfed import data
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.state import Block, EEState, war_key
from assistant.games.europe_engulfed.evolve.blocks import lose_steps, put_blocks


def war(s: EEState, e: ev.WarDeclared) -> EEState:
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


def pact(s: EEState, e: ev.PactActivated) -> EEState:
    return replace(s, politics=replace(s.politics, pact=e.turn))


VICHY_REGIONS = ("vichy_south", "french_north_africa", "french_eastern_colonies")  # EE 9.522 a-c


def vichy(s: EEState, e: ev.VichyEstablished) -> EEState:
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


def morale(s: EEState, e: ev.MoraleCollapsed) -> EEState:
    return replace(s, politics=replace(s.politics, morale_collapsed=e.turn))


def conquered(s: EEState, e: ev.PowerConquered) -> EEState:
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


def free_french(s: EEState, e: ev.FreeFrenchJoined) -> EEState:
    pool = dict(s.pools.get("free_french", {}))
    for key, n in e.blocks.items():
        pool[key] = pool.get(key, 0) + n
    return replace(s, pools={**s.pools, "free_french": pool})


def french_fleet(s: EEState, e: ev.FrenchFleetEscaped) -> EEState:
    fleets = {}
    for sea, by in s.fleets.items():
        by = dict(by)
        had = by.pop("france", 0)
        if sea == e.sea and had:
            by["britain"] = by.get("britain", 0) + 1
        fleets[sea] = by
    return replace(s, fleets=fleets, politics=replace(s.politics, french_fleet_escape=False))


def vichy_gone(s: EEState, removed: tuple[str, ...], areas: tuple[str, ...], **politics: int) -> EEState:
    s = lose_steps(s, {uid: s.units[uid].steps for uid in removed if uid in s.units}, permanent=True)
    control = {**s.control, **{a: "Axis" for a in areas}}
    return replace(s, control=control, politics=replace(s.politics, **politics))


def vichy_occupied(s: EEState, e: ev.VichyOccupied) -> EEState:
    return vichy_gone(s, e.removed, e.areas, vichy_occupied=e.turn)


def lebanon(s: EEState, e: ev.LebanonOccupied) -> EEState:
    return vichy_gone(s, e.removed, e.areas, lebanon=e.turn)


def minor_deployed(s: EEState, e: ev.MinorForcesDeployed) -> EEState:
    s = put_blocks(s, e.blocks)
    p = s.politics
    return replace(s, politics=replace(p, deployed=p.deployed + (e.minor,),
                                       deploying=tuple(m for m in p.deploying if m != e.minor)))


def conscription(s: EEState, e: ev.ConscriptionDeclared) -> EEState:
    return replace(s, politics=replace(s.politics, conscription=s.turn, conscription_schedule=e.schedule))
