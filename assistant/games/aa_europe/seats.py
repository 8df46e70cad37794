"""Whose command it is, for the club's seats: the power a command names (a cash-advance purchase), else the power
whose turn it is; each power acts with its side, so a seat may hold a whole side ("axis", "allies")."""

from __future__ import annotations

from assistant.games.aa_europe.state import State


def acting_for(c: object, s: State) -> tuple[str, ...]:
    named = getattr(c, "power", "") or s.power
    powers = (named,) if named else ()
    return (*powers, *dict.fromkeys(side for p in powers if (side := s.world.side_of(p))))
