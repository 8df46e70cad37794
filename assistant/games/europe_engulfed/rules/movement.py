"""Operational and strategic movement by land (EE 5.1, 5.2, 5.4), with the weather, terrain, supply and
strategic-move limits that bound it, and the change of control when units enter an empty enemy area."""

from __future__ import annotations

from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.board.names import place_id
from assistant.games.europe_engulfed.wording import block
from assistant.games.europe_engulfed.board.network import network
from assistant.games.europe_engulfed.commands import Move
from assistant.games.europe_engulfed.powers import (
    conquered,
    contested,
    enemy,
    friendly_uncontested,
    land_units,
    side_of,
)
from assistant.games.europe_engulfed.rules import landings, operating, routes, sea_transport, stacking
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event


def strategic_limit(s: EEState, nation: str) -> int:
    """EE 5.24: Table 20.3 (entered by the players) less strategic warfare, never below one; Soviet 1 if Moscow
    is Axis-held."""
    if nation == "ussr" and s.control.get("moscow") == "Axis":
        return 1
    base = s.strategic_limits.get(nation)
    if base is None:
        from assistant.games.europe_engulfed.wording import nation as nation_name

        raise Refused(f"enter {nation_name(nation)}'s Table 20.3 strategic-move limit first (“Set a strategic-move "
                      "limit”): the rule book does not print it", rule="EE 5.24")
    return max(1, base - s.sm_reduction.get(nation, 0))


def _adjacent(s: EEState, a: str, b: str) -> str:
    for neighbour, kind in network(s.board).land.get(a, ()):
        if neighbour == b:
            return kind
    return ""


# the kinds of move ee.move records (commands.Move): each is checked by its own rule below
MODES = ("operational", "strategic", "amphibious", "airborne", "retreat", "reinforcement", "front_defense")


def phase_mode(s: EEState) -> str:
    """The kind of move a phase is for (EE 1.23, 1.24, 5.4): what a move that names none makes, so a strategic
    move in the strategic phase needs no more inputs than an operational one."""
    if s.phase == "strategic_move" or s.phase == "breakthrough" and s.step == "strategic":
        return "strategic"
    return "operational"


def _who(s: EEState, u: Block) -> str:
    """A block in a refusal as players name it: "German armor (4/4 steps) in Moscow"."""
    return f"{block(u.nation, u.kind, u.steps, u.max_steps, u.elite)} in {routes.name(s, u.area)}"


def move(cmd: Move, s: EEState, ctx: Context) -> list[Event]:
    u = s.units.get(cmd.unit_id)
    if u is None:
        raise Refused(f"no unit {cmd.unit_id!r} on the map")
    side = side_of(s, u.nation)
    if not cmd.mode:
        cmd = replace(cmd, mode=phase_mode(s))
    if cmd.mode not in MODES:
        raise Refused(f"unknown kind of move {cmd.mode!r}; known: {', '.join(MODES)}", rule="EE 5.0")
    if cmd.path:  # areas as the players name them ("East Prussia") stand for the board's ids
        cmd = replace(cmd, path=tuple(sea_transport.CAPE if t.strip().casefold() == sea_transport.CAPE
                                      else place_id(s.board, t) for t in cmd.path))
    if cmd.mode in ("retreat", "reinforcement"):
        return _defender_move(s, u, side, cmd.path, cmd.mode, cmd.fleet)
    if cmd.mode == "front_defense":
        return _front_defense(s, u, cmd.path)
    if side != s.side:
        raise Refused("only the phasing player moves", rule="EE 1.2")
    if u.nation == "vichy":
        raise Refused("Vichy units never move once placed", rule="EE 9.522")
    unknown = [a for a in cmd.path if a not in s.board.areas and not sea_transport.is_sea(s, a)]
    if not cmd.path or unknown:
        verb = "is" if len(unknown) == 1 else "are"
        named = f": {', '.join(repr(a) for a in unknown)} {verb} not on it" if unknown else ""
        raise Refused(f"the path must list areas (and sea areas crossed) of the board{named}")
    if tuple(cmd.path) == (u.area,):
        raise Refused(f"{block(u.nation, u.kind, u.steps, u.max_steps, u.elite)} is already in "
                      f"{routes.name(s, u.area)}: the path lists the areas it enters", rule="EE 5.1")
    if u.id in s.phase_moves:
        if cmd.mode == "strategic":  # 5.21: one strategic move takes a unit to any friendly uncontested area, once
            raise Refused(f"{_who(s, u)} has already made its strategic move in this phase", rule="EE 5.21")
        raise Refused(f"{_who(s, u)} has already moved in this phase", rule="EE 5.1")
    if side == "Axis" and "ural_mountains" in cmd.path:
        raise Refused("Axis units never enter the Ural Mountains", rule="EE 5.18")
    land = [a for a in cmd.path if a in s.board.areas]
    if u.kind == "armor" and any(s.board.areas[a].terrain == "swamp" for a in land):
        raise Refused("armor never enters swamps", rule="EE 5.15a")
    breakthrough = s.phase == "breakthrough"
    by_sea = any(sea_transport.is_sea(s, a) for a in cmd.path)
    if cmd.mode == "airborne":
        return landings.airborne(cmd, s, u, side)
    if cmd.mode in ("operational", "amphibious") and (s.phase == "operational_move" or breakthrough and s.step == "operational"):
        if breakthrough and by_sea:
            designated(s, u, side, cmd.path, by_sea=True)
        if by_sea or cmd.mode == "amphibious":
            if not by_sea:
                raise Refused("an amphibious invasion crosses a sea: put the sea area before the site", rule="EE 7.2")
            return sea_transport.operational(cmd, s, u, side, ctx, rear_guard)
        return _operational(s, u, side, cmd.path, breakthrough)
    if cmd.mode == "strategic" and (s.phase == "strategic_move" or breakthrough and s.step == "strategic"):
        return _strategic(s, u, side, cmd, breakthrough, ctx)
    raise Refused(f"no {cmd.mode} movement in this phase", rule="EE 1.23")


