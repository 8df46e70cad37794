"""Which database a command works on: --db, else $TABLETOP_DB, else the user's data directory."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from assistant.kinds import KindRegistry

if TYPE_CHECKING:
    from assistant.application import Assistant


def default_db() -> str:
    """$TABLETOP_DB (a file or a postgresql:// URL), else games.sqlite3 in the user's data directory."""
    if os.environ.get("TABLETOP_DB"):
        return os.environ["TABLETOP_DB"]
    from assistant import userdirs

    return os.path.join(userdirs.data_dir(), "games.sqlite3")


def db_target(db: str | None) -> str:
    """--db as given (a SQLite file or a club database's URL: ``events.stores.is_postgres`` tells), else the
    default. A plain string, not a ``pathlib.Path``: importing pathlib costs every command some 6 ms."""
    return db or default_db()


def open_assistant(db: str | None) -> Assistant:
    from assistant import userdirs
    from assistant.application import Assistant
    from events import integrity
    from events.stores import open_store

    integrity.use_config_dir(userdirs.config_dir())  # platformdirs' answer as kept, not platformdirs imported
    return Assistant(open_store(db_target(db), create_dir=db is None), KindRegistry())
