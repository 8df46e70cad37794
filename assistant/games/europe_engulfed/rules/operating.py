"""Where each nationality may operate (EE 9.12, 9.16, 9.17, 9.21, 9.22, 9.28, 9.33, 9.41, 9.44, 9.51b, 9.61),
and Vichy territory: who may cross or stop in it (9.523, 9.524, 9.527). Checked on every area a move enters."""

from __future__ import annotations

from assistant.decider import Refused
from assistant.games.europe_engulfed import calendar, data
from assistant.games.europe_engulfed.powers import AXIS_MINORS, conquered, enemy, side_of
from assistant.games.europe_engulfed.state import Block, EEState

VICHY_REGIONS = ("vichy_south", "french_north_africa", "french_eastern_colonies")  # 9.522 a-c
WESTERN = ("britain", "france", "usa", "free_french")


def country(s: EEState, area: str) -> str:
    a = s.board.areas.get(area)
    return (a.nation or "") if a else ""


def zone(s: EEState, area: str) -> str:
    a = s.board.areas.get(area)
    z = (a.weather_zone if a else None) or ""
    if a is not None and not z and a.container:
        z = s.board.areas[a.container].weather_zone or ""
    return z


def vichy_territory(s: EEState, area: str) -> bool:
    """An area still Vichy's: neutral, in one of the three Vichy regions, Vichy standing and unoccupied."""
    p = s.politics
    a = s.board.areas.get(area)
    return (p.vichy >= 0 and p.vichy_occupied < 0 and a is not None and area not in s.control
            and bool(set(a.regions) & set(VICHY_REGIONS)))


def soviet_controlled(s: EEState, area: str) -> bool:
    if s.control.get(area) != "Allied":
        return False
    if area in s.holder:
        return s.holder[area] == "ussr"
    a = s.board.areas.get(area)
    return a is not None and (a.nation == "ussr" or "pact_area" in a.regions)


def _allied_minor(s: EEState, nation: str) -> bool:
    return s.politics.minors.get(nation) == "Allied" and not conquered(s, nation)


def western_controlled(s: EEState, area: str) -> bool:
    return (s.control.get(area) == "Allied" and not soviet_controlled(s, area)
            and not _allied_minor(s, country(s, area)))


def occupation_allowed(s: EEState) -> str:
    """9.527: the rule letting Germany occupy Vichy France now, or ""."""
    p = s.politics
    if s.side != "Axis":
        return ""
    if p.vichy_war >= 0 or conquered(s, "italy"):
        return "EE 9.527"
    if calendar.year(s.turn) >= 1941:
        coast = [a for a, area in s.board.areas.items() if "atlantic_coast" in area.regions and a != "gibraltar"]
        last = s.supply.last.get("Allied", {})
        for u in s.units.values():
            if u.area in coast and u.nation in WESTERN and u.kind != "gsu" and not u.oos:
                verdict = last.get(u.id)
                if verdict is None or verdict.status != "out_of_supply":
                    return "EE 9.527"
    return ""


def lebanon_open(s: EEState, u: Block) -> bool:
    """9.524: from 1942, German units may enter Vichy Lebanon (the Vichy unit there is removed without a fight)."""
    return u.nation == "germany" and calendar.year(s.turn) >= 1942 and s.politics.lebanon < 0


def may_enter_vichy(s: EEState, u: Block, area: str) -> str:
    """The rule allowing this unit into Vichy territory now, or "" (then it may only pass by strategic move)."""
    if u.nation == "germany" and occupation_allowed(s):
        return "EE 9.527"
    if area == "lebanon" and lebanon_open(s, u):
        return "EE 9.524"
    return ""


def italians_unrestricted_in_france(s: EEState) -> bool:
    """9.41: once an Allied beachhead stands in France, or from 1942 the Allies control metropolitan France."""
    if s.politics.italians_in_france >= 0:
        return True
    france = [a for a, area in s.board.areas.items() if area.nation == "france" and area.home]
    if any(s.beachheads.get(a) == "Allied" for a in france):
        return True
    return calendar.year(s.turn) >= 1942 and any(s.control.get(a) == "Allied" for a in france)


