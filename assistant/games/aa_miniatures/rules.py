"""Axis & Allies Miniatures: its moves, each declaring when it is possible, and the ``decide`` that runs them.

Named by reference in the declaration (``game.py``), so that a command that only reads a game never imports them.
"""

from __future__ import annotations

from assistant.decider import Move, route
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.game import ANY
from assistant.games.aa_miniatures.moves import attack, battlefield, building, defensive, edits, movement, turn
from assistant.games.aa_miniatures.state import SIDES, State, other


def _playing(s: State) -> bool:
    return s.victory is None and s.cover is None


def _free(s: State) -> bool:
    """Playing, with no move waiting for defensive fire."""
    return _playing(s) and s.window is None


def _units(s: State, side: str, ok=lambda u: True) -> tuple[str, ...]:
    return tuple(str(u.id) for u in s.units.values() if (not side or u.side == side) and not u.destroyed and ok(u))


def _carriers(s: State) -> bool:
    return any(s.card(u).has("Transport") for u in s.on_map(s.owner))


def _demolishers(s: State) -> tuple[str, ...]:
    return _units(s, s.owner, lambda u: bool(u.hex) and s.card(u).has("Bridge Demolition") and not u.action
                  and not u.moved)


def _enemies(s: State) -> dict[str, tuple[str, ...]]:
    return {"target": _units(s, other(s.owner), lambda u: bool(u.hex) and not u.aboard)}


MOVES: tuple[Move[State], ...] = (
    Move(cmd.RegisterCard, building.register_card, phases=ANY, label="Add this card"),
    Move(cmd.ImportCards, building.import_cards, phases=ANY, label="Import these cards"),
    Move(cmd.Enlist, building.enlist, phases=("setup",), label="Add to the army",
         choices=lambda s: {"side": tuple(x for x in SIDES if x not in s.final), "card": tuple(sorted(s.catalogue))}),
    Move(cmd.Discharge, building.discharge, phases=("setup",), label="Take out of the army",
         choices=lambda s: {"unit": tuple(str(u.id) for u in s.units.values() if u.side not in s.final)}),
    Move(cmd.FinaliseArmy, building.finalise_army, phases=("setup",), label="Fix this army",
         choices=lambda s: {"side": tuple(x for x in SIDES if x not in s.final)}),
    Move(cmd.ChooseMap, battlefield.choose_map, phases=("map",), when=lambda s: not s.objectives,
         label="Place the objective"),
    Move(cmd.ChooseDeploymentOrder, battlefield.choose_deployment_order, phases=("map",),
         when=lambda s: bool(s.objectives) and s.scenario.name != "assault"),
    Move(cmd.Deploy, battlefield.deploy, phases=("deploy",), label="Set up this unit",
         choices=lambda s: {"unit": _units(s, s.deploying)}),
    Move(cmd.RollInitiative, turn.roll_initiative, phases=("initiative",),
         when=lambda s: _playing(s) and not s.initiative_winner, label="Roll for initiative"),
    Move(cmd.ChooseOrder, turn.choose_order, phases=("initiative",),
         when=lambda s: _playing(s) and bool(s.initiative_winner), label="Play first"),
    Move(cmd.DefensiveFire, defensive.defensive_fire, phases=("movement", "assault"),
         when=lambda s: _playing(s) and s.window is not None, label="Fire at the moving unit",
         choices=lambda s: {"firer": tuple(str(u.id) for u in movement.provoked(s))} if s.window else {}),
    Move(cmd.HoldFire, movement.hold_fire, phases=("movement", "assault"),
         when=lambda s: _playing(s) and s.window is not None, label="Hold fire"),
    Move(cmd.Cover, attack.cover, when=lambda s: s.cover is not None, label="Roll for cover"),
    Move(cmd.Move, movement.move, phases=("movement", "assault"), when=_playing, label="Move this unit",
         choices=lambda s: {"unit": _units(s, s.owner, lambda u: not movement.able_to_move(s, u))}),
    Move(cmd.Attack, attack.attack, phases=("assault",), when=_playing, label="Attack",
         choices=lambda s: {"attacker": _units(s, s.owner, lambda u: bool(u.hex) and not u.aboard and not u.action
                                                and not u.moved), **_enemies(s)}),
    Move(cmd.Board, movement.board, phases=("movement",), when=lambda s: _playing(s) and _carriers(s)),
    Move(cmd.Disembark, movement.disembark, phases=("movement",),
         when=lambda s: _playing(s) and any(u.aboard for u in s.on_map(s.owner))),
    Move(cmd.DemolishBridge, movement.demolish_bridge, phases=("assault",),
         when=lambda s: _playing(s) and bool(s.roads & s.rivers) and bool(_demolishers(s)),
         choices=lambda s: {"unit": _demolishers(s)}),
    Move(cmd.EndPhase, turn.end_phase, phases=("deploy", "movement", "assault"), when=_playing,
         label="End this phase"),
    Move(cmd.RecordHex, battlefield.record_hex, phases=ANY, label="Record this hex"),
    Move(cmd.RecordHexside, battlefield.record_hexside, phases=ANY, label="Record this hexside"),
    Move(cmd.EditUnit, edits.edit_unit, phases=("deploy", "initiative", "movement", "assault"),
         label="Record this edit"),
)

decide = route(MOVES, "Axis & Allies Miniatures")
