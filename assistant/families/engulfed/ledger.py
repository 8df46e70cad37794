"""Books of account every Engulfed nation keeps: WERP, and whatever else a game tracks (oil, transport points).

A move never edits a balance: it appends events that book lines (signed amount, account, rule, cause). The game's
``evolve`` applies them to its accounts and the ledger read model folds the same lines with the number of the event
that booked them, so every line of a report links to its event and both books always agree.

How an event books is the game's choice: Asia Engulfed's events carry ``Booking`` lines (``books``); Europe
Engulfed derives its lines from each event's facts. Either way the read model folds ``Posting``s: the lines one
event books into one nation's account, for the current turn or a named one, before or after the lines already
there, closing the account or not.
"""

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


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a posting: ``kind`` names the line for reports ("purchase", "transfer_in"; "" when the cause
    says it all)."""

    amount: int
    rule: str
    cause: str
    kind: str = ""
    place: str = ""
    private: bool = False


class Posting(msgspec.Struct, frozen=True, kw_only=True):
    """What one event books into one account of one nation."""

    nation: str
    account: str
    lines: tuple[Entry, ...] = ()
    turn: int | None = None  # None: the current turn's account
    first: bool = False  # before the lines already booked this turn (EE 4.5: income goes before early transfers)
    close: bool = False  # the account closes (EE 4.1: a production phase ends)


class Line(msgspec.Struct, frozen=True, kw_only=True):
    seq: int  # the event that booked it
    account: str
    amount: int
    rule: str
    cause: str
    place: str = ""
    private: bool = False
    kind: str = ""


class Account(msgspec.Struct, frozen=True, kw_only=True):
    turn: int
    nation: str
    account: str
    lines: tuple[Line, ...] = ()
    closed: bool = False

    @property
    def balance(self) -> int:
        return sum(line.amount for line in self.lines)


class Book(msgspec.Struct, frozen=True, kw_only=True):
    turn: int = 0
    accounts: dict[str, Account] = {}  # "turn:nation:account" -> account

    def account(self, turn: int, nation: str, account: str) -> Account:
        return self.accounts.get(account_key(turn, nation, account)) or Account(turn=turn, nation=nation,
                                                                                account=account)

    def turns(self) -> list[int]:
        return sorted({a.turn for a in self.accounts.values()})


def account_key(turn: int, nation: str, account: str) -> str:
    return f"{turn}:{nation}:{account}"


def bookings_of(event: Event) -> tuple[Booking, ...]:
    return tuple(getattr(event, "books", ()) or ())


def postings_of(event: Event) -> tuple[Posting, ...]:
    """The postings of an event that carries ``Booking`` lines, one per line, in order."""
    return tuple(Posting(nation=b.nation, account=b.account, lines=(Entry(
        amount=b.amount, rule=b.rule, cause=b.cause, place=b.place, private=b.private),)) for b in bookings_of(event))


def post(book: Book, seq: int, postings: Iterable[Posting]) -> Book:
    """``book`` with the postings of event ``seq``."""
    accounts = dict(book.accounts)
    for p in postings:
        turn = book.turn if p.turn is None else p.turn
        key = account_key(turn, p.nation, p.account)
        acc = accounts.get(key) or Account(turn=turn, nation=p.nation, account=p.account)
        new = tuple(Line(seq=seq, account=p.account, amount=x.amount, rule=x.rule, cause=x.cause, place=x.place,
                         private=x.private, kind=x.kind) for x in p.lines)
        accounts[key] = replace(acc, lines=new + acc.lines if p.first else acc.lines + new,
                                closed=acc.closed or p.close)
    return replace(book, accounts=accounts)


def book_lines(book: Book, seq: int, turn: int, lines: Iterable[Booking]) -> Book:
    """``book`` with ``lines`` booked in ``turn``'s accounts by event ``seq``."""
    return post(book, seq, (Posting(nation=b.nation, account=b.account, turn=turn, lines=(Entry(
        amount=b.amount, rule=b.rule, cause=b.cause, place=b.place, private=b.private),)) for b in lines))


def ledger_projection(name: str, turn_of: Callable[[Event], int | None],
                      opening: Callable[[dict[str, Any]], Iterable[Booking]] = lambda d: (),
                      postings: Callable[[Event], Iterable[Posting]] = postings_of,
                      start: Callable[[dict[str, Any]], int] = lambda d: 0) -> Projection[Book]:
    """A read model of every booking, per turn, nation and account. ``turn_of`` says which events open a turn
    (and which turn); ``postings`` what an event books (by default the ``Booking`` lines it carries); ``start``
    the turn the game sits in when created; ``opening`` books what the game's definition already holds (a set-up
    chosen when the game was created)."""

    def initial(definition: dict[str, Any]) -> Book:
        turn = start(definition)
        return book_lines(Book(turn=turn), 0, turn, opening(definition))

    def apply(book: Book, rec: Recorded) -> Book:
        turn = turn_of(rec.event)
        if turn is not None and turn != book.turn:
            book = replace(book, turn=turn)
        posted = tuple(postings(rec.event))
        return post(book, rec.seq, posted) if posted else book

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
