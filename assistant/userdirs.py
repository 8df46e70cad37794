"""The user's folders for tabletop (configuration, data) as platformdirs names them, its answer kept between runs,
and the database a command works on when it names none.

Importing platformdirs costs every command a few milliseconds (its Unix module imports tempfile, shutil, bz2 and
lzma) for two paths that do not change: its answer is kept (``cachefile``), keyed by what it reads (the platform,
the home folder, the XDG and Windows folder variables) and by platformdirs' own file, so an upgrade asks again.
"""

from __future__ import annotations

import os
import sys

from assistant import cachefile

APP = "tabletop"
_READS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA", "USERPROFILE")


def config_dir() -> str:
    """Where tabletop keeps its key and its record of the heads seen (``platformdirs.user_config_dir``)."""
    return _asked("user_config_dir")


def data_dir() -> str:
    """Where the default database lives (``platformdirs.user_data_dir``)."""
    return _asked("user_data_dir")


def default_db() -> str:
    """$TABLETOP_DB (a file or a postgresql:// URL), else ``user_db``."""
    return os.environ.get("TABLETOP_DB") or user_db()


def user_db() -> str:
    """games.sqlite3 in the user's data directory."""
    return os.path.join(data_dir(), "games.sqlite3")


def db_target(db: str | None) -> str:
    """--db as given (a SQLite file or a club database's URL: ``events.stores.is_postgres`` tells), else the
    default. A plain string, not a ``pathlib.Path``: importing pathlib costs every command some 6 ms."""
    return db or default_db()


def _asked(question: str) -> str:
    from importlib.util import find_spec

    spec = find_spec("platformdirs")
    origin = spec.origin if spec is not None and spec.origin else ""
    key = [question, sys.platform, os.path.expanduser("~"), {name: os.environ.get(name) for name in _READS},
           origin, os.stat(origin).st_mtime_ns if origin else 0]
    kept = cachefile.load(f"dirs-{question}", key)
    if isinstance(kept, str) and kept:
        return kept
    import platformdirs

    found = str(getattr(platformdirs, question)(APP, appauthor=False))
    cachefile.save(f"dirs-{question}", key, found)
    return found
