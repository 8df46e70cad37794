"""Board amendments travel in the game's own log: typed as JSON (as with `tabletop do`), replayed from the
exported game file anywhere, and the completed board exported for a later game."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.games.europe_engulfed.board import loader
from assistant.kinds import KindRegistry
from events.store import EventStore

AMEND = (
    '{"type": "ee.amend_board", "reason": "read off our map", "amendments": ['
    '{"op": "set_area", "area": "paris", "terrain": "clear", "weather_zone": "west", "source": "map sheet 1"},'
    '{"op": "set_area", "area": "ile_de_france", "name": "Ile-de-France", "nation": "france", "home": true},'
    '{"op": "add_border", "a": "paris", "b": "ile_de_france", "kind": "river"}]}'
)


@pytest.fixture
def app(tmp_path):
    store = EventStore(tmp_path / "games.sqlite3")
    yield Assistant(store, KindRegistry(), clock=lambda: datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc))
    store.close()


def test_amendments_are_kept_in_the_log_and_replay_from_the_game_file(app, tmp_path):
    gid = app.new_game("europe_engulfed", {})
    app.handle(gid, AMEND)
    board = app.view(gid).read("game").board
    assert board.areas["paris"].terrain == "clear" and board.borders[-1].kind == "river"
    with pytest.raises(Refused) as no:
        app.handle(gid, '{"type": "ee.amend_board", "amendments": [{"op": "add_border", "a": "paris", "b": "atlantis"}]}')
    assert "'atlantis' is not a land area" in no.value.reason
    # The game file alone rebuilds the amended board elsewhere.
    store2 = EventStore(tmp_path / "elsewhere.sqlite3")
    try:
        other = Assistant(store2, KindRegistry())
        copy = other.import_game(app.export(gid))
        assert other.view(copy).read("game").board == board
    finally:
        store2.close()
    # The completed board is exported and starts a later game.
    path = tmp_path / "our_board.toml"
    path.write_text(loader.export(board), encoding="utf-8")
    later = app.new_game("europe_engulfed", {"board": loader.to_dict(loader.load(path))})
    assert app.view(later).read("game").board == board
