"""Purchases (EE 4.3-4.6): new units, replacement steps, ground support units, Special Actions, fortifications,
fleet points and strategic elements; where each may be placed and what limits it."""

from __future__ import annotations

from assistant.families.engulfed import special_actions as stock
from assistant.families.engulfed.setup import first_free
from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.commands import Buy
from assistant.games.europe_engulfed.powers import AXIS_MINORS, contested, friendly_uncontested
from assistant.games.europe_engulfed.rules import pricing
from assistant.games.europe_engulfed.rules.special_actions import cap as sa_cap
from assistant.games.europe_engulfed.rules.supplied import is_supply_source, supplied_resource_areas
from assistant.games.europe_engulfed.state import EEState, pool_key
import assistant.games.europe_engulfed.events as ev
from events.base import Event
from assistant.games.europe_engulfed.rules.production.phase import afford, producing, with_maintenance


def buy(cmd: Buy, s: EEState, ctx: Context) -> list[Event]:
    nation = producing(s)
    if cmd.qty <= 0:
        raise Refused("buy at least one")
    if cmd.qty != 1 and cmd.item in _ONE_AT_A_TIME:
        # each is one block or marker with its own area and id: a quantity here would be silently dropped
        what, rule = _ONE_AT_A_TIME[cmd.item]
        raise Refused(f"{what} is bought one at a time (qty {cmd.qty} given): buy each on its own; the size of a "
                      f"new unit is its steps", rule=rule)
    pre = with_maintenance(s, nation)
    handler = _BUYERS.get(cmd.item)
    if handler is None:
        raise Refused(f"unknown purchase {cmd.item!r}; known: {', '.join(sorted(_BUYERS))}", rule="EE 4.43")
    event = handler(cmd, s, nation)
    afford(s, nation, pre, event.cost)
    return [*pre, event]


_ONE_AT_A_TIME = {
    "new_unit": ("a new unit", "EE 4.41"),
    "gsu": ("a ground support unit", "EE 4.41"),
    "fortification": ("a fortification", "EE 6.91"),
    "heavy_fortification": ("a heavy fortification", "EE 6.95c"),
}


def build_area(s: EEState, nation: str, area_id: str, kind: str, home_nations: tuple[str, ...]) -> None:
    """EE 4.41, 4.42, 9.533: where a new unit may appear."""
    area = s.board.areas.get(area_id)
    side = data.side_of(nation)
    if area is None:
        raise Refused(f"no area {area_id!r} on the board")
    if area.nation not in home_nations or not area.home:
        raise Refused(f"{area.name} is not a home area of {' or '.join(home_nations)}", rule="EE 4.41")
    if s.control.get(area_id) != side:
        raise Refused(f"{area.name} is not friendly-controlled", rule="EE 4.41")
    baku_exception = area_id == "baku" and contested(s, area_id)
    if contested(s, area_id) and not baku_exception:
        raise Refused(f"{area.name} is contested", rule="EE 4.41")
    if not is_supply_source(s, area.nation or nation, area_id, side):
        raise Refused(f"{area.name} is not a valid supply source", rule="EE 4.41")
    if area_id in ("sevastopol", "leningrad") and area.kind == "fortress":
        raise Refused("no new units in the Sevastopol or Leningrad fortresses", rule="EE 4.41")
    if kind == "armor" and area.terrain == "swamp":
        raise Refused("armor is not built in swamps", rule="EE 4.41")
    placed = s.ledger(nation).placed.get(area_id, 0)
    limit = 1 if baku_exception else (None if area_id in ("usa_box", "ural_mountains") else 2)
    if limit is not None and placed >= limit:
        raise Refused(f"at most {limit} new unit{'s' if limit > 1 else ''} per area per turn in {area.name}",
                      rule="EE 4.42" if baku_exception else "EE 4.41")


def new_block_id(s: EEState, owner: str, kind: str, elite: bool = False, given: str = "") -> str:
    """The id of a block about to be placed: the one the players gave, or one the assistant names after the
    nation, the kind and the turn (the web's lists offer only blocks already on the map, so a player cannot type
    a new one there); the turn keeps a later block from taking the id of one eliminated earlier."""
    if given:
        if given in s.units:
            raise Refused(f"{given} is already on the map: give the new block another id, or leave it empty")
        return given
    return first_free(s.units, f"{owner[:3]}_{'e' if elite else ''}{kind[:3]}_r{s.turn + 1}_")