def check(s: EEState, u: Block, prev: str, area: str, *, ending: bool, strategic: bool = False) -> None:
    """Refuses the entry of ``u`` into ``area`` (coming from ``prev``) when its nationality forbids it."""
    ops = data.operating()
    n, c, side = u.nation, country(s, area), side_of(s, u.nation)
    p = s.politics
    if u.kind == "militia" and n == "germany" and c and c not in ops.german_militia:
        raise Refused(f"German militia operate only in {', '.join(ops.german_militia)}", rule="EE 9.12")
    if u.kind == "militia" and n == "britain":
        a = s.board.areas.get(area)
        if not (a and a.nation == "britain" and a.home):
            raise Refused("British militia stay in British home areas", rule="EE 9.33")
    if n in AXIS_MINORS and c != n and u.steps < u.max_steps:
        raise Refused(f"a {n} unit leaves its country only at full strength", rule="EE 9.16")
    if n in p.minors and n != "vichy" and c != n and country(s, prev) == n:
        if any(side_of(s, x.nation) == enemy(side) and country(s, x.area) == n and x.kind != "gsu"
               for x in s.units.values()):
            raise Refused(f"{n}'s units leave home only while no enemy unit stands in it", rule="EE 9.61")
    if n in ops.axis_minor_countries and c:
        allowed = list(ops.axis_minor_countries[n])
        if p.ussr_at_war >= 0:
            allowed += ops.axis_minor_countries_at_war_with_ussr.get(n, [])
        if c not in allowed:
            rule = {"bulgaria": "EE 9.17a", "romania": "EE 9.17b", "hungary": "EE 9.17c"}[n]
            raise Refused(f"{n} units operate only in {', '.join(allowed)}", rule=rule)
    if p.ussr_at_war == s.turn and s.phase == "operational_move" and (country(s, prev) == "hungary") != (c == "hungary"):
        raise Refused("no unit crosses the Hungarian border in the first turn of the Axis-USSR war", rule="EE 9.17c")
    _finland(s, u, prev, area, c)
    if n == "germany" and ending and c == "romania":
        _romania_cap(s, u, area)
    if n == "ussr":
        _soviet(s, u, area, c)
    if n in WESTERN:
        _western(s, u, area, c)
    if n == "italy":
        _italian(s, u, area, c, ending, strategic)
    if n == "germany" and c == "italy" and p.italy_at_war < 0:
        raise Refused("no German unit enters Italian territory before Italy joins the war", rule="EE 9.44")
    if vichy_territory(s, area):
        _vichy(s, u, area, ending, strategic, side)


def _finland(s: EEState, u: Block, prev: str, area: str, c: str) -> None:
    ops = data.operating().finland
    took = s.politics.axis_took
    if u.nation == "finland":
        if 0 <= took.get("leningrad", s.turn) < s.turn:
            if c and c not in ops.countries_after_leningrad:
                raise Refused("Finnish units operate in Finland and the USSR", rule="EE 9.17d")
        elif c != "finland" and area != ops.area_before_leningrad:
            raise Refused("Finnish units stay in Finland and the Onega Swamps until the turn after the Axis takes "
                          "Leningrad", rule="EE 9.17d")
        return
    crossing = (country(s, prev) == "finland") != (c == "finland")
    if side_of(s, u.nation) != "Axis" or not crossing:
        return
    if not 0 <= took.get("novgorod", s.turn) < s.turn:
        raise Refused("Axis units cross the Finnish border only from the turn after the Axis takes Novgorod",
                      rule="EE 9.17d")
    if ops.border_area not in (prev, area):
        raise Refused("Axis units cross the Finnish border only to or from the Onega Swamps", rule="EE 9.17d")


def _romania_cap(s: EEState, u: Block, area: str) -> None:
    p = s.politics
    if 0 <= p.ussr_at_war < s.turn:
        return
    cap = data.operating().romania_cap
    here = [x for x in s.units.values() if x.nation == "germany" and country(s, x.area) == "romania" and x.id != u.id]
    if u.kind == "gsu" and cap.gsu == 0:
        raise Refused("no German GSU in Romania before the Axis-USSR war", rule="EE 9.17e")
    land = [x for x in here if x.kind != "gsu"] + [u]
    if len(land) > cap.land_units or sum(1 for x in land if x.kind == "armor") > cap.armor:
        raise Refused(f"at most {cap.land_units} German land units ({cap.armor} armor) end a phase in Romania "
                      "before the Axis-USSR war", rule="EE 9.17e")


