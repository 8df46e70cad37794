"""The Axis & Allies adapter with its IPC ledger: every treasury and production-level line of the game's IPC
ledger read model (projections/aa_classic/ledger.py), linked to the event that booked it.

Kept beside ``aa_classic.py`` (which reads the board state, battles and dice) so the ledger reader has its own
file; ``ADAPTERS["aa_classic"]`` names the adapter defined here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from assistant.analysis.adapters import LedgerRow
from assistant.games.aa_classic.report.board import ADAPTER as BOARD_ADAPTER


def ipc_ledger(view: Any, entries: Sequence[Any]) -> list[LedgerRow]:
    """The read model books each line under its event's tag; players read the event's own sentence instead
    ("Japan captures Manchuria from the USSR..."), and the set-up's lines as the starting figures."""
    sentences = {e.seq: e.sentence for e in entries}
    rows = [
        LedgerRow(seq=e.seq, round=0, who=power, account=e.account, amount=e.amount, balance=e.balance,
                  cause=_cause(e.cause, e.account, sentences.get(e.seq, "")))
        for power, account in view.read("ledger").powers.items()
        for e in account.entries
    ]
    return sorted(rows, key=lambda r: (r.seq, r.who, r.account))


def _cause(tag: str, account: str, sentence: str) -> str:
    if tag == "core.game_created":
        return "starting treasury" if account == "treasury" else "starting production level"
    return sentence or tag


ADAPTER = replace(BOARD_ADAPTER, ledger=ipc_ledger)
