"""Overriding a rule: a command the rules refuse, carried out anyway because the table says so (its ``override``
field gives the reason). The refusal and its rule are recorded before the facts; each game says which commands
may be forced and how (``forced``), and what the physical game cannot do stays refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant.decider import Context, Refused
from events.base import Command, Event, tag_of

RULE = "Override"


def overridden(command: Command, refusal: Refused, state: Any, ctx: Context,
               forced: Mapping[type[Command], Callable[[Any, Any, Context], Sequence[Event]]],
               record: Callable[[str, str, str, str], Event]) -> list[Event]:
    """``record(command tag, refusal, rule, reason)`` then the forced facts; re-raises without a reason."""
    reason = getattr(command, "override", "").strip()
    run = forced.get(type(command))
    if not reason or run is None:
        raise refusal
    if getattr(command, "faces", ()):
        raise Refused("an overridden command throws no dice: leave out the faces", rule=RULE)
    return [record(tag_of(type(command)), refusal.reason, refusal.rule or "", reason), *run(command, state, ctx)]
