"""The WERP ledger read model: every nation's ledger, turn by turn, each line with the number (seq) of the event
that booked it. It is the Engulfed family's ledger fold; the lines come from the same ``bookings`` the game's
``evolve`` uses, so this book and the game state's always agree; only the event numbers are added here."""

from __future__ import annotations

from typing import Any

from assistant.families.engulfed.ledger import Book, ledger_projection
from assistant.games.europe_engulfed import calendar
from assistant.games.europe_engulfed.bookings import bookings
import assistant.games.europe_engulfed.events as ev
from assistant.games.europe_engulfed.events.board import ScenarioSetUp
from events.core import PhaseBegan
from projections.base import Projection

WerpBook = Book  # one "werp" account per nation and turn (EE 4.1: it opens and closes at 0)


def _start(start_turn: str) -> int:
    return calendar.index(start_turn) - 1  # the game sits just before the scenario's first turn


def _turn_of(e: Any) -> int | None:
    if isinstance(e, PhaseBegan):
        return e.round - 1
    if isinstance(e, ev.TurnBegan):
        return e.turn
    if isinstance(e, ScenarioSetUp):
        return _start(e.scenario.start_turn)
    return None


WERP_LEDGER: Projection[Book] = ledger_projection(
    "werp_ledger", _turn_of, postings=bookings,
    start=lambda definition: _start((definition.get("scenario") or {}).get("start_turn", "1939-09")))
