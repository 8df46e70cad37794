"""The family's ledger fold: postings land in a turn's account, income goes before earlier transfers (EE 4.5), an
account closes (EE 4.1), events carrying Booking lines (AE) and events whose lines a game derives (EE) fold alike."""

from __future__ import annotations

import msgspec

from assistant.families.engulfed.ledger import Booking, Entry, Posting, ledger_projection
from events.base import Event
from projections.base import Recorded


class Began(Event, tag="test_engulfed.began"):
    turn: int


class Carried(Event, tag="test_engulfed.carried"):
    books: tuple[Booking, ...] = ()


class Sent(Event, tag="test_engulfed.sent"):
    amount: int


class Income(Event, tag="test_engulfed.income"):
    amount: int


class Closed(Event, tag="test_engulfed.closed"):
    pass


def _derived(e: Event) -> tuple[Posting, ...]:
    """How a game that derives its lines from its events books them."""
    if isinstance(e, Sent):
        return (Posting(nation="britain", account="werp", lines=(
            Entry(kind="transfer_out", amount=-e.amount, rule="EE 9.35", cause="sent to the USSR"),)),
            Posting(nation="ussr", account="werp", lines=(
                Entry(kind="transfer_in", amount=e.amount, rule="EE 9.35", cause="from Britain"),)))
    if isinstance(e, Income):
        return (Posting(nation="ussr", account="werp", first=True, lines=(
            Entry(kind="base", amount=e.amount, rule="EE 4.1", cause="base income", place="moscow"),)),)
    if isinstance(e, Closed):
        return (Posting(nation="ussr", account="werp", close=True),)
    return ()


def _turn(e: Event) -> int | None:
    return e.turn if isinstance(e, Began) else None


def _fold(projection, events):
    book = projection.initial({"start": 4})
    for seq, e in enumerate(events, start=1):
        book = projection.apply(book, Recorded(seq=seq, event=e, recorded_at="", actor="", command_id=""))
    return book


def test_income_goes_before_the_transfers_received_earlier_and_the_account_closes():
    ledger = ledger_projection("werp", _turn, postings=_derived, start=lambda d: d["start"])
    book = _fold(ledger, [Began(turn=5), Sent(amount=3), Income(amount=17), Closed()])
    ussr = book.account(5, "ussr", "werp")
    assert [(x.seq, x.kind, x.amount) for x in ussr.lines] == [(3, "base", 17), (2, "transfer_in", 3)]
    assert ussr.balance == 20 and ussr.closed and ussr.lines[0].place == "moscow"
    britain = book.account(5, "britain", "werp")
    assert britain.balance == -3 and not britain.closed


def test_the_game_starts_in_its_own_turn_and_carried_bookings_fold_one_line_each():
    ledger = ledger_projection("ae", _turn, start=lambda d: d["start"])
    lines = (Booking(nation="japan", account="oil", amount=-2, rule="AE 8.2", cause="fleet moved"),
             Booking(nation="japan", account="werp", amount=-6, rule="AE 4.4", cause="land steps", private=True))
    book = _fold(ledger, [Carried(books=lines)])
    assert book.turn == 4
    assert book.account(4, "japan", "oil").balance == -2
    werp = book.account(4, "japan", "werp")
    assert werp.lines[0].private and werp.lines[0].seq == 1 and werp.lines[0].kind == ""
    assert book.turns() == [4]


def test_the_book_round_trips_as_a_checkpoint():
    ledger = ledger_projection("werp", _turn, postings=_derived)
    book = _fold(ledger, [Began(turn=1), Sent(amount=2)])
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(book), type=ledger.state_type) == book
