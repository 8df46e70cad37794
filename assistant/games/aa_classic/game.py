"""Axis & Allies (Milton Bradley, 2nd edition) as a declaration: set-up, the six steps, the moves, the end.

The moves (``rules.py``: each declaring when it is possible), the guidance and the powers a command acts for are
named by reference: a command that only reads a game never imports them.

Turn: for each power in turn order (USSR, Germany, UK, Japan, USA):
  1 purchase (research, then purchase)  2 combat_move  3 combat  4 noncombat_move  5 placement  6 income.
The game ends at the end of the turn a side holds the enemy capitals it needs, or at the end of a round in which
the Axis production level reaches 84.
"""

from __future__ import annotations

import os

import assistant.games.aa_classic.events as ev
from assistant.decider import GameKind, Ref
from assistant.families.axis_allies.seats import seat_by_names
from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.read_models import PROJECTIONS
from assistant.games.aa_classic.setup import Options, initial_state, setup
from assistant.games.aa_classic.state import State
from assistant.kinds import read_about

HERE = os.path.dirname(__file__)  # plain strings: reading a game never needs pathlib (some 6 ms a command)
ABOUT = read_about(HERE, "aa_classic")
STEPS = ("purchase", "combat_move", "combat", "noncombat_move", "placement", "income")
MOVING = ("combat_move", "noncombat_move")


GAME: GameKind[State] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=Ref("assistant.games.aa_classic.rules:decide"),
    evolve=evolve,
    state_type=State,
    commands=Ref("assistant.games.aa_classic.commands:COMMANDS"),
    events=ev.EVENTS,
    describe=Ref("assistant.games.aa_classic.describe:describe"),
    projections=PROJECTIONS,
    guidance=Ref("assistant.games.aa_classic.guidance:guidance"),
    after_dice_corrected=Ref("assistant.games.aa_classic.rules:after_dice_corrected"),
    moves=Ref("assistant.games.aa_classic.rules:MOVES"),  # the moves load with the first command or form
    presenter=Ref("assistant.games.aa_classic.web:PRESENTER"),
    templates=os.path.join(HERE, "templates"),
    static=os.path.join(HERE, "static"),
    report=Ref("assistant.games.aa_classic.report:ADAPTER"),
    rule_refs=os.path.join(HERE, "rule_refs.toml"),
    benches={"aa_classic": Ref("assistant.games.aa_classic.bench:run"),
             "analysis": Ref("assistant.games.aa_classic.analysis_bench:run"),
             "web": Ref("assistant.games.aa_classic.web_bench:run"),
             "aa_state_at": Ref("assistant.games.aa_classic.web_bench:state_at"),
             "aa_start": Ref("assistant.games.aa_classic.start_bench:run")},
    docs=os.path.join(HERE, "docs.md"),
    acting_for=Ref("assistant.games.aa_classic.moves.seats:acting_for"),
    sides=lambda s: (*s.world.tables.turn_order, *s.world.tables.sides),
    set_up_players=lambda definition: [p["name"] for p in definition["players"]],
    seat_players=seat_by_names(range(2, 6)),  # 2 to 5 players, in the seat order of A&A §1.1
)
