"""Axis & Allies (Milton Bradley, 2nd edition) as a declaration: set-up, the six steps, the moves, the end.

Turn: for each power in turn order (USSR, Germany, UK, Japan, USA):
  1 purchase (research, then purchase)  2 combat_move  3 combat  4 noncombat_move  5 placement  6 income.
The game ends at the end of the turn a side holds the enemy capitals it needs, or at the end of a round in which
the Axis production level reaches 84.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import events.aa_classic as ev
from assistant.decider import Context, GameKind, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.corrections import after_dice_corrected
from assistant.games.aa_classic.describe import describe
from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.guidance import guidance
from assistant.games.aa_classic.moves import battle, economy, edits, movement, placement, rockets, transport, turn
from assistant.games.aa_classic.setup import Options, initial_state, setup
from assistant.games.aa_classic.state import State
from projections.aa_classic import PROJECTIONS

MOVES: dict[type, Callable[[Any, State, Context], list]] = {
    cmd.Start: turn.start,
    cmd.EndStep: turn.end_step,
    cmd.Research: economy.research,
    cmd.RollBreakthroughs: economy.roll_breakthroughs,
    cmd.Purchase: economy.purchase,
    cmd.Move: movement.move,
    cmd.DeclareAttack: movement.declare_attack,
    cmd.Load: transport.load,
    cmd.Unload: transport.unload,
    cmd.Fire: battle.fire,
    cmd.ChooseCasualties: battle.choose_casualties,
    cmd.Retreat: battle.retreat,
    cmd.Submerge: battle.submerge,
    cmd.FireRocket: rockets.fire_rocket,
    cmd.Place: placement.place,
    cmd.Edit: edits.edit,
}


def decide(command: Any, state: State, ctx: Context) -> list:
    move = MOVES.get(type(command))
    if move is None:
        raise Refused(f"Axis & Allies has no command {type(command).__name__}")
    return move(command, state, ctx)


GAME: GameKind[State] = GameKind(
    name="aa_classic",
    title="Axis & Allies (2nd edition)",
    namespace="aa",
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
