"""Bounded input, declared once and reused by every game's commands.

Every value a player can send has a limit: numbers a range that fits a board game, text a length, lists and
maps a size, and the whole command (and its JSON nesting) a size. The limits live in the command's type as
msgspec ``Meta`` constraints, so decoding refuses a bad value before any rule runs, with a message naming the
field and the limit (``Expected `int` <= 99 - at `$.units['infantry']```).

A game builds its own ranges from these helpers where its pieces or board call for tighter ones
(``count(99)``, ``amount(-999, 999)``); the shared aliases below cover the common cases.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from msgspec import Meta

# ---------------------------------------------------------------- whole inputs
MAX_COMMAND_BYTES = 64 * 1024  # a command typed or posted (Command.max_bytes); the largest (an EE edit) are a few KiB
MAX_JSON_DEPTH = 16  # the deepest real command nests 5 levels (ee.fight's fire_order)
MAX_FILE_JSON_DEPTH = 64  # game files, options and boards: deeper than any definition we write

# ---------------------------------------------------------------- sizes
MAX_NAME = 64  # a space, area, nation, unit kind, battle key, block id
MAX_TEXT = 500  # a reason, an override's reason
MAX_NOTE = 2000  # a note on an event
MAX_ITEMS = 200  # entries of a list or map a player sends at once
MAX_DICE = 500  # dice in one throw (the largest battles of either game throw a few dozen)
MAX_SEQ = 10**9  # an event number


def count(most: int, least: int = 0) -> Any:
    """A number of pieces, steps or dice: ``least`` to ``most``."""
    return Annotated[int, Meta(ge=least, le=most)]


def amount(least: int, most: int) -> Any:
    """A signed quantity (money moved, a track adjusted)."""
    return Annotated[int, Meta(ge=least, le=most)]


def items(of: Any, most: int = MAX_ITEMS) -> Any:
    """A tuple of at most ``most`` entries."""
    return Annotated[tuple[of, ...], Meta(max_length=most)]


def mapping(key: Any, value: Any, most: int = MAX_ITEMS) -> Any:
    """A map of at most ``most`` entries."""
    return Annotated[dict[key, value], Meta(max_length=most)]


Name = Annotated[str, Meta(max_length=MAX_NAME)]
Text = Annotated[str, Meta(max_length=MAX_TEXT)]
Note = Annotated[str, Meta(max_length=MAX_NOTE)]
Seq = Annotated[int, Meta(ge=0, le=MAX_SEQ)]
Face = Annotated[int, Meta(ge=1, le=100)]  # the faces' real range is checked against the dice thrown
Faces = Annotated[tuple[Face, ...], Meta(max_length=MAX_DICE)]
Names = items(Name)


# ---------------------------------------------------------------- raw JSON
class InputError(ValueError):
    """Input refused before decoding: too large, too deep, or not UTF-8. The message is one plain line."""


def checked_json(raw: bytes | str, *, what: str = "the command", max_bytes: int = MAX_COMMAND_BYTES,
                 max_depth: int = MAX_JSON_DEPTH) -> bytes:
    """``raw`` as UTF-8 bytes, refused when it is too large, not UTF-8, or nests deeper than ``max_depth``.

    Deep nesting is refused before any parser sees it (a parser recursing 3,000 levels deep is the
    interpreter's problem, not the player's); strings are skipped so brackets inside text do not count.
    """
    if isinstance(raw, str):
        try:
            data = raw.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InputError(f"{what} is not valid UTF-8 text (character {exc.start + 1})") from None
    else:
        data = bytes(raw)
    if len(data) > max_bytes:
        raise InputError(f"{what} is too large ({len(data):,} bytes; at most {max_bytes:,})")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not valid UTF-8 text (byte {exc.start + 1})") from None
    depth = json_depth(data, max_depth)
    if depth > max_depth:
        raise InputError(f"{what} nests too deeply (more than {max_depth} levels of brackets)")
    return data


def json_depth(data: bytes, stop_above: int) -> int:
    """The bracket depth of JSON text, counted outside strings; stops early once above ``stop_above``."""
    # Escapes are always a backslash and one character; with them gone, strings are plain "..." runs.
    bare = _STRING.sub(b"", _ESCAPE.sub(b"", data)).translate(None, _NOT_BRACKET)
    depth = deepest = 0
    for ch in bare:
        if ch in (0x5B, 0x7B):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_above:
                    return deepest
        else:
            depth -= 1
    return deepest


_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_STRING = re.compile(rb'"[^"]*"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
