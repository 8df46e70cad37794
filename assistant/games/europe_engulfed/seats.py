"""Whose command it is, for the club's seats. A command for one nation (its production, a move of its block, its
Special Action or counterattack) is that nation's and its side's: a seat may hold "Axis" or "germany"; the defender's
counterattack belongs to the defending side even during the other's turn. A step of the phasing side as a whole
(advancing the phase, a combat round, supply) is its side's and any of its major powers'."""

from __future__ import annotations

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.commands import Buy, Move, PlaceFree
from assistant.games.europe_engulfed.state import EEState, side_of


def acting_for(c: object, s: EEState) -> tuple[str, ...]:
    nation = _nation(c, s)
    if nation:
        side = side_of(s, nation)
        return (nation, side) if side in ("Axis", "Allied") else (nation,)
    if not s.side:
        return ()
    return (s.side, *(n for n in data.MAJORS if data.side_of(n) == s.side))


def _nation(c: object, s: EEState) -> str:
    named = getattr(c, "nation", "")
    if named:
        return named
    unit = s.units.get(getattr(c, "unit_id", "") or "")
    if unit is not None and isinstance(c, Move):
        return unit.nation
    if isinstance(c, (Buy, PlaceFree)) and s.phase == "production":
        return s.step  # the producing nation (EE 4.0)
    return ""
