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
from assistant.families.engulfed.dice import with_faces
from assistant.games.europe_engulfed import calendar, data, offers
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
from assistant.games.europe_engulfed.readings import ReadResourceSupply, ResourceSupplyRead, read_resource_supply
from assistant.games.europe_engulfed.rules.production import free_items, purchases, transfers
from assistant.games.europe_engulfed.scenario import entry
from assistant.games.europe_engulfed.scenario import moves as scenario_moves
from assistant.games.europe_engulfed.scenario.commands import SCENARIO_COMMANDS, SetUpScenario
from assistant.games.europe_engulfed.scenario.start import refusals as start_refusals
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

RULESET = "Europe Engulfed, 1st edition rule book, French living rules of 28/09/2004"


def setup(options: Options) -> dict[str, Any]:
    """The definition embedded in core.game_created: board, scenario and options, so the game replays anywhere."""
    try:
        board = loader.from_dict(options.board) if options.board is not None else loader.partial_board()
    except BoardInvalid as exc:
        raise Refused("the board: " + "; ".join(exc.problems), rule="EE board format") from None
    found = scenario_problems(options.scenario, board)
    if options.scenario.control:  # a set-up given whole (a club's file): checked against the rules at once
        found += start_refusals(options.scenario, board)
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
    return turn.determine(cmd, s, ctx)


PRODUCTION = ("production",)
MOVEMENT = ("operational_move", "strategic_move", "breakthrough")
BATTLES = ("combat", "breakthrough")
SUPPLY_PHASES = ("initial_supply", "final_supply")
PLAY = ("weather", "initial_supply", "production", *MOVEMENT, "combat", "final_supply", "turn_end")
SIDES = ("Axis", "Allied")
KINDS = ("infantry", "armor", "cavalry", "militia", "airborne", "gsu")


def _areas(s: EEState) -> tuple[str, ...]:
    return tuple(sorted(s.board.areas))


def _powers(s: EEState) -> tuple[str, ...]:
    """Major powers first, then every other nation the board names (minor powers)."""
    minors = sorted({a.nation for a in s.board.areas.values() if a.nation and a.nation not in data.MAJORS})
    return (*data.MAJORS, *minors)


def _moment(s: EEState) -> dict[str, tuple[str, ...]]:
    return {"side": (s.side,) if s.side else SIDES, "phase": (s.phase.split("_")[0],) if s.phase else ("initial",)}


