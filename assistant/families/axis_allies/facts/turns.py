"""The turn clock's facts."""

import msgspec


class TurnStarted(msgspec.Struct, frozen=True):
    """A power's turn began; ``controlled`` is its start-of-turn snapshot of the territories it held."""

    round: int
    power: str
    controlled: tuple[str, ...]


class TurnEnded(msgspec.Struct, frozen=True):
    round: int
    power: str
