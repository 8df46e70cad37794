"""An option's value read from a file (a board, a scenario exported from another game): TOML or JSON by extension.

The CLI (``--option-file KEY=PATH``) and the new-game page (uploads) both use it; the game then validates the
value like any other option.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from assistant.decider import Refused
from events.bounds import MAX_FILE_JSON_DEPTH, InputError, checked_json

READERS = (".toml", ".json")
MAX_OPTION_FILE = 4 * 1024 * 1024  # a whole board with its notes is under 100 KiB


def read_option_file(option: str, filename: str, data: bytes) -> Any:
    """The file's content as plain data; ``Refused`` (one line naming the option and the file) when unreadable."""
    where = f"option {option}: {filename}"
    suffix = "." + filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if suffix not in READERS:
        raise Refused(f"{where} is neither a .toml nor a .json file")
    try:
        text = checked_json(data, what=where, max_bytes=MAX_OPTION_FILE, max_depth=MAX_FILE_JSON_DEPTH).decode()
    except InputError as exc:
        raise Refused(str(exc)) from None
    try:
        return tomllib.loads(text) if suffix == ".toml" else json.loads(text)
    except RecursionError:  # nesting hidden from the bracket count (TOML literal strings)
        raise Refused(f"{where} nests too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        raise Refused(f"{where} is not valid TOML ({exc})") from None
    except json.JSONDecodeError as exc:
        raise Refused(f"{where} is not valid JSON ({exc.msg}, line {exc.lineno})") from None
