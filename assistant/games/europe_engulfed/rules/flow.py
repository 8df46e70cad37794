"""Building a command's events while keeping the state they lead to, so later checks see earlier facts."""

from __future__ import annotations

from assistant.games.europe_engulfed.evolve import evolve
from assistant.games.europe_engulfed.state import EEState
from events.base import Event
from events.core import PhaseBegan


class Flow:
    def __init__(self, state: EEState):
        self.s = state
        self.events: list[Event] = []

    def add(self, *events: Event) -> Flow:
        for e in events:
            self.events.append(e)
            self.s = evolve(self.s, e)
        return self

    def phase(self, side: str, phase: str, step: str = "") -> Flow:
        """Every change of the clock is announced so the generic turn clock follows (core.phase_began)."""
        return self.add(PhaseBegan(round=self.s.turn + 1, side=side, phase=phase, step=step))
