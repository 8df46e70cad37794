"""Axis & Allies: Europe: its moves, each declaring when it is possible, and the ``decide`` that runs them.

Named by reference in the declaration (``game.py``), so that a command that only reads a game never imports them.
"""

from __future__ import annotations

from assistant.decider import Move, route
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe.game import MOVING, PHASES
from assistant.games.aa_europe.moves import battle, economy, edits, movement, patriotic, placement, transport, turn
from assistant.games.aa_europe.state import State


def _playing(s: State) -> bool:
    return s.victory is None


def _advance(s: State) -> bool:
    return s.phase == "advance" and bool(s.advance_side)


def _battles(s: State) -> bool:
    return s.victory is None and any(not b.outcome for b in s.battles.values())


def _soviet(s: State) -> bool:
    return s.victory is None and s.power == "ussr"


def _open_battles(s: State) -> dict[str, tuple[str, ...]]:
    return {"battle": tuple(sorted(k for k, b in s.battles.items() if not b.outcome))}


def _raids_to_intercept(s: State) -> dict[str, tuple[str, ...]]:
    """Interceptors are declared once, when a raid begins [T L56]: only those raids are offered."""
    return {"battle": tuple(sorted(k for k, b in s.battles.items()
                                   if b.kind == "bombing" and not b.outcome and b.interceptors is None))}


def _sea_battles(s: State) -> dict[str, tuple[str, ...]]:
    """Submarines submerge in sea battles only [T L66]."""
    return {"battle": tuple(sorted(k for k, b in s.battles.items() if b.kind == "naval" and not b.outcome))}


def _raids(s: State) -> bool:
    return s.victory is None and bool(_raids_to_intercept(s)["battle"])


def _sea(s: State) -> bool:
    return s.victory is None and bool(_sea_battles(s)["battle"])


def _buyers(s: State) -> dict[str, tuple[str, ...]]:
    side = s.world.tables.sides.get(s.advance_side, ())
    return {"power": tuple(p for p in side if s.advance_side == "axis" or p in s.advance)}


def _transport_zones(s: State) -> dict[str, tuple[str, ...]]:
    w = s.world
    zones = {u.space for u in s.units.values() if w.units[u.kind].transport_capacity and w.allied(u.owner, s.power)}
    return {"zone": tuple(sorted(zones))}


def _soviet_territories(s: State) -> dict[str, tuple[str, ...]]:
    w = s.world
    held = {u.space for u in s.units.values() if u.owner in ("uk", "usa") and not w.is_sea(u.space)
            and w.spaces[u.space].owner == "ussr" and s.controller(u.space) == "ussr"}
    return {"territory": tuple(sorted(held))}


MOVES: tuple[Move[State], ...] = (
    Move(cmd.SplitAdvance, economy.split_advance, phases=("setup",), when=_advance, label="Split the Allies' 12 IPC"),
    Move(cmd.BuyWithAdvance, economy.buy_with_advance, phases=("setup",), when=_advance, label="Buy and place",
         choices=_buyers),
    Move(cmd.EndAdvance, turn.end_advance, phases=("setup",), when=_advance, label="Done with the advance"),
    Move(cmd.Purchase, economy.purchase, phases=("purchase",), when=_playing, label="Buy these units"),
    Move(cmd.Move, movement.move, phases=MOVING, when=_playing, label="Move these units"),
    Move(cmd.Load, transport.load, phases=MOVING, when=_playing, choices=_transport_zones),
    Move(cmd.Unload, transport.unload, phases=MOVING, when=_playing, choices=_transport_zones),
    Move(cmd.Intercept, battle.intercept, phases=("combat",), when=_raids, choices=_raids_to_intercept),
    Move(cmd.Fire, battle.fire, phases=("combat",), when=_battles, choices=_open_battles),
    Move(cmd.ChooseCasualties, battle.choose_casualties, phases=("combat",), when=_battles, choices=_open_battles),
    Move(cmd.Retreat, battle.retreat, phases=("combat",), when=_battles, choices=_open_battles),
    Move(cmd.Submerge, battle.submerge, phases=("combat",), when=_sea, choices=_sea_battles),
    Move(cmd.TakeOver, patriotic.take_over, phases=("noncombat_move",), when=_soviet, label="Take over these units",
         choices=_soviet_territories),
    Move(cmd.Place, placement.place, phases=("placement",), when=_playing, label="Place these units"),
    Move(cmd.EndPhase, turn.end_phase, phases=PHASES, when=_playing),
    Move(cmd.Edit, edits.edit, label="Record this edit"),  # any moment: the table's corrections
)

decide = route(MOVES, "A&A Europe")
