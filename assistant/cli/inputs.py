"""What a command reads besides its words: game options (key=value, JSON, files) and the moment a command was
prepared for."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from assistant.application import Expected


def option_pairs(pairs: list[str]) -> dict[str, Any]:
    """--option key=value; the value is read as JSON when it parses (numbers, lists, true), else as text."""
    from assistant.decider import Refused

    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(f"options are written key=value, not {pair!r}")
        out[key] = json_or_text(value, f"option {key}")
    return out


def json_or_text(value: str, what: str) -> Any:
    import json  # only where options are read: ``state`` and the other reads import this module too

    from assistant.decider import Refused
    from assistant.option_files import MAX_OPTION_FILE
    from events.bounds import MAX_FILE_JSON_DEPTH, InputError, checked_json

    try:
        checked = checked_json(value, what=what, max_bytes=MAX_OPTION_FILE, max_depth=MAX_FILE_JSON_DEPTH)
    except InputError as exc:
        raise Refused(str(exc)) from None
    try:
        return json.loads(checked)
    except json.JSONDecodeError:
        return value


def option_files(pairs: list[str]) -> dict[str, Any]:
    """--option-file key=PATH; the file (TOML or JSON, by its extension) becomes the option's value."""
    from assistant.decider import Refused
    from assistant.option_files import read_option_file

    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, path = pair.partition("=")
        if not sep or not key or not path:
            raise Refused(f"option files are written key=PATH, not {pair!r}")
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise Refused(f"option {key}: cannot read {path}: {exc.strerror}") from None
        out[key] = read_option_file(key, path, data)
    return out


def expected_moment(args: argparse.Namespace) -> Expected | None:
    from assistant.application import Expected
    from assistant.decider import Refused

    seq = getattr(args, "expect_seq", None)
    answers = getattr(args, "answers", None) or ""
    if seq is None:
        if answers:
            raise Refused("--answers needs --expect-seq: the log position the command was prepared at")
        return None
    return Expected(seq, answers)
