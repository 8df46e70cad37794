"""The report model: every number a report shows, built once from the log and then rendered as HTML, Markdown or JSON."""

from __future__ import annotations

import msgspec

from assistant.analysis.adapters import BattleRow, LedgerRow
from assistant.analysis.luck import LuckReport


class Series(msgspec.Struct, frozen=True, kw_only=True):
    """One chart: a number per power (or side) at the end of each round."""

    metric: str
    title: str
    rounds: list[int]
    values: dict[str, list[float]]
    labels: list[str] = []  # a name per round when the game has one (Europe Engulfed turns)
    names: dict[str, str] = {}  # power, nation or side id -> the name players say, for the legend
    colours: dict[str, str] = {}  # power, nation or side id -> its colour on the map (matplotlib's cycle otherwise)


class Note(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    about_seq: int
    author: str
    text: str
    arrow_from: str = ""
    arrow_to: str = ""


class Report(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    kind: str
    game_name: str  # the kind's title, "Axis & Allies (2nd edition)"
    title: str
    head: int
    rounds: list[int]
    round_name: str  # what the game calls a round
    round_labels: dict[int, str]  # round -> its name in the game (Europe Engulfed: "Sep/Oct 1941")
    counts: str  # what forces and losses count: "units" or "steps"
    round_ends: list[int]  # the event that closes each round (the view each series point is read from)
    series: list[Series]
    battles: list[BattleRow]
    casualties: dict[str, dict[str, int]]  # power -> unit kind -> units (or steps) lost in battles
    ledger: list[LedgerRow]  # every line of the game's ledger read model, in log order
    luck: LuckReport
    notes: list[Note]
    # every power, nation or side id the report shows -> the name players say ("ussr" -> "the USSR")
    names: dict[str, str] = {}
    turns: list[tuple[int, list[str]]] = []  # each round in play order, with the sides that had a turn in it

    def name(self, who: str) -> str:
        return self.names.get(who, who)

    def when(self, round_: int) -> str:
        """A round as the game names it: "Sep/Oct 1941", "set-up", else its number."""
        return self.round_labels.get(round_) or ("set-up" if round_ == 0 else str(round_))
