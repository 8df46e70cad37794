"""The IPC ledger: each power's treasury and production-chart level, every change linked to the event that
caused it; a convoy centre held by Germany is a line of its own at each income phase of its owner [T L61]."""

from typing import Any

import msgspec

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.evolve import evolve
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


class Ledger(msgspec.Struct, frozen=True):
    game: State
    powers: dict[str, Account]


def initial(definition: dict[str, Any]) -> Ledger:
    game = initial_state(definition)
    return Ledger(game, {
        p: Account(0, game.income(p), entries=(Entry(1, "income", game.income(p), game.income(p), "core.game_created"),))
        for p in game.world.tables.turn_order
    })


def apply(ledger: Ledger, rec: Recorded) -> Ledger:
    before = ledger.game
    after = evolve(before, rec.event)
    if after is before:
        return ledger
    tag = type(rec.event).__struct_config__.tag
    powers = dict(ledger.powers)
    for p, a in ledger.powers.items():
        entries = list(a.entries)
        treasury, income, lost = after.treasury.get(p, 0), after.income(p), a.convoy_lost
        if treasury != a.treasury:
            entries.append(Entry(rec.seq, "treasury", treasury - a.treasury, treasury, tag))
        if income != a.income:
            entries.append(Entry(rec.seq, "income", income - a.income, income, tag))
        if isinstance(rec.event, ev.IncomeCollected) and rec.event.power == p:
            for zone, value in sorted(rec.event.convoy_losses.items()):
                lost += value
                entries.append(Entry(rec.seq, "convoy", -value, -lost, zone))
        if len(entries) != len(a.entries):
            powers[p] = Account(treasury, income, lost, tuple(entries))
    return Ledger(after, powers)


LEDGER: Projection[Ledger] = Projection("ledger", initial, apply, Ledger)
