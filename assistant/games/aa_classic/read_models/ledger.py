"""The IPC ledger: each power's treasury and production level, every credit and debit linked to the event
(sequence number) that caused it."""

from typing import Any

import msgspec

import assistant.games.aa_classic.events as ev
from projections.base import Projection, Recorded


class Entry(msgspec.Struct, frozen=True):
    seq: int
    account: str  # treasury | production
    amount: int
    balance: int
    cause: str  # the event's tag


class Account(msgspec.Struct, frozen=True):
    treasury: int
    production: int
    entries: tuple[Entry, ...] = ()


class Ledger(msgspec.Struct, frozen=True):
    powers: dict[str, Account]


def initial(definition: dict[str, Any]) -> Ledger:
    board = definition["board"]["spaces"]
    production: dict[str, int] = {}
    for space in board.values():
        owner = space.get("original_owner")
        if owner:
            production[owner] = production.get(owner, 0) + space.get("ipc", 0)
    treasury = definition["setup"]["treasury"]
    return Ledger(
        {
            p: Account(t, production.get(p, 0), (Entry(1, "treasury", t, t, "core.game_created"),))
            for p, t in treasury.items()
        }
    )


def _moves(e: Any) -> list[tuple[str, str, int]]:
    """(power, account, amount) for every money or production change an event carries."""
    if isinstance(e, (ev.ResearchPaid, ev.UnitsPurchased)):
        return [(e.power, "treasury", -e.cost)]
    if isinstance(e, ev.NeutralityViolated):
        return [(e.power, "treasury", -e.penalty)]
    if isinstance(e, ev.CapitalCaptured):
        return [(e.owner, "treasury", -e.seized), (e.captor, "treasury", e.seized)]
    if isinstance(e, (ev.BombingDamage, ev.RocketFired)):
        return [(e.owner, "treasury", -e.paid)]
    if isinstance(e, ev.DamageCorrected):
        return [(e.owner, "treasury", -e.change)]
    if isinstance(e, ev.IncomeCollected):
        return [(e.power, "treasury", e.amount)]
    if isinstance(e, ev.TreasuryEdited):
        return [(e.power, "treasury", e.amount)]
    if isinstance(e, ev.ProductionEdited):
        return [(e.power, "production", e.amount)]
    if isinstance(e, (ev.TerritoryCaptured, ev.CapitalLiberated, ev.ControlEdited)):
        return [(p, "production", d) for p, d in e.production.items()]
    return []


def apply(ledger: Ledger, rec: Recorded) -> Ledger:
    moves = [m for m in _moves(rec.event) if m[2]]
    if not moves:
        return ledger
    powers = dict(ledger.powers)
    tag = type(rec.event).__struct_config__.tag
    for power, account, amount in moves:
        a = powers[power]
        balance = (a.treasury if account == "treasury" else a.production) + amount
        entry = Entry(rec.seq, account, amount, balance, tag)
        if account == "treasury":
            powers[power] = Account(balance, a.production, (*a.entries, entry))
        else:
            powers[power] = Account(a.treasury, balance, (*a.entries, entry))
    return Ledger(powers)


LEDGER: Projection[Ledger] = Projection("ledger", initial, apply, Ledger, events=(
    ev.ResearchPaid, ev.UnitsPurchased, ev.NeutralityViolated, ev.CapitalCaptured, ev.BombingDamage, ev.RocketFired,
    ev.DamageCorrected, ev.IncomeCollected, ev.TreasuryEdited, ev.ProductionEdited, ev.TerritoryCaptured,
    ev.CapitalLiberated, ev.ControlEdited))  # every type ``_moves`` reads
