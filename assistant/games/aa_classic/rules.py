"""Axis & Allies (2nd edition): its moves, each declaring when it is possible, and the ``decide`` that runs them.

Named by reference in the declaration (``game.py``), so that a command that only reads a game never imports them.
"""

from __future__ import annotations

from assistant.decider import Move, route
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.corrections import after_dice_corrected as _after_dice_corrected
from assistant.games.aa_classic.game import MOVING, STEPS
from assistant.games.aa_classic.moves import battle, economy, edits, movement, offers, placement, rockets, transport, turn
from assistant.games.aa_classic.moves.answers import battle_throw, casualty_choice, round_end
from assistant.games.aa_classic.naming import naming, naming_corrections
from assistant.games.aa_classic.state import State


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

decide = naming(route(MOVES, "Axis & Allies"))
after_dice_corrected = naming_corrections(_after_dice_corrected)
