"""Shared fixtures: a real SQLite file per test, the kind registry with the test game, a fixed clock."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.toygame.game import GAME as TOY

FIXED = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db_path):
    s = EventStore(db_path)
    yield s
    s.close()


@pytest.fixture
def registry():
    reg = KindRegistry()
    reg.register(TOY)
    return reg


@pytest.fixture
def app(store, registry):
    return Assistant(store, registry, clock=lambda: FIXED)


@pytest.fixture
def toy_game(app):
    """A started skirmish: red to buy in round 1."""
    gid = app.new_game("toy", {"treasury": 12})
    app.handle(gid, '{"type": "toy.end_phase"}')
    return gid


@pytest.fixture(autouse=True, scope="session")
def _sealing_key_of_the_tests(tmp_path_factory):
    """The sealing key and the list of sealed databases live in a folder of the test run, not the user's."""
    import os

    folder = tmp_path_factory.mktemp("config")
    previous = os.environ.get("TABLETOP_CONFIG_DIR")
    os.environ["TABLETOP_CONFIG_DIR"] = str(folder)
    yield folder
    if previous is None:
        os.environ.pop("TABLETOP_CONFIG_DIR", None)
    else:
        os.environ["TABLETOP_CONFIG_DIR"] = previous
