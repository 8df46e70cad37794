"""Europe Engulfed as a Decider game: setup, phases, moves, end conditions (the game reads as a declaration).

Board facts and supply come from board/, scenario/ and supply/ (the map is not in the rule book; players complete
it in the game log). Everything else — calendar, weather, production ledger, strategic warfare, combat, Special
Actions, politics and victory — is decided here by small rules in rules/.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from assistant.decider import Context, GameKind, Move, Ref, Refused
from assistant.games.europe_engulfed import commands as c
from assistant.games.europe_engulfed.board import loader
from assistant.games.europe_engulfed.board import moves as board_moves
from assistant.games.europe_engulfed.board.commands import BOARD_COMMANDS, AmendBoard
from assistant.games.europe_engulfed.board.validate import BoardInvalid
from assistant.games.europe_engulfed.files import FILES, OPTION_FILES
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.guidance import guidance
from assistant.games.europe_engulfed.options import Options
from assistant.games.europe_engulfed.rules import (
    combat,
    edits,
    fortresses,
    landings,
    minors,
    movement,
    naval,
    politics,
    override,
    special_actions,
    stacking,
    strategic,
    turn,
    weather,
)
from assistant.games.europe_engulfed.rules.production import free_items, purchases, transfers
from assistant.games.europe_engulfed.scenario import moves as scenario_moves
from assistant.games.europe_engulfed.scenario.commands import SCENARIO_COMMANDS, SetUpScenario
from assistant.games.europe_engulfed.scenario.validate import problems as scenario_problems
from assistant.games.europe_engulfed.evolve import evolve
from assistant.games.europe_engulfed.state import EEState, initial_state
from assistant.games.europe_engulfed.supply import moves as supply_moves
from assistant.games.europe_engulfed.supply.commands import (
    SUPPLY_COMMANDS,
    ChooseSeaSupplyAllocation,
    DetermineSupply,
    RecordSupplyVerdict,
)
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.events.board import BOARD_EVENTS
from assistant.games.europe_engulfed.events.supply import SUPPLY_EVENTS
from assistant.games.europe_engulfed.read_models.ledger import WERP_LEDGER
from assistant.games.europe_engulfed.read_models.supply import SUPPLY
from assistant.kinds import read_about
from events.base import Command, Event
from events.core import DiceRolled

RULESET = "Europe Engulfed, 1st edition rule book, French living rules of 28/09/2004"


def setup(options: Options) -> dict[str, Any]:
    """The definition embedded in core.game_created: board, scenario and options, so the game replays anywhere."""
    try:
        board = loader.from_dict(options.board) if options.board is not None else loader.partial_board()
    except BoardInvalid as exc:
        raise Refused("the board: " + "; ".join(exc.problems), rule="EE board format") from None
    found = scenario_problems(options.scenario, board)
    if found:
        raise Refused("the scenario: " + "; ".join(found), rule="EE scenario format")
    opts = msgspec.structs.replace(options, board=None)
    return {
        "ruleset": RULESET,
        "board": loader.to_dict(board),
        "scenario": msgspec.to_builtins(options.scenario),
        "options": msgspec.to_builtins(opts),
    }


def _strategic_limit(cmd: c.SetStrategicMoveLimit, s: EEState, ctx: Context) -> list[Event]:
    from assistant.games.europe_engulfed import data

    if cmd.nation not in data.MAJORS:
        raise Refused(f"{cmd.nation} is not a major power", rule="EE 5.24")
    if cmd.limit < 1:
        raise Refused("a strategic-move limit is at least one", rule="EE 5.24")
    return [ev.StrategicMoveLimitSet(nation=cmd.nation, limit=cmd.limit)]


def _determine_supply(cmd: DetermineSupply, s: EEState, ctx: Context) -> list[Event]:
    """EE 1.21 / 1.27: each side determines its supply in its own initial and final supply phases."""
    wanted = "initial_supply" if cmd.phase == "initial" else "final_supply"
    if s.phase != wanted or cmd.side != s.side:
        raise Refused(f"{cmd.side} {cmd.phase} supply is determined in the {cmd.side} {wanted.replace('_', ' ')} phase",
                      rule="EE 1.21" if cmd.phase == "initial" else "EE 1.27")
    return supply_moves.determine_supply(cmd, s, ctx)


PRODUCTION = ("production",)
MOVEMENT = ("operational_move", "strategic_move", "breakthrough")
BATTLES = ("combat", "breakthrough")
SUPPLY_PHASES = ("initial_supply", "final_supply")

# Each command with the phases the table offers it in (none: any moment); the rules in ``run`` decide.
MOVES: tuple[Move[EEState], ...] = (
    Move(c.Advance, turn.advance, label="Next phase"),
    Move(c.EnterWeather, weather.enter, phases=("weather",)),
    Move(c.RollWeather, weather.roll, phases=("weather",)),
    Move(c.SetStrategicMoveLimit, _strategic_limit),
    Move(c.ResolveUBoats, strategic.resolve_uboats, phases=PRODUCTION),
    Move(c.AirRaid, strategic.air_raid, phases=PRODUCTION),
    Move(c.LaunchVWeapons, strategic.launch_v_weapons, phases=PRODUCTION),
    Move(c.TransferWerp, transfers.transfer, phases=PRODUCTION),
    Move(c.Buy, purchases.buy, phases=PRODUCTION),
    Move(c.PlaceFree, free_items.place_free, phases=PRODUCTION),
    Move(c.DeclareConscription, free_items.declare_conscription, phases=PRODUCTION),
    Move(c.UnrestrictedReplacement, free_items.unrestricted_replacement, phases=PRODUCTION),
    Move(c.DeclareWar, politics.declare_war, phases=("operational_move",)),
    Move(c.Move, movement.move, phases=MOVEMENT, label="Move this unit"),
    Move(c.Fight, combat.fight, phases=BATTLES),
    Move(c.Counterattack, combat.counterattack, phases=BATTLES),
    Move(c.BuyBreakthrough, combat.buy_breakthrough, phases=("breakthrough",)),
    Move(c.SpendSpecialAction, special_actions.spend_special_action),
    Move(c.EstablishVichy, politics.establish_vichy),
    Move(c.TransferFleet, naval.transfer_fleet, phases=SUPPLY_PHASES),
    Move(c.NavalCombat, naval.naval_combat),
    Move(c.ChooseFrenchFleetEscape, naval.french_fleet_escape),
    Move(c.RemoveBeachhead, landings.remove_beachhead),
    Move(c.EliminateExcess, stacking.eliminate_excess),
    Move(c.Edit, edits.edit),
    Move(c.DeployMinor, minors.deploy_minor),
    Move(c.LeaveFortress, fortresses.leave_fortress),
    # the board, scenario and supply engineer's moves
    Move(AmendBoard, board_moves.amend_board),
    Move(SetUpScenario, scenario_moves.set_up_scenario),
    Move(DetermineSupply, _determine_supply, phases=SUPPLY_PHASES),
    Move(ChooseSeaSupplyAllocation, supply_moves.choose_sea_supply_allocation, phases=SUPPLY_PHASES),
    Move(RecordSupplyVerdict, supply_moves.record_supply_verdict, phases=SUPPLY_PHASES),
)
RUN: dict[type[Command], Callable[[Any, EEState, Context], Sequence[Event]]] = {m.command: m.run for m in MOVES}
assert set(BOARD_COMMANDS + SCENARIO_COMMANDS + SUPPLY_COMMANDS) <= set(RUN), "a supply/board command is not routed"


class TableDice:
    """Physical dice typed with a command (``faces``), handed to each throw in order; every face must be used."""

    def __init__(self, ctx: Context, faces: Sequence[int]):
        self.ctx, self.actor, self.left = ctx, ctx.actor, list(faces)

    def throw(self, purpose: str, count: int, faces: Sequence[int] | None = None, sides: int = 6,
              targets: Sequence[int] = (), hits_when: str = "at_most", thrower: str = "") -> DiceRolled:
        if len(self.left) < count:
            raise Refused(f"{purpose}: {count} dice needed, {len(self.left)} face(s) left in the command")
        mine, self.left = self.left[:count], self.left[count:]
        return self.ctx.throw(purpose, count, faces=mine, sides=sides, targets=targets, hits_when=hits_when,
                              thrower=thrower)


def decide(command: Command, state: EEState, ctx: Context) -> Sequence[Event]:
    move = RUN.get(type(command))
    if move is None:
        raise Refused(f"Europe Engulfed has no command {type(command).__name__}")
    if state.result and type(command) is not c.SetStrategicMoveLimit:
        raise Refused(f"the game is over: {state.result.replace('_', ' ')}", rule=state.result_rule)
    try:
        return _with_faces(move, command, state, ctx)
    except Refused as refusal:
        return override.overridden(command, refusal, state, ctx)  # re-raised unless the table overrides the rule


def _with_faces(move: Callable[[Any, EEState, Context], Sequence[Event]], command: Command, state: EEState,
                ctx: Context) -> Sequence[Event]:
    faces = getattr(command, "faces", ())
    if not faces:
        return move(command, state, ctx)
    table = TableDice(ctx, faces)
    events = move(command, state, table)  # type: ignore[arg-type]
    if table.left:
        raise Refused(f"{len(table.left)} face(s) more than this command throws")
    return events


HERE = Path(__file__).parent
ABOUT = read_about(HERE, "europe_engulfed")

GAME: GameKind[EEState] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    state_type=EEState,
    commands=tuple(RUN),
    events=ev.GAME_EVENTS + BOARD_EVENTS + SUPPLY_EVENTS,
    describe=describe,
    guidance=guidance,
    projections=(SUPPLY, WERP_LEDGER),
    moves=MOVES,
    files=FILES,
    option_files=OPTION_FILES,
    presenter=Ref("assistant.games.europe_engulfed.web.table:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    report=Ref("assistant.games.europe_engulfed.report:ADAPTER"),
    rule_refs=HERE / "rule_refs.toml",
    benches={"europe_engulfed": Ref("assistant.games.europe_engulfed.bench:run"),
             "supply": Ref("assistant.games.europe_engulfed.supply.bench:run")},
    docs=HERE / "docs.md",
)
