"""Axis & Allies: Europe (1999) as a declaration: set-up, the cash advance, seven phases, the moves, the end.

Before play: Germany, then the Allies, buy with the special cash advance [T L26]. Each round: Germany, the Soviet
Union, Great Britain, the United States [T L29], each: 1 purchase, 2 combat move, 3 combat, 4 non-combat move,
5 placement, 6 surfacing and repairs, 7 income. The game ends when a power holds an enemy capital until its next
turn while keeping its home [T L13].

The moves (``rules.py``: each declaring when it is possible), the guidance and the corrections' follow-ups are named
by reference: a command that only reads a game never imports them.
"""

from __future__ import annotations

from pathlib import Path

from assistant.decider import GameKind, Ref
from assistant.families.axis_allies.seats import seat_by_names
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.evolve import evolve
from assistant.games.aa_europe.files import FILES, OPTION_FILES
from assistant.games.aa_europe.read_models import PROJECTIONS
from assistant.games.aa_europe.setup import Options, initial_state, setup
from assistant.games.aa_europe.state import State
from assistant.kinds import read_about

HERE = Path(__file__).parent
ABOUT = read_about(HERE, "aa_europe")
PHASES = ("purchase", "combat_move", "combat", "noncombat_move", "placement", "income")
MOVING = ("combat_move", "noncombat_move")


GAME: GameKind[State] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=Ref("assistant.games.aa_europe.rules:decide"),
    evolve=evolve,
    state_type=State,
    commands=Ref("assistant.games.aa_europe.commands:COMMANDS"),
    events=ev.EVENTS,
    describe=Ref("assistant.games.aa_europe.describe:describe"),
    projections=PROJECTIONS,
    guidance=Ref("assistant.games.aa_europe.guidance:guidance"),
    after_dice_corrected=Ref("assistant.games.aa_europe.corrections:after_dice_corrected"),
    moves=Ref("assistant.games.aa_europe.rules:MOVES"),
    files=FILES,
    option_files=OPTION_FILES,
    presenter=Ref("assistant.games.aa_europe.web:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    report=Ref("assistant.games.aa_europe.report:ADAPTER"),
    rule_refs=HERE / "rule_refs.toml",
    benches={"aa_europe": Ref("assistant.games.aa_europe.bench:run")},
    docs=HERE / "docs.md",
    sides=lambda s: (*s.world.tables.turn_order, *s.world.tables.sides),
    acting_for=Ref("assistant.games.aa_europe.seats:acting_for"),
    set_up_players=lambda definition: [p["name"] for p in definition["players"]],
    seat_players=seat_by_names(range(2, 5)),  # 2, 3 or 4 players [T L15]
)
