"""Amphibious invasions and airborne assaults (EE 7.2-7.3): what a landing needs, when an unopposed landing
takes its area (Glossary "controlled area"), the joint-invasion rule (7.26), and beachheads (7.22, 7.24)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.board.network import network
from assistant.games.europe_engulfed.commands import Move, RemoveBeachhead
from assistant.games.europe_engulfed.powers import AXIS_MINORS, contested, enemy, friendly_uncontested, land_units, side_of
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.rules.operating import zone
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

LANDING_WEATHER = ("clear", "light_mud")
BEACHHEADS = {"western": 2, "ussr": 1, "axis": 1}  # 7.24
US_ALONE = ("morocco", "marseille")  # 7.26, plus Axis-held invasion sites in Great Britain
BRITAIN_ALONE = ("malta", "upper_egypt")


def weather(s: EEState, area: str) -> str:
    """The weather of the area's zone (a fortress shares its surrounding area's)."""
    return s.weather.get(zone(s, area), "clear")


def spender(u: Block) -> str:
    """7.13: each major taking part spends its own Special Action; Axis minors use Germany's (9.15), the Free
    French the U.S.A.'s (9.531)."""
    if u.nation in AXIS_MINORS:
        return "germany"
    return "usa" if u.nation == "free_french" else u.nation


def group(s: EEState, side: str, sea: str) -> str:
    """Whose beachhead allowance (7.24): the Axis; Allied beachheads in the Black Sea are Soviet (the only sea the
    Soviets may invade), the others Western Allied."""
    if side == "Axis":
        return "axis"
    return "ussr" if sea == "black_sea" else "western"


def _beachhead_sea(s: EEState, area: str) -> str:
    arrows = [a.sea for a in s.board.invasion_arrows if a.area == area]
    return arrows[0] if arrows else ""


def check_amphibious(s: EEState, u: Block, side: str, sea: str, site: str) -> None:
    if s.phase != "operational_move":
        raise Refused("amphibious invasions are made in the initial operational movement phase only", rule="EE 7.2")
    if not u.infantry_type or u.kind == "airborne":
        raise Refused("only infantry-type units invade from the sea (airborne units assault by air)", rule="EE 7.2")
    if u.nation == "ussr" and sea != "black_sea":
        raise Refused("the Soviets invade only in the Black Sea", rule="EE 7.24")
    if f"amphibious:{site}:{spender(u)}" not in s.sa_uses:
        raise Refused(f"{spender(u)} has spent no amphibious Special Action for {site}", rule="EE 7.13")
    if side == "Axis" and sea == "mediterranean" and f"amphibious:{site}:italy" not in s.sa_uses:
        raise Refused("an Axis invasion with the Mediterranean fleet needs the Italian Special Action", rule="EE 9.47")
    if s.control.get(site) != enemy(side):
        raise Refused(f"the invasion site {site} must be enemy-controlled", rule="EE 7.2")
    arrow = next((a for a in s.board.invasion_arrows if a.sea == sea and a.area == site), None)
    if arrow is None:
        raise Refused(f"no invasion arrow from {sea} to {site} on the board (complete it with ee.amend_board)",
                      rule="EE 7.2")
    if weather(s, site) not in LANDING_WEATHER:
        raise Refused("the invasion site's weather must be Clear or Light Mud", rule="EE 7.2")
    landing = s.landings.get(site)
    landed = [uid for uid in (landing.units if landing else ()) if s.units.get(uid) and s.units[uid].kind != "airborne"]
    if arrow.max_units is not None and len(landed) >= arrow.max_units:
        raise Refused(f"the arrow into {site} takes {arrow.max_units} infantry unit(s)", rule="EE 7.2")
    vichy_south = "vichy_south" in s.board.areas[site].regions or site == "corsica"
    if vichy_south and s.politics.vichy_occupied < 0 and s.politics.vichy_war >= s.turn:
        raise Refused("Vichy France and Corsica may be invaded from the turn after the war on Vichy", rule="EE 9.526")
    if landing is None or "amphibious" not in landing.kinds:
        g = group(s, side, sea)
        held = sum(1 for a, sd in s.beachheads.items() if sd == side and group(s, sd, _beachhead_sea(s, a)) == g)
        pending = sum(1 for a, l in s.landings.items()
                      if l.side == side and "amphibious" in l.kinds and group(s, side, l.sea) == g)
        if held + pending >= BEACHHEADS[g]:
            raise Refused(f"no beachhead marker left ({BEACHHEADS[g]} in play at most)", rule="EE 7.24")


