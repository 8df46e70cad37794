"""Axis & Allies (2nd edition): the turn clock and the end of the game ("aa.")."""

from assistant.families.axis_allies import facts
from events.base import Event


class TurnStarted(facts.TurnStarted, Event, tag="aa.turn_started"):
    """A power's turn began; ``controlled`` is its start-of-turn snapshot (placement and canals use it)."""


class TurnEnded(facts.TurnEnded, Event, tag="aa.turn_ended"):
    pass


class RoundEnded(Event, tag="aa.round_ended"):
    """All five powers have played; ``axis_production`` is checked against the economic victory level."""

    round: int
    axis_production: int


class VictoryDeclared(Event, tag="aa.victory_declared"):
    side: str
    kind: str  # military | economic | total
    reason: str
    round: int
    power: str
    percentages: dict[str, float] = {}
    individual_winner: str = ""