def rear_guard(s: EEState, u: Block, side: str) -> None:
    """EE 5.14b: leaving a contested area leaves as many steps as there are enemy land units (7.52 waives it)."""
    if contested(s, u.area) and u.kind != "gsu" and f"withdraw:{u.area}" not in s.sa_uses:
        rear = sum(x.steps for x in land_units(s, u.area) if side_of(s, x.nation) == side and x.id != u.id)
        foes = sum(1 for x in land_units(s, u.area) if side_of(s, x.nation) == enemy(side))
        if rear < foes:
            raise Refused(f"leaving a contested area needs a rear guard of {foes} step(s)", rule="EE 5.14b")


def passable(s: EEState, area: str, side: str) -> bool:
    """Strategic moves stay in friendly uncontested areas (5.23); the Axis may also cross Vichy territory (9.523)."""
    return friendly_uncontested(s, area, side) or (side == "Axis" and operating.vichy_territory(s, area))


def _vichy_entry(s: EEState, u: Block, area: str) -> list[Event]:
    """9.527 a German unit in Marseille ends Vichy; 9.524 German units in Lebanon take it (and Syria) from 1942;
    other Vichy areas the occupation reaches turn Axis as they are entered."""
    vichy_units = [x for x in s.units.values() if x.nation == "vichy"]
    rule = operating.may_enter_vichy(s, u, area)
    if rule == "EE 9.527" and area == "marseille":
        remaining = tuple(sorted(a for a in s.board.areas if operating.vichy_territory(s, a)))
        return [ev.VichyOccupied(turn=s.turn, removed=tuple(x.id for x in vichy_units), areas=remaining)]
    if area == "lebanon" and (rule == "EE 9.524" or operating.lebanon_open(s, u)):
        areas = tuple(a for a in ("lebanon", "syria") if operating.vichy_territory(s, a))
        return [ev.LebanonOccupied(turn=s.turn, removed=tuple(x.id for x in vichy_units if x.area in areas),
                                   areas=areas)]
    if any(x.area == area for x in vichy_units):
        raise Refused(f"the Vichy unit in {area} stays until a German unit enters Marseille", rule="EE 9.527")
    return [ev.ControlChanged(area=area, side="Axis", cause=f"occupation of Vichy France by {u.id}", by=u.nation)]


