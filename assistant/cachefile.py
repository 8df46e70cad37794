"""Small answers kept between runs: a file per answer in the user's cache folder, valid while its key is.

The key is what the answer was computed from (file names and modification times, say); a file that is missing,
damaged or keyed otherwise is a miss and the caller computes the answer again. One set of files per Python
environment. Kept light (standard library only, and not even ``pathlib``, which costs a command some 6 ms): listing the games
reads it before anything else is imported.

The files are written with ``marshal``, the format of Python's own bytecode cache: built into the interpreter (no
module to import: ``json`` cost every command some 2 ms), exact for the plain data kept here (a tuple stays a
tuple), and as trusted as the ``__pycache__`` files Python already loads from the user's own disk.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib

TYPE_CHECKING = False  # typing is for type checkers only: importing it costs a short command some 3 ms
if TYPE_CHECKING:
    from typing import Any


def folder() -> str:
    """$XDG_CACHE_HOME/tabletop (else ~/.cache/tabletop), one sub-folder per Python environment."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    env = f"{zlib.crc32(sys.prefix.encode()):08x}"  # a name, not a seal: hashlib would load OpenSSL for it
    return os.path.join(base, "tabletop", env)


def kept_file(name: str) -> str:
    """Where the answer called ``name`` is kept."""
    return os.path.join(folder(), f"{name}.marshal")


def load(name: str, key: Any) -> Any | None:
    """The answer kept under ``name`` when it was computed from this ``key``, else None."""
    try:
        with open(kept_file(name), "rb") as fh:
            kept = marshal.loads(fh.read())
        if kept["key"] == key:
            return kept["value"]
    except (OSError, EOFError, ValueError, KeyError, TypeError):  # missing, cut short, damaged, another shape
        pass
    return None


def save(name: str, key: Any, value: Any) -> None:
    """Keep ``value`` (plain data: numbers, text, lists, tuples, dicts) under ``name``; a cache that cannot be
    written only costs speed."""
    path = kept_file(name)
    try:
        data = marshal.dumps({"key": key, "value": value})
    except ValueError:  # not plain data: nothing kept
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        partial = f"{path[:-len('.marshal')]}.{os.getpid()}.tmp"
        with open(partial, "wb") as fh:
            fh.write(data)
        os.replace(partial, path)  # atomic: a concurrent reader sees the old file or the new one
    except OSError:
        pass
