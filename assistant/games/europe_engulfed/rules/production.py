"""The production phase (EE 4.0): opening a nation's ledger, maintenance, purchases, transfers, free steps.

Order inside a nation's phase (EE 1.22, 2.0, 4.2): income -> strategic warfare aimed at it -> naval maintenance
(first payment; booked automatically before the first purchase or transfer out) -> purchases -> forfeit.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.decider import Context, Refused
from assistant.games.europe_engulfed import calendar, data, wording
from assistant.games.europe_engulfed.commands import (
    Buy,
    DeclareConscription,
    PlaceFree,
    TransferWerp,
    UnrestrictedReplacement,
)
from assistant.games.europe_engulfed.powers import (
    AXIS_MINORS,
    at_war_with_major,
    contested,
    friendly_uncontested,
    side_of,
)
from assistant.games.europe_engulfed.bookings import sent_to
from assistant.games.europe_engulfed.rules import income, pricing
from assistant.games.europe_engulfed.rules.special_actions import cap as sa_cap
from assistant.games.europe_engulfed.rules.supplied import (
    is_supply_source,
    supplied_resource_areas,
    unsupplied_fleet_counts,
)
from assistant.games.europe_engulfed.state import EEState, Ledger, pool_key
from events import europe_engulfed as ev
from events.base import Event

# --------------------------------------------------------------- opening and closing


def open_production(s: EEState, nation: str, ctx: Context) -> list[Event]:
    """Income lines, then the dice of pre-war U.S. lend-lease (EE 9.34)."""
    out: list[Event] = [ev.ProductionBegan(turn=s.turn, nation=nation, lines=tuple(income.income_lines(s, nation, s.turn)))]
    if lend_lease_roll_due(s, nation):
        throw = ctx.throw(f"U.S. lend-lease to {data.nation(nation).title}", 1)
        out += [throw, ev.LendLeaseRolled(nation=nation, die=throw.faces[0])]
    if nation == "ussr" and s.politics.conscription >= 0:
        k = s.turn - s.politics.conscription
        if 0 <= k < len(s.politics.conscription_schedule):
            out.append(ev.ConscriptionStepsDue(steps=s.politics.conscription_schedule[k]))
    return out


def lend_lease_roll_due(s: EEState, nation: str) -> bool:
    """EE 9.34: from the first Allied production phase with Paris German or Vichy set up, until the U.S. war."""
    p = s.politics
    if nation not in ("britain", "ussr") or p.usa_at_war >= 0 or calendar.switched("lend_lease_rolls_stop", s.turn):
        return False
    started = p.lend_lease_from >= 0 or s.control.get("paris") == "Axis" or p.vichy >= 0
    if nation == "ussr":
        return started and p.ussr_at_war >= 0
    return started


def maintenance_due(s: EEState, nation: str) -> dict[str, int]:
    """EE 4.2, 4.21, 9.32, 9.51a: fleet points this nation maintains, by sea area (supplied fleets only)."""
    if not at_war_with_major(s, nation) or nation == "usa" and "britain" not in s.politics.conquered:
        return {}
    owners = {nation}
    if nation == "britain" or nation == "usa":
        owners = {"britain", "usa"}  # 9.32: Britain pays for the pooled fleet; the U.S.A. once Britain is gone
    cut_off = unsupplied_fleet_counts(s, data.side_of(nation))
    due = {}
    for sea, by_nation in s.fleets.items():
        # 4.2: no maintenance for fleet points with no supplied friendly port in their sea area
        n = sum(max(0, k - cut_off.get((sea, owner), 0)) for owner, k in by_nation.items() if owner in owners)
        if n:
            due[sea] = n
    return due


def pay_maintenance(s: EEState, nation: str) -> ev.NavalMaintenancePaid:
    fleets = maintenance_due(s, nation)
    due = sum(fleets.values())
    return ev.NavalMaintenancePaid(nation=nation, fleets=fleets, due=due, paid=min(due, max(s.ledger(nation).balance, 0)))


def close_production(s: EEState, nation: str) -> list[Event]:
    out: list[Event] = []
    led = s.ledger(nation)
    check_mandatory_warfare(s, nation, led)
    balance = led.balance
    if not led.maintenance_paid:
        paid = pay_maintenance(s, nation)
        out.append(paid)
        balance -= paid.paid
    out.append(ev.ProductionClosed(nation=nation, forfeited=max(balance, 0)))
    return out


def check_mandatory_warfare(s: EEState, nation: str, led: Ledger) -> None:
    if nation == "britain" and s.track.uboats >= 1 and "uboats" not in led.warfare:
        raise Refused("the U-boat war is mandatory while Germany has U-boat points: resolve it first", rule="EE 2.0")
    if nation == "britain":
        for kind in ("v1", "v2"):
            if getattr(s.track, kind) and kind not in led.warfare and launch_site_held(s, kind):
                raise Refused(f"at least half the {kind.upper()} points must be launched each turn", rule="EE 2.28")


def launch_site_held(s: EEState, kind: str) -> bool:
    """EE 2.28: V-1s need Pas de Calais, V-2s any Axis coastal area from Normandy to the Netherlands."""
    if kind == "v1":
        return s.control.get("pas_de_calais") == "Axis"
    return any(s.control.get(a) == "Axis" for a, area in s.board.areas.items() if "v2_coast" in area.regions)


# --------------------------------------------------------------- common checks


def producing(s: EEState, nation: str | None = None) -> str:
    if s.phase != "production" or not s.step:
        raise Refused("purchases are made in a production phase", rule="EE 1.22")
    if nation and nation != s.step:
        raise Refused(f"production is resolved one nation at a time; now {s.step}", rule="EE 4.5")
    return s.step


def with_maintenance(s: EEState, nation: str) -> list[Event]:
    """Naval maintenance is the first payment (EE 4.2): booked before anything is spent."""
    led = s.ledger(nation)
    if led.maintenance_paid:
        return []
    check_mandatory_warfare(s, nation, led)
    return [pay_maintenance(s, nation)]


def balance_after(s: EEState, nation: str, pre: Sequence[Event]) -> int:
    bal = s.ledger(nation).balance
    for e in pre:
        if isinstance(e, ev.NavalMaintenancePaid):
            bal -= e.paid
    return bal


def afford(s: EEState, nation: str, pre: Sequence[Event], cost: int) -> None:
    bal = balance_after(s, nation, pre)
    if cost > bal:
        raise Refused(f"{data.nation(nation).title} has {bal} WERP left, this costs {cost}", rule="EE 4.1")


# --------------------------------------------------------------- transfers


def transfer(cmd: TransferWerp, s: EEState, ctx: Context) -> list[Event]:
    sender = producing(s)
    receiver = cmd.receiver
    if cmd.amount <= 0:
        raise Refused("send at least one WERP")
    if s.ledger(receiver).closed:
        raise Refused(f"{receiver} has already produced this turn", rule="EE 4.5")
    pre = with_maintenance(s, sender)
    afford(s, sender, pre, cmd.amount)
    arrived, route, rule = cmd.amount, cmd.route, ""
    p = s.politics
    sent_before = sum(-line.amount for line in s.ledger(sender).lines if line.kind == "transfer_out" and line.cause.startswith(sent_to(receiver)))
    if (sender, receiver) == ("germany", "italy"):
        rule = "EE 9.43"
        if sent_before + cmd.amount > data.tables().lend_lease["germany_to_italy_max"]:
            raise Refused("Germany may send Italy at most 5 WERP per turn", rule=rule)
    elif (sender, receiver) == ("usa", "britain"):
        rule = "EE 9.36"
        if sent_before + cmd.amount > data.tables().lend_lease["us_to_britain_max"]:
            raise Refused("the U.S.A. may send Britain at most 15 WERP per turn", rule=rule)
    elif (sender, receiver) == ("britain", "ussr"):
        rule = "EE 9.35"
        if not p.at_war("germany", "ussr"):
            raise Refused("Britain sends lend-lease to the USSR only while Germany and the USSR are at war", rule=rule)
        check_british_lend_lease(s, pre, sent_before + cmd.amount, route, cmd.amount)
        arrived = arrival(s, route, cmd.amount)
    else:
        raise Refused(f"no rule lets {sender} send WERP to {receiver}", rule="EE 4.5")
    if route != "direct" and rule != "EE 9.35":
        raise Refused("only British lend-lease to the USSR goes by Murmansk or Persia", rule=rule)
    return [*pre, ev.WerpTransferred(sender=sender, receiver=receiver, sent=cmd.amount, arrived=arrived, route=route,
                                     rule=rule)]


def check_british_lend_lease(s: EEState, pre: Sequence[Event], total_sent: int, route: str, amount: int) -> None:
    """EE 9.35: at most half of British WERP after strategic warfare, U.S. lend-lease and maintenance (rounded
    down); 9.351/9.352: route capacity from the Allied fleet points in the Atlantic."""
    led = s.ledger("britain")
    basis = sum(line.amount for line in led.lines if line.kind not in ("purchase", "transfer_out", "free_item"))
    basis -= sum(e.paid for e in pre if isinstance(e, ev.NavalMaintenancePaid))
    if total_sent > basis // 2:
        raise Refused(f"Britain may send at most half its WERP ({basis // 2}) to the USSR", rule="EE 9.35")
    atlantic = sum(k for n, k in s.fleets.get("atlantic", {}).items() if n in ("britain", "usa", "france"))
    sent_by_route = sum(-line.amount for line in led.lines if line.kind == "transfer_out" and line.cause == sent_to("ussr", route))
    if route == "murmansk":
        if s.control.get("onega_swamps") == "Axis":
            raise Refused("the Axis holds the Onega Swamps: the Murmansk route is closed", rule="EE 9.351")
        cap, rule = data.tables().lend_lease["murmansk_per_fleet_point"] * atlantic, "EE 9.351"
    elif route == "persia":
        if s.control.get("persia") == "Axis":
            raise Refused("the Axis holds Persia: no lend-lease by Persia", rule="EE 9.352")
        cap, rule = data.tables().lend_lease["persia_per_fleet_point"] * atlantic, "EE 9.352"
    else:
        raise Refused("British lend-lease goes by Murmansk or Persia", rule="EE 9.35")
    if sent_by_route + amount > cap:
        raise Refused(f"the {route} route carries at most {cap} WERP ({atlantic} Allied fleet points in the Atlantic)",
                      rule=rule)


def arrival(s: EEState, route: str, amount: int) -> int:
    if route == "murmansk" and s.control.get("trondheim") != "Axis":
        return amount
    return amount // 2  # 9.351 Trondheim German, 9.352 Persia: half arrives, rounded down


# --------------------------------------------------------------- purchases


def buy(cmd: Buy, s: EEState, ctx: Context) -> list[Event]:
    nation = producing(s)
    if cmd.qty <= 0:
        raise Refused("buy at least one")
    pre = with_maintenance(s, nation)
    handler = _BUYERS.get(cmd.item)
    if handler is None:
        raise Refused(f"unknown purchase {cmd.item!r}; known: {', '.join(sorted(_BUYERS))}", rule="EE 4.43")
    event = handler(cmd, s, nation)
    afford(s, nation, pre, event.cost)
    return [*pre, event]


def _build_area(s: EEState, nation: str, area_id: str, kind: str, home_nations: tuple[str, ...]) -> None:
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


def _pool_take(s: EEState, pool_owner: str, kind: str, max_steps: int, elite: bool) -> None:
    key = pool_key(kind, max_steps, elite)
    if s.pools.get(pool_owner, {}).get(key, 0) <= 0:
        raise Refused(f"no {key} block left in the {pool_owner} force pool", rule="EE 4.4")


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
    if cmd.unit_id in s.units or not cmd.unit_id:
        raise Refused("give the new block an id not on the map")
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
    _pool_take(s, owner, kind, max_steps, cmd.elite)
    _build_area(s, nation if owner != "free_french" else "usa", cmd.area, kind, homes)
    _ploesti_limits(s, nation, cmd)
    price = pricing.new_unit(s, nation, kind, cmd.elite, steps)
    return ev.Purchased(nation=nation, item="new_unit", qty=steps, cost=price.cost, rule=price.rule, cause=price.cause,
                        private=True, unit_id=cmd.unit_id, kind=kind, elite=cmd.elite, max_steps=max_steps,
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
    if not cmd.unit_id or cmd.unit_id in s.units:
        raise Refused("give the new ground support unit an id not on the map")
    _pool_take(s, nation, "gsu", 1, False)
    _build_area(s, nation, cmd.area, "gsu", (nation,))
    price = pricing.item("gsu", 1)
    return ev.Purchased(nation=nation, item="gsu", qty=1, cost=price.cost, rule=price.rule, cause=price.cause,
                        unit_id=cmd.unit_id, kind="gsu", max_steps=1, steps=1, area=cmd.area)


def _special_action(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    p = s.politics
    if nation == "italy" and p.morale_collapsed >= 0:
        raise Refused("after the morale collapse Italy may not buy its Special Action", rule="EE 9.45c")
    if nation == "ussr" and p.conscription >= 0 and 0 <= s.turn - p.conscription < 4:
        raise Refused("no Special Actions in the four conscription production phases", rule="EE 9.24f")
    held = len(s.special_actions.get(nation, ()))
    limit = sa_cap(nation, s.turn)
    if held + cmd.qty > limit:
        raise Refused(f"{data.nation(nation).title} may hold at most {limit} Special Actions in "
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
            raise Refused(f"{n.title} may build at most {limits.get('air', 0)} air points per turn", rule="EE 2.3")
        if item == "bomber" and bought.get("bomber", 0) + cmd.qty > limits.get("bombers", 0):
            raise Refused(f"{n.title} may build at most {limits.get('bombers', 0)} bombers per turn", rule="EE 2.3")
        current = (t.fighters if item == "fighter" else t.bombers).get(side, 0)
        if current + cmd.qty > tables[f"{item}s_max"]:
            raise Refused(f"the track holds at most {tables[item + 's_max']} {item} points per side", rule="Glossary")
    elif item in ("uboat", "v1", "v2"):
        key = {"uboat": "uboats", "v1": "v1", "v2": "v2"}[item]
        if key not in limits:
            raise Refused(f"only Germany builds {item.upper() if item != 'uboat' else 'U-boat'} points", rule="EE 2.3")
        if item != "uboat" and not calendar.switched(f"{item}_available", s.turn):
            start = calendar.name(calendar.switch_turn(f"{item}_available"))
            raise Refused(f"{item.upper()} points may be bought from {start}", rule="EE 2.28")
        if bought.get(item, 0) + cmd.qty > limits[key]:
            raise Refused(f"Germany may build at most {limits[key]} {item} points per turn", rule="EE 2.3")
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


# --------------------------------------------------------------- free steps, conscription, 7.8


def place_free(cmd: PlaceFree, s: EEState, ctx: Context) -> list[Event]:
    nation = producing(s)
    existing = s.units.get(cmd.unit_id)
    source = cmd.source
    rules = {"axis_minor_step": "EE 9.15", "conscription": "EE 9.24f", "soviet_elites": "EE 9.24e",
             "minor_replacement": "EE 9.62"}
    if source not in rules:
        raise Refused(f"unknown free source {source!r}; known: {', '.join(rules)}")
    rule = rules[source]
    led = s.ledger(nation)
    used = led.bought.get(f"free:{source}", 0)
    if source == "axis_minor_step":
        owner = cmd.owner or (existing.nation if existing else "")
        if nation != "germany" or s.politics.axis_minors_joined < 0:
            raise Refused("the free Axis minor step comes once the Axis minors are at war", rule=rule)
        if used:
            raise Refused("one free Axis minor step per production phase", rule=rule)
        if owner not in AXIS_MINORS:
            raise Refused("the free step goes to Finland, Romania, Hungary or Bulgaria", rule=rule)
        if s.politics.axis_minor_step == owner and s.politics.axis_minor_step_turn == s.turn - 1:
            raise Refused(f"{owner} had the free step last turn", rule=rule)
        allowance, kind = 1, "infantry"
    elif source == "conscription":
        p = s.politics
        k = s.turn - p.conscription
        if nation != "ussr" or p.conscription < 0 or not 0 <= k < len(p.conscription_schedule):
            raise Refused("no conscription steps are due this phase", rule=rule)
        allowance, kind, owner = p.conscription_schedule[k], "infantry", "ussr"
    elif source == "soviet_elites":
        if nation != "ussr" or s.turn != calendar.switch_turn("soviet_elites"):
            raise Refused("the four free Soviet elite infantry arrive in the Jan/Feb 1942 Soviet production", rule=rule)
        allowance, kind, owner = 4, "infantry", "ussr"
    else:
        owner = cmd.owner or (existing.nation if existing else "")
        if side_of(s, owner) != data.side_of(nation) or owner in AXIS_MINORS or owner in data.MAJORS:
            raise Refused(f"{owner or 'that power'} is not a minor power at war on this side", rule=rule)
        if s.ledger(nation).bought.get(f"free:minor:{owner}", 0):
            raise Refused(f"{owner} already had its free replacement step this turn", rule=rule)
        allowance, kind = 1, "infantry"
    steps = cmd.steps if existing else (cmd.max_steps if source == "soviet_elites" else cmd.steps)
    if used + (1 if source == "soviet_elites" else steps) > allowance:
        raise Refused(f"only {allowance - used} free {'units' if source == 'soviet_elites' else 'steps'} left", rule=rule)
    if existing:
        if existing.nation != owner or existing.steps + steps > existing.max_steps:
            raise Refused(f"{existing.id} cannot take {steps} free step(s) here", rule=rule)
        home = s.board.areas[existing.area]
        if source in ("axis_minor_step", "minor_replacement") and not (home.nation == owner and home.home):
            raise Refused(f"the free step is placed in a home area of {owner}", rule=rule)
        if source != "minor_replacement" and not friendly_uncontested(s, existing.area, data.side_of(nation)):
            raise Refused("replacements go to units in friendly uncontested areas", rule="EE 4.31")
        return [ev.Purchased(nation=nation, item="replacement", qty=steps, cost=0, rule=rule,
                             cause=f"free {wording.free(source)} for {wording.block(existing.nation, existing.kind)} in {wording.place(existing.area)}", free=source,
                             unit_id=existing.id, kind=existing.kind, area=existing.area,
                             owner=owner if owner != nation else "")]
    elite = source == "soviet_elites"
    max_steps = cmd.max_steps or steps
    _pool_take(s, owner, kind, max_steps, elite)
    if source in ("axis_minor_step", "minor_replacement"):
        area = s.board.areas.get(cmd.area)
        if area is None or area.nation != owner or not area.home or s.control.get(cmd.area) != data.side_of(nation):
            raise Refused(f"the free step is placed in a friendly home area of {owner}", rule=rule)
        if steps != 1:
            raise Refused("the free step builds a new unit at cadre", rule=rule)
    else:
        _build_area(s, nation, cmd.area, kind, (nation,))
    return [ev.Purchased(nation=nation, item="new_unit", qty=steps, cost=0, rule=rule,
                         cause=(f"free {wording.free(source)}: new {wording.adjective(owner)} {'elite ' if elite else ''}{wording.kind(kind)} at "
                                f"{steps} step{'s' if steps != 1 else ''}"),
                         free=source, unit_id=cmd.unit_id, kind=kind, elite=elite, max_steps=max_steps, steps=steps,
                         area=cmd.area, owner=owner if owner != nation else "")]


def declare_conscription(cmd: DeclareConscription, s: EEState, ctx: Context) -> list[Event]:
    producing(s, "ussr")
    p = s.politics
    if p.conscription >= 0:
        raise Refused("emergency conscription is declared once in the game", rule="EE 9.24f")
    if not p.at_war("germany", "ussr"):
        raise Refused("emergency conscription needs the USSR at war", rule="EE 9.24f")
    tables = data.tables().conscription
    bid = s.options.conscription_bid
    increments = abs(bid) // tables["bid_step"]
    sign = 1 if bid > 0 else -1
    schedule = tuple(max(0, base + sign * increments * d) for base, d in zip(tables["schedule"], tables["bid_change"]))
    return [ev.ConscriptionDeclared(schedule=schedule), ev.ConscriptionStepsDue(steps=schedule[0])]


def unrestricted_replacement(cmd: UnrestrictedReplacement, s: EEState, ctx: Context) -> list[Event]:
    producing(s, cmd.nation)
    held = s.special_actions.get(cmd.nation, ())
    if not any(t < s.turn for t in held):
        raise Refused("only a Special Action held since an earlier turn allows unrestricted replacements",
                      rule="EE 7.8")
    if cmd.area not in s.board.areas:
        raise Refused(f"no area {cmd.area!r} on the board")
    if any(u.area == cmd.area and u.oos and u.nation == cmd.nation for u in s.units.values()):
        raise Refused("the area must be supplied", rule="EE 7.8")
    return [ev.SpecialActionSpent(nation=cmd.nation, purpose="unrestricted_replacement", area=cmd.area, rule="EE 7.8")]
