"""A running fold of the events a command produces: later rules of the same command read the state they lead to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

S = TypeVar("S")


class Emitter(Generic[S]):
    """Collects events and keeps ``state`` up to date through the game's own ``evolve``; ``ctx`` rolls dice."""

    def __init__(self, state: S, evolve: Callable[[S, Any], S], ctx: Any = None):
        self.state = state
        self.ctx = ctx
        self.events: list = []
        self._evolve = evolve

    def __call__(self, *events) -> None:
        for e in events:
            self.events.append(e)
            self.state = self._evolve(self.state, e)
