"""What a command prints: plain text, or JSON with --json (the same bytes in every process).

A command writes to ``stdout()`` and ``stderr()``: the process's own streams, or, for a command a running table
server answers (``assistant.answering``), streams of that one command (``captured``) that the server's other
threads never see."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

TYPE_CHECKING = False  # typing is for type checkers only (assistant/kinds.py)
if TYPE_CHECKING:
    from typing import Any, TextIO

EXIT_REFUSED = 1
EXIT_ERROR = 2

_streams: ContextVar[tuple[TextIO, TextIO] | None] = ContextVar("tabletop_command_streams", default=None)


def stdout() -> TextIO:
    streams = _streams.get()
    return sys.stdout if streams is None else streams[0]


def stderr() -> TextIO:
    streams = _streams.get()
    return sys.stderr if streams is None else streams[1]


@contextmanager
def captured(out: TextIO, err: TextIO) -> Iterator[None]:
    """What commands in this thread write goes to ``out`` and ``err`` until the block ends."""
    token = _streams.set((out, err))
    try:
        yield
    finally:
        _streams.reset(token)


def plain_data(data: Any) -> Any:
    """Plain data with every set sorted and every mapping in key order: the same database prints the same bytes
    in every process (sets would otherwise come out in hash order)."""
    import msgspec

    return msgspec.to_builtins(data, order="deterministic")


def json_bytes(data: Any, indent: int) -> bytes:
    """``json.dumps(plain_data(data), ensure_ascii=False, indent=indent or None)``, the same text as UTF-8 bytes,
    through msgspec: a hundred times faster on a whole game's state."""
    import msgspec

    return msgspec.json.format(msgspec.json.encode(plain_data(data)), indent=indent)


def say(args: argparse.Namespace, data: Any, text: str, tail: bytes = b"") -> None:
    """``data`` as JSON with --json, else ``text``; ``tail``: UTF-8 text printed on the lines after it (a whole
    state, written as the bytes it was encoded to)."""
    if args.json:
        write_out(json_bytes(data, 0) + b"\n")
    elif tail:
        write_out(text.rstrip("\n").encode() + b"\n" + tail.rstrip(b"\n") + b"\n")
    else:
        stdout().write(text.rstrip("\n") + "\n")


def write_out(data: bytes) -> None:
    """UTF-8 bytes to standard output, as they are where it is a UTF-8 stream over bytes (a whole state is some 300
    KB: decoding it only for the stream to encode it again cost a command a millisecond), else as text."""
    stream = stdout()
    buffer = getattr(stream, "buffer", None)
    if buffer is not None and (getattr(stream, "encoding", None) or "").lower().replace("-", "") == "utf8":
        stream.flush()  # what was written as text comes first
        buffer.write(data)
        buffer.flush()
    else:
        stream.write(data.decode())


def one_line(text: str) -> str:
    """Text kept on its line: line breaks and other control characters shown escaped, never obeyed."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def json_line(data: Any) -> None:
    import json  # only for a refusal or an error with --json

    stdout().write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
