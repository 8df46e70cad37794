"""Teaching replay: step through a game event by event (or round by round) with a plain explanation of
each event, the rule it follows and the annotations attached to it; the board and ledgers as they were
come from ``app.view(game_id, at=seq)``.

The sentence is the game's own ``describe``; the rule reference comes from
the game's ``GameKind.rule_refs`` file (event tag -> rule number and a short explanation), kept in the game's
folder; the core's own events are explained by ``rule_refs/core.toml``.
"""

from __future__ import annotations

import os
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec

from assistant.analysis.adapters import adapter_for
from assistant.analysis.report_model import Note
from events.core import NoteAdded, PhaseBegan

RULE_REFS = Path(__file__).parent / "rule_refs"


class RuleRef(msgspec.Struct, frozen=True, kw_only=True):
    rule: str
    text: str = ""


class RuleBook(msgspec.Struct, frozen=True, kw_only=True):
    game: str
    source: str
    events: dict[str, RuleRef]


class Step(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    round: int
    side: str
    phase: str
    type: str
    sentence: str
    rule: str
    explanation: str
    actor: str
    cancelled: bool
    notes: tuple[Note, ...] = ()
    when: str = ""  # the round as the game names it: "Round 3", "Sep/Oct 1941"


@lru_cache(maxsize=None)
def rule_book(name: str, path: str | os.PathLike[str] | None) -> RuleBook:
    if path is None or not os.path.exists(path):
        return RuleBook(game=name, source="", events={})
    with open(path, "rb") as fh:
        return msgspec.convert(tomllib.load(fh), RuleBook)


def steps(app: Any, game_id: str) -> list[Step]:
    """Every event of the log as a teaching step, annotations attached to the event they are about."""
    row = app.game(game_id)
    kind = app.kind_of(row.game_id).kind
    book = rule_book(kind.name, kind.rule_refs).events
    core = rule_book("core", RULE_REFS / "core.toml").events
    entries = app.log(row.game_id)
    adapter = adapter_for(kind)
    named = adapter.round_labels(entries)
    notes: dict[int, list[Note]] = {}
    for e in entries:
        if not e.cancelled and isinstance(e.event, NoteAdded):
            n = e.event
            notes.setdefault(n.about_seq, []).append(
                Note(seq=e.seq, about_seq=n.about_seq, author=n.author, text=n.text, arrow_from=n.arrow_from, arrow_to=n.arrow_to)
            )
    out: list[Step] = []
    clock = (0, "", "")
    for e in entries:
        if isinstance(e.event, PhaseBegan) and not e.cancelled:
            clock = (e.event.round, e.event.side, e.event.phase)
        ref = book.get(e.type) or core.get(e.type) or RuleRef(rule="")
        out.append(
            Step(
                seq=e.seq, round=clock[0], side=clock[1], phase=clock[2], type=e.type, sentence=e.sentence,
                rule=_own_rule(e.event) or ref.rule, explanation=ref.text, actor=e.actor, cancelled=e.cancelled,
                notes=tuple(notes.get(e.seq, ())),
                when=named.get(clock[0]) or f"{adapter.round_name.capitalize()} {clock[0]}",
            )
        )
    return out


def turns(entries: Any) -> list[tuple[int, list[str]]]:
    """Each round of the log in play order, with the sides that had a turn in it in order: the rounds and sides the
    replay's steps fall in (the clock set by each phase not taken back), without wording or building the steps."""
    rounds: list[int] = []
    sides: dict[int, list[str]] = {}
    round_, side = 0, ""
    for e in entries:
        if isinstance(e.event, PhaseBegan) and not e.cancelled:
            round_, side = e.event.round, e.event.side
        if not rounds or rounds[-1] != round_:
            rounds.append(round_)
        if side and side not in sides.setdefault(round_, []):
            sides[round_].append(side)
    return [(r, sides.get(r, [])) for r in rounds]


def _own_rule(event: Any) -> str:
    """The rule an event names itself (Europe Engulfed's ledger, losses and eliminations carry theirs) is more
    precise than the rule book entry for its type."""
    rule = getattr(event, "rule", "")
    return rule if isinstance(rule, str) else ""


def by_round(all_steps: list[Step]) -> dict[int, list[Step]]:
    """Round-by-round stepping: the steps of each round, in order."""
    rounds: dict[int, list[Step]] = {}
    for s in all_steps:
        rounds.setdefault(s.round, []).append(s)
    return rounds


def step_at(app: Any, game_id: str, seq: int) -> tuple[Step, Any]:
    """One step with the view of the table as it stood right after that event."""
    for s in steps(app, game_id):
        if s.seq == seq:
            return s, app.view(game_id, at=seq)
    raise ValueError(f"event {seq} is not in this game's log")
