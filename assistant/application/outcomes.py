"""What the application layer hands back: outcomes of commands, log entries, game files, and its clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import msgspec

from assistant.decider import Refused
from events.base import Event
from projections.base import Recorded


Clock = Callable[[], datetime]


MAX_OPTIONS_BYTES = 4 * 1024 * 1024  # options with a whole board entered; the bundled boards are under 100 KiB


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def timestamp(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Outcome(msgspec.Struct, frozen=True):
    """What a command did: the events it appended (or, for a repeated command id, had appended)."""

    game_id: str
    first_seq: int
    last_seq: int
    events: tuple[Recorded, ...]
    duplicate: bool = False

    @property
    def seqs(self) -> range:
        return range(self.first_seq, self.last_seq + 1)


class Expected(msgspec.Struct, frozen=True):
    """The moment a command was prepared for: the log position its form (or script) saw, and the throw or
    decision it answers there (``Move.answers``; "" when the form names none)."""

    seq: int
    answers: str = ""


class Stale(Refused):
    """A command prepared for an earlier moment of the table than the log's: refused, nothing written."""


class GameFile(msgspec.Struct, frozen=True):
    """A file a game writes from its state (a board, a scenario), for players to reuse in later games."""

    name: str
    content: bytes
    media_type: str


class LogEntry(msgspec.Struct, frozen=True):
    seq: int
    type: str
    event: Event
    actor: str
    recorded_at: str
    command_id: str
    sentence: str
    cancelled: bool
    corrected_faces: tuple[int, ...] | None = None


def one_stop(sentence: str) -> str:
    """A sentence ends with one full stop, even when a player's reason or a rule's words already had one."""
    text = sentence.rstrip()
    while text.endswith("..") and not text.endswith("..."):
        text = text[:-1]
    return text


def with_correction(entry: LogEntry, faces: tuple[int, ...] | None) -> LogEntry:
    if faces is None:
        return entry
    return msgspec.structs.replace(entry, corrected_faces=faces)


def new_id() -> str:
    import uuid  # loaded by the first command, not by every reading one

    return uuid.uuid4().hex

