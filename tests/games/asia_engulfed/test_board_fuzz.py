"""Bad input on the Asia Engulfed board panel (Hypothesis): markup, control characters, huge or negative numbers,
unknown places, wrong panels. None may answer HTTP 500 or show a traceback, and a refused post changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import Client

WORDS = st.sampled_from(["", " ", "0", "-1", "31", "99999999999999999999", "yes", "unknown", "none", "burma",
                         "java_sea", "Bay of Bengal", "a\nb", "\x00", "<script>alert(1)</script>", "x" * 5000,
                         ", ".join(["burma"] * 60), "\u202e", "port_box", "coast", "wrap_route", "sea"])
FIELDS = ("zone", "sea", "name", "kind", "colour", "national", "country", "terrain", "port", "resource", "oil",
          "air_base", "vp", "seas", "neutral", "regions", "borders", "borders_complete", "plain", "transports",
          "japan_link", "adjacent", "coasts", "a", "b", "remove", "subject", "fact", "value", "source", "reason")


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    store = EventStore(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), assistant.new_game("asia_engulfed", {})
    store.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(panel=st.sampled_from(("zone", "sea", "link", "gap", "complete", "file", "nonsense")),
       fields=st.dictionaries(st.sampled_from(FIELDS), st.one_of(WORDS, st.text(max_size=30)), max_size=8))
def test_bad_board_input_never_breaks_the_table(table, panel, fields):
    assistant, client, game_id = table
    before, head = assistant.view(game_id).game.board, assistant.head(game_id)
    response = client.do(game_id, "ae.amend_board", panel=panel, **fields)
    page = response.data.decode()
    assert response.status_code in (200, 422), page[:300]
    assert "Traceback" not in page
    if response.status_code == 422:
        assert assistant.view(game_id).game.board == before and assistant.head(game_id) == head
