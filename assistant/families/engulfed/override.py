"""Overriding a rule: a command the rules refuse, carried out anyway because the table says so (its ``override``
field gives the reason). The refusal and its rule are recorded before the facts; each game says which commands
may be forced and how (``forced``), and what the physical game cannot do stays refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.decider import Context, Refused
from events.base import Command, Event, tag_of

RULE = "Override"


Overrider = Callable[[Command, Refused, Any, Context], list[Event]]


def overrider(forced: Mapping[type[Command], Callable[[Any, Any, Context], Sequence[Event]]],
              record: Callable[..., Event]) -> Overrider:
    """A game's ``overridden(command, refusal, state, ctx)``: ``record(command=, refusal=, rule=, reason=)`` then
    the forced facts; the refusal is re-raised when the command gives no reason or cannot be forced."""

    def overridden(command: Command, refusal: Refused, state: Any, ctx: Context) -> list[Event]:
        reason = getattr(command, "override", "").strip()
        run = forced.get(type(command))
        if not reason or run is None:
            raise refusal
        if getattr(command, "faces", ()):
            raise Refused("an overridden command throws no dice: leave out the faces", rule=RULE)
        return [record(command=tag_of(type(command)), refusal=refusal.reason, rule=refusal.rule or "",
                       reason=reason), *run(command, state, ctx)]

    return overridden