def pool_take(s: EEState, pool_owner: str, kind: str, max_steps: int, elite: bool) -> None:
    key = pool_key(kind, max_steps, elite)
    if s.pools.get(pool_owner, {}).get(key, 0) <= 0:
        block = f"{'elite ' if elite else ''}{kind} block of {max_steps} steps"
        what = "ground support unit" if kind == "gsu" else block
        left = ", ".join(_pool_words(k, n) for k, n in sorted(s.pools.get(pool_owner, {}).items()) if n > 0)
        raise Refused(f"no {what} left in the {wording.adjective(pool_owner)} force pool "
                      f"({'it holds ' + left if left else 'it is empty'})", rule="EE 4.4")


def _pool_words(key: str, n: int) -> str:
    """A force pool entry as players say it: "elite armor:4" x1 -> "1 elite armor of 4 steps"."""
    kind, _, steps = key.partition(":")
    if kind == "gsu":
        return f"{n} ground support unit{'s' if n != 1 else ''}"
    return f"{n} {kind} of {steps} steps"


def _ploesti_limits(s: EEState, nation: str, cmd: Buy) -> None:
    """EE 9.19: from 1943, without Ploesti (or supply from it): 2 new non-militia units, German armor 3 steps."""
    if data.side_of(nation) != "Axis" or not calendar.switched("ploesti_restriction", s.turn):
        return
    if s.control.get("ploesti") == "Axis" and "ploesti" in supplied_resource_areas(s, "germany"):
        return
    led = s.ledger(nation)
    if cmd.kind != "militia" and led.bought.get("non_militia_units", 0) >= 2:
        raise Refused("without Ploesti at most two new non-militia units may be built", rule="EE 9.19")
    if nation == "germany" and cmd.kind == "armor":
        steps = cmd.steps if cmd.item == "new_unit" else cmd.qty
        if led.bought.get("armor_steps", 0) + steps > 3:
            raise Refused("without Ploesti German armor builds are limited to three steps", rule="EE 9.19")
        if cmd.elite and led.bought.get("elite_armor_steps", 0) + steps > 1:
            raise Refused("without Ploesti at most one German armor step may be elite", rule="EE 9.19")


def _free_french(s: EEState, cmd: Buy, steps: int) -> None:
    if not calendar.switched("free_french_buildable", s.turn):
        raise Refused("Free French units cannot be built before 1942", rule="EE 9.531")
    if s.ledger("usa").bought.get("free_french_steps", 0) + steps > 3:
        raise Refused("at most three Free French steps per turn", rule="EE 9.533")


