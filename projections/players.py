"""Who is at the table: the players named in the log (``core.player_added``), for every game.

A command is recorded as the table, one of these players or a power or side of the game
(``assistant/actors.py``); undoing the event that added a player takes them off again, as the fold skips
cancelled events.
"""

from typing import Any

import msgspec

from events.core import PlayerAdded
from projections.base import Projection, Recorded


class Players(msgspec.Struct, frozen=True):
    """Each player's name and the powers or sides they play (none: a coach or teacher, writing notes)."""

    seated: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.seated)


def initial(definition: dict[str, Any]) -> Players:
    return Players()


def apply(players: Players, rec: Recorded) -> Players:
    ev = rec.event
    if type(ev) is not PlayerAdded:
        return players
    others = tuple(p for p in players.seated if p[0].casefold() != ev.name.casefold())
    return Players(others + ((ev.name, ev.plays),))


PLAYERS: Projection[Players] = Projection("players", initial, apply, Players, events=(PlayerAdded,))