def airborne(cmd: Move, s: EEState, u: Block, side: str) -> list[Event]:
    """7.3: a full-strength airborne unit from an uncontested supplied area to a fortress or clear area within two
    areas or across an air route, Clear or Light Mud at both ends, never on two turns running."""
    rule = "EE 7.3"
    if s.phase != "operational_move":
        raise Refused("airborne assaults are made in the initial operational movement phase only", rule=rule)
    if u.kind != "airborne" or u.steps < u.max_steps:
        raise Refused("only full-strength airborne units assault", rule=rule)
    if len(cmd.path) != 1:
        raise Refused("name only the assaulted area", rule=rule)
    dest = cmd.path[0]
    if not friendly_uncontested(s, u.area, side) or u.oos:
        raise Refused("the airborne unit starts in an uncontested supplied area", rule=rule)
    if s.airborne_turns.get(u.id, -9) == s.turn - 1:
        raise Refused(f"{u.id} assaulted last turn: never two turns running", rule=rule)
    area = s.board.areas.get(dest)
    if area is None or not (area.kind == "fortress" or area.terrain == "clear"):
        raise Refused(f"{dest} is not a fortress or clear area", rule=rule)
    if s.control.get(dest) != enemy(side):
        raise Refused(f"{dest} must be enemy-controlled", rule=rule)
    if any(weather(s, a) not in LANDING_WEATHER for a in (u.area, dest)):
        raise Refused("Clear or Light Mud is needed at both ends", rule=rule)
    if not _within(s, u.area, dest):
        raise Refused(f"{dest} is more than two areas away and not across an air route", rule=rule)
    who = spender(u)
    if f"airborne:{dest}:{who}" not in s.sa_uses and f"amphibious:{dest}:{who}" not in s.sa_uses:
        raise Refused(f"{who} has spent no airborne (or amphibious) Special Action for {dest}", rule="EE 7.13")
    return [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode="airborne", nation=u.nation, kind=u.kind, steps=u.steps)]


def _within(s: EEState, start: str, dest: str) -> bool:
    net = network(s.board)
    if dest in net.air.get(start, ()):
        return True
    ring = {start}
    for _ in range(2):
        ring |= {n for a in ring for n, _k in net.land.get(a, ())}
    return dest in ring


def combat_phase_opens(f: Flow) -> None:
    """Glossary: an area taken by an unopposed amphibious or airborne landing turns friendly at the initial combat
    phase; an unopposed invasion leaves its beachhead (7.22)."""
    s = f.s
    for area, landing in sorted(s.landings.items()):
        invaders = [u for u in land_units(s, area) if side_of(s, u.nation) == landing.side]
        if not invaders or contested(s, area):
            continue
        f.add(ev.ControlChanged(area=area, side=landing.side, cause=f"unopposed {' and '.join(landing.kinds)} landing",
                                by=invaders[0].nation))
        if "amphibious" in landing.kinds:
            f.add(ev.BeachheadEstablished(area=area, side=landing.side, sea=landing.sea, rule="EE 7.22"))


def check_joint_invasions(s: EEState) -> None:
    """7.26, at the end of the initial operational move: once the U.S.A. is at war, a contested Western Allied
    invasion needs British and U.S. infantry (so both Special Actions), save the listed exceptions."""
    for area, landing in sorted(s.landings.items()):
        if "amphibious" in landing.kinds and landing.side == "Allied" and group(s, "Allied", landing.sea) == "western":
            _joint_invasion(s, area, landing.infantry_nations)


def _joint_invasion(s: EEState, area: str, nations: tuple[str, ...]) -> None:
    if s.politics.usa_at_war < 0 or not contested(s, area):
        return
    a = s.board.areas.get(area)
    british_isles = a is not None and "british_isles" in a.regions
    if set(nations) <= {"usa", "free_french"} and (area in US_ALONE or british_isles):
        return
    if set(nations) == {"britain"} and area in BRITAIN_ALONE:
        return
    if not ({"britain"} <= set(nations) and {"usa"} <= set(nations)):
        raise Refused(f"the contested invasion of {area} needs British and U.S. infantry (both Special Actions)",
                      rule="EE 7.26")


def after_round(f: Flow, area: str, landing_side: str, landing_sea: str, amphibious: bool) -> None:
    """7.22: assailants surviving the first round make a beachhead; a beachhead left alone with enemy land units
    is removed."""
    s = f.s
    if amphibious and any(side_of(s, u.nation) == landing_side for u in land_units(s, area)):
        f.add(ev.BeachheadEstablished(area=area, side=landing_side, sea=landing_sea, rule="EE 7.22"))
    owner = f.s.beachheads.get(area)
    if owner:
        mine = any(side_of(f.s, u.nation) == owner for u in land_units(f.s, area))
        theirs = any(side_of(f.s, u.nation) == enemy(owner) for u in land_units(f.s, area))
        if theirs and not mine:
            f.add(ev.BeachheadRemoved(area=area, side=owner, reason="left alone with enemy land units", rule="EE 7.22"))


def remove_beachhead(cmd: RemoveBeachhead, s: EEState, ctx: Context) -> list[Event]:
    """7.22, the owner's choice: the area is cleared and no unit of the side was last found supplied through it."""
    owner = s.beachheads.get(cmd.area)
    if owner is None:
        raise Refused(f"no beachhead in {cmd.area}", rule="EE 7.22")
    if any(side_of(s, u.nation) == enemy(owner) for u in land_units(s, cmd.area)):
        raise Refused("the invader removes a beachhead only once the area is cleared", rule="EE 7.22")
    through = sorted(uid for uid, r in s.supply.last.get(owner, {}).items()
                     if r.via == "beachhead" and r.route is not None and cmd.area in (r.route.origin, r.route.destination)
                     and uid in s.units)
    if through:
        raise Refused(f"{', '.join(through)} traced supply through it at the last determination", rule="EE 7.22")
    return [ev.BeachheadRemoved(area=cmd.area, side=owner, reason="no longer needed", rule="EE 7.22")]
