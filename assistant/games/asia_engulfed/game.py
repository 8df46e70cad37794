"""Asia Engulfed as a Decider game, read as a declaration: set-up, the phases, each move with the phases it is
possible in, and the end (AE 10.18). The map is not in the rule book: the players enter it (board/)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from assistant.decider import Context, GameKind, Refused
from assistant.families.engulfed.dice import with_faces
from assistant.families.engulfed.ledger import ledger_projection
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board import loader
from assistant.games.asia_engulfed.board.validate import BoardInvalid
from assistant.games.asia_engulfed.describe import describe
from assistant.games.asia_engulfed.evolve import evolve
from assistant.games.asia_engulfed.guidance import guidance
from assistant.games.asia_engulfed.options import Options
from assistant.games.asia_engulfed.rules import (
    air_naval,
    combat,
    edits,
    movement,
    naval,
    network,
    purchases,
    setup as setup_moves,
    special_actions,
    strategic,
    supply_moves,
    turn,
)
from assistant.games.asia_engulfed.scenario.validate import problems as scenario_problems
from assistant.games.asia_engulfed.state import AEState, initial_state
from events.base import Command, Event

RULESET = "Asia Engulfed rule book, French translation by Philippe Jaranton"
ANY = ()  # possible in every phase
PRODUCTION = ("production", "pre_game_production")


class Move(msgspec.Struct, frozen=True):
    fn: Callable[[Any, AEState, Context], Sequence[Event]]
    phases: tuple[str, ...]  # when it is possible (empty: always)
    rule: str


MOVES: dict[type[Command], Move] = {
    c.AmendBoard: Move(setup_moves.amend_board, ANY, "AE board format"),
    c.SetUpScenario: Move(setup_moves.set_up, ("setup",), "AE 15.0 (Play Book)"),
    c.Bid: Move(setup_moves.bid, ("bidding",), "AE 10.4"),
    c.Advance: Move(turn.advance, ANY, "AE 1.0"),
    c.NavalMove: Move(naval.naval_move, ("naval_movement", "air_naval_combat", "return_to_base"), "AE 1.11, 1.18"),
    c.RecordEscalation: Move(naval.record_escalation, ("naval_movement", "air_naval_combat"), "AE 9.22"),
    c.SetNetwork: Move(network.set_network, ("initial_supply",), "AE 1.12b"),
    c.DetermineSupply: Move(supply_moves.determine, ("initial_supply", "final_supply"), "AE 1.12c, 1.19"),
    c.ResolveSubmarines: Move(strategic.resolve_submarines, ("production",), "AE 2.1"),
    c.Bomb: Move(strategic.bomb, ("production",), "AE 2.4"),
    c.Buy: Move(purchases.buy, PRODUCTION, "AE 1.13"),
    c.LendLeaseTransfer: Move(special_actions.lend_lease, ("production",), "AE 9.25"),
    c.SpendSpecialAction: Move(special_actions.spend, ("naval_movement", "production", "operational_movement",
                                                        "land_combat", "return_to_base"), "AE 7.0"),
    c.Kamikaze: Move(air_naval.kamikaze, ("air_naval_combat",), "AE 9.13"),
    c.PortAttack: Move(air_naval.port_attack, ("air_naval_combat",), "AE 8.7"),
    c.Move: Move(movement.move, ("operational_movement", "strategic_movement"), "AE 1.15, 1.16"),
    c.Fire: Move(combat.fire, ("land_combat",), "AE 1.17"),
    c.ApplyLosses: Move(combat.apply_losses, ("land_combat",), "AE 6.25"),
    c.Edit: Move(edits.edit, ANY, "correction"),
}


def possible(state: AEState) -> list[type[Command]]:
    """The moves of this moment (the table shows only these)."""
    return [cmd for cmd, m in MOVES.items() if not m.phases or state.phase in m.phases]


def setup(options: Options) -> dict[str, Any]:
    try:
        board = loader.from_dict(options.board) if options.board is not None else loader.partial_board()
    except BoardInvalid as exc:
        raise Refused("the board: " + "; ".join(exc.problems), rule="AE board format") from None
    if options.scenario is not None:
        found = scenario_problems(options.scenario, board)
        if found:
            raise Refused("the scenario: " + "; ".join(found[:8]), rule="AE scenario format")
    return {"ruleset": RULESET, "board": loader.to_dict(board),
            "options": msgspec.to_builtins(msgspec.structs.replace(options, board=None))}


def start(definition: dict[str, Any]) -> AEState:
    state = initial_state(definition)
    scenario = (definition.get("options") or {}).get("scenario")
    if scenario:
        from assistant.games.asia_engulfed.rules.setup import set_up
        from assistant.games.asia_engulfed.scenario.format import Scenario

        for e in set_up(c.SetUpScenario(scenario=msgspec.convert(scenario, Scenario)), state, Context()):
            state = evolve(state, e)
    return state


def decide(command: Command, state: AEState, ctx: Context) -> Sequence[Event]:
    move = MOVES.get(type(command))
    if move is None:
        raise Refused(f"Asia Engulfed has no command {type(command).__name__}")
    if state.result and type(command) not in (c.AmendBoard, c.Edit):
        raise Refused(f"the game is over: {state.result.replace('_', ' ')}", rule=state.result_rule)
    if move.phases and state.phase not in move.phases:
        raise Refused(f"{type(command).__name__} is not possible in the {state.phase.replace('_', ' ')} phase",
                      rule=move.rule)
    return with_faces(move.fn, command, state, ctx)


def _turn_of(event: Event) -> int | None:
    if isinstance(event, ev.TurnBegan):
        return event.turn
    return 0 if isinstance(event, ev.ScenarioSetUp) else None


def _opening(definition: dict[str, Any]) -> tuple:
    """The opening tracks of a set-up chosen at creation (no event carries them then)."""
    from assistant.games.asia_engulfed.scenario.format import Scenario

    scenario = (definition.get("options") or {}).get("scenario")
    if not scenario:
        return ()
    command = c.SetUpScenario(scenario=msgspec.convert(scenario, Scenario))
    return tuple(b for e in setup_moves.set_up(command, initial_state(definition), Context()) for b in e.books)


LEDGER = ledger_projection("ae_ledger", _turn_of, _opening)

GAME: GameKind[AEState] = GameKind(
    name="asia_engulfed",
    title="Asia Engulfed",
    namespace="ae",
    options_type=Options,
    setup=setup,
    initial_state=start,
    decide=decide,
    evolve=evolve,
    state_type=AEState,
    commands=tuple(MOVES),
    events=ev.GAME_EVENTS,
    describe=describe,
    guidance=guidance,
    projections=(LEDGER,),
)
