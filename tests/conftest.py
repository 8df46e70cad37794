"""Shared fixtures: a real SQLite file per test, the kind registry with the test game, a fixed clock."""

from __future__ import annotations

import os
from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.toygame.game import GAME as TOY

FIXED = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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


# Debian's Chromium driven by Playwright, for the browser tests of the core and of every game.
@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser (browser tests never skip)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the playwright Python package is missing: run scripts/install-browser")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
