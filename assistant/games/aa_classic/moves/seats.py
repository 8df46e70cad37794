"""Whose command it is, for the club's seats: a battle's throws and casualty choices belong to the side they
concern (the defender rolls its defence and chooses its own losses, A&A §6.2-6.5); anything else to the power
whose turn it is. A seat may hold a whole side ("axis"): each power acts with its side."""

from __future__ import annotations

from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.moves.battle import _defending_powers, firer_of, next_action
from assistant.games.aa_classic.state import State

ATTACKING_FIRE = ("first_strike", "attack", "support", "damage")


def acting_for(c: object, s: State) -> tuple[str, ...]:
    powers = _powers(c, s)
    return (*powers, *dict.fromkeys(s.world.side_of(p) for p in powers))


def _powers(c: object, s: State) -> tuple[str, ...]:
    turn = (s.power,) if s.power else ()
    b = s.battles.get(getattr(c, "battle", "") or "")
    if b is None or not isinstance(c, (cmd.Fire, cmd.ChooseCasualties, cmd.Submerge)):
        return turn
    defenders = tuple(_defending_powers(s, b))
    if isinstance(c, cmd.Submerge):
        return (b.attacker,) if c.side == "attacker" else defenders
    act, what = next_action(s, b)
    if isinstance(c, cmd.Fire) and act == "fire":
        return (b.attacker,) if what in ATTACKING_FIRE else (firer_of(s, b, what),)
    if isinstance(c, cmd.ChooseCasualties) and act == "casualties":
        return (b.attacker,) if what == "attacker" else defenders
    return turn
