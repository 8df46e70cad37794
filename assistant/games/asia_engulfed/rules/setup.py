"""Set-up moves: the board amendments, the scenario entry, the side bid (AE 10.4)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.families.engulfed.ledger import Booking
from assistant.families.engulfed.setup import check_amendments, check_scenario
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board import amend
from assistant.games.asia_engulfed.commands import AmendBoard, Bid, SetUpScenario
from assistant.games.asia_engulfed.scenario.format import Scenario
from assistant.games.asia_engulfed.scenario.validate import problems
from assistant.games.asia_engulfed.state import AEState


def amend_board(cmd: AmendBoard, s: AEState, ctx: Context) -> list[ev.BoardAmended]:
    """Allowed at any time: the map does not change, only what the assistant knows of it."""
    check_amendments(amend.apply, s.board, cmd.amendments, "AE board format")
    return [ev.BoardAmended(amendments=cmd.amendments, reason=cmd.reason)]


def set_up(cmd: SetUpScenario, s: AEState, ctx: Context) -> list[ev.ScenarioSetUp]:
    return scenario_set_up(cmd.scenario, s)


def scenario_set_up(scenario: Scenario, s: AEState) -> list[ev.ScenarioSetUp]:
    """The set-up given whole (a file) or as entered at the table, checked, with its opening tracks booked."""
    if s.phase != "setup":
        raise Refused("the scenario is set up once, before the first turn", rule="AE 15.0 (Play Book)")
    check_scenario(problems(scenario, s.board), "AE scenario format", "the scenario: ", 8)
    t = scenario.tracks
    books = tuple(Booking(nation=n, account=a, amount=v, rule="AE 15.0 (Play Book)", cause="scenario set-up")
                  for n, a, v in (("japan", "oil", t.oil), ("japan", "tc", t.transport_capacity),
                                  ("usa", "submarine_points", t.us_submarine_points),
                                  ("usa", "bomber_points", t.us_bomber_points)) if v)
    return [ev.ScenarioSetUp(scenario=scenario, books=books)]


def bid(cmd: Bid, s: AEState, ctx: Context) -> list[ev.SidesBid]:
    """AE 10.4: the highest bid plays the Allies; Japan gets that many WERP of pre-game production and Oil.

    Decision (docs/rulings.md): the WERP go to Japan, as in the rule's example, not to the Allies as the
    "Vu autrement" sentence has it.
    """
    if s.phase != "bidding":
        raise Refused("sides are bid for after the set-up, before the first turn", rule="AE 10.4")
    if s.bid >= 0:
        raise Refused("the sides were already bid for", rule="AE 10.4")
    ranked = sorted(_bidders(cmd, s, ctx).items(), key=lambda kv: -kv[1])
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
        raise Refused("the bids are equal: bid again", rule="AE 10.4")
    winner, amount = ranked[0]
    oil = s.balance("japan", "oil")
    if oil + amount > 40:
        raise Refused(f"Japan's Oil would pass 40 ({oil} + {amount})", rule="AE 10.4")
    books = (Booking(nation="japan", account="oil", amount=amount, rule="AE 10.4",
                     cause=f"the winning bid of {winner}"),) if amount else ()
    return [ev.SidesBid(bids=dict(ranked), allied_player=winner, amount=amount, books=books)]


def _bidders(cmd: Bid, s: AEState, ctx: Context) -> dict[str, int]:
    """The bids by the players at the table, spelled as they were named: the winner plays the Allies, so a name
    that is not a player's (a typo, a side) would give the Allies to nobody (AE 10.4). The players are those the
    game names and those the table knows (``ctx.players``: in the club, the members seated at the game)."""
    spelled = {p.casefold(): p for p in (*ctx.players, *s.players)}
    if not spelled:  # nobody named at this table yet: the two bidders name themselves
        if len({name.casefold() for name in cmd.bids}) != 2:
            raise Refused("the two players bid, each with their name: e.g. Ann=3, Bo=1", rule="AE 10.4")
        return dict(cmd.bids)
    unknown = [name for name in cmd.bids if name.casefold() not in spelled]
    if unknown:
        raise Refused(f"{', '.join(repr(n) for n in unknown)} is not a player of this game (players: "
                      f"{', '.join(spelled.values())})", rule="AE 10.4")
    bids = {spelled[name.casefold()]: amount for name, amount in cmd.bids.items()}
    if len(bids) < len(cmd.bids):
        raise Refused("one bid per player", rule="AE 10.4")
    return bids
