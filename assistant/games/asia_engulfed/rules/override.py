"""Rules the table overrides (AE): a move, a naval move, a purchase or a Special Action the rules refuse, carried
out because the players say so, with their reason on record (the Engulfed family's override). What the physical
game cannot do (a piece not on the map, a purchase outside production) stays refused: ``ae.edit`` corrects it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.override import RULE
from assistant.families.engulfed.override import overrider
from assistant.families.engulfed.setup import first_free
from assistant.families.engulfed.steps import new_unit_price
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Buy, Move, NavalMove, SpendSpecialAction
from assistant.games.asia_engulfed.rules.movement import control_after_move, crossings
from assistant.games.asia_engulfed.rules.purchases import step_cost
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState
from events.base import Command, Event


def _pieces(s: AEState, ids: Sequence[str]) -> list:
    missing = [pid for pid in ids if pid not in s.pieces]
    if missing:
        raise Refused(f"not on the map: {', '.join(missing)} (an edit adds them)", rule=RULE)
    return [s.pieces[pid] for pid in ids]


def forced_move(cmd: Move, s: AEState, ctx: Context) -> list[Event]:
    """The pieces go where the table put them; an enemy zone left with only the mover's land units changes hands."""
    if cmd.to not in s.board.zones:
        raise Refused(f"{cmd.to!r} is not a land zone of the board", rule=RULE)
    pieces = _pieces(s, cmd.pieces)
    return [ev.PiecesMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode=cmd.mode,
                           crossings=crossings(s, pieces, cmd.to, cmd.mode),
                           newly_contested=places.newly_contested(s, cmd.to, pieces)),
            *control_after_move(s, cmd.to, pieces)]


def forced_naval_move(cmd: NavalMove, s: AEState, ctx: Context) -> list[Event]:
    """No Oil or transport points are booked (edit them if the table spent some)."""
    if cmd.to not in s.board.seas and cmd.to not in s.board.zones:
        raise Refused(f"{cmd.to!r} is not a place of the board", rule=RULE)
    _pieces(s, cmd.pieces)
    return [ev.NavalMoved(pieces=tuple(cmd.pieces), to=cmd.to, mode=cmd.mode, zones=cmd.zones)]


def forced_buy(cmd: Buy, s: AEState, ctx: Context) -> list[Event]:
    """Bought at the Construction Cost Chart's price (AE 4.44), whatever the limits."""
    nation = s.producer
    if s.phase not in ("production", "pre_game_production") or not nation:
        raise Refused("an overridden purchase is still made in a production phase (edit otherwise)", rule=RULE)
    werp = lambda n, why, place="": Booking(nation=nation, account="werp", amount=-n, rule=RULE,  # noqa: E731
                                            cause=why, place=place)
    items = data.costs()["item"]
    if cmd.item == "replacement":
        p = _pieces(s, (cmd.target,))[0]
        per, _ = step_cost(p.kind, p.nation)
        return [ev.Purchased(nation=nation, item="replacement", target=p.id, steps=min(cmd.steps, p.top - p.steps),
                             books=(werp(per * cmd.steps, f"{cmd.steps} replacement step(s)", p.at),))]
    if cmd.item == "new_unit":
        if cmd.zone not in s.board.zones or cmd.kind not in ("infantry", "militia", "marine", "lba", "cba"):
            raise Refused("a new unit needs its kind and a land zone of the board", rule=RULE)
        per, doubles = step_cost(cmd.kind, nation)
        piece = Piece(id=first_free(s.pieces, f"{data.STEMS[nation]}-{cmd.kind}-"), nation=nation, kind=cmd.kind,
                      steps=cmd.steps, max_steps=max(cmd.steps, cmd.max_steps), at=cmd.zone,
                      nationality=cmd.nationality, force=cmd.force)
        return [ev.Purchased(nation=nation, item="new_unit", target=piece.id, steps=cmd.steps, piece=piece,
                             books=(werp(new_unit_price(cmd.steps, per, doubles), f"new {cmd.kind}", cmd.zone),))]
    if cmd.item == "special_action":
        return [ev.Purchased(nation=nation, item="special_action",
                             books=(werp(items["special_action"], "Special Action"),))]
    if cmd.item in ("bomber_point", "submarine_point"):
        account = "bomber_points" if cmd.item == "bomber_point" else "submarine_points"
        return [ev.Purchased(nation=nation, item=cmd.item, steps=cmd.steps, books=(
            werp(items[cmd.item] * cmd.steps, cmd.item.replace("_", " ")),
            Booking(nation=nation, account=account, amount=cmd.steps, rule=RULE, cause="built")))]
    raise Refused(f"{cmd.item.replace('_', ' ')} cannot be overridden; edit the table instead", rule=RULE)


def forced_special_action(cmd: SpendSpecialAction, s: AEState, ctx: Context) -> list[Event]:
    if not s.special_actions.get(cmd.nation):
        raise Refused(f"{data.nation_name(cmd.nation)} holds no Special Action (an edit sets the markers held)",
                      rule=RULE)
    return [ev.SpecialActionSpent(nation=cmd.nation, use=cmd.use, target=cmd.target)]


FORCED: dict[type[Command], Callable[[Any, AEState, Context], Sequence[Event]]] = {
    Move: forced_move,
    NavalMove: forced_naval_move,
    Buy: forced_buy,
    SpendSpecialAction: forced_special_action,
}


# The refusal on record, then the command's facts; re-raised when there is no reason to override.
overridden = overrider(FORCED, ev.RuleOverridden)
