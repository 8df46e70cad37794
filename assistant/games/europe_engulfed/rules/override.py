"""Overriding a rule: a move, purchase, transfer, declaration of war or Special Action the rules refuse, carried
out anyway because the table says so (``override``: its reason). The refusal and its rule are recorded
(``ee.rule_overridden``) before the facts; what the physical game cannot do (a block that is not on the map, a
purchase outside a production phase) stays refused — an edit (``ee.edit``) corrects those."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.decider import Context, Refused
from assistant.families.engulfed.override import RULE
from assistant.families.engulfed.override import overrider
from assistant.games.europe_engulfed import data, wording
from assistant.games.europe_engulfed.commands import Buy, DeclareWar, Move, SpendSpecialAction, TransferWerp
from assistant.games.europe_engulfed.powers import enemy, land_units, side_of
from assistant.games.europe_engulfed.rules import operating, politics, pricing, sea_transport
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.rules.movement import MODES, phase_mode
from assistant.games.europe_engulfed.rules.production.phase import pay_maintenance
from assistant.games.europe_engulfed.rules.production.purchases import new_block_id
from assistant.games.europe_engulfed.rules.production.transfers import arrival
from assistant.games.europe_engulfed.rules.edits import KINDS, known_nations
from assistant.games.europe_engulfed.rules.special_actions import ELSEWHERE, USES
from assistant.games.europe_engulfed.state import EEState
import assistant.games.europe_engulfed.events as ev
from events.base import Command, Event

ROUTES = ("direct", "murmansk", "persia")


def _nation(s: EEState, name: str, what: str) -> None:
    # An override bends a rule, never the game's vocabulary: the nation must exist.
    if name not in known_nations(s):
        raise Refused(f"{what}: no nation {name!r} in this game (an override bends a rule, not the board)", rule=RULE)


def _producer(s: EEState) -> str:
    if s.phase != "production" or not s.step:
        raise Refused("an overridden purchase or transfer is still made in a production phase (use an edit of the "
                      "WERP otherwise)", rule=RULE)
    return s.step


def forced_move(cmd: Move, s: EEState, ctx: Context) -> list[Event]:
    """The unit goes where the table put it; empty enemy areas it enters change hands. No sea transport is
    counted and no dice are thrown (edit fleet points if the table spent some)."""
    u = s.units.get(cmd.unit_id)
    if u is None:
        raise Refused(f"no unit {cmd.unit_id!r} on the map (an edit adds it)", rule=RULE)
    if not cmd.path or any(a not in s.board.areas and not sea_transport.is_sea(s, a) for a in cmd.path):
        raise Refused("the path must list areas (and sea areas crossed) of the board", rule=RULE)
    if cmd.path[-1] not in s.board.areas:
        raise Refused("a move ends in a land area", rule=RULE)
    mode = cmd.mode or phase_mode(s)
    if mode not in MODES:
        raise Refused(f"a move is {', '.join(MODES)}, not {cmd.mode!r}", rule=RULE)
    side = side_of(s, u.nation)
    if s.phase == "breakthrough" and mode in ("operational", "strategic"):
        mode = f"breakthrough_{mode}"
    out: list[Event] = [ev.UnitMoved(unit_id=u.id, path=tuple(cmd.path), origin=u.area, mode=mode, nation=u.nation, kind=u.kind, steps=u.steps)]
    if u.kind == "gsu" or side not in ("Axis", "Allied"):
        return out
    for area in cmd.path:
        if area in s.board.areas and s.control.get(area) == enemy(side) and not any(
                side_of(s, x.nation) == enemy(side) for x in land_units(s, area)):
            out.append(ev.ControlChanged(area=area, side=side, cause=f"entered by {u.id} (rule overridden)",
                                         by=u.nation))
    return out


def forced_buy(cmd: Buy, s: EEState, ctx: Context) -> list[Event]:
    """Bought at the price the rule book gives it (EE 4.43), after naval maintenance, whatever the limits."""
    nation = _producer(s)
    if cmd.qty <= 0:
        raise Refused("buy at least one", rule=RULE)
    pre: list[Event] = [] if s.ledger(nation).maintenance_paid else [pay_maintenance(s, nation)]
    return [*pre, _purchase(cmd, s, nation)]


def _purchase(cmd: Buy, s: EEState, nation: str) -> ev.Purchased:
    item = cmd.item
    if item == "new_unit":
        if cmd.kind not in KINDS or cmd.kind == "gsu":
            raise Refused(f"a land unit is infantry, armor, cavalry, militia or airborne, not {cmd.kind!r}", rule=RULE)
        max_steps = cmd.max_steps or cmd.steps
        if not 1 <= cmd.steps <= max_steps or cmd.unit_id in s.units or cmd.area not in s.board.areas:
            raise Refused("a new block needs an id not on the map, 1 to its maximum steps and a land area", rule=RULE)
        owner = cmd.owner or nation
        _nation(s, owner, "the owner")
        unit_id = new_block_id(s, owner, cmd.kind, cmd.elite, cmd.unit_id)
        price = pricing.new_unit(s, nation, cmd.kind, cmd.elite, cmd.steps)
        return ev.Purchased(nation=nation, item=item, qty=cmd.steps, cost=price.cost, rule=price.rule,
                            cause=price.cause, private=True, unit_id=unit_id, kind=cmd.kind, elite=cmd.elite,
                            max_steps=max_steps, steps=cmd.steps, area=cmd.area,
                            owner=owner if owner != nation else "")
    if item == "replacement":
        u = s.units.get(cmd.unit_id)
        if u is None or u.kind == "gsu" or u.steps + cmd.qty > u.max_steps:
            raise Refused(f"{cmd.unit_id!r}: a block on the map, and never above its maximum steps", rule=RULE)
        price = pricing.replacement(s, nation, u.kind, u.elite, cmd.qty)
        return ev.Purchased(nation=nation, item=item, qty=cmd.qty, cost=price.cost, rule=price.rule,
                            cause=f"{price.cause} ({wording.block(u.nation, u.kind)} in {wording.place(u.area)})", private=True, unit_id=u.id, kind=u.kind, elite=u.elite,
                            area=u.area, owner=u.nation if u.nation != nation else "")
    if item not in pricing.ITEM_RULES:
        raise Refused(f"unknown purchase {item!r}", rule=RULE)
    qty = 1 if item in ("gsu", "fortification", "heavy_fortification", "fleet_point") else cmd.qty
    price = pricing.item(item, qty)
    extra: dict[str, Any] = {}
    if item == "gsu":
        if cmd.unit_id in s.units or cmd.area not in s.board.areas:
            raise Refused("a new ground support unit needs an id not on the map and a land area", rule=RULE)
        extra = {"unit_id": new_block_id(s, nation, "gsu", given=cmd.unit_id), "kind": "gsu", "max_steps": 1,
                 "steps": 1, "area": cmd.area}
    elif item in ("fortification", "heavy_fortification"):
        if cmd.area not in s.board.areas:
            raise Refused(f"no land area {cmd.area!r} on the board", rule=RULE)
        extra = {"area": cmd.area}
    elif item == "fleet_point":
        if cmd.sea not in s.board.seas:
            raise Refused(f"no sea area {cmd.sea!r} on the board", rule=RULE)
        extra = {"sea": cmd.sea}
    elif item == "flak" and nation not in ("germany", "britain"):
        raise Refused("flak belongs to Germany or Britain", rule=RULE)
    return ev.Purchased(nation=nation, item=item, qty=qty, cost=price.cost, rule=price.rule, cause=price.cause,
                        **extra)


def forced_transfer(cmd: TransferWerp, s: EEState, ctx: Context) -> list[Event]:
    sender = _producer(s)
    if cmd.amount <= 0 or cmd.receiver not in data.MAJORS or cmd.receiver == sender:
        raise Refused("send at least one WERP to another major power", rule=RULE)
    if cmd.route not in ROUTES:
        raise Refused(f"a transfer goes {', '.join(ROUTES)}, not {cmd.route!r}", rule=RULE)
    pre: list[Event] = [] if s.ledger(sender).maintenance_paid else [pay_maintenance(s, sender)]
    route = cmd.route
    arrived = cmd.amount if route == "direct" else arrival(s, route, cmd.amount)
    return [*pre, ev.WerpTransferred(sender=sender, receiver=cmd.receiver, sent=cmd.amount, arrived=arrived,
                                     route=route, rule=RULE)]


def forced_war(cmd: DeclareWar, s: EEState, ctx: Context) -> list[Event]:
    """The declaration and what it does to the map at once (9.63 a minor's areas, 9.525 Vichy's), without the
    automatic declarations that follow legal ones (9.42, 9.15)."""
    a, t = cmd.aggressor, cmd.target
    _nation(s, t, "the target")
    if t == a:
        raise Refused("a nation does not declare war on itself", rule=RULE)
    if a not in data.MAJORS or s.politics.at_war(a, t):
        raise Refused(f"{a} is a major power not yet at war with {t}", rule=RULE)
    f = Flow(s)
    f.add(ev.WarDeclared(aggressor=a, target=t))
    if t == "vichy":
        for area in sorted(x for x in s.board.areas if operating.vichy_territory(s, x)):
            f.add(ev.ControlChanged(area=area, side="Axis", cause="war declared on Vichy (EE 9.525, rule overridden)"))
    elif t not in data.MAJORS:
        politics.minor_territory(f, t, enemy(data.side_of(a)), f"war declared on {wording.nation(t)} (EE 9.63, rule overridden)")
    return f.events


def forced_special_action(cmd: SpendSpecialAction, s: EEState, ctx: Context) -> list[Event]:
    if cmd.nation not in data.MAJORS:
        raise Refused(f"Special Actions are held by major powers, not {cmd.nation!r}", rule=RULE)
    if cmd.purpose not in USES and cmd.purpose not in ELSEWHERE:
        raise Refused(f"unknown Special Action use {cmd.purpose!r}; known: {', '.join((*USES, *ELSEWHERE))}", rule=RULE)
    if cmd.area and cmd.area not in s.board.areas and not sea_transport.is_sea(s, cmd.area):
        raise Refused(f"no area {cmd.area!r} on the board", rule=RULE)
    if not s.special_actions.get(cmd.nation):
        raise Refused(f"{cmd.nation} holds no Special Action marker (an edit sets the markers held)", rule=RULE)
    return [ev.SpecialActionSpent(nation=cmd.nation, purpose=cmd.purpose, rule=RULE, area=cmd.area)]


FORCED: dict[type[Command], Callable[[Any, EEState, Context], Sequence[Event]]] = {
    Move: forced_move,
    Buy: forced_buy,
    TransferWerp: forced_transfer,
    DeclareWar: forced_war,
    SpendSpecialAction: forced_special_action,
}


# The refusal on record, then the command's facts; re-raised when there is no reason to override.
overridden = overrider(FORCED, ev.RuleOverridden)