def _operational(s: EEState, u: Block, side: str, path: tuple[str, ...], breakthrough: bool) -> list[Event]:
    fast = u.kind in ("armor", "cavalry", "gsu")
    allowance = 2 if fast and not u.oos else 1  # 5.11, 5.12, 3.4
    if breakthrough:
        if u.oos:
            raise Refused("out-of-supply units do not move in breakthrough phases", rule="EE 3.4")
        if s.board.areas[u.area].terrain == "swamp":
            raise Refused("units in a swamp cannot act in breakthrough phases", rule="EE 5.15b")
        if any(landings.weather(s, a) in ("mud", "light_mud") for a in (u.area, *path)):
            raise Refused("no breakthrough movement into or out of Mud or Light Mud", rule="EE 1.13")
        designated(s, u, side, path)
        dest_enemies = [x for x in land_units(s, path[-1]) if side_of(s, x.nation) == enemy(side)]
        if dest_enemies and u.kind in ("infantry", "militia") and u.steps < 3:
            raise Refused("infantry and militia need three steps to break through into enemy units", rule="EE 5.43")
    gsu = u.kind == "gsu"
    if routes.has_gaps(s, u.area, path, flies=gsu):  # only the destination given: the rules below judge each way
        _, events, note = routes.operational(s, u.area, path, allowance, "EE 5.12" if fast else "EE 5.11",
                                             lambda way: _operational(s, u, side, way, breakthrough), flies=gsu)
        return [replace(e, route=note) if isinstance(e, ev.UnitMoved) else e for e in events]
    if len(path) > allowance:
        raise Refused(f"{_who(s, u)} moves at most {allowance} area{'s' if allowance > 1 else ''}", rule="EE 5.12" if fast else "EE 5.11")
    if len(path) > 1 and any(landings.weather(s, a) == "mud" for a in (u.area, *path)):
        raise Refused("entering or leaving a Mud area takes the whole move", rule="EE 1.13")
    prev = u.area
    rear_guard(s, u, side)
    if contested(s, u.area) and not friendly_uncontested(s, path[0], side):
        raise Refused("a unit leaving a contested area first enters a friendly uncontested area", rule="EE 5.14a")
    out: list[Event] = []
    for i, area in enumerate(path):
        flight = gsu and not _adjacent(s, prev, area) and routes.air_route(s, prev, area)
        if flight and len(path) > 1:  # 5.13: from where the phase began, straight across, and no further
            raise Refused(f"a ground support unit flies an air route from the area where it began the phase and "
                          f"stops across the sea: the flight to {routes.name(s, area)} takes its whole move",
                          rule="EE 5.13")
        if not _adjacent(s, prev, area) and not flight:
            raise Refused(f"{routes.name(s, area)} is not adjacent to {routes.name(s, prev)}", rule="EE 5.1")
        if leningrad_cuts(s, prev, area, side):
            raise Refused("enemy control of Leningrad cuts Novgorod from Karelia", rule="EE 5.17")
        owner = s.control.get(area)
        last = i == len(path) - 1
        operating.check(s, u, prev, area, ending=last)
        if owner is None and operating.vichy_territory(s, area) and operating.may_enter_vichy(s, u, area):
            out += _vichy_entry(s, u, area)
            prev = area
            continue
        if owner is None:
            raise Refused(f"{routes.name(s, area)} is neutral: declare war first", rule="EE 1.23")
        if last and s.board.areas[area].kind == "fortress":
            stacking.check_attacker_entry(s, u, area)
        enemies_here = [x for x in land_units(s, area) if side_of(s, x.nation) == enemy(side)]
        if enemies_here and not last:
            raise Refused(f"{_who(s, u)} must stop on entering enemy-occupied {routes.name(s, area)}", rule="EE 5.12")
        if s.board.areas[area].terrain == "swamp" and not last:
            raise Refused("units stop on entering a swamp", rule="EE 5.15a")
        if owner == enemy(side) and not enemies_here and u.kind != "gsu":
            out.append(ev.ControlChanged(area=area, side=side, cause=f"entered by {u.id}", by=u.nation))
        prev = area
    mode = "breakthrough_operational" if breakthrough else "operational"
    return [ev.UnitMoved(unit_id=u.id, path=path, origin=u.area, mode=mode, nation=u.nation, kind=u.kind, steps=u.steps), *out]


