"""Axis & Allies Miniatures (expert rules, 2005) as a declaration: set-up, phases, moves, end.

Set-up: the players fill the card catalogue, build their armies (p.10), choose the battlefield (p.4-6, p.27),
deploy. Turn (p.11): initiative; Movement Phase of the first, then the second player; Assault Phase of the first,
then the second; Casualty Phase; end of turn and the victory check (p.7, p.27).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, GameKind, Refused
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.corrections import after_dice_corrected
from assistant.games.aa_miniatures.describe import describe
from assistant.games.aa_miniatures.evolve import evolve
from assistant.games.aa_miniatures.guidance import guidance
from assistant.games.aa_miniatures.moves import attack, battlefield, building, edits, movement, turn
from assistant.games.aa_miniatures.read_models import PROJECTIONS
from assistant.games.aa_miniatures.setup import Options, initial_state, setup
from assistant.games.aa_miniatures.state import State

# Each move with the stages and phases in which it is legal (the move itself checks the details).
MOVES: dict[type, tuple[Callable[[Any, State, Context], list], tuple[str, ...]]] = {
    cmd.RegisterCard: (building.register_card, ("build", "map", "deploy", "play")),
    cmd.ImportCards: (building.import_cards, ("build", "map", "deploy", "play")),
    cmd.Enlist: (building.enlist, ("build",)),
    cmd.Discharge: (building.discharge, ("build",)),
    cmd.FinaliseArmy: (building.finalise_army, ("build",)),
    cmd.RecordHex: (battlefield.record_hex, ("build", "map", "deploy", "play")),
    cmd.RecordHexside: (battlefield.record_hexside, ("build", "map", "deploy", "play")),
    cmd.ChooseMap: (battlefield.choose_map, ("map",)),
    cmd.ChooseDeploymentOrder: (battlefield.choose_deployment_order, ("map",)),
    cmd.Deploy: (battlefield.deploy, ("deploy",)),
    cmd.EndPhase: (turn.end_phase, ("deploy", "movement", "assault")),
    cmd.RollInitiative: (turn.roll_initiative, ("initiative",)),
    cmd.ChooseOrder: (turn.choose_order, ("initiative",)),
    cmd.Move: (movement.move, ("movement", "assault")),
    cmd.Board: (movement.board, ("movement",)),
    cmd.Disembark: (movement.disembark, ("movement",)),
    cmd.HoldFire: (movement.hold_fire, ("movement", "assault")),
    cmd.DefensiveFire: (attack.defensive_fire, ("movement", "assault")),
    cmd.Attack: (attack.attack, ("assault",)),
    cmd.Cover: (attack.cover, ("movement", "assault")),
    cmd.DemolishBridge: (movement.demolish_bridge, ("assault",)),
    cmd.EditUnit: (edits.edit_unit, ("deploy", "movement", "assault", "initiative")),
}


def moment(s: State) -> str:
    """The stage, or in play the phase: what the MOVES table's "legal in" lists."""
    return s.phase if s.stage == "play" else s.stage


def legal_now(s: State) -> list[type]:
    """The commands whose moment this is (the table offers these first)."""
    if s.victory is not None:
        return []
    now = moment(s)
    out = [c for c, (_, when) in MOVES.items() if now in when]
    if s.cover is not None:
        return [cmd.Cover, cmd.EditUnit]
    if s.window is None:
        out = [c for c in out if c not in (cmd.DefensiveFire, cmd.HoldFire, cmd.Cover)]
    else:
        out = [c for c in out if c is not cmd.Cover]
    return out


def decide(command: Any, state: State, ctx: Context) -> list:
    entry = MOVES.get(type(command))
    if entry is None:
        raise Refused(f"Axis & Allies Miniatures has no command {type(command).__name__}")
    return entry[0](command, state, ctx)


GAME: GameKind[State] = GameKind(
    name="aa_miniatures",
    title="Axis & Allies Miniatures",
    namespace="aam",
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    state_type=State,
    commands=cmd.COMMANDS,
    events=ev.EVENTS,
    describe=describe,
    projections=PROJECTIONS,
    guidance=guidance,
    after_dice_corrected=after_dice_corrected,
)
