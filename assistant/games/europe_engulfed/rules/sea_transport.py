"""Moves by sea (EE 5.3): operational sea transport from port to port or to an invasion site (5.31, 7.2),
strategic sea transport with naval interdiction (5.32, 8.2), the Cape of Good Hope (5.33, 7.25), and the
nationality limits on fleets (9.12, 9.37, 9.44, 9.51a). A sea area in a move's path is a stretch at sea."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed.commands import Move
from assistant.games.europe_engulfed.powers import enemy, friendly_uncontested, land_units, side_of
from assistant.games.europe_engulfed.rules import naval
from assistant.games.europe_engulfed.state import Block, EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Event

CAPE = "cape"
CAPE_ENDS = ("upper_egypt", "persia")  # 5.33
BRITISH_HOME = "britain"


def is_sea(s: EEState, place: str) -> bool:
    return place in s.board.seas or place == CAPE


def split(s: EEState, u: Block, path: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(land before embarking, seas, land after landing); one voyage per move (5.31, 5.32)."""
    first = next(i for i, p in enumerate(path) if is_sea(s, p))
    last = max(i for i, p in enumerate(path) if is_sea(s, p))
    seas = path[first:last + 1]
    if any(not is_sea(s, p) for p in seas):
        raise Refused("one sea voyage per move: embark once, land once", rule="EE 5.32")
    before, after = path[:first], path[last + 1:]
    if not after:
        raise Refused("a move by sea ends on land: name the port or site where the unit lands", rule="EE 5.3")
    return before, seas, after


def _ports(s: EEState, area: str) -> tuple[str, ...]:
    a = s.board.areas.get(area)
    return tuple(a.ports or ()) if a else ()


def own_beachhead(s: EEState, area: str, side: str, sea: str) -> bool:
    """7.22: a beachhead is a friendly port for the invader in the sea of its invasion arrow."""
    if s.beachheads.get(area) != side:
        return False
    return any(a.area == area and a.sea == sea for a in s.board.invasion_arrows) or sea in _ports(s, area)


def _port_of(s: EEState, area: str, sea: str, side: str) -> bool:
    return (sea in _ports(s, area) and s.control.get(area) == side) or own_beachhead(s, area, side, sea)


def legs(s: EEState, u: Block, seas: tuple[str, ...], cmd: Move | dict[str, str],
         per_sea: int = 1) -> tuple[ev.SeaLeg, ...]:
    """Fleet points carrying the unit in each sea (5.34): the chosen or first allowed nation with points left."""
    allowed = naval.carriers(s, u)
    chosen = cmd if isinstance(cmd, dict) else cmd.fleet
    out = []
    for sea in seas:
        want = per_sea
        choice = chosen.get(sea)
        if choice and choice not in allowed:
            raise Refused(f"{choice} fleet points may not carry {u.nation} units", rule="EE 9.51a"
                          if {choice, u.nation} <= {"britain", "france", "usa", "free_french"} else "EE 9.44")
        order = (choice,) if choice else allowed
        for nation in order:
            take = min(want, naval.available(s, sea, nation))
            if take > 0:
                out.append(ev.SeaLeg(sea=sea, nation=nation, fleet_points=take))
                want -= take
        if want:
            raise Refused(f"no fleet point left for transport in {sea} this game turn "
                          f"({', '.join(allowed) or 'none may carry ' + u.nation})", rule="EE 5.34")
    return tuple(out)


