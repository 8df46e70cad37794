"""What every read model is: a pure fold over recorded events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Projection(Generic[S]):
    """A read model: a pure fold over recorded events. No I/O, no validation.

    ``state_type`` lets the checkpoint cache serialise the state (msgspec).
    """

    name: str
    initial: Callable[[dict[str, Any]], S]
    apply: Callable[[S, Recorded], S]
    state_type: Any


__all__ = ["Projection", "Recorded"]
