"""Books of account every Engulfed nation keeps: WERP, and whatever else a game tracks (oil, transport points).

A move never edits a balance: it appends events that carry ``Booking`` lines (signed amount, account, rule,
cause). The game's ``evolve`` applies them to its accounts and the ledger read model folds the same lines with the
number of the event that booked them, so every line of a report links to its event and both books always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import msgspec
from msgspec.structs import replace

from events.base import Event
from projections.base import Projection, Recorded


class Booking(msgspec.Struct, frozen=True, kw_only=True):
    """One line: ``amount`` (signed) on ``nation``'s ``account`` ("werp", "oil", "tc", ...), the rule and why."""

    nation: str
    account: str
    amount: int
    rule: str
    cause: str
    place: str = ""
    private: bool = False  # the amount is public; what was bought is the producer's secret


class Line(msgspec.Struct, frozen=True, kw_only=True):
    seq: int  # the event that booked it
    account: str
    amount: int
    rule: str
    cause: str
    place: str = ""
    private: bool = False


class Account(msgspec.Struct, frozen=True, kw_only=True):
    turn: int
    nation: str
    account: str
    lines: tuple[Line, ...] = ()

    @property
    def balance(self) -> int:
        return sum(line.amount for line in self.lines)


class Book(msgspec.Struct, frozen=True, kw_only=True):
    turn: int = 0
    accounts: dict[str, Account] = {}  # "turn:nation:account" -> account

    def account(self, turn: int, nation: str, account: str) -> Account:
        return self.accounts.get(f"{turn}:{nation}:{account}") or Account(turn=turn, nation=nation, account=account)

    def turns(self) -> list[int]:
        return sorted({a.turn for a in self.accounts.values()})


def bookings_of(event: Event) -> tuple[Booking, ...]:
    return tuple(getattr(event, "books", ()) or ())


def book_lines(book: Book, seq: int, turn: int, lines: Iterable[Booking]) -> Book:
    accounts = dict(book.accounts)
    for b in lines:
        key = f"{turn}:{b.nation}:{b.account}"
        acc = accounts.get(key) or Account(turn=turn, nation=b.nation, account=b.account)
        line = Line(seq=seq, account=b.account, amount=b.amount, rule=b.rule, cause=b.cause, place=b.place,
                    private=b.private)
        accounts[key] = replace(acc, lines=acc.lines + (line,))
    return replace(book, accounts=accounts)


def ledger_projection(name: str, turn_of: Callable[[Event], int | None],
                      opening: Callable[[dict[str, Any]], Iterable[Booking]] = lambda d: ()) -> Projection[Book]:
    """A read model of every booking, per turn, nation and account. ``turn_of`` says which events open a turn;
    ``opening`` books what the game's definition already holds (a set-up chosen when the game was created)."""

    def initial(definition: dict[str, Any]) -> Book:
        return book_lines(Book(), 0, 0, opening(definition))

    def apply(book: Book, rec: Recorded) -> Book:
        turn = turn_of(rec.event)
        if turn is not None:
            book = replace(book, turn=turn)
        lines = bookings_of(rec.event)
        return book_lines(book, rec.seq, book.turn, lines) if lines else book

    return Projection(name, initial, apply, Book)


def apply_to_balances(balances: dict[str, int], lines: Iterable[Booking], keep: Callable[[Booking], bool]
                      ) -> dict[str, int]:
    """Balances keyed "nation:account" after the lines ``keep`` selects (the write-side state's view)."""
    out = dict(balances)
    for b in lines:
        if keep(b):
            key = f"{b.nation}:{b.account}"
            out[key] = out.get(key, 0) + b.amount
    return out
