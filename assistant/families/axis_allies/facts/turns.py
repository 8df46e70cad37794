"""The turn clock's facts."""

from typing import ClassVar

import msgspec


class TurnStarted(msgspec.Struct, frozen=True):
    """A power's turn began; ``controlled`` is its start-of-turn snapshot of the territories it held."""

    opens_next_phase: ClassVar[bool] = True  # the log shows it under the turn's first phase, not the last one's

    round: int
    power: str
    controlled: tuple[str, ...]


class TurnEnded(msgspec.Struct, frozen=True):
    round: int
    power: str
