"""Set-up moves: the board amendments, the scenario entry, the side bid (AE 10.4)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.amendments import AmendmentRefused
from assistant.families.engulfed.ledger import Booking
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board import amend
from assistant.games.asia_engulfed.commands import AmendBoard, Bid, SetUpScenario
from assistant.games.asia_engulfed.scenario.validate import problems
from assistant.games.asia_engulfed.state import AEState


def amend_board(cmd: AmendBoard, s: AEState, ctx: Context) -> list[ev.BoardAmended]:
    """Allowed at any time: the map does not change, only what the assistant knows of it."""
    try:
        amend.apply(s.board, cmd.amendments)
    except AmendmentRefused as exc:
        raise Refused(str(exc), rule="AE board format") from None
    return [ev.BoardAmended(amendments=cmd.amendments, reason=cmd.reason)]


def set_up(cmd: SetUpScenario, s: AEState, ctx: Context) -> list[ev.ScenarioSetUp]:
    if s.phase != "setup":
        raise Refused("the scenario is set up once, before the first turn", rule="AE 15.0 (Play Book)")
    found = problems(cmd.scenario, s.board)
    if found:
        raise Refused("the scenario: " + "; ".join(found[:8]), rule="AE scenario format")
    t = cmd.scenario.tracks
    books = tuple(Booking(nation=n, account=a, amount=v, rule="AE 15.0 (Play Book)", cause="scenario set-up")
                  for n, a, v in (("japan", "oil", t.oil), ("japan", "tc", t.transport_capacity),
                                  ("usa", "submarine_points", t.us_submarine_points),
                                  ("usa", "bomber_points", t.us_bomber_points)) if v)
    return [ev.ScenarioSetUp(scenario=cmd.scenario, books=books)]


def bid(cmd: Bid, s: AEState, ctx: Context) -> list[ev.SidesBid]:
    """AE 10.4: the highest bid plays the Allies; Japan gets that many WERP of pre-game production and Oil.

    Decision (docs/rulings.md): the WERP go to Japan, as in the rule's example, not to the Allies as the
    "Vu autrement" sentence has it.
    """
    if s.phase != "bidding":
        raise Refused("sides are bid for after the set-up, before the first turn", rule="AE 10.4")
    if s.bid >= 0:
        raise Refused("the sides were already bid for", rule="AE 10.4")
    ranked = sorted(cmd.bids.items(), key=lambda kv: -kv[1])
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        raise Refused("the bids are equal: bid again", rule="AE 10.4")
    winner, amount = ranked[0]
    oil = s.balance("japan", "oil")
    if oil + amount > 40:
        raise Refused(f"Japan's Oil would pass 40 ({oil} + {amount})", rule="AE 10.4")
    books = (Booking(nation="japan", account="oil", amount=amount, rule="AE 10.4",
                     cause=f"the winning bid of {winner}"),) if amount else ()
    return [ev.SidesBid(bids=dict(cmd.bids), allied_player=winner, amount=amount, books=books)]
