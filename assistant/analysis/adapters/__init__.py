"""Per-game adapters: what a report needs from a game, read from the game's own projections and events.

An adapter is small and declarative: which numbers to chart per round (read
from a view of the game's read models), how to list its battles, who threw a
roll, and which event tags belong to which section of a turn summary. The
analysis package knows games only through these; a game without an adapter
still gets luck, summaries, teaching and notes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from assistant.analysis.luck import Attribution, by_clock


class BattleRow(msgspec.Struct, frozen=True, kw_only=True):
    """One battle for the battle table: who, where, forces, odds before the first roll, outcome, losses."""

    seq: int  # the event that opened it
    round: int
    battle: str
    where: str
    attacker: str
    defender: str
    attacking: dict[str, int] = {}
    defending: dict[str, int] = {}
    odds: dict[str, float] = {}  # attacker_wins, defender_wins, draw... as computed before the first roll
    outcome: str = ""
    attacker_losses: dict[str, int] = {}
    defender_losses: dict[str, int] = {}


class LedgerRow(msgspec.Struct, frozen=True, kw_only=True):
    """One line of a power's ledger as the game's ledger read model books it (IPC, WERP...)."""

    seq: int  # the event that booked it (0 when the read model does not say)
    round: int
    who: str
    account: str  # treasury | production | werp ...
    amount: int
    balance: int
    cause: str


@dataclass(frozen=True)
class Adapter:
    kind: str
    # metric key -> chart title, in display order
    metrics: dict[str, str] = field(default_factory=dict)
    # view -> {metric: {power: number}}: the numbers come from the game's projections
    snapshot: Callable[[Any], dict[str, dict[str, float]]] = lambda view: {}
    # (app, game_id, log entries) -> battle rows
    battles: Callable[[Any, str, Sequence[Any]], list[BattleRow]] = lambda app, game_id, entries: []
    # log entries -> who threw each roll
    attribution: Callable[[Sequence[Any]], Attribution] = lambda entries: by_clock
    # summary section -> event tags that belong to it (core.dice_rolled may be listed too)
    sections: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # (head view, log entries) -> every ledger line, read from the game's ledger read model
    ledger: Callable[[Any, Sequence[Any]], list[LedgerRow]] = lambda view, entries: []
    # log entries -> a name for each round (Europe Engulfed: the game turn, "Sep/Oct 1941")
    round_labels: Callable[[Sequence[Any]], dict[int, str]] = lambda entries: {}
    # what a battle's forces and losses count ("units" in A&A, "steps" in Europe Engulfed) and what a round is
    counts: str = "units"
    round_name: str = "round"
    # a power's or nation's id -> the name players say ("ussr" -> "the USSR")
    side_name: Callable[[str], str] = lambda side: side
    # a power's or nation's id -> its colour on the game's map, for the charts' lines ("#8c1c13")
    colours: dict[str, str] = field(default_factory=dict)


GENERIC = Adapter(kind="")
_registered: dict[str, Adapter] = {}


def register_adapter(adapter: Adapter) -> None:
    """Use ``adapter`` for its kind whatever the game declares (tests of games without a report of their own)."""
    _registered[adapter.kind] = adapter


def adapter_for(kind: Any) -> Adapter:
    """The report adapter a game declares (``GameKind.report``); the generic one otherwise."""
    if kind.name in _registered:
        return _registered[kind.name]
    return kind.report.load() if kind.report is not None else GENERIC