def _italian_sea_limits(s: EEState, u: Block, sea_legs: tuple[ev.SeaLeg, ...], dest: str) -> None:
    """9.12: while Vichy stands unoccupied and at peace, one German land unit per game turn on Italian ships, and
    none to Africa unless more Italian than German land units are already there."""
    if u.nation != "germany" or not any(leg.nation == "italy" for leg in sea_legs):
        return
    p = s.politics
    if p.vichy < 0 or p.vichy_war >= 0 or p.vichy_occupied >= 0:
        return
    if s.german_on_italian_sea == s.turn:
        raise Refused("one German land unit per game turn may use Italian sea transport while Vichy stands",
                      rule="EE 9.12")
    a = s.board.areas.get(dest)
    if a is not None and "africa" in a.regions:
        africa = [x for x in s.units.values() if x.kind != "gsu" and "africa" in s.board.areas[x.area].regions]
        italians = sum(1 for x in africa if x.nation == "italy")
        germans = sum(1 for x in africa if x.nation == "germany")
        if italians <= germans:
            raise Refused(f"Germans go to Africa by sea only with more Italian than German land units there "
                          f"({italians} v {germans})", rule="EE 9.12")


def _usa_box(s: EEState, u: Block, dest: str, side: str, amphibious: bool) -> None:
    """9.37: from the U.S.A. box, no landing straight into a contested area or an invasion, except in Vichy
    Morocco or British home areas."""
    if u.area != "usa_box":
        return
    a = s.board.areas.get(dest)
    excepted = dest == "morocco" or (a is not None and a.nation == BRITISH_HOME and a.home)
    enemies = any(side_of(s, x.nation) == enemy(side) for x in land_units(s, dest))
    if (amphibious or enemies) and not excepted:
        raise Refused("units leaving the U.S.A. box may not invade or land in a contested area (except Morocco and "
                      "British home areas)", rule="EE 9.37")


def operational(cmd: Move, s: EEState, u: Block, side: str, ctx: Context, leave_contested) -> list[Event]:
    """5.31: from a friendly port or beachhead to a friendly port or beachhead (contested or not) of the same sea,
    and no further this phase; 7.2 when the destination is an invasion site."""
    before, seas, after = split(s, u, cmd.path)
    amphibious = cmd.mode == "amphibious"
    if before or len(after) != 1:
        raise Refused("operational sea transport starts in the unit's port and ends in the landing area",
                      rule="EE 5.31")
    dest = after[0]
    if seas == (CAPE,):
        return _cape_operational(cmd, s, u, side, dest, amphibious)
    if len(seas) != 1:
        raise Refused("operational sea transport stays in one sea area", rule="EE 5.31")
    sea = seas[0]
    if not _port_of(s, u.area, sea, side):
        raise Refused(f"{u.id} is not in a friendly port or beachhead of {sea}", rule="EE 5.31")
    leave_contested(s, u, side)
    _usa_box(s, u, dest, side, amphibious)
    if amphibious:
        from assistant.games.europe_engulfed.rules import landings

        landings.check_amphibious(s, u, side, sea, dest)
    elif not _port_of(s, dest, sea, side):
        raise Refused(f"{dest} is not a friendly port or beachhead of {sea}", rule="EE 5.31")
    sea_legs = legs(s, u, seas, cmd)
    _italian_sea_limits(s, u, sea_legs, dest)
    mode = cmd.mode if amphibious else ("breakthrough_operational" if s.phase == "breakthrough" else "operational")
    return [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode=mode, nation=u.nation, kind=u.kind, steps=u.steps, sea=sea_legs)]


def _cape_operational(cmd: Move, s: EEState, u: Block, side: str, dest: str, amphibious: bool) -> list[Event]:
    """5.33: the Western Allies ship directly between Upper Egypt and Persia (1 Atlantic point per unit); 7.25: the
    British invasion of Upper Egypt from Britain round the Cape (2 Special Actions, 2 Atlantic points per unit)."""
    if {u.area, dest} == set(CAPE_ENDS) and not amphibious:
        if u.nation not in naval.WESTERN or u.nation == "france":
            raise Refused("only Western Allied units ship between Upper Egypt and Persia", rule="EE 5.33")
        if s.control.get(dest) != side:
            raise Refused(f"{dest} must be friendly-controlled", rule="EE 5.33")
        sea_legs = legs(s, u, ("atlantic",), cmd)
        return [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode="operational", nation=u.nation, kind=u.kind, steps=u.steps,
                             sea=sea_legs, cape=True)]
    home = s.board.areas.get(u.area)
    if dest != "upper_egypt" or u.nation != "britain" or not (home and home.nation == BRITISH_HOME and home.home):
        raise Refused("the only operational move round the Cape is the British invasion of Upper Egypt from British "
                      "home areas", rule="EE 7.25")
    if s.sa_uses.count("amphibious:upper_egypt:britain") < 2:
        raise Refused("the invasion of Upper Egypt from Britain costs two British Special Actions", rule="EE 7.25")
    sea_legs = legs(s, u, ("atlantic",), cmd, per_sea=2)
    return [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode="amphibious" if amphibious else "operational",
                         nation=u.nation, kind=u.kind, steps=u.steps, sea=sea_legs, cape=True)]


