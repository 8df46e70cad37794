"""The generic turn clock: where the game stood at any point of the log.

Driven only by ``core.phase_began`` events, which each game emits when its
round, side, phase or step changes.
"""

from typing import Any

import msgspec

from projections.base import Projection, Recorded
from events.core import PhaseBegan


class TurnClock(msgspec.Struct, frozen=True):
    round: int = 0
    side: str = ""
    phase: str = ""
    step: str = ""
    since_seq: int = 0  # the event that started the current phase

    @property
    def started(self) -> bool:
        return self.round > 0


def initial(definition: dict[str, Any]) -> TurnClock:
    return TurnClock()


def apply(clock: TurnClock, rec: Recorded) -> TurnClock:
    ev = rec.event
    if type(ev) is PhaseBegan:
        return TurnClock(round=ev.round, side=ev.side, phase=ev.phase, step=ev.step, since_seq=rec.seq)
    return clock


TURN_CLOCK: Projection[TurnClock] = Projection("clock", initial, apply, TurnClock, events=(PhaseBegan,))
