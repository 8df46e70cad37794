"""The IPC ledger: each power's treasury and production-chart level, every change linked to the event that
caused it; a convoy centre held by Germany is a line of its own at each income phase of its owner [T L61]."""

from typing import Any

import msgspec

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.setup import initial_state
from assistant.games.aa_europe.state import State
from projections.base import Projection, Recorded


class Entry(msgspec.Struct, frozen=True):
    seq: int
    account: str  # treasury | income (the chart's level) | convoy (income not received)
    amount: int
    balance: int
    cause: str  # the event's tag, or the convoy centre


class Account(msgspec.Struct, frozen=True):
    treasury: int
    income: int
    convoy_lost: int = 0
    entries: tuple[Entry, ...] = ()


class Ledger(msgspec.Struct, frozen=True, dict=True):
    """Each power's account. Beside its fields, a ledger made by the fold remembers the map's control its chart
    levels were last counted from (``_COUNTED_FROM``): the game's own dict, shared, not copied, so an event that
    changes no control costs no count of the chart. It is no field: the log's readers and the checkpoints never see
    it, and a ledger read back from a checkpoint counts once on its next event."""

    powers: dict[str, Account]


_COUNTED_FROM = "_counted_from"


def _ledger(powers: dict[str, Account], control: dict[str, str]) -> Ledger:
    ledger = Ledger(powers)
    ledger.__dict__[_COUNTED_FROM] = control  # as functools.cached_property keeps what it works out
    return ledger


def initial(definition: dict[str, Any]) -> Ledger:
    game = initial_state(definition)
    return _ledger({
        p: Account(0, game.income(p), entries=(Entry(1, "income", game.income(p), game.income(p), "core.game_created"),))
        for p in game.world.tables.turn_order
    }, game.control)


def apply(ledger: Ledger, rec: Recorded, after: State) -> Ledger:
    """``after``: the game's state after the event, as the replay folded it (the ledger keeps no copy of it)."""
    counted_from = ledger.__dict__.get(_COUNTED_FROM)
    counted = after.control is counted_from or after.control == counted_from
    collected = rec.event if isinstance(rec.event, ev.IncomeCollected) else None
    powers: dict[str, Account] | None = None
    for p, a in ledger.powers.items():
        treasury = after.treasury.get(p, 0)
        income = a.income if counted else after.income(p)
        convoy = collected.convoy_losses if collected is not None and collected.power == p else {}
        if treasury == a.treasury and income == a.income and not convoy:
            continue
        tag = type(rec.event).__struct_config__.tag
        entries, lost = list(a.entries), a.convoy_lost
        if treasury != a.treasury:
            entries.append(Entry(rec.seq, "treasury", treasury - a.treasury, treasury, tag))
        if income != a.income:
            entries.append(Entry(rec.seq, "income", income - a.income, income, tag))
        for zone, value in sorted(convoy.items()):
            lost += value
            entries.append(Entry(rec.seq, "convoy", -value, -lost, zone))
        if powers is None:
            powers = dict(ledger.powers)
        powers[p] = Account(treasury, income, lost, tuple(entries))
    if powers is None:  # nothing to book: the same ledger, holding the game's own control from now on
        return ledger if after.control is counted_from else _ledger(ledger.powers, after.control)
    return _ledger(powers, after.control)


LEDGER: Projection[Ledger] = Projection("ledger", initial, apply, Ledger, reads_game=True)
