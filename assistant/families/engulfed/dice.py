"""Physical dice typed with a command: the faces are handed to each throw in order and every face must be used."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.decider import Context, Refused
from events.base import Command, Event
from events.core import DiceRolled


class TableDice:
    """Stands in for the context while a move runs, so a move throws the same way whether faces were typed or not."""

    def __init__(self, ctx: Context, faces: Sequence[int]):
        self.ctx, self.actor, self.left = ctx, ctx.actor, list(faces)

    def throw(self, purpose: str, count: int, faces: Sequence[int] | None = None, sides: int = 6,
              targets: Sequence[int] = (), hits_when: str = "at_most", ref: str = "", thrower: str = "") -> DiceRolled:
        if len(self.left) < count:
            n = len(self.left)
            short = "the faces entered ran out before it" if not n else \
                f"only {n} face{'s' if n != 1 else ''} entered {'is' if n == 1 else 'are'} left for it"
            raise Refused(f"{purpose}: {count} {'die' if count == 1 else 'dice'} needed, but {short} (enter every "
                          "die the command throws, in the order thrown, or leave the faces empty to let the "
                          "assistant roll)")
        mine, self.left = self.left[:count], self.left[count:]
        return self.ctx.throw(purpose, count, faces=mine, sides=sides, targets=targets, hits_when=hits_when, ref=ref,
                              thrower=thrower)


def with_faces(move: Callable[[Any, Any, Any], Sequence[Event]], command: Command, state: Any,
               ctx: Context) -> Sequence[Event]:
    """Run ``move``; when the command carries ``faces`` the throws take them in order, all of them."""
    faces = getattr(command, "faces", ())
    if not faces:
        return move(command, state, ctx)
    table = TableDice(ctx, faces)
    events = move(command, state, table)
    if table.left:
        raise Refused(f"{len(table.left)} face(s) more than this command throws")
    return events
