"""The WERP ledger read model: every nation's ledger, turn by turn, each line with the number (seq) of the event
that booked it. A pure fold over the recorded events: the lines come from the same ``bookings`` the game's
``evolve`` uses, so this book and the game state's always agree; only the event numbers are added here."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from assistant.games.europe_engulfed.state import ledger_key

from assistant.games.europe_engulfed import calendar
from assistant.games.europe_engulfed.bookings import bookings
import assistant.games.europe_engulfed.events as ev
from events.core import PhaseBegan
from assistant.games.europe_engulfed.events.board import ScenarioSetUp
from projections.base import Projection, Recorded


class Line(msgspec.Struct, frozen=True, kw_only=True):
    seq: int  # the event that booked it
    kind: str
    amount: int
    rule: str
    cause: str
    area: str = ""
    private: bool = False  # EE 4.5: land steps bought are the producer's secret


class Account(msgspec.Struct, frozen=True, kw_only=True):
    """One nation's WERP for one production phase (opens and closes at 0, EE 4.1)."""

    turn: int
    nation: str
    lines: tuple[Line, ...] = ()
    closed: bool = False

    @property
    def balance(self) -> int:
        return sum(line.amount for line in self.lines)


class WerpBook(msgspec.Struct, frozen=True, kw_only=True):
    turn: int  # the current game turn (lines booked without a turn go to its ledger)
    ledgers: dict[str, Account] = {}  # "turn:nation" -> account


def _start(start_turn: str) -> int:
    return calendar.index(start_turn) - 1  # the game sits just before the scenario's first turn


def initial(definition: dict[str, Any]) -> WerpBook:
    return WerpBook(turn=_start((definition.get("scenario") or {}).get("start_turn", "1939-09")))


def apply(book: WerpBook, rec: Recorded) -> WerpBook:
    e = rec.event
    if isinstance(e, PhaseBegan):
        return book if e.round - 1 == book.turn else replace(book, turn=e.round - 1)
    if isinstance(e, ev.TurnBegan):
        return replace(book, turn=e.turn)
    if isinstance(e, ScenarioSetUp):
        return replace(book, turn=_start(e.scenario.start_turn))
    booked = bookings(e)
    if not booked:
        return book
    ledgers = dict(book.ledgers)
    for b in booked:
        turn = book.turn if b.turn is None else b.turn
        key = ledger_key(turn, b.nation)
        account = ledgers.get(key) or Account(turn=turn, nation=b.nation)
        lines = tuple(Line(seq=rec.seq, kind=x.kind, amount=x.amount, rule=x.rule, cause=x.cause, area=x.area,
                           private=x.private) for x in b.lines)
        lines = lines + account.lines if b.first else account.lines + lines
        ledgers[key] = replace(account, lines=lines, closed=account.closed or b.close)
    return replace(book, ledgers=ledgers)


WERP_LEDGER: Projection[WerpBook] = Projection("werp_ledger", initial, apply, WerpBook)
