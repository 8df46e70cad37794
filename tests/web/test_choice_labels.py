"""A choice list reads as the table speaks: the powers and sides by their names ("Great Britain", not "britain"),
each option still sending the value the command takes."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore


def options(page: str) -> set[tuple[str, str]]:
    return set(re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', page))


@pytest.mark.parametrize("kind, value, name", [
    ("europe_engulfed", "britain", "Great Britain"),
    ("europe_engulfed", "ussr", "Soviet Union"),
    ("asia_engulfed", "dei", "The Dutch East Indies"),
    ("asia_engulfed", "commonwealth", "The Commonwealth"),
])
def test_the_powers_in_choice_lists_read_by_their_names(tmp_path, kind, value, name):
    store = EventStore(tmp_path / "games.sqlite3")
    try:
        app = Assistant(store, KindRegistry())
        gid = app.new_game(kind, {})
        page = create_app(app, testing=True).test_client().get(f"/g/{gid}").data.decode()
        listed = options(page)
        assert (value, name) in listed
        assert (value, value) not in listed  # nowhere by its id alone
    finally:
        store.close()