def designated(s: EEState, u: Block, side: str, path: tuple[str, ...], by_sea: bool = False) -> None:
    """EE 5.42: a breakthrough operational move goes into the area its Special Action designated; armor, cavalry
    and ground support units two areas from it may instead move one area into a friendly uncontested area next
    to it (one another unit freed on its way this phase included). No area recorded (a log from before the
    designation was asked for): nothing to check."""
    target = s.breakthrough_area
    dest = path[-1]
    if not target or dest == target:
        return
    where, to = routes.name(s, target), routes.name(s, dest)
    rule = "EE 5.42"
    if u.kind not in ("armor", "cavalry", "gsu") or by_sea:
        how = " by sea" if by_sea and u.kind in ("armor", "cavalry", "gsu") else ""
        raise Refused(f"this breakthrough operational move goes into {where}, the area designated; {_who(s, u)} may "
                      f"not end{how} in {to}", rule=rule)
    if u.area == target:
        raise Refused(f"{_who(s, u)} stands in {where}, the area designated: this phase's moves go into it, not out",
                      rule=rule)
    if _reachable(s, u, u.area, target):
        raise Refused(f"{_who(s, u)} is next to {where}, the area designated: it moves into it or stays (only units two "
                      "areas away stop short of it)", rule=rule)
    if len(path) > 1 or not _reachable(s, u, u.area, dest):
        raise Refused(f"stopping short of {where}, the area designated, a unit two areas away moves one area only, "
                      f"not to {to}", rule=rule)
    if not _adjacent(s, dest, target):
        raise Refused(f"{to} is not next to {where}, the area designated", rule=rule)
    if not friendly_uncontested(s, dest, side):
        raise Refused(f"{to} is not friendly and uncontested: a unit stopping short of {where}, the area "
                      "designated, ends in such an area", rule=rule)


def _strategic(s: EEState, u: Block, side: str, cmd: Move, breakthrough: bool, ctx: Context) -> list[Event]:
    path = cmd.path
    if u.oos:
        raise Refused("out-of-supply units make no strategic moves", rule="EE 3.4")
    nation = u.nation
    limit = strategic_limit(s, nation)
    if s.sm_used.get(nation, 0) >= limit:
        raise Refused(f"{nation} has used its {limit} strategic moves this phase", rule="EE 5.24")
    land = tuple(a for a in path if a in s.board.areas)
    if breakthrough and any(landings.weather(s, a) in ("mud", "light_mud") for a in (u.area, *land)):
        raise Refused("no breakthrough movement into or out of Mud or Light Mud", rule="EE 1.13")
    west = any((s.board.areas[a].weather_zone or "") == "west" for a in (u.area, *land))
    if west and side == "Axis" and s.west_sm_reduction:
        cap = max(0, limit - s.west_sm_reduction)
        if s.sm_used.get(f"{nation}:west", 0) >= cap:
            raise Refused(f"bombing limits Axis strategic moves touching the West zone to {cap}", rule="EE 2.27")
    if s.sm_used.get(f"{nation}:cape"):
        raise Refused("the Cape move took every British strategic move of this phase", rule="EE 5.33")
    path, note = _strategic_route(s, u, side, path)
    if note:
        cmd = replace(cmd, path=path)
        return [replace(e, route=note) if isinstance(e, ev.UnitMoved) and e.unit_id == u.id else e
                for e in _strategic(s, u, side, cmd, breakthrough, ctx)]
    if any(sea_transport.is_sea(s, a) for a in path):
        return sea_transport.strategic(cmd, s, u, side, ctx, passable, land_stretch)
    land_stretch(s, u, side, (u.area, *path))
    out: list[Event] = [ev.UnitMoved(unit_id=u.id, path=path, origin=u.area,
                                     mode="breakthrough_strategic" if breakthrough else "strategic", nation=nation,
                                     west=west, kind=u.kind, steps=u.steps)]
    if path[-1] == "lebanon" and operating.vichy_territory(s, "lebanon"):
        out += _vichy_entry(s, u, "lebanon")
    return out