def _soviet(s: EEState, u: Block, area: str, c: str) -> None:
    ops = data.operating()
    if zone(s, area) == "south" and c not in ops.soviet_south_countries and c != "ussr":
        raise Refused("Soviet units stay out of the South zone except in Turkey, Persia, Greece, Albania, Yugoslavia "
                      "and Italy", rule="EE 9.21")
    if area == "persia":
        if s.control.get("persia") != "Axis" and s.holder.get("persia") != "ussr" and not any(
                x.nation == "ussr" for x in s.units.values() if x.area == "persia"):
            raise Refused("the Soviets first enter Persia only while it is Axis-controlled", rule="EE 9.22")
        return
    if western_controlled(s, area) and not _minor_open_to_soviets(s, c):
        raise Refused(f"Soviet units may not operate in Western Allied {area}", rule="EE 9.22")
    if s.entered.get(area) == "western":
        raise Refused(f"Western Allied units entered Axis-held {area} this phase", rule="EE 9.28")


def _minor_open_to_soviets(s: EEState, minor: str) -> bool:
    """9.22: a non-conquered Allied minor at war with Germany, with no Western Allied unit in it."""
    if not _allied_minor(s, minor) or not s.politics.at_war("germany", minor):
        return False
    return not any(x.nation in WESTERN and country(s, x.area) == minor for x in s.units.values())


def _western(s: EEState, u: Block, area: str, c: str) -> None:
    if area == "persia":
        if any(x.nation == "ussr" for x in s.units.values() if x.area == "persia"):
            raise Refused("Western Allied units enter Persia only with no Soviet unit in it", rule="EE 9.22")
        return
    if c == "ussr" or soviet_controlled(s, area):
        raise Refused("British and U.S. units never operate in the USSR or Soviet-controlled areas", rule="EE 9.33")
    if _allied_minor(s, c) and any(x.nation == "ussr" and country(s, x.area) == c for x in s.units.values()):
        raise Refused(f"Soviet units are in {c}: Western Allied units stay out", rule="EE 9.33")
    if s.entered.get(area) == "ussr":
        raise Refused(f"Soviet units entered Axis-held {area} this phase", rule="EE 9.28")
    p = s.politics
    if p.vichy < 0 and "france" not in p.conquered and s.control.get("paris") != "Axis":
        ops = data.operating()
        regions = set(s.board.areas[area].regions) if area in s.board.areas else set()
        if u.nation == "britain" and regions & set(ops.british_kept_out_regions):
            raise Refused("British units keep out of French North Africa and the eastern colonies while Paris is "
                          "French", rule="EE 9.51b")
        if u.nation == "france" and c in ops.french_kept_out_countries:
            raise Refused("French units keep out of Egypt and the British mandates while Paris is French",
                          rule="EE 9.51b")


def _italian(s: EEState, u: Block, area: str, c: str, ending: bool, strategic: bool) -> None:
    ops = data.operating()
    if area == "lebanon" and s.politics.lebanon == s.turn:
        raise Refused("Italians enter Lebanon from the turn after its occupation", rule="EE 9.524")
    if zone(s, area) in ("south", ""):
        return  # an area whose zone the board does not give yet is the players' call
    if c == "france" and italians_unrestricted_in_france(s):
        return
    if c in ops.italian_transit_countries and strategic and not ending:
        return
    if c == "ussr":
        here = [x for x in s.units.values() if x.nation == "italy" and country(s, x.area) == "ussr" and x.id != u.id]
        kind = "gsu" if u.kind == "gsu" else "land_units"
        limit = ops.italian_in_ussr[kind]
        if sum(1 for x in here if (x.kind == "gsu") == (kind == "gsu")) >= limit:
            raise Refused(f"at most {ops.italian_in_ussr['land_units']} Italian land units and "
                          f"{ops.italian_in_ussr['gsu']} GSU in the USSR", rule="EE 9.41")
        return
    raise Refused("Italian units operate in the South zone (strategic moves may pass through Poland, Hungary and "
                  "Romania)", rule="EE 9.41")


def _vichy(s: EEState, u: Block, area: str, ending: bool, strategic: bool, side: str) -> None:
    if side == "Axis":
        if may_enter_vichy(s, u, area):
            return
        if strategic and not ending:
            return  # 9.523: Axis units may pass through Vichy territory by strategic move
        raise Refused("Axis units may not stop in Vichy territory before the Allies declare war on it", rule="EE 9.523")
    raise Refused("Vichy France is neutral: the Western Allies declare war on it first", rule="EE 9.525")
