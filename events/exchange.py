"""Game files: one self-contained JSON Lines file per game, one stored event per line.

The first line is ``core.game_created`` with the whole definition, so the file
replays anywhere. The last line closes the file with the game id, the number of
events and the head hash: a hash chain alone cannot tell a file cut after a
whole line from a shorter game. Reading a file re-verifies the hash chain and
names the first bad line; export -> import -> export is byte-identical because
lines are written from the stored values in a fixed field order.
"""

from collections.abc import Iterable

import msgspec

from events.bounds import MAX_FILE_JSON_DEPTH, InputError, checked_json
from events.hashing import GENESIS
from events.store import Row


MAX_LINE_BYTES = 16 * 1024 * 1024  # one event; the largest, core.game_created with a whole board, is ~100 KiB


class GameFileError(Exception):
    """A game file that cannot be trusted; the message names the line."""


class _Line(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game_id: str
    seq: int
    type: str
    version: int
    recorded_at: str
    actor: str
    command_id: str
    prev_hash: str
    hash: str
    payload: msgspec.Raw


class _End(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The closing line: ``{"end": game_id, "events": count, "hash": head hash}``."""

    end: str
    events: int
    hash: str


_line_decoder = msgspec.json.Decoder(_Line)
_end_decoder = msgspec.json.Decoder(_End)


def export_lines(rows: Iterable[Row]) -> bytes:
    out = bytearray()
    last = None
    count = 0
    for r in rows:
        out += msgspec.json.encode(
            _Line(r.game_id, r.seq, r.type, r.version, r.recorded_at, r.actor, r.command_id, r.prev_hash, r.hash,
                  msgspec.Raw(r.payload))
        )
        out += b"\n"
        last = r
        count += 1
    if last is not None:
        out += msgspec.json.encode(_End(last.game_id, count, last.hash)) + b"\n"
    return bytes(out)


def read_lines(data: bytes) -> list[Row]:
    """Parse and verify a game file. Raises GameFileError naming the first offending line."""
    if not data.strip():
        raise GameFileError("the game file is empty")
    rows: list[Row] = []
    prev = GENESIS
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    else:
        raise GameFileError(f"line {len(lines)}: the file ends in the middle of a line (truncated?)")
    try:
        end = _end_decoder.decode(checked_json(lines[-1], what=f"line {len(lines)}", max_depth=1))
    except (msgspec.DecodeError, InputError):
        raise GameFileError(
            f"line {len(lines)}: the file stops without its closing line (truncated, or lines moved?)"
        ) from None
    lines.pop()
    if not lines:
        raise GameFileError("line 1: the file closes without holding a single event")
    game_id = None
    for number, raw in enumerate(lines, start=1):
        try:
            checked_json(raw, what=f"line {number}", max_bytes=MAX_LINE_BYTES, max_depth=MAX_FILE_JSON_DEPTH)
        except InputError as exc:
            raise GameFileError(str(exc)) from None
        try:
            line = _line_decoder.decode(raw)
        except msgspec.DecodeError as exc:
            raise GameFileError(f"line {number}: not a valid event line ({exc})") from None
        if game_id is None:
            game_id = line.game_id
            if line.type != "core.game_created":
                raise GameFileError(f"line {number}: a game file starts with core.game_created, not {line.type}")
        elif line.game_id != game_id:
            raise GameFileError(f"line {number}: belongs to game {line.game_id}, not {game_id}")
        if line.seq != number:
            raise GameFileError(f"line {number}: holds event {line.seq}, expected {number} (reordered or missing lines)")
        if line.prev_hash != prev:
            raise GameFileError(f"line {number}: does not follow the line before it (hash chain broken)")
        row = Row(line.game_id, line.seq, line.type, line.version, line.recorded_at, line.actor, line.command_id,
                  bytes(line.payload), line.prev_hash, line.hash)
        if row.recompute_hash() != line.hash:
            raise GameFileError(f"line {number}: its content does not match its hash (edited?)")
        prev = line.hash
        rows.append(row)
    if (end.end, end.events, end.hash) != (game_id, len(rows), prev):
        raise GameFileError(
            f"line {len(rows) + 1}: the closing line announces {end.events} events of game {end.end}, "
            f"the file holds {len(rows)} of game {game_id} (lines missing or added?)"
        )
    return rows


def verify_rows(rows: Iterable[Row]) -> int | None:
    """The first sequence number whose hash or chain link is wrong, or None when all is well."""
    prev = GENESIS
    expected = 1
    for r in rows:
        if r.seq != expected or r.prev_hash != prev or r.recompute_hash() != r.hash:
            return r.seq if r.seq == expected else expected
        prev = r.hash
        expected += 1
    return None
