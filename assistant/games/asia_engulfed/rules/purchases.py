"""Purchases in the Production Phase (AE 4.3-4.6, 4.44, 4.61-4.63, 6.8, 7.1, 8.71, 9.16): each a small check and
the bookings it makes. Long builds (construction markers) are in construction.py."""

from __future__ import annotations

import math

import msgspec

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.setup import first_free
from assistant.families.engulfed.special_actions import buy_problem
from assistant.families.engulfed.steps import new_unit_price
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Buy
from assistant.games.asia_engulfed.rules import construction, force_pool, strategic, submarine_replacement
from assistant.games.asia_engulfed.rules.supply import NONE, Tracer
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

REPLACEMENT_FULL_ANYWHERE = {  # AE 4.32 a-e: where a unit may come back to full strength without a port
    ("commonwealth", "british"): ("south_africa", "india", "australia"),
    ("commonwealth", "australian"): ("australia",),
    ("commonwealth", "indian"): ("india",),
    ("china", ""): ("china",),
    ("philippines", ""): ("philippines",),
}


def buy(cmd: Buy, s: AEState, ctx: Context) -> list[Event]:
    nation = s.producer
    if s.phase not in ("production", "pre_game_production") or not nation:
        raise Refused("purchases are made in a Production Phase", rule="AE 1.13")
    owed = strategic.pending(s)
    if owed:
        raise Refused("Strategic Warfare is mandatory and comes first: " + ", ".join(owed), rule="AE 2.0")
    if cmd.item == "construction":
        return construction.advance(cmd, s, nation)
    event = ITEMS[cmd.item](_where(cmd), s, nation)
    cost = -sum(b.amount for b in event.books if b.account == "werp")
    have = s.balance(nation, "werp")
    if cost > have:
        raise Refused(f"{cost} WERP needed, {data.nation_name(nation)} has {have} left", rule="AE 4.6")
    ta = -sum(b.amount for b in event.books if b.account == "ta")
    if ta and s.phase != "pre_game_production" and ta > s.balance("japan", "ta"):
        raise Refused(f"{ta} transport point(s) needed, {s.balance('japan', 'ta')} available", rule="AE 4.5")
    return [event]


ZONE_ITEMS = {"garrison": "AE 4.43", "fortification": "AE 6.8", "port_repair": "AE 8.71", "hdf_step": "AE 9.16"}


def _where(cmd: Buy) -> Buy:
    """The form has both a Target and a Zone: a garrison, fortification, port repair or Home Defense Force step names
    its zone in either (a player filling Zone meant it), a new unit its zone in Zone or Target; two different
    zones, or none, are refused by name rather than read as the empty zone ''."""
    if cmd.item in ZONE_ITEMS:
        if cmd.target and cmd.zone and cmd.target != cmd.zone:
            raise Refused(f"Target {cmd.target!r} and Zone {cmd.zone!r} name two places: a {_item(cmd)} goes in one",
                          rule=ZONE_ITEMS[cmd.item])
        if not (cmd.target or cmd.zone):
            raise Refused(f"name the zone of the {_item(cmd)} (Target or Zone)", rule=ZONE_ITEMS[cmd.item])
        return msgspec.structs.replace(cmd, target=cmd.target or cmd.zone)
    if cmd.item == "new_unit" and not cmd.zone and cmd.target:
        return msgspec.structs.replace(cmd, zone=cmd.target)
    return cmd


def _item(cmd: Buy) -> str:
    return {"hdf_step": "Home Defense Force step"}.get(cmd.item, cmd.item.replace("_", " "))


def werp(nation: str, amount: int, rule: str, cause: str, place: str = "", private: bool = False) -> Booking:
    return Booking(nation=nation, account="werp", amount=-amount, rule=rule, cause=cause, place=place,
                   private=private)


def step_cost(kind: str, nation: str) -> tuple[int, bool]:
    key = f"marine_{nation}" if kind == "marine" else kind
    unit = data.costs()["unit"].get(key)
    if unit is None:
        raise Refused(f"{data.nation_name(nation)} cannot buy {kind} steps", rule="AE 4.44")
    return unit["step"], unit["cadre_doubles"]


