"""Spending Special Actions (AE 7.0-7.8) and Lend-Lease (AE 9.25)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.special_actions import spend_problem
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import LendLeaseTransfer, SpendSpecialAction
from assistant.games.asia_engulfed.rules.supply import Tracer
from assistant.games.asia_engulfed.state import AEState

USES = {  # use -> (phases, who may spend, needs one kept from a previous turn, rule)
    "invasion": (("operational_movement",), ("japan", "usa", "commonwealth"), False, "AE 7.2"),
    "breakthrough": (("land_combat",), ("japan", "usa", "commonwealth"), False, "AE 6.6, 7.3"),
    "extended_naval": (("naval_movement",), ("japan", "usa", "commonwealth"), True, "AE 8.23, 7.4"),
    "extended_return": (("return_to_base",), ("japan",), False, "AE 7.5"),
    "code_breaking": (("naval_movement",), ("usa",), False, "AE 7.6"),
    "chinese_attack": (("operational_movement", "land_combat"), ("usa",), False, "AE 7.7, 9.41"),
    "unrestricted_replacements": (("production",), ("japan", "usa", "commonwealth"), True, "AE 7.8"),
}


def choices(s: AEState) -> dict[str, tuple[str, ...]]:
    """The form's choices: the nations that may spend one now, the producing or phasing side's first (the form
    opens on the first), and the uses of this phase. The USA breaks codes in the Japanese turn (AE 7.6)."""
    uses = tuple(u for u, (phases, _, _, _) in USES.items() if s.phase in phases)
    acting = (s.producer,) if s.phase == "production" else tuple(
        n for n in ("japan", "usa", "commonwealth") if data.side_of(n) == s.side)
    others = tuple(n for u in uses for n in USES[u][1] if n not in acting and (
        u == "code_breaking" or (u == "extended_return" and s.phase == "return_to_base")))
    nations = tuple(dict.fromkeys(n for n in (*acting, *others) if any(n in USES[u][1] for u in uses)))
    return {"nation": nations, "use": uses}


def spend(cmd: SpendSpecialAction, s: AEState, ctx: Context) -> list[ev.SpecialActionSpent]:
    phases, who, previous, rule = USES[cmd.use]
    if cmd.nation not in who:
        raise Refused(f"{data.nation_name(cmd.nation)} cannot spend a Special Action for {cmd.use}", rule=rule)
    if s.phase not in phases:
        raise Refused(f"{cmd.use.replace('_', ' ')} is spent in the {' or '.join(p.replace('_', ' ') for p in phases)}"
                      " phase", rule=rule)
    phasing = data.side_of(cmd.nation) == s.side
    if cmd.use == "code_breaking":
        if s.side != "japan":
            raise Refused("US Code Breaking is used in the Japanese Naval Movement Phase", rule=rule)
        if s.year not in data.load("calendar")["events"]["code_breaking_years"] or s.year in s.code_breaking_years:
            raise Refused("US Code Breaking: once a year, in 1942 and 1943 only", rule=rule)
        if cmd.target not in s.board.seas:
            raise Refused("name the sea zone the code breakers read", rule=rule)
    elif not phasing and cmd.use != "extended_return":  # AE 7.5 names no player turn (docs/rulings.md)
        raise Refused("only the phasing player spends this Special Action", rule=rule)
    if cmd.use == "breakthrough":
        zone = s.board.zones.get(cmd.target)
        if zone is None or not places.contested(s, cmd.target):
            raise Refused("a breakthrough round is bought for a contested zone", rule=rule)
        if zone.terrain == "jungle":
            raise Refused("no Breakthrough Combat in jungle", rule="AE 6.72")
    if cmd.use == "unrestricted_replacements":
        if s.producer != cmd.nation:
            raise Refused("spent in the nation's own production", rule=rule)
        if cmd.target not in s.board.zones or not Tracer(s).zone_supplied(cmd.target, cmd.nation):
            raise Refused("the zone must be supplied (it may be contested or enemy-controlled)", rule=rule)
    problem = spend_problem(s.special_actions.get(cmd.nation, ()), s.turn, previous)
    if problem:
        raise Refused(f"{data.nation_name(cmd.nation)}: {problem}", rule=rule)
    return [ev.SpecialActionSpent(nation=cmd.nation, use=cmd.use, target=cmd.target)]


def lend_lease(cmd: LendLeaseTransfer, s: AEState, ctx: Context) -> list[ev.LendLease]:
    """AE 9.25: up to 5 WERP a turn in all, each costing the USA 2; China 2 per Burma Road zone held."""
    if s.phase != "production" or s.side != "allies":
        raise Refused("Lend-Lease is announced in the Allied Production Phase", rule="AE 4.6, 9.25")
    ll = data.load("nations")["lend_lease"]
    sent = s.spent.get("usa:lend_lease", 0)
    if sent + cmd.werp > ll["max_per_turn"]:
        raise Refused(f"at most {ll['max_per_turn']} WERP of Lend-Lease a turn ({sent} already sent)", rule="AE 9.25")
    cost = cmd.werp * ll["us_cost_per_werp"]
    if s.balance("usa", "werp") < cost:
        raise Refused(f"Lend-Lease of {cmd.werp} costs the USA {cost} WERP; it has {s.balance('usa', 'werp')}",
                      rule="AE 9.25")
    tracer = Tracer(s)
    if cmd.to == "china":
        road = [z for z, zone in s.board.zones.items() if "burma_road" in zone.regions and s.control.get(z) == "allies"]
        top = ll["china_per_burma_road_zone"] * len(road)
        if s.spent.get("usa:lend_lease_china", 0) + cmd.werp > top:
            raise Refused(f"China receives at most {top} WERP ({len(road)} Burma Road zone(s) held)", rule="AE 9.25")
        ends = [z for z, zone in s.board.zones.items() if zone.country in ("china", "manchukuo") and zone.resource
                and s.control.get(z) == "allies" and any(p.at == z and p.force == "nationalist"
                                                          for p in s.pieces.values())]
    else:
        ends = [z for z, zone in s.board.zones.items() if zone.country in ("india", "australia") and zone.resource
                and s.control.get(z) == "allies"]
    if not any(tracer.route("usa", "usa", targets={z}) for z in ends):
        raise Refused(f"no route from the USA to a qualifying resource zone of {data.nation_name(cmd.to)}",
                      rule="AE 9.25")
    return [ev.LendLease(to=cmd.to, werp=cmd.werp, books=(
        Booking(nation="usa", account="werp", amount=-cost, rule="AE 9.25", cause=f"Lend-Lease to {cmd.to}"),
        Booking(nation=cmd.to, account="werp", amount=cmd.werp, rule="AE 9.25", cause="Lend-Lease from the USA")))]
