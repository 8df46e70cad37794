"""Bad input on the Asia Engulfed set-up entry (Hypothesis): markup, control characters, huge or negative numbers,
unknown places and nations. None may answer HTTP 500 or show a traceback, and a refused post changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.table import board
from tests.web.conftest import Client

TAGS = ("ae.place_set_up_pieces", "ae.remove_set_up_pieces", "ae.set_start_control", "ae.set_start_tracks",
        "ae.set_start_holdings", "ae.set_start_sea_marker", "ae.set_start_zone_marker", "ae.add_set_up_markers")
WORDS = st.sampled_from(["", " ", "0", "1", "4", "-1", "99999999999999999999", "on", "japan", "usa", "allies",
                         "infantry", "cv", "cba", "honshu", "east_china_sea", "holding", "jp-cv-1", "1941-11",
                         "1950-13", "a\nb", "\x00", "<script>alert(1)</script>", "x" * 5000,
                         ", ".join(["honshu"] * 400), "port_damage", "fortification", "special_actions", "cv, ca"])
FIELDS = ("nation", "kind", "steps", "place", "full_strength", "count", "elite", "nationality", "force", "pieces",
          "side", "zones", "name", "start_turn", "surprise", "oil", "asw", "kamikaze", "hdf_honshu", "what", "sea",
          "value", "zone", "marker", "track", "builds", "available_from")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    store = EventStore(tmp_path_factory.mktemp("fuzz") / "setup-fuzz.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), assistant.new_game(
        "asia_engulfed", {"board": to_dict(board())})
    store.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tag=st.sampled_from(TAGS),
       fields=st.dictionaries(st.sampled_from(FIELDS), st.one_of(WORDS, st.text(max_size=30)), max_size=8))
def test_bad_set_up_input_never_breaks_the_table(table, tag, fields):
    assistant, client, game_id = table
    before, head = assistant.view(game_id).game.scenario, assistant.head(game_id)
    response = client.do(game_id, tag, **fields)
    page = response.data.decode()
    assert response.status_code in (200, 422), page[:300]
    assert "Traceback" not in page
    if response.status_code == 422:
        assert assistant.view(game_id).game.scenario == before and assistant.head(game_id) == head