def _strategic_route(s: EEState, u: Block, side: str, path: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """The path with its land gaps filled (5.22): each gap by the fewest friendly uncontested areas, "" when the
    path was typed whole (sea legs stay as typed: the seas crossed are the player's choice, 5.32, 8.2)."""
    gsu = u.kind == "gsu"
    if not routes.has_gaps(s, u.area, path, flies=gsu):
        return path, ""
    if not passable(s, u.area, side):
        raise Refused(f"{routes.name(s, u.area)} is not friendly and uncontested: strategic moves start in such an "
                      "area", rule="EE 5.21")
    chain = (u.area, *path)
    typed_west = any(operating.zone(s, a) == "west" for a in chain if a in s.board.areas)
    avoid = None
    if side == "Axis" and s.west_sm_reduction and not typed_west:
        avoid = lambda area: operating.zone(s, area) == "west"  # noqa: E731 - 2.27: bombing counts West moves
    out: list[str] = []
    notes = []
    for i, (a, b) in enumerate(zip(chain, chain[1:])):
        typed_flight = gsu and routes.air_route(s, a, b)  # judged with the path (5.22)
        if a in s.board.areas and b in s.board.areas and a != b and not routes.adjacent(s, a, b) and not typed_flight:
            ends = i == len(chain) - 2
            way, note = routes.strategic(s, a, b, _strategic_step(s, u, side, ends), avoid, "EE 2.27",
                                         flies=gsu and ends)
            out += way
            notes.append(note)
        else:
            out.append(b)
    return tuple(out), "; ".join(notes)


def _strategic_step(s: EEState, u: Block, side: str, ends: bool) -> routes.Step:
    """Why a strategic move may not enter ``area`` from ``prev`` ("" = it may): the checks of ``land_stretch``
    and ``move``, asked of each border the route finder tries."""

    def step(prev: str, area: str, last: bool) -> str:
        a = s.board.areas.get(area)
        if a is None:
            return "not a land area"
        if not passable(s, area, side):
            owner = s.control.get(area)
            return ("contested" if contested(s, area) else "enemy-controlled" if owner == enemy(side)
                    else "neutral") + ", EE 5.23"
        closed = strategic_closed(s, u, prev, area)
        if closed:
            return closed
        if side == "Axis" and area == "ural_mountains":
            return "Axis units never enter the Ural Mountains, EE 5.18"
        if u.kind == "armor" and a.terrain == "swamp":
            return "armor never enters swamps, EE 5.15a"
        if u.kind == "armor" and a.terrain is None:
            return routes.UNKNOWN + f"the terrain of {routes.name(s, area)} (armor never enters swamps, EE 5.15a)"
        try:
            operating.check(s, u, prev, area, ending=ends and last, strategic=True)
        except Refused as exc:
            return f"{exc.message}, {exc.rule}"
        return ""

    return step


def leningrad_cuts(s: EEState, prev: str, area: str, side: str) -> bool:
    """EE 5.17: enemy control of Leningrad stops friendly movement between Novgorod and Karelia."""
    return {prev, area} == {"novgorod", "karelia"} and s.control.get("leningrad") == enemy(side)


def partisans_hold(s: EEState, area: str, side: str) -> bool:
    """EE 4.7: a conquered resource area the side has not occupied as the rule requires (a Soviet or Axis land unit
    in areas they took, a British one in Alexandria, a Western Allied one in German and Italian areas)."""
    a = s.board.areas.get(area)
    if a is None or not a.resource or s.control.get(area) != side:
        return False
    here = {x.nation for x in land_units(s, area) if side_of(s, x.nation) == side}
    if area == "alexandria" and side == "Allied" and area not in s.conquered_by:
        return "britain" not in here
    taker = s.conquered_by.get(area)
    if taker is None or (a.home and a.nation == taker):
        return False
    if side == "Axis":
        return not here and not (a.nation == "italy" and not conquered(s, "italy"))  # 4.7: Italy's need no Axis unit
    if taker == "ussr":
        return "ussr" not in here
    return taker in operating.WESTERN and a.nation in ("germany", "italy") and not here & set(operating.WESTERN)


def strategic_closed(s: EEState, u: Block, prev: str, area: str) -> str:
    """Friendly areas a strategic move still may not enter ("" = none): 5.17 Leningrad, 4.7 partisans."""
    side = side_of(s, u.nation)
    if leningrad_cuts(s, prev, area, side):
        return "enemy control of Leningrad cuts Novgorod from Karelia, EE 5.17"
    if partisans_hold(s, area, side):
        return "partisans hold this conquered resource area until a land unit occupies it, EE 4.7"
    return ""


def land_stretch(s: EEState, u: Block, side: str, areas: tuple[str, ...], entry_ok: bool = False,
                 ends: bool = True) -> None:
    """A strategic move's land stretch (5.22, 5.23): adjacent friendly uncontested areas, each allowed to the
    unit's nationality (9.x); ``entry_ok``: its first area may be contested (a Cape port, 5.33); ``ends``: the
    move stops at its last area (not an embarkation port)."""
    for i, area in enumerate(areas):
        if not passable(s, area, side) and not (entry_ok and i == 0 and s.control.get(area) == side):
            raise Refused(f"strategic moves stay in friendly uncontested areas ({area})", rule="EE 5.23")
        if i and not _adjacent(s, areas[i - 1], area):
            _flight(s, u, areas[i - 1], area, last=ends and i == len(areas) - 1)
        closed = strategic_closed(s, u, areas[i - 1], area) if i else ""
        if closed:
            text, _, rule = closed.rpartition(", ")
            raise Refused(f"{text} ({area})", rule=rule)
        if area != u.area:
            ending = ends and i == len(areas) - 1
            operating.check(s, u, areas[i - 1] if i else u.area, area, ending=ending, strategic=True)


def _flight(s: EEState, u: Block, prev: str, area: str, last: bool) -> None:
    """EE 5.22: a ground support unit's strategic move may cross the sea along an air route, both ends friendly
    and uncontested (5.23); the flight spends its whole move (Glossary "Air-Routes"), so it is the move's last
    link. Refuses any other link between areas that do not touch."""
    if u.kind != "gsu" or not routes.air_route(s, prev, area):
        raise Refused(f"{area} is not adjacent to {prev} by land", rule="EE 5.22")
    if not last:
        raise Refused(f"the flight from {routes.name(s, prev)} to {routes.name(s, area)} ends the move: a ground "
                      "support unit flying an air route spends its whole movement (Glossary \"Air-Routes\")",
                      rule="EE 5.22")


def _reachable(s: EEState, u: Block, a: str, b: str) -> bool:
    return bool(_adjacent(s, a, b)) or (u.kind == "gsu" and b in network(s.board).air.get(a, ()))


def _defender_move(s: EEState, u: Block, side: str, path: tuple[str, ...], mode: str,
                   cmd_fleet: dict[str, str]) -> list[Event]:
    """EE 7.51 Retreat Before Combat and 7.6 Reinforce a battle: the defender's moves a Special Action paid for."""
    if side != enemy(s.side) or s.phase not in ("combat", "breakthrough"):
        raise Refused("only the defender retreats or reinforces, in a combat phase", rule="EE 7.51")
    if mode == "retreat" and any(sea_transport.is_sea(s, a) for a in path):
        return sea_transport.retreat_by_sea(s, u, side, path, cmd_fleet)
    if len(path) != 1:
        raise Refused("one area: to an adjacent friendly uncontested area, or into the adjacent battle", rule="EE 7.6")
    dest = path[0]
    if mode == "retreat":
        rule = "EE 7.51"
        if f"retreat:{u.area}" not in s.sa_uses:
            raise Refused(f"no Retreat Before Combat was paid for {u.area}", rule=rule)
        if not friendly_uncontested(s, dest, side) or not _reachable(s, u, u.area, dest):
            raise Refused(f"{dest} is not an adjacent friendly uncontested area", rule=rule)
    else:
        rule = "EE 7.6"
        paid = s.sa_uses.count(f"reinforce:{dest}")
        if not paid:
            raise Refused(f"no reinforcement was paid for the battle in {dest}", rule=rule)
        if not friendly_uncontested(s, u.area, side) or not _reachable(s, u, u.area, dest):
            raise Refused("reinforcements come from adjacent friendly uncontested areas", rule=rule)
        if u.kind != "gsu" and s.sa_uses.count(f"reinforced:{u.area}>{dest}") >= paid:
            raise Refused(f"each Special Action brings one land unit from {u.area}", rule=rule)
    return [ev.UnitMoved(unit_id=u.id, path=path, origin=u.area, mode=mode, nation=u.nation, kind=u.kind, steps=u.steps)]


def _front_defense(s: EEState, u: Block, path: tuple[str, ...]) -> list[Event]:
    """EE 9.26: at the end of an Allied player turn the German player moves Soviet land units, unexamined, from
    outside the pact areas into them until the minimums are met."""
    from assistant.games.europe_engulfed.rules.politics import soviet_front_shortfall

    if s.side != "Allied" or s.phase != "final_supply" or not soviet_front_shortfall(s):
        raise Refused("the German player relocates Soviet units only when the front defense falls short",
                      rule="EE 9.26")
    front = {a for a, area in s.board.areas.items() if "pact_area" in area.regions}
    if u.nation != "ussr" or u.kind == "gsu" or u.area in front:
        raise Refused("only Soviet land units outside the pact areas are moved in", rule="EE 9.26")
    if len(path) != 1 or path[0] not in front:
        raise Refused("the unit goes into Bessarabia, Lvov, Brest-Litovsk or Lithuania", rule="EE 9.26")
    return [ev.UnitMoved(unit_id=u.id, path=path, origin=u.area, mode="front_defense", nation=u.nation, kind=u.kind, steps=u.steps)]