def strategic(cmd: Move, s: EEState, u: Block, side: str, ctx: Context, passable, check_land) -> list[Event]:
    """5.32: friendly uncontested land to a friendly uncontested port, by sea (adjacent seas only where fleet
    points could transfer, 8.31/8.32) to a friendly uncontested port, then on by land; interdiction in each sea."""
    before, seas, after = split(s, u, cmd.path)
    start = (u.area, *before)
    check_land(s, u, side, start, ends=False)
    embark, land_at = start[-1], after[0]
    if seas == (CAPE,):
        sea_legs = _cape_strategic(cmd, s, u, side, embark, land_at)
        check_land(s, u, side, after, entry_ok=land_at in CAPE_ENDS)
        return [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode=_mode(s), nation=u.nation, kind=u.kind, steps=u.steps,
                             sea=sea_legs, cape=True)]
    if CAPE in seas:
        raise Refused("the Cape route is a voyage of its own", rule="EE 5.33")
    for a, b in zip(seas, seas[1:]):
        why = naval.crossing(s, side, a, b)
        if why:
            rule, _, text = why.partition(": ")
            raise Refused(f"{text} (strategic moves by sea follow the transfer rules)", rule=rule)
    for port, sea in ((embark, seas[0]), (land_at, seas[-1])):
        if sea not in _ports(s, port) or not passable(s, port, side):
            raise Refused(f"{port} is not a friendly uncontested port on {sea}", rule="EE 5.32")
        if s.control.get(port) != side and sea != "mediterranean":
            raise Refused("Axis sea legs through Vichy ports use the Mediterranean only", rule="EE 9.523")
    check_land(s, u, side, after)
    sea_legs = legs(s, u, seas, cmd)
    _italian_sea_limits(s, u, sea_legs, after[-1])
    out: list[Event] = [ev.UnitMoved(unit_id=u.id, path=cmd.path, origin=u.area, mode=_mode(s), nation=u.nation, kind=u.kind, steps=u.steps,
                                     sea=sea_legs, west=_west(s, (u.area, *before, *after)))]
    steps = u.steps
    for sea in seas:
        if sea in cmd.unopposed or steps <= 0:
            continue
        events = naval.interdiction(s, u, sea, ctx)
        out += events
        steps -= sum(e.steps_lost for e in events if isinstance(e, ev.NavalInterdictionResolved))
    return out


def _mode(s: EEState) -> str:
    return "breakthrough_strategic" if s.phase == "breakthrough" else "strategic"


def _west(s: EEState, areas: tuple[str, ...]) -> bool:
    return any((s.board.areas[a].weather_zone or "") == "west" for a in areas if a in s.board.areas)


