"""What a command prints: plain text, or JSON with --json (the same bytes in every process)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

EXIT_REFUSED = 1
EXIT_ERROR = 2


def plain_data(data: Any) -> Any:
    """Plain data with every set sorted and every mapping in key order: the same database prints the same bytes
    in every process (sets would otherwise come out in hash order)."""
    import msgspec

    return msgspec.to_builtins(data, order="deterministic")


def json_text(data: Any, indent: int) -> str:
    """``json.dumps(plain_data(data), ensure_ascii=False, indent=indent or None)``, the same text, through msgspec: a
    hundred times faster on a whole game's state."""
    import msgspec

    return msgspec.json.format(msgspec.json.encode(plain_data(data)), indent=indent).decode()


def say(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        sys.stdout.write(json_text(data, 0) + "\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


def one_line(text: str) -> str:
    """Text kept on its line: line breaks and other control characters shown escaped, never obeyed."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def json_line(data: Any) -> None:
    import json  # only for a refusal or an error with --json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
