"""The commands possible at one moment of a game, as its declaration says (``GameKind.moves``).

This is for showing: the web table offers only these, ``tabletop moves`` lists them. The game's ``decide`` still
refuses anything illegal with the rule that forbids it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from assistant.decider import GameKind, Moment
from events.base import Command, tag_of


class Possible(msgspec.Struct, frozen=True):
    tag: str
    command: type[Command]
    label: str
    choices: dict[str, tuple[str, ...]]  # field -> the values it may take now


def moment_of(view: Any) -> Moment:
    clock = view.clock
    return Moment(round=clock.round, side=clock.side, phase=clock.phase, step=clock.step)


def possible_moves(kind: GameKind[Any], view: Any) -> list[Possible]:
    """Every command of the game that is possible now, in the declaration's order; undeclared ones always are."""
    moment, state = moment_of(view), view.game
    declared = kind.moves_by_command()
    out = []
    for command in kind.declared_commands():
        move = declared.get(command)
        if move is None:
            out.append(Possible(tag_of(command), command, _label(command), {}))
        elif move.possible(state, moment):
            # only the command's own fields: games share choice helpers that list several fields at once
            fields = command.__struct_fields__
            choices = {k: tuple(v) for k, v in (move.choices(state) if move.choices else {}).items() if k in fields}
            out.append(Possible(move.tag, command, move.label or _label(command), choices))
    order = {m.command: i for i, m in enumerate(kind.declared_moves())}
    return sorted(out, key=lambda p: order.get(p.command, len(order)))


def _label(command: type[Command]) -> str:
    doc = (command.__doc__ or "").strip().splitlines()
    return doc[0].rstrip(".") if doc else tag_of(command)