def _cape_strategic(cmd: Move, s: EEState, u: Block, side: str, embark: str, land_at: str) -> tuple[ev.SeaLeg, ...]:
    """5.33: British units only, one per strategic movement phase, four Atlantic points of transport and every
    British strategic move of the phase; Upper Egypt and Persia may be contested but must be friendly."""
    if u.nation != "britain":
        raise Refused("only British units go round the Cape", rule="EE 5.33")
    if s.phase == "breakthrough":
        raise Refused("sea transport is not renewed in breakthrough phases; the Cape takes a whole phase's moves",
                      rule="EE 5.44")
    if s.sm_used.get("britain", 0) or s.sm_used.get("britain:cape", 0):
        raise Refused("the Cape move takes all British strategic moves of the phase: none may be made before",
                      rule="EE 5.33")
    ends = [p for p in (embark, land_at) if p in CAPE_ENDS]
    if not ends:
        raise Refused("round the Cape the unit embarks or lands in Upper Egypt or Persia", rule="EE 5.33")
    for p in ends:
        if s.control.get(p) != side:
            raise Refused(f"{p} must be friendly-controlled", rule="EE 5.33")
    other = land_at if embark in CAPE_ENDS else embark
    if other not in CAPE_ENDS and ("atlantic" not in _ports(s, other) or not friendly_uncontested(s, other, side)):
        raise Refused(f"{other} is not a friendly uncontested Atlantic port", rule="EE 5.32")
    return legs(s, u, ("atlantic",), cmd, per_sea=4)


def retreat_by_sea(s: EEState, u: Block, side: str, path: tuple[str, ...], fleet: dict[str, str]) -> list[Event]:
    """7.51: from a friendly port, a retreating unit may sail to another friendly port of the same sea area, one
    fleet point of transport each, open to naval combat; 9.47: the Axis needs Italy's Special Action to retreat
    with the Mediterranean fleet."""
    rule = "EE 7.51"
    if f"retreat:{u.area}" not in s.sa_uses:
        raise Refused(f"no Retreat Before Combat was paid for {u.area}", rule=rule)
    if len(path) != 2 or not is_sea(s, path[0]):
        raise Refused("a retreat by sea names the sea area and the port it reaches", rule=rule)
    sea, dest = path
    if sea == CAPE:
        return _cape_retreat(s, u, side, dest, fleet)
    if sea not in _ports(s, u.area) or s.control.get(u.area) != side:
        raise Refused(f"{u.area} is not a friendly port on {sea}", rule=rule)
    if sea not in _ports(s, dest) or not friendly_uncontested(s, dest, side):
        raise Refused(f"{dest} is not a friendly uncontested port on {sea}", rule=rule)
    if side == "Axis" and sea == "mediterranean" and f"retreat:{u.area}:italy" not in s.sa_uses:
        raise Refused("an Axis retreat with the Mediterranean fleet needs the Italian Special Action", rule="EE 9.47")
    sea_legs = legs(s, u, (sea,), fleet)
    return [ev.UnitMoved(unit_id=u.id, path=path, origin=u.area, mode="retreat", nation=u.nation, kind=u.kind, steps=u.steps, sea=sea_legs)]


def _cape_retreat(s: EEState, u: Block, side: str, dest: str, fleet: dict[str, str]) -> list[Event]:
    """5.33: Western Allied units also retreat directly between Upper Egypt and Persia, one Atlantic fleet point of
    transport each (open to naval combat in the Atlantic, 8.11)."""
    if {u.area, dest} != set(CAPE_ENDS):
        raise Refused("a retreat by the Cape goes between Upper Egypt and Persia", rule="EE 5.33")
    if u.nation not in naval.WESTERN or u.nation == "france":
        raise Refused("only Western Allied units ship between Upper Egypt and Persia", rule="EE 5.33")
    if s.control.get(u.area) != side or not friendly_uncontested(s, dest, side):
        raise Refused(f"a retreat goes from a friendly area to a friendly uncontested one ({dest})", rule="EE 7.51")
    sea_legs = legs(s, u, ("atlantic",), {"atlantic": fleet[CAPE]} if CAPE in fleet else fleet)
    return [ev.UnitMoved(unit_id=u.id, path=(CAPE, dest), origin=u.area, mode="retreat", nation=u.nation, kind=u.kind, steps=u.steps,
                         sea=sea_legs, cape=True)]
