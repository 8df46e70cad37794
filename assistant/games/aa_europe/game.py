"""Axis & Allies: Europe (1999) as a declaration: set-up, the cash advance, seven phases, the moves, the end.

Before play: Germany, then the Allies, buy with the special cash advance [T L26]. Each round: Germany, the Soviet
Union, Great Britain, the United States [T L29], each: 1 purchase, 2 combat move, 3 combat, 4 non-combat move,
5 placement, 6 surfacing and repairs, 7 income. The game ends when a power holds an enemy capital until its next
turn while keeping its home [T L13].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.decider import Context, GameKind, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.describe import describe
from assistant.games.aa_europe.evolve import evolve
from assistant.games.aa_europe.guidance import guidance
from assistant.games.aa_europe.moves import battle, economy, edits, movement, patriotic, placement, transport, turn
from assistant.games.aa_europe.setup import Options, initial_state, setup
from assistant.games.aa_europe.state import State

ALWAYS = ("*",)

# command -> (move, the phases it is legal in)
MOVES: dict[type, tuple[Callable[[Any, State, Context], list], tuple[str, ...]]] = {
    cmd.SplitAdvance: (economy.split_advance, ("advance",)),
    cmd.BuyWithAdvance: (economy.buy_with_advance, ("advance",)),
    cmd.EndAdvance: (turn.end_advance, ("advance",)),
    cmd.EndPhase: (turn.end_phase, ("purchase", "combat_move", "combat", "noncombat_move", "placement", "income")),
    cmd.Purchase: (economy.purchase, ("purchase",)),
    cmd.Move: (movement.move, ("combat_move", "noncombat_move")),
    cmd.Load: (transport.load, ("combat_move", "noncombat_move")),
    cmd.Unload: (transport.unload, ("combat_move", "noncombat_move")),
    cmd.Intercept: (battle.intercept, ("combat",)),
    cmd.Fire: (battle.fire, ("combat",)),
    cmd.ChooseCasualties: (battle.choose_casualties, ("combat",)),
    cmd.Retreat: (battle.retreat, ("combat",)),
    cmd.Submerge: (battle.submerge, ("combat",)),
    cmd.TakeOver: (patriotic.take_over, ("noncombat_move",)),
    cmd.Place: (placement.place, ("placement",)),
    cmd.Edit: (edits.edit, ALWAYS),
}


def decide(command: Any, state: State, ctx: Context) -> list:
    entry = MOVES.get(type(command))
    if entry is None:
        raise Refused(f"A&A Europe has no command {type(command).__name__}")
    return entry[0](command, state, ctx)


GAME: GameKind[State] = GameKind(
    name="aa_europe",
    title="Axis & Allies: Europe (1999)",
    namespace="aae",
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    state_type=State,
    commands=cmd.COMMANDS,
    events=ev.EVENTS,
    describe=describe,
    guidance=guidance,
)
