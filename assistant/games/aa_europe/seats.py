"""Whose command it is, for the club's seats: a battle's defending throws (defence, AA guns, interceptors) and the
defender's casualty choice belong to the defending power, the attacker's to the attacker (each rolls its own dice
and chooses its own losses, T L46-L49); a command naming a power (a cash-advance purchase) is that power's; anything
else the power whose turn it is. Each power acts with its side, so a seat may hold "axis" or "allies"."""

from __future__ import annotations

from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe.moves import forces as f
from assistant.games.aa_europe.moves.battle import firer_of, next_action
from assistant.games.aa_europe.state import State


def acting_for(c: object, s: State) -> tuple[str, ...]:
    powers = _powers(c, s)
    return (*powers, *dict.fromkeys(side for p in powers if (side := s.world.side_of(p))))


def _powers(c: object, s: State) -> tuple[str, ...]:
    named = getattr(c, "power", "") or s.power
    turn = (named,) if named else ()
    b = s.battles.get(getattr(c, "battle", "") or "")
    if b is None or b.outcome:
        return turn
    held = s.controller(b.space)  # a raid's defender: the power holding the territory (its AA guns, interceptors)
    defenders = tuple(sorted({s.units[i].owner for i in f.defenders(s, b) if i in s.units})) or (
        (held,) if held else turn)
    if isinstance(c, cmd.Intercept):
        return defenders
    if isinstance(c, cmd.Submerge):
        return (b.attacker,) if c.side == "attacker" else defenders
    act, what = next_action(s, b)
    if isinstance(c, cmd.Fire) and act == "fire":
        return (firer_of(s, b, what),)
    if isinstance(c, cmd.ChooseCasualties) and act == "casualties":
        return (b.attacker,) if what == "attacker" else defenders
    return turn
