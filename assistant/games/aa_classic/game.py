"""Axis & Allies (Milton Bradley, 2nd edition) as a declaration: set-up, the six steps, the moves, the end.

Turn: for each power in turn order (USSR, Germany, UK, Japan, USA):
  1 purchase (research, then purchase)  2 combat_move  3 combat  4 noncombat_move  5 placement  6 income.
The game ends at the end of the turn a side holds the enemy capitals it needs, or at the end of a round in which
the Axis production level reaches 84.
"""

from __future__ import annotations

from pathlib import Path

import assistant.games.aa_classic.events as ev
from assistant.decider import GameKind, Move, Ref, route
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.corrections import after_dice_corrected
from assistant.games.aa_classic.describe import describe
from assistant.games.aa_classic.evolve import evolve
from assistant.games.aa_classic.guidance import guidance
from assistant.games.aa_classic.naming import naming, naming_corrections
from assistant.games.aa_classic.moves.seats import acting_for
from assistant.games.aa_classic.moves import battle, economy, edits, movement, placement, rockets, transport, turn
from assistant.games.aa_classic.moves import offers
from assistant.games.aa_classic.moves.answers import battle_throw, casualty_choice, round_end
from assistant.games.aa_classic.setup import Options, initial_state, setup
from assistant.games.aa_classic.state import State
from assistant.kinds import read_about
from assistant.games.aa_classic.read_models import PROJECTIONS

STEPS = ("purchase", "combat_move", "combat", "noncombat_move", "placement", "income")
MOVING = ("combat_move", "noncombat_move")
HERE = Path(__file__).parent
ABOUT = read_about(HERE, "aa_classic")


def _playing(s: State) -> bool:
    return s.victory is None


def _battles(s: State) -> bool:
    return s.victory is None and bool(s.battles)


MOVES: tuple[Move[State], ...] = (
    Move(cmd.Start, turn.start, phases=("setup",), label="Start round 1"),
    Move(cmd.Research, economy.research, phases=("purchase",), when=_playing),
    Move(cmd.RollBreakthroughs, economy.roll_breakthroughs, when=lambda s: _playing(s) and bool(s.breakthroughs)),
    Move(cmd.Purchase, economy.purchase, phases=("purchase",), when=_playing, label="Buy these units"),
    Move(cmd.Move, movement.move, phases=MOVING, when=lambda s: _playing(s) and bool(offers.movers(s)),
         choices=lambda s: {"path": tuple(offers.movers(s))}, label="Move these units"),
    Move(cmd.DeclareAttack, movement.declare_attack, phases=("combat_move",),
         when=lambda s: _playing(s) and bool(s.options.get("enemy_zone_placement")), label="Attack them there"),
    Move(cmd.Load, transport.load, phases=MOVING, when=lambda s: _playing(s) and bool(offers.load_coasts(s)),
         choices=lambda s: {"zone": offers.load_zones(s), "territory": offers.load_coasts(s)}),
    Move(cmd.Unload, transport.unload, phases=MOVING, when=lambda s: _playing(s) and bool(offers.unload_zones(s)),
         choices=lambda s: {"zone": offers.unload_zones(s), "territory": offers.unload_coasts(s)}),
    Move(cmd.Fire, battle.fire, phases=("combat",), when=_battles, answers=battle_throw),
    Move(cmd.ChooseCasualties, battle.choose_casualties, phases=("combat",), when=_battles, answers=casualty_choice),
    Move(cmd.Retreat, battle.retreat, phases=("combat",), when=_battles, answers=round_end),
    Move(cmd.Submerge, battle.submerge, phases=("combat",), when=_battles, answers=round_end),
    Move(cmd.FireRocket, rockets.fire_rocket, phases=("combat",), when=lambda s: _playing(s) and bool(offers.rocket_targets(s)),
         choices=lambda s: {"launcher": tuple(offers.rocket_targets(s)),
                            "target": tuple(sorted({t for ts in offers.rocket_targets(s).values() for t in ts}))}),
    Move(cmd.Place, placement.place, phases=("placement",), when=lambda s: _playing(s) and bool(s.purchased),
         choices=lambda s: {"space": tuple(t for t, _ in offers.placements(s))}, label="Place these units"),
    Move(cmd.EndStep, turn.end_step, phases=STEPS, when=_playing),
    Move(cmd.Edit, edits.edit, label="Record this edit"),  # any moment: the table's corrections
)

GAME: GameKind[State] = GameKind(
    name=ABOUT.name,
    title=ABOUT.title,
    namespace=ABOUT.namespace,
    options_type=Options,
    setup=setup,
    initial_state=initial_state,
    decide=naming(route(MOVES, "Axis & Allies")),
    evolve=evolve,
    state_type=State,
    commands=cmd.COMMANDS,
    events=ev.EVENTS,
    describe=describe,
    projections=PROJECTIONS,
    guidance=guidance,
    after_dice_corrected=naming_corrections(after_dice_corrected),
    moves=MOVES,
    presenter=Ref("assistant.games.aa_classic.web:PRESENTER"),
    templates=HERE / "templates",
    static=HERE / "static",
    report=Ref("assistant.games.aa_classic.report:ADAPTER"),
    rule_refs=HERE / "rule_refs.toml",
    benches={"aa_classic": Ref("assistant.games.aa_classic.bench:run"),
             "analysis": Ref("assistant.games.aa_classic.analysis_bench:run"),
             "web": Ref("assistant.games.aa_classic.web_bench:run"),
             "aa_state_at": Ref("assistant.games.aa_classic.web_bench:state_at"),
             "aa_start": Ref("assistant.games.aa_classic.start_bench:run")},
    docs=HERE / "docs.md",
    acting_for=acting_for,
    sides=lambda s: (*s.world.tables.turn_order, *s.world.tables.sides),
    set_up_players=lambda definition: [p["name"] for p in definition["players"]],
)
