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
