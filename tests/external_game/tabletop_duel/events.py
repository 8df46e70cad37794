"""What happened (the die itself is the core's ``core.dice_rolled``, which records who threw it)."""

from __future__ import annotations

from events.base import Event


class PointScored(Event, tag="duel.point_scored"):
    side: str
    high: int
    low: int


class DuelWon(Event, tag="duel.won"):
    side: str
    how: str  # "points" or "concession"


EVENTS = (PointScored, DuelWon)