# Each command with the moments the table offers it in and, where it helps, when and with which choices; the
# rules in ``run`` decide. The table shows only these: a few actions at any moment, in players' words.
MOVES: tuple[Move[EEState], ...] = (
    Move(c.Advance, turn.advance, when=offers.may_advance, label="Next phase"),
    Move(SetUpScenario, scenario_moves.set_up_scenario, phases=("setup",), label="Load this scenario file"),
    Move(entry.PlaceSetUpBlocks, entry.place_blocks, phases=("setup",), label="Place these blocks",
         choices=lambda s: {"nation": _powers(s), "area": _areas(s), "max_steps": ("4", "3", "2", "1")}),
    Move(entry.SetStartControl, entry.set_control, phases=("setup",), label="Set these start lines",
         choices=lambda s: {"areas": _areas(s)}),
    Move(entry.SetStartWar, entry.set_war, phases=("setup",), label="At war at the start",
         choices=lambda s: {"aggressor": _powers(s), "target": _powers(s)}),
    Move(c.EnterWeather, weather.enter, phases=("weather",), when=lambda s: not s.weather,
         label="Set this turn's weather"),
    Move(c.RollWeather, weather.roll, phases=("weather",),
         when=lambda s: calendar.is_variable_weather(s.turn) and not s.weather_winner and not s.weather,
         label="Roll the variable weather"),
    Move(c.SetStrategicMoveLimit, _strategic_limit, phases=("setup", "strategic_move"),
         choices=lambda s: {"nation": data.MAJORS}, label="Set a strategic-move limit"),
    Move(DetermineSupply, _determine_supply, phases=SUPPLY_PHASES, when=lambda s: not offers.determined(s),
         choices=_moment, label="Determine supply"),
    Move(RecordSupplyVerdict, supply_moves.record_supply_verdict, phases=SUPPLY_PHASES,
         when=lambda s: bool(offers.undetermined_units(s)),
         choices=lambda s: {"side": (s.side,), "unit_ids": offers.undetermined_units(s)},
         label="Record what our map shows"),
    Move(ChooseSeaSupplyAllocation, supply_moves.choose_sea_supply_allocation, phases=("initial_supply",),
         when=offers.sea_supply_short, choices=lambda s: {"side": (s.side,)},
         label="Choose who is supplied by sea"),
    Move(ReadResourceSupply, read_resource_supply, phases=("initial_supply", "production"),
         when=lambda s: bool(offers.unread_income(s)),
         choices=lambda s: {"nation": tuple(offers.unread_income(s)),
                            "area": tuple(a for areas in offers.unread_income(s).values() for a in areas)},
         label="Say whether it traces supply"),
    Move(c.TransferFleet, naval.transfer_fleet, phases=("final_supply",), label="Transfer fleet points"),
    Move(c.ResolveUBoats, strategic.resolve_uboats, phases=PRODUCTION, when=offers.uboats_due,
         label="Resolve the U-boat war"),
    Move(c.AirRaid, strategic.air_raid, phases=PRODUCTION, when=offers.raid_possible, label="Raid"),
    Move(c.LaunchVWeapons, strategic.launch_v_weapons, phases=PRODUCTION, when=offers.v_weapons_due,
         choices=lambda s: {"kind": ("v1", "v2")}, label="Launch V-weapons"),
    Move(c.Buy, purchases.buy, phases=PRODUCTION, choices=lambda s: {"item": offers.buyable(s), "kind": KINDS},
         label="Buy"),
    Move(c.TransferWerp, transfers.transfer, phases=PRODUCTION, when=offers.senders,
         choices=lambda s: {"receiver": offers.receivers(s), "route": ("direct", "murmansk", "persia")},
         label="Send WERP"),
    Move(c.DeclareConscription, free_items.declare_conscription, phases=("production/ussr",),
         when=lambda s: s.politics.conscription < 0 and s.politics.at_war("germany", "ussr"),
         label="Declare emergency conscription"),
    Move(c.PlaceFree, free_items.place_free, phases=PRODUCTION,
         when=lambda s: bool(offers.free_due(s)), choices=lambda s: {"source": tuple(offers.free_due(s))},
         label="Place a free step or unit"),
    Move(c.UnrestrictedReplacement, free_items.unrestricted_replacement, phases=PRODUCTION,
         when=offers.holds_special_action, label="Unrestricted replacements here"),
    Move(c.DeclareWar, politics.declare_war, phases=("operational_move",),
         choices=lambda s: {"aggressor": offers.phasing_majors(s), "target": _powers(s)}, label="Declare war"),
    # the breakthrough menu (no phase bought yet) neither moves nor fights: a bought phase does (EE 1.26, 6.2)
    Move(c.Move, movement.move, phases=MOVEMENT, label="Move this unit", when=offers.in_bought_breakthrough,
         choices=lambda s: {"mode": movement.MODES}),  # left empty: the phase's own kind of move
    Move(c.Fight, combat.fight, phases=BATTLES, label="Fight this battle", when=offers.in_bought_breakthrough,
         choices=lambda s: {"area": offers.battle_areas(s), "round_type": ("normal", "assault")}),
    # 6.5/7.7: the defender may counterattack at the end of any combat round, the initial combat phase's included
    Move(c.Counterattack, combat.counterattack, phases=BATTLES, when=offers.counterattack_open,
         choices=lambda s: {"nation": offers.defending_holders(s), "area": (s.battle.area,) if s.battle else (),
                            "round_type": ("normal", "assault")}, label="Counterattack"),
    Move(c.BuyBreakthrough, combat.buy_breakthrough, phases=("breakthrough",), label="Buy a breakthrough phase",
         when=lambda s: not s.step,
         choices=lambda s: {"kind": ("operational", "strategic", "combat"), "area": offers.designatable(s),
                            "nations": offers.breakthrough_buyers(s)}),
    # amphibious, airborne and withdrawal are the phasing player's in the operational move (7.2, 7.3, 7.52);
    # retreat and reinforcement the defender's in combat (7.51, 7.6): the nations offered follow the phase
    Move(c.SpendSpecialAction, special_actions.spend_special_action,
         phases=("operational_move", "combat", "breakthrough"), when=lambda s: bool(offers.spenders(s)),
         choices=lambda s: {"nation": offers.spenders(s), "purpose": offers.special_action_uses(s)},
         label="Spend a Special Action"),
    Move(c.EstablishVichy, politics.establish_vichy,
         when=lambda s: s.politics.paris_taken >= 0 and s.politics.vichy < 0 and "france" not in s.politics.conquered,
         label="Establish Vichy France"),
    Move(c.NavalCombat, naval.naval_combat, phases=("operational_move", "strategic_move", "final_supply"),
         when=lambda s: bool(s.transports) or bool(s.fortress_attackers), label="Fight at sea"),
    Move(c.ChooseFrenchFleetEscape, naval.french_fleet_escape, when=lambda s: s.politics.french_fleet_escape,
         label="Choose the escaping French fleet's sea"),
    Move(c.RemoveBeachhead, landings.remove_beachhead, when=lambda s: bool(s.beachheads), phases=PLAY,
         label="Remove a beachhead"),
    Move(c.EliminateExcess, stacking.eliminate_excess, phases=PLAY,
         when=lambda s: bool(stacking.overstacked(s)) or bool(s.fortress_attackers), label="Eliminate these units"),
    Move(c.DeployMinor, minors.deploy_minor, when=lambda s: bool(s.politics.deploying),
         choices=lambda s: {"minor": tuple(s.politics.deploying)}, label="Deploy its forces"),
    Move(c.LeaveFortress, fortresses.leave_fortress, when=lambda s: bool(s.fortress_attackers),
         label="Leave the fortress"),
    Move(c.Edit, edits.edit, phases=PLAY, label="Correct the table"),
    # the board facts are one panel of the table (web/table.py), open at set-up and where supply needs them
    # in the movement phases too: a route the board lacks (an air route, a border) is entered as the move needs it
    Move(AmendBoard, board_moves.amend_board, phases=("setup", *SUPPLY_PHASES, *MOVEMENT),
         label="Save these board facts"),
)
RUN: dict[type[Command], Callable[[Any, EEState, Context], Sequence[Event]]] = {m.command: m.run for m in MOVES}
assert set(BOARD_COMMANDS + SCENARIO_COMMANDS + SUPPLY_COMMANDS) <= set(RUN), "a supply/board command is not routed"


