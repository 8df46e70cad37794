"""Duel as a declaration: set-up, one phase, three moves, the end."""

from __future__ import annotations

from pathlib import Path

from assistant.decider import GameKind, Move, Ref, route
from assistant.kinds import read_about
from tabletop_duel import commands as c
from tabletop_duel import moves
from tabletop_duel.describe import describe
from tabletop_duel.events import EVENTS
from tabletop_duel.read_models import SCORE_SHEET
from tabletop_duel.state import Options, State, evolve, initial_state, setup

HERE = Path(__file__).parent
ABOUT = read_about(HERE, "duel")

MOVES = (
    Move(c.Start, moves.start, phases=("setup",), label="Start the duel"),
    Move(c.Roll, moves.roll, phases=("roll",), label="Roll",
         choices=lambda s: {"side": moves.still_to_roll(s)}),
    Move(c.Concede, moves.concede, phases=("roll",), choices=lambda s: {"side": s.sides}),
)


def guidance(s: State) -> str:
    if s.winner:
        return f"{s.winner} has won the duel."
    if not s.round:
        return "Start the duel."
    return f"Round {s.round}: " + ", ".join(moves.still_to_roll(s)) + " to roll."


GAME: GameKind[State] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=route(MOVES, "Duel"),
    evolve=evolve,
    state_type=State,
    commands=c.COMMANDS,
    events=EVENTS,
    describe=describe,
    projections=(SCORE_SHEET,),
    guidance=guidance,
    moves=MOVES,
    presenter=Ref("tabletop_duel.web:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    rule_refs=HERE / "rule_refs.toml",
    docs=HERE / "docs.md",
    sides=lambda s: s.sides,
)
