"""Small answers kept between runs: a JSON file per answer in the user's cache folder, valid while its key is.

The key is what the answer was computed from (file names and modification times, say); a file that is missing,
damaged or keyed otherwise is a miss and the caller computes the answer again. One set of files per Python
environment. Kept light (standard library only): listing the games reads it before anything else is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any


def folder() -> Path:
    """$XDG_CACHE_HOME/tabletop (else ~/.cache/tabletop), one sub-folder per Python environment."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    env = hashlib.blake2b(sys.prefix.encode(), digest_size=8).hexdigest()
    return Path(base) / "tabletop" / env


def load(name: str, key: Any) -> Any | None:
    """The answer kept under ``name`` when it was computed from this ``key``, else None."""
    try:
        kept = json.loads((folder() / f"{name}.json").read_bytes())
        if kept["key"] == key:
            return kept["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def save(name: str, key: Any, value: Any) -> None:
    """Keep ``value`` (JSON data) under ``name``; a cache that cannot be written only costs speed."""
    path = folder() / f"{name}.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps({"key": key, "value": value}))
        partial.replace(path)  # atomic: a concurrent reader sees the old file or the new one
    except OSError:
        pass
