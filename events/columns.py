"""A range of a game's log read as columns: replay's fast read.

Fetching 100,000 rows makes Python build 700,000 values one row at a time, about half of a long replay. Asked
instead for one row of aggregates, the database builds each column as one text in C (``group_concat`` in SQLite,
``string_agg`` in PostgreSQL) and Python splits it in one call: each envelope column a list, the payloads one JSON
array that the catalogue decodes in one call. Both stores use it for the folds they do not check event by event.

Every column is joined by commas (the payloads inside brackets: a JSON array). No type, version, time or actor
holds a comma (``checked_actor`` allows letters, digits, spaces and . - ' _); a column that splits into more or
fewer parts than the rows counted (a command id holding a comma, say), a range with a gap, or a payload that is
not text means the fast read does not apply (``None``): the caller reads rows.
"""

from __future__ import annotations

from collections.abc import Sequence

SEPARATOR = ","


class Columns:
    """Consecutive events of one game, each envelope field a sequence; ``payloads`` their payloads as one JSON array
    (text) or one ``bytes`` per event. ``types`` is None for columns read in one go (each payload names its type)."""

    __slots__ = ("seqs", "types", "versions", "recorded_at", "actors", "command_ids", "payloads")

    def __init__(self, seqs: Sequence[int], types: Sequence[str] | None, versions: Sequence[int], recorded_at: Sequence[str],
                 actors: Sequence[str], command_ids: Sequence[str], payloads: str | list[bytes]):
        self.seqs = seqs
        self.types = types
        self.versions = versions
        self.recorded_at = recorded_at
        self.actors = actors
        self.command_ids = command_ids
        self.payloads = payloads

    def __len__(self) -> int:
        return len(self.seqs)

    @classmethod
    def of_rows(cls, rows: list[tuple], start: int = 0) -> Columns:
        """Rows holding (seq, type, version, recorded_at, actor, command_id, payload) from column ``start`` on, in
        order, as columns."""
        if not rows:
            return cls([], [], [], [], [], [], [])
        seqs, types, versions, recorded_at, actors, command_ids, payloads = list(zip(*rows))[start:start + 7]
        return cls(seqs, types, versions, recorded_at, actors, command_ids, list(payloads))


def of_aggregates(after: int, row: tuple | None, envelope: bool = True) -> Columns | None:
    """Columns from one row of aggregates: count, min(seq), max(seq), then the versions, (with ``envelope``) the
    times, actors and command ids, and the payloads, each joined by commas. The types are not read: each payload
    names its own (the ``type`` field), and the decoded event's class is what the fold goes by. Without
    ``envelope`` the times, actors and command ids are empty strings."""
    if row is None:
        return None
    if envelope:
        count, low, high, versions, recorded_at, actors, command_ids, payloads = row
    else:
        (count, low, high, versions, payloads), recorded_at, actors, command_ids = row, "", "", ""
    if not count or low != after + 1 or high - low != count - 1 or not isinstance(payloads, str):
        return None
    if versions == "1," * (count - 1) + "1":  # the usual case, every event at its type's first schema: no parsing
        numbers: Sequence[int] = [1] * count
    else:
        try:
            numbers = list(map(int, versions.split(SEPARATOR)))
        except (ValueError, AttributeError):
            return None
    if envelope:
        split = [text.split(SEPARATOR) if isinstance(text, str) else () for text in (recorded_at, actors, command_ids)]
        if any(len(part) != count for part in split):
            return None
    else:
        empty = [""] * count
        split = [empty, empty, empty]
    if len(numbers) != count:
        return None
    return Columns(range(low, high + 1), None, numbers, split[0], split[1], split[2], "[" + payloads + "]")
