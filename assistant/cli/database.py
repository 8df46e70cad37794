"""Which database a command works on: --db, else $TABLETOP_DB, else the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.kinds import KindRegistry

if TYPE_CHECKING:
    from assistant.application import Assistant


def default_db() -> Path | str:
    """$TABLETOP_DB (a file or a postgresql:// URL), else games.sqlite3 in the user's data directory."""
    from events.stores import is_postgres

    if os.environ.get("TABLETOP_DB"):
        given = os.environ["TABLETOP_DB"]
        return given if is_postgres(given) else Path(given)
    from assistant import userdirs

    return userdirs.data_dir() / "games.sqlite3"


def db_target(db: str | None) -> Path | str:
    """--db as given (a SQLite file or a club database's URL), else the default."""
    from events.stores import is_postgres

    if not db:
        return default_db()
    return db if is_postgres(db) else Path(db)


def open_assistant(db: str | None) -> Assistant:
    from assistant import userdirs
    from assistant.application import Assistant
    from events import integrity
    from events.stores import open_store

    integrity.use_config_dir(userdirs.config_dir())  # platformdirs' answer as kept, not platformdirs imported
    return Assistant(open_store(db_target(db), create_dir=db is None), KindRegistry())
