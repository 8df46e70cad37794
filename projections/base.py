"""What every read model is: a pure fold over recorded events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from events.base import Event

S = TypeVar("S")


class Recorded(msgspec.Struct, frozen=True, gc=False):
    """An event as the log holds it: the fact plus its envelope."""

    seq: int
    event: Event
    recorded_at: str
    actor: str
    command_id: str


class Projection(msgspec.Struct, Generic[S], frozen=True):
    """A read model: a pure fold over recorded events. No I/O, no validation.

    ``state_type`` lets the checkpoint cache serialise the state (msgspec). ``events``, when given, names the event
    types the fold reacts to (subclasses included): a replay hands it only those and skips the others, so a read
    model that ignores notes and dice costs nothing on them. ``reads_game``: the fold is called as
    ``apply(state, rec, game)`` with the game's own state after the event, instead of rebuilding it.
    ``reads_envelope``: the fold reads when, by whom or in which command an event was recorded
    (``rec.recorded_at``, ``rec.actor``, ``rec.command_id``). Unless one of a game's read models says so, a replay
    does not read those columns at all and hands every read model empty strings there (a fifth of a long replay).
    """

    name: str
    initial: Callable[[dict[str, Any]], S]
    apply: Callable[..., S]
    state_type: Any
    events: tuple[type, ...] | None = None
    reads_game: bool = False
    reads_envelope: bool = False

    def handles(self, event_type: type) -> bool:
        return self.events is None or issubclass(event_type, self.events)


__all__ = ["Projection", "Recorded"]
