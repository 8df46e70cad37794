"""The assistant a command works on: its database (--db, else ``userdirs.default_db``), opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.kinds import KindRegistry
from assistant.userdirs import db_target

if TYPE_CHECKING:
    from assistant.application import Assistant


def open_assistant(db: str | None) -> Assistant:
    from assistant import userdirs
    from assistant.application import Assistant
    from events import integrity
    from events.stores import open_store

    integrity.use_config_dir(userdirs.config_dir())  # platformdirs' answer as kept, not platformdirs imported
    return Assistant(open_store(db_target(db), create_dir=db is None), KindRegistry())
