"""The log as the table reads it: Round -> side's turn -> step -> events, newest first, one page at a time.

Pages keep long games fast: a page is at most ``PAGE`` events read straight from the store; the heading of
its oldest group comes from the nearest earlier ``core.phase_began`` (looked up in small chunks).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.application import Assistant, LogEntry
from events.base import tag_of
from events.core import DiceRolled, EventsCancelled, PhaseBegan

PAGE = 40
# Facts that ask the table to act (a corrected throw the rules engine could not apply: roll back or edit).
WARNING_TYPES = (".correction_outstanding",)
LOOKBACK_CHUNK = 200
LOOKBACK_LIMIT = 2000


@dataclass
class Group:
    round: int
    side: str
    phase: str
    step: str
    began: LogEntry | None  # the phase_began entry that opened it (None: it opened before this page)
    opened: int = 0  # the event that opened it (on this page or before it; 0: the game's set-up)
    entries: list[LogEntry] = field(default_factory=list)
    opening: list[LogEntry] = field(default_factory=list)  # recorded just before ``began``, in its command
    new_round: bool = True
    new_turn: bool = True


@dataclass
class LogPage:
    groups: list[Group]  # newest first
    upto: int  # the newest event on this page
    older: int | None  # ``upto`` of the next (older) page, None when this page reaches event 1

    @property
    def empty(self) -> bool:
        return not any(g.entries or g.began for g in self.groups)

    @property
    def undoable(self) -> LogEntry | None:
        """The newest event "Undo last" would take back with its command (an undo itself is not undone: redo is),
        so the button can say what it will do; None when it is not on this page."""
        cancel = tag_of(EventsCancelled)
        for g in self.groups:
            for e in (*g.entries, *((g.began,) if g.began else ()), *g.opening):
                if not e.cancelled and e.type != cancel:
                    return e
        return None

    @property
    def warnings(self) -> list[LogEntry]:
        """The page's standing warnings, newest first (the banner repeats those of the latest page)."""
        return [e for g in self.groups for e in g.entries if is_warning(e)]


def is_warning(entry: LogEntry) -> bool:
    return entry.type.endswith(WARNING_TYPES) and not entry.cancelled


def is_physical_dice(entry: LogEntry) -> bool:
    return isinstance(entry.event, DiceRolled) and entry.event.source == "physical" and not entry.cancelled


def _clock_before(assistant: Assistant, game_id: str, seq: int) -> tuple[int, str, str, str, int]:
    """The turn clock in force just after event ``seq`` (from the nearest earlier active phase_began), and the
    event that set it. Rows are read backwards in chunks and only their type looked at until one is found (a long
    game has thousands of notes); only that one is decoded."""
    began = tag_of(PhaseBegan)
    end = seq
    while end > 0 and seq - end < LOOKBACK_LIMIT:
        start = max(0, end - LOOKBACK_CHUNK)
        for row in reversed(assistant.store.replay_rows(game_id, start, end)):
            found, type_ = row[0], row[1]
            if type_ != began:
                continue
            entry = assistant.log(game_id, after=found - 1, limit=1)[0]
            if isinstance(entry.event, PhaseBegan) and not entry.cancelled:
                ev = entry.event
                return ev.round, ev.side, ev.phase, ev.step, found
        end = start
    return 0, "", "", "", 0


def log_page(assistant: Assistant, game_id: str, upto: int, size: int = PAGE) -> LogPage:
    start = max(0, upto - size)
    entries = assistant.log(game_id, after=start, limit=upto - start)
    *clock, opened = _clock_before(assistant, game_id, start)
    current = Group(*clock, began=None, opened=opened)
    groups = [current]
    held: list[LogEntry] = []  # events that open the next phase, waiting for it within their command
    for entry in entries:
        ev = entry.event
        opens = getattr(ev, "opens_next_phase", False)
        if held and not (entry.command_id == held[0].command_id and (opens or isinstance(ev, PhaseBegan))):
            current.entries.extend(held)  # no phase began after them in their command: they stay where they were
            held = []
        if isinstance(ev, PhaseBegan) and not entry.cancelled:
            current = Group(ev.round, ev.side, ev.phase, ev.step, began=entry, opened=entry.seq, opening=held)
            held = []
            groups.append(current)
        elif opens and not entry.cancelled:
            held.append(entry)
        else:
            current.entries.append(entry)
    current.entries.extend(held)
    groups = [g for g in groups if g.entries or g.began or g.opening]
    groups.reverse()
    previous: Group | None = None
    for g in groups:  # headings above the newest group of each round and turn, as they are read
        g.entries.reverse()
        g.opening.reverse()
        g.new_round = previous is None or previous.round != g.round
        g.new_turn = g.new_round or (previous.side, previous.phase) != (g.side, g.phase)  # type: ignore[union-attr]
        previous = g
    return LogPage(groups, upto, start if start > 0 else None)