def decide(command: Command, state: EEState, ctx: Context) -> Sequence[Event]:
    move = RUN.get(type(command))
    if move is None:
        raise Refused(f"Europe Engulfed has no command {type(command).__name__}")
    if state.result and type(command) is not c.SetStrategicMoveLimit:
        raise Refused(f"the game is over: {state.result.replace('_', ' ')}", rule=state.result_rule)
    try:
        return with_faces(move, command, state, ctx)
    except Refused as refusal:
        return override.overridden(command, refusal, state, ctx)  # re-raised unless the table overrides the rule


HERE = Path(__file__).parent
ABOUT = read_about(HERE, "europe_engulfed")

def _sides(s: EEState) -> tuple[str, ...]:
    """The two sides and every power the board names, majors first."""
    return (*SIDES, *_powers(s))


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
    events=ev.GAME_EVENTS + BOARD_EVENTS + SUPPLY_EVENTS + (ResourceSupplyRead,),
    describe=describe,
    guidance=guidance,
    after_dice_corrected=Ref("assistant.games.europe_engulfed.corrections:after_dice_corrected"),
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
    sides=_sides,
    acting_for=Ref("assistant.games.europe_engulfed.seats:acting_for"),
    set_up_players=lambda definition: [n for n in definition["options"].get("players", {}).values() if n],
)