def _new_unit(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    kind, steps = cmd.kind, cmd.steps
    if kind not in data.costs().step:
        raise Refused(f"a land unit is infantry, armor, cavalry, militia or airborne, not {kind!r}", rule="EE 4.43")
    owner = cmd.owner or nation
    max_steps = cmd.max_steps or steps
    if not 1 <= steps <= max_steps:
        raise Refused(f"a new unit is built at 1 to {max_steps} steps", rule="EE 4.4")
    unit_id = new_block_id(s, owner, kind, cmd.elite, cmd.unit_id)
    if owner == "free_french":
        if nation != "usa":
            raise Refused("Free French units are built by the U.S.A.", rule="EE 9.531")
        _free_french(s, cmd, steps)
        homes: tuple[str, ...] = ("britain", "france")
    elif owner in AXIS_MINORS:
        if nation != "germany" or s.politics.axis_minors_joined < 0:
            raise Refused("Axis minor steps are paid with German WERP once the minors are at war", rule="EE 9.15")
        homes = (owner,)
    elif owner != nation:
        raise Refused(f"{nation} builds its own units, not {owner}'s", rule="EE 4.4")
    else:
        homes = (nation,)
    if cmd.elite and kind not in ("infantry", "armor"):
        raise Refused("elite units are infantry or armor", rule="Glossary")
    pool_take(s, owner, kind, max_steps, cmd.elite)
    build_area(s, nation if owner != "free_french" else "usa", cmd.area, kind, homes)
    _ploesti_limits(s, nation, cmd)
    price = pricing.new_unit(s, nation, kind, cmd.elite, steps)
    return ev.Purchased(nation=nation, item="new_unit", qty=steps, cost=price.cost, rule=price.rule, cause=price.cause,
                        private=True, unit_id=unit_id, kind=kind, elite=cmd.elite, max_steps=max_steps,
                        steps=steps, area=cmd.area, owner=owner if owner != nation else "")


FULL_STRENGTH_COUNTRIES = {
    # EE 4.32: where units outside their home areas may be brought back to full strength.
    "germany": ("germany", "italy", "france", "belgium", "netherlands", "denmark", "hungary", "poland"),
    "britain": ("britain", "usa"),
    "usa": ("britain", "usa"),
}


def may_reach_full_strength(s: EEState, nation: str, area_id: str, unrestricted: bool) -> bool:
    area = s.board.areas[area_id]
    unit_home = nation if nation != "free_french" else "france"
    if area.nation == unit_home and area.home:
        return True
    if nation in AXIS_MINORS:
        return False  # 9.16: only at home, even with an Unrestricted Replacement
    if unrestricted:
        return True
    side = data.side_of(nation) if nation in data.MAJORS else "Allied"
    if not friendly_uncontested(s, area_id, side):
        return False
    if area.nation in FULL_STRENGTH_COUNTRIES.get(nation, ()):
        return True
    if nation in ("britain", "usa"):
        return area_id in ("morocco", "gibraltar") or "atlantic_coast" in area.regions
    return False


def _replacement(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    u = s.units.get(cmd.unit_id)
    if u is None:
        raise Refused(f"no unit {cmd.unit_id!r} on the map")
    if u.kind == "gsu":
        raise Refused("ground support units have no steps to replace", rule="EE 4.3")
    if u.nation == "vichy":
        raise Refused("Vichy France never receives replacement steps", rule="EE 9.522")
    paid_by_germany = nation == "germany" and u.nation in AXIS_MINORS
    if u.nation != nation and not paid_by_germany and not (nation == "usa" and u.nation == "free_french"):
        raise Refused(f"{nation} cannot pay for {u.nation} steps", rule="EE 4.3")
    if u.oos:
        raise Refused("an out-of-supply unit receives no replacements", rule="EE 3.4")
    side = data.side_of(nation)
    unrestricted = u.area in s.ledger(nation).unrestricted
    if not unrestricted and not friendly_uncontested(s, u.area, side):
        raise Refused("replacements go to units in friendly uncontested areas", rule="EE 4.31")
    if u.steps + cmd.qty > u.max_steps:
        raise Refused(f"{u.id} has {u.steps} of {u.max_steps} steps", rule="EE 4.3")
    if u.steps + cmd.qty == u.max_steps and not may_reach_full_strength(s, u.nation, u.area, unrestricted):
        rule = "EE 9.16" if u.nation in AXIS_MINORS else "EE 4.32"
        raise Refused(f"{u.id} may not be brought back to full strength in {u.area}", rule=rule)
    if u.nation == "free_french":
        _free_french(s, cmd, cmd.qty)
    _ploesti_limits(s, nation, Buy(item="replacement", kind=u.kind, elite=u.elite, qty=cmd.qty))
    price = pricing.replacement(s, nation, u.kind, u.elite, cmd.qty)
    return ev.Purchased(nation=nation, item="replacement", qty=cmd.qty, cost=price.cost, rule=price.rule,
                        cause=f"{price.cause} ({wording.block(u.nation, u.kind)} in {wording.place(u.area)})", private=True, unit_id=u.id, kind=u.kind, elite=u.elite,
                        area=u.area, unrestricted=unrestricted, owner=u.nation if u.nation != nation else "")


def _gsu(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    unit_id = new_block_id(s, nation, "gsu", given=cmd.unit_id)
    pool_take(s, nation, "gsu", 1, False)
    build_area(s, nation, cmd.area, "gsu", (nation,))
    price = pricing.item("gsu", 1)
    return ev.Purchased(nation=nation, item="gsu", qty=1, cost=price.cost, rule=price.rule, cause=price.cause,
                        unit_id=unit_id, kind="gsu", max_steps=1, steps=1, area=cmd.area)


def _special_action(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    p = s.politics
    if nation == "italy" and p.morale_collapsed >= 0:
        raise Refused("after the morale collapse Italy may not buy its Special Action", rule="EE 9.45c")
    if nation == "ussr" and p.conscription >= 0 and 0 <= s.turn - p.conscription < 4:
        raise Refused("no Special Actions in the four conscription production phases", rule="EE 9.24f")
    held = len(s.special_actions.get(nation, ()))
    limit = sa_cap(nation, s.turn)
    if not stock.room(held, limit, cmd.qty):
        raise Refused(f"{data.nation(nation).title} may hold at most {wording.item('special_action', limit)} in "
                      f"{calendar.year(s.turn)} (holds {held})", rule="EE 7.11")
    price = pricing.item("special_action", cmd.qty)
    return ev.Purchased(nation=nation, item="special_action", qty=cmd.qty, cost=price.cost, rule=price.rule,
                        cause=price.cause, area=cmd.area)


def _fortification(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    heavy = cmd.item == "heavy_fortification"
    if heavy and nation != "ussr":
        raise Refused("only the Soviets build heavy fortifications", rule="EE 6.95c")
    area = s.board.areas.get(cmd.area)
    if area is None:
        raise Refused(f"no area {cmd.area!r} on the board")
    zone = area.weather_zone or ""
    if s.weather.get(zone) not in ("clear", "light_mud"):
        raise Refused("fortifications are built only in Clear or Light Mud", rule="EE 6.91")
    side = data.side_of(nation)
    if not friendly_uncontested(s, cmd.area, side):
        raise Refused(f"{area.name} is not friendly and uncontested", rule="EE 6.91")
    if not heavy and area.terrain != "clear":
        raise Refused(f"{area.name} is not clear terrain", rule="EE 6.91")
    new = s.ledger(nation).new_units
    if not any(u.area == cmd.area and u.nation == nation and u.kind != "gsu" and u.id not in new for u in s.units.values()):
        raise Refused(f"no {nation} land unit was already in {area.name} before this phase", rule="EE 6.91")
    if area.kind == "fortress":
        raise Refused("no fortification in a fortress", rule="EE 6.94")
    if cmd.area == "metz" and "france" not in s.politics.conquered:
        raise Refused("no fortification in Metz while the Maginot Line stands", rule="EE 6.94")
    if nation == "germany" and zone == "south" and "italy" not in s.politics.conquered:
        raise Refused("Germany may not fortify in the South zone until Italy is conquered", rule="EE 6.95a")
    if nation == "italy" and zone != "south":
        raise Refused("Italy fortifies only in the South zone", rule="EE 6.95a")
    if nation == "ussr" and not (calendar.switched("soviet_fortifications_anywhere", s.turn) or s.politics.ussr_at_war >= 0):
        if not (area.nation == "ussr" and area.home):
            raise Refused("until 1942 or war with Germany the Soviets fortify only their home areas", rule="EE 6.95b")
    if heavy:
        built = sum(led.bought.get("heavy_fortification", 0) for led in s.ledgers.values() if led.nation == "ussr")
        if built >= 2:
            raise Refused("only two heavy fortifications may ever be built", rule="EE 6.95c")
        if not (area.resource and area.nation == "ussr" and area.home and "heavy_fortification" in area.regions):
            raise Refused(f"{area.name} is not a Soviet resource area marked for heavy fortification", rule="EE 6.95c")
        if s.fortifications.get(cmd.area) != "normal" or s.ledger(nation).bought.get("fortification:" + cmd.area):
            raise Refused("a heavy fortification replaces a fortification built in an earlier turn", rule="EE 6.95c")
    elif cmd.area in s.fortifications:
        raise Refused(f"{area.name} is already fortified", rule="EE 6.94")
    price = pricing.item(cmd.item, 1)
    return ev.Purchased(nation=nation, item=cmd.item, qty=1, cost=price.cost, rule=price.rule, cause=price.cause,
                        area=cmd.area)


def _fleet_point(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    if cmd.qty != 1:
        raise Refused("at most one fleet point per game turn", rule="EE 4.62")
    allowed = s.next_fleet.get(nation, -99)
    if s.turn < allowed:
        rule = "EE 4.63" if data.nation(nation).fleet_once_per_year else "EE 4.62"
        raise Refused(f"the next fleet point is allowed from {calendar.name(allowed)}", rule=rule)
    side = data.side_of(nation)
    ports = [a for aid, a in s.board.areas.items()
             if a.nation == nation and a.home and cmd.sea in (a.ports or ()) and s.control.get(aid) == side]
    if not ports:
        raise Refused(f"no friendly {nation} home port on the {cmd.sea}", rule="EE 4.64")
    price = pricing.item("fleet_point", 1)
    return ev.Purchased(nation=nation, item="fleet_point", qty=1, cost=price.cost, rule=price.rule, cause=price.cause,
                        sea=cmd.sea)


def _strategic(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    item = cmd.item
    n = data.nation(nation)
    rule_no_build = {"ussr": "EE 9.27", "italy": "EE 9.43", "france": "EE 9.51a"}
    if not n.strategic:
        raise Refused(f"{n.title} builds no strategic elements", rule=rule_no_build.get(nation, "EE 2.3"))
    led = s.ledger(nation)
    bought = led.bought
    limits = n.limits
    t = s.track
    tables = data.tables().track
    side = n.side
    if item in ("fighter", "bomber"):
        air = bought.get("fighter", 0) + bought.get("bomber", 0) + cmd.qty
        if air > limits.get("air", 0):
            raise Refused(f"{n.title} may build at most {wording.count(limits.get('air', 0), 'air point')} per turn",
                          rule="EE 2.3")
        if item == "bomber" and bought.get("bomber", 0) + cmd.qty > limits.get("bombers", 0):
            raise Refused(f"{n.title} may build at most {wording.count(limits.get('bombers', 0), 'bomber')} per turn",
                          rule="EE 2.3")
        current = (t.fighters if item == "fighter" else t.bombers).get(side, 0)
        if current + cmd.qty > tables[f"{item}s_max"]:
            raise Refused(f"the track holds at most {wording.count(tables[item + 's_max'], item + ' point')} per side",
                          rule="Glossary")
    elif item in ("uboat", "v1", "v2"):
        key = {"uboat": "uboats", "v1": "v1", "v2": "v2"}[item]
        if key not in limits:
            raise Refused(f"only Germany builds {item.upper() if item != 'uboat' else 'U-boat'} points", rule="EE 2.3")
        if item != "uboat" and not calendar.switched(f"{item}_available", s.turn):
            start = calendar.name(calendar.switch_turn(f"{item}_available"))
            raise Refused(f"{item.upper()} points may be bought from {start}", rule="EE 2.28")
        if bought.get(item, 0) + cmd.qty > limits[key]:
            raise Refused(f"Germany may build at most {wording.item(item, limits[key])} per turn", rule="EE 2.3")
        if item == "uboat" and t.uboats + cmd.qty > tables["uboats_max"]:
            raise Refused("at most 60 U-boat points", rule="Glossary")
    elif item in ("flak", "asw"):
        if cmd.qty != 1:
            raise Refused(f"{item} rises one level at a time, once per calendar year", rule="EE 4.61")
        if item == "flak" and not n.flak:
            raise Refused("only Germany and Britain raise their flak", rule="EE 4.61")
        if item == "asw" and (not n.asw or nation == "usa" and s.politics.usa_at_war < 0):
            raise Refused("only Britain, or the U.S.A. at war, raise the ASW level", rule="EE 4.61")
        key = f"flak_{nation}" if item == "flak" else "asw"
        if s.next_allowed.get(key, 0) > calendar.year(s.turn):
            raise Refused(f"{item} may be raised again from Jan/Feb {s.next_allowed[key]}", rule="EE 4.61")
        if item == "flak" and t.flak.get(nation, 0) >= tables["flak_max"]:
            raise Refused("flak is at its maximum level 4", rule="EE 2.22d")
    price = pricing.item(item, cmd.qty)
    return ev.Purchased(nation=nation, item=item, qty=cmd.qty, cost=price.cost, rule=price.rule, cause=price.cause)


_BUYERS = {
    "new_unit": _new_unit,
    "replacement": _replacement,
    "gsu": _gsu,
    "special_action": _special_action,
    "fortification": _fortification,
    "heavy_fortification": _fortification,
    "fleet_point": _fleet_point,
    "fighter": _strategic,
    "bomber": _strategic,
    "uboat": _strategic,
    "v1": _strategic,
    "v2": _strategic,
    "flak": _strategic,
    "asw": _strategic,
}