def _tp(s: AEState, nation: str, zone: str, steps: int) -> tuple[Booking, ...]:
    """AE 4.5: each group of 4 replacement steps / garrisons outside Japan costs 1 TP, rounded up."""
    if nation != "japan" or places.in_japan(s.board, zone) or s.phase == "pre_game_production":
        return ()
    per = data.costs()["tp"]["replacement_steps_per_tp"]
    before = s.spent.get("japan:outside_steps", 0)
    extra = math.ceil((before + steps) / per) - math.ceil(before / per)
    return (Booking(nation="japan", account="ta", amount=-extra, rule="AE 4.5",
                    cause="replacements and garrisons outside Japan"),) if extra else ()


def _air_limit(s: AEState, nation: str, cost: int) -> None:
    if nation == "japan":
        top = data.costs()["limit"]["japan"]["air_werp"]
        if s.spent.get("japan:air_werp", 0) + cost > top:
            raise Refused(f"Japan spends at most {top} WERP a turn on air units (track and replacements)",
                          rule="AE 4.62")


def _replacement(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    p = s.pieces.get(cmd.target)
    if p is None or p.nation != nation:
        raise Refused(f"{cmd.target!r} is not a {data.nation_name(nation)} unit on the map", rule="AE 4.3")
    if p.elite:
        raise Refused("elite units never receive replacements", rule="AE 9.12")
    if p.kind in ("cv", "bb", "ca", "submarine", "garrison"):
        raise Refused(f"a {p.kind} is not rebuilt by replacement steps", rule="AE 4.3")
    zone = places.fleet_zone(s, p)
    unrestricted = zone in s.unrestricted
    if not unrestricted:
        if s.supply.get(p.id) == NONE or Tracer(s).piece(p)[0] == NONE:
            raise Refused(f"{p.id} is not supplied", rule="AE 4.31")
        if p.kind != "cba" and not places.friendly_uncontested(s, zone, data.side_of(nation)):
            raise Refused(f"{p.id} is not in a friendly uncontested zone", rule="AE 4.31")
    if p.steps + cmd.steps > p.top:
        raise Refused(f"{p.id} has {p.steps} of {p.top} steps", rule="AE 4.32")
    if p.steps + cmd.steps == p.top and p.kind not in ("lba", "cba") and not unrestricted:
        port_ok = places.has_port(s.board, zone) and not s.port_damage.get(zone)
        homes = REPLACEMENT_FULL_ANYWHERE.get((nation, p.nationality if nation == "commonwealth" else ""), ())
        if not port_ok and places.country(s.board, zone) not in homes and not (
                nation == "commonwealth" and p.nationality == "british" and zone == "south_africa"):
            raise Refused(f"{p.id} may come back to full strength only in a zone with a supplied, intact port "
                          "(or its home, or with a Special Action)", rule="AE 4.32")
    if p.kind == "cba" and p.at in s.pieces and places.cv_room(s, p.at) < cmd.steps:
        raise Refused("no room on the carrier for that CBA step", rule="AE 4.31")
    per, _ = step_cost(p.kind, nation)
    cost = per * cmd.steps
    if places.is_air(p):
        _air_limit(s, nation, cost)
    books = (werp(nation, cost, "AE 4.3, 4.44", f"{cmd.steps} replacement step(s)", zone,
                  private=places.is_land(p)),)
    books += () if unrestricted else _tp(s, nation, zone, cmd.steps)
    return ev.Purchased(nation=nation, item="replacement", target=p.id, steps=cmd.steps, books=books,
                        private=places.is_land(p))


def _new_unit(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    kind, zone = cmd.kind, cmd.zone
    if kind not in ("infantry", "militia", "marine", "lba", "cba"):
        raise Refused(f"{kind!r}: new land units are infantry, militia or marines; air units LBA or CBA "
                      "(fleets and Japanese air come from construction markers)", rule="AE 4.4")
    if nation == "japan" and kind in ("lba", "cba"):
        raise Refused("Japanese air units are built on the Air Construction Track", rule="AE 4.71")
    if nation == "philippines" and kind != "militia":
        raise Refused("the Philippines produce only for their militia unit", rule="AE 9.55")
    if kind in ("lba", "cba") and cmd.steps != 2:
        raise Refused("air units are produced at full strength only", rule="AE 4.61")
    if kind not in ("lba", "cba") and cmd.steps > cmd.max_steps:
        # a block holds 1 to 4 steps, and a new unit is built at most to the strength printed on its block
        raise Refused(f"a new {kind} of {cmd.steps} steps does not fit a block of {cmd.max_steps} (Max steps: the "
                      "block's full strength, at most 4)", rule="AE 4.22, 4.4")
    pool = force_pool.counts(s, nation)  # with the US additions received (AE 9.22)
    if kind in pool and pool[kind] <= sum(1 for p in s.pieces.values() if p.nation == nation and p.kind == kind):
        raise Refused(f"every {kind} of {data.nation_name(nation)} is on the map: none left in its Force Pool",
                      rule="AE 4.4")
    per, doubles = step_cost(kind, nation)
    top = 2 if kind in ("lba", "cba") else max(cmd.steps, cmd.max_steps)
    at = zone
    if kind == "cba":
        at = next((f for f, p in s.pieces.items() if p.kind == "cv" and p.nation == nation
                   and s.board.zones.get(p.at) and s.board.zones[p.at].port == "national"
                   and places.cv_room(s, f) >= 2), "orphan")  # AE 4.42
    else:
        _new_unit_zone(s, nation, zone, cmd)
    piece = Piece(id=_new_id(s, nation, kind), nation=nation, kind=kind, steps=cmd.steps, max_steps=max(top, 1),
                  at=at, nationality=cmd.nationality, force=cmd.force)
    cost = new_unit_price(cmd.steps, per, doubles)
    books = (werp(nation, cost, "AE 4.4, 4.44", f"new {kind} of {cmd.steps} step(s)", at,
                  private=kind not in ("lba", "cba")),)
    return ev.Purchased(nation=nation, item="new_unit", target=piece.id, steps=cmd.steps, piece=piece, books=books,
                        private=kind not in ("lba", "cba"))


def _not_friendly(s: AEState, zone: str, side: str) -> str:
    """Why a zone is not friendly and uncontested, in the table's words."""
    name = s.board.zones[zone].name
    who = "Japan" if side == "japan" else "the Allies"
    holder = s.control.get(zone)
    if holder != side:
        held = ("nobody controls it (the set-up or a correction gives it a side)" if not holder
                else "Japan controls it" if holder == "japan" else "the Allies control it")
        return f"{name} is not friendly to {who}: {held}"
    return f"{name} is contested (both sides' land units are there)"


_NEW_UNITS_APPEAR = {  # AE 4.41, in players' words
    "japan": "new Japanese units appear in the home islands (Honshu, Kyushu, Shikoku)",
    "usa": "new US units appear in the US national zone only (not Hawaii)",
    "china": "new Chinese units appear in China",
    "philippines": "new Philippine units appear in the Philippines",
    "commonwealth": ("new British units appear in South Africa, Australian and Indian ones in their own "
                     "country's national zones"),
    "dei": "the Dutch East Indies build no new units",
}


def _new_unit_zone(s: AEState, nation: str, zone: str, cmd: Buy) -> None:
    z = s.board.zones.get(zone)
    if z is None:
        raise Refused(f"{zone!r} is not a land zone of the board", rule="AE 4.41")
    side = data.side_of(nation)
    if not places.friendly_uncontested(s, zone, side):
        raise Refused(_not_friendly(s, zone, side), rule="AE 4.41")
    ok = {
        "japan": "home_island" in z.regions,
        "usa": "usa_national" in z.regions,
        "china": z.country == "china",
        "philippines": z.country == "philippines",
        "commonwealth": (z.national and ((cmd.nationality == "british" and zone == "south_africa")
                                         or (cmd.nationality in ("australian", "indian")
                                             and z.country == {"australian": "australia",
                                                               "indian": "india"}[cmd.nationality]))),
    }.get(nation, False)
    if not ok:
        raise Refused(f"a new unit cannot appear in {z.name}: {_NEW_UNITS_APPEAR.get(nation, 'none appear there')}"
                      + (" (a Commonwealth unit's nationality says where: British, Australian or Indian)"
                         if nation == "commonwealth" and not cmd.nationality else ""), rule="AE 4.41")
    if nation != "usa" and s.spent.get(f"placed:{zone}", 0) >= 2:
        raise Refused(f"two new units already appeared in {z.name} this turn", rule="AE 4.41")


def _new_id(s: AEState, nation: str, kind: str) -> str:
    """Named as the set-up's pieces are (jp-infantry-3), so a bought unit reads like the others at the table."""
    return first_free(s.pieces, f"{data.STEMS[nation]}-{kind}-")


def _garrison(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    zone = cmd.target
    z = s.board.zones.get(zone)
    if z is None:
        raise Refused(f"{zone!r} is not a land zone of the board", rule="AE 4.43")
    if nation in ("china", "philippines", "dei"):
        raise Refused(f"{data.nation_name(nation)} cannot build garrisons", rule="AE 4.43")
    side = data.side_of(nation)
    if not places.friendly_uncontested(s, zone, side):
        raise Refused(_not_friendly(s, zone, data.side_of(nation)), rule="AE 4.43")
    if any(p.at == zone and p.kind == "garrison" for p in s.pieces.values()):
        raise Refused(f"{z.name} already has a garrison (one per zone)", rule="AE 4.28")
    if side == "allies":
        dei_box = nation == "commonwealth" and z.country == "dei" and z.kind in ("port_box", "island_box")
        if z.colour in ("usa", "commonwealth") and z.colour != nation and not dei_box:
            raise Refused(f"only {data.nation_name(z.colour)} builds garrisons in its coloured zones", rule="AE 4.43")
        if z.colour not in ("usa", "commonwealth", "japan") and not dei_box and not (
                nation == "usa" and z.colour == "philippines"):
            raise Refused(f"no Allied power builds garrisons in {z.name} in production (conversion only)",
                          rule="AE 4.43")
    if not Tracer(s).zone_supplied(zone, nation):
        raise Refused(f"{z.name} is not supplied", rule="AE 4.43")
    piece = Piece(id=_new_id(s, nation, "garrison"), nation=nation, kind="garrison", steps=1, at=zone)
    books = (werp(nation, data.costs()["unit"]["garrison"]["step"], "AE 4.43, 4.44", "garrison", zone),)
    return ev.Purchased(nation=nation, item="garrison", target=zone, steps=1, piece=piece,
                        books=books + _tp(s, nation, zone, 1))


def _fortification(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    zone = cmd.target
    z = s.board.zones.get(zone)
    if z is None:
        raise Refused(f"{zone!r} is not a land zone of the board", rule="AE 6.8")
    if z.kind is None:
        raise Refused(f"{z.name}: the board must say whether it is a large zone, port box or island box",
                      rule="AE 6.8")
    if z.kind == "large" and z.terrain != "clear":
        raise Refused(f"fortifications go in clear large zones, port boxes or island boxes; {z.name} is "
                      f"{z.terrain or 'of unknown terrain'}", rule="AE 6.8")
    if zone in s.forts:
        raise Refused(f"{z.name} is already fortified", rule="AE 6.81")
    if not places.friendly_uncontested(s, zone, data.side_of(nation)) or not Tracer(s).zone_supplied(zone, nation):
        raise Refused(f"{z.name} is not supplied, friendly and uncontested", rule="AE 6.8")
    if not any(p.at == zone and p.nation == nation and places.is_land(p) and p.id not in s.built_here
               for p in s.pieces.values()):
        raise Refused(f"a {data.nation_name(nation)} land or garrison unit must be in {z.name} before this phase",
                      rule="AE 6.8")
    cost = data.costs()["item"][{"large": "fortification_large", "port_box": "fortification_port_box",
                                 "island_box": "fortification_island_box"}[z.kind]]
    return ev.Purchased(nation=nation, item="fortification", target=zone,
                        books=(werp(nation, cost, "AE 4.44, 6.8", "fortification", zone),))


def _special_action(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    held = len(s.special_actions.get(nation, ()))
    problem = buy_problem(held, data.sa_cap(nation, s.year))
    if problem:
        raise Refused(f"{data.nation_name(nation)}: {problem}", rule="AE 7.11" if nation != "china" else "AE 7.7")
    return ev.Purchased(nation=nation, item="special_action",
                        books=(werp(nation, data.costs()["item"]["special_action"], "AE 7.1", "Special Action"),))


def _bomber_point(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    if nation != "usa":
        raise Refused("only the USA builds Bomber Points", rule="AE 4.63")
    top = data.costs()["limit"]["usa"]["bomber_points"]
    if s.spent.get("usa:bomber_point", 0) + cmd.steps > top:
        raise Refused(f"at most {top} Bomber Points a turn", rule="AE 4.63")
    if s.balance("usa", "bomber_points") + cmd.steps > data.load("nations")["tracks"]["us_bomber_points_max"]:
        raise Refused("the Bomber Points track stops at 20", rule="AE 2.0")
    cost = data.costs()["item"]["bomber_point"] * cmd.steps
    return ev.Purchased(nation=nation, item="bomber_point", steps=cmd.steps, books=(
        werp(nation, cost, "AE 4.44", f"{cmd.steps} Bomber Point(s)"),
        Booking(nation="usa", account="bomber_points", amount=cmd.steps, rule="AE 4.44", cause="built")))


def _submarine_point(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    if nation != "usa":
        raise Refused("only the USA builds Submarine Points", rule="AE 4.63")
    _submarine_limit(s, nation, cmd.steps)
    if s.balance("usa", "submarine_points") + cmd.steps > data.load("nations")["tracks"]["us_submarine_points_max"]:
        raise Refused("the Submarine Points track stops at 40", rule="AE 2.0")
    cost = data.costs()["item"]["submarine_point"] * cmd.steps
    return ev.Purchased(nation=nation, item="submarine_point", steps=cmd.steps, books=(
        werp(nation, cost, "AE 4.44", f"{cmd.steps} Submarine Point(s)"),
        Booking(nation="usa", account="submarine_points", amount=cmd.steps, rule="AE 4.44", cause="built")))


def _submarine_limit(s: AEState, nation: str, steps: int) -> None:
    if nation == "usa":
        top = data.costs()["limit"]["usa"]["submarine_points"]
        if s.spent.get("usa:submarine", 0) + steps > top:
            raise Refused(f"at most {top} Submarine Points and submarine steps a turn", rule="AE 4.63")
    elif nation == "japan":
        top = data.costs()["limit"]["japan"]["submarine_werp"]
        if 2 * (s.spent.get("japan:submarine", 0) + steps) > top:
            raise Refused(f"Japan spends at most {top} WERP a turn on its submarine unit", rule="AE 4.62")
    else:
        raise Refused(f"{data.nation_name(nation)} has no submarine unit", rule="AE 4.25")


def _submarine_step(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    """On the unit, as a new unit, or as the Replacement marker while the unit is at sea (AE 4.61)."""
    _submarine_limit(s, nation, cmd.steps)
    cost = data.costs()["unit"]["submarine"]["step"] * cmd.steps
    return submarine_replacement.purchase(s, nation, cmd.steps,
                                          (werp(nation, cost, "AE 4.44, 4.61", "submarine unit step"),))


def _port_repair(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    zone = cmd.target
    z = s.board.zones.get(zone)
    damage = s.port_damage.get(zone, 0)
    if z is None or damage <= 0:
        raise Refused(f"{zone!r} has no port damage to repair", rule="AE 8.71")
    if s.control.get(zone) != data.side_of(nation) or not Tracer(s).zone_supplied(zone, nation):
        raise Refused(f"{z.name} must be friendly and supplied", rule="AE 8.71")
    if z.national and z.colour != nation:
        raise Refused(f"only {data.nation_name(z.colour or '')} repairs ports in its national zones", rule="AE 8.73")
    if z.port != "national" and (cmd.steps > 1 or s.spent.get(f"repaired:{zone}", 0)):
        raise Refused("one point per port per turn (national ports excepted)", rule="AE 4.61")
    steps = min(cmd.steps, damage)
    return ev.Purchased(nation=nation, item="port_repair", target=zone, steps=steps,
                        books=(werp(nation, steps * data.costs()["item"]["port_repair"], "AE 8.71",
                                    "port repair", zone),))


def _hdf_step(cmd: Buy, s: AEState, nation: str) -> ev.Purchased:
    island = cmd.target
    if nation != "japan" or island not in places.HOME_ISLANDS:
        raise Refused("Home Defense Force steps are Japanese, on Honshu, Kyushu or Shikoku", rule="AE 9.16")
    if s.control.get(island) != "japan":
        raise Refused(f"{island} is not Japanese-controlled", rule="AE 9.16")
    top = data.load("nations")["hdf"]["max"]
    if s.track(f"hdf_{island}") + cmd.steps > top:
        raise Refused(f"a Home Defense Force has at most {top} steps", rule="AE 9.16")
    return ev.Purchased(nation=nation, item="hdf_step", target=island, steps=cmd.steps,
                        books=(werp(nation, cmd.steps, "AE 9.16", f"Home Defense Force on {island}", island),))


ITEMS = {
    "replacement": _replacement, "new_unit": _new_unit, "garrison": _garrison, "fortification": _fortification,
    "special_action": _special_action, "bomber_point": _bomber_point, "submarine_point": _submarine_point,
    "submarine_step": _submarine_step, "port_repair": _port_repair, "hdf_step": _hdf_step,
}
