"""The Asia Engulfed set-up entered at the table, without JSON: pieces by nation, kind, steps and place (the ids
given by the assistant), the zones each side controls, the tracks, the Network, Special Actions, the Force Pool,
markers; each wrong entry refused naming its field and changing nothing; "Next phase" sets the entered scenario up;
the scenario file goes out and loads into another game."""

from __future__ import annotations

import io

import pytest

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.table import board
from tests.games.asia_engulfed.test_board_web import refused
from tests.web.conftest import Client


@pytest.fixture
def empty(tmp_path):
    """A new game on the test board with no scenario: the set-up is entered at the table."""
    store = EventStore(tmp_path / "setup.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    yield assistant, Client(create_app(assistant, testing=True)), game_id
    store.close()


def entered(assistant: Assistant, game_id: str):
    return assistant.view(game_id).game.scenario


def ok(response) -> None:
    assert response.status_code == 200, response.data.decode()[:600]


def test_pieces_control_and_tracks_entered_in_few_inputs_then_set_up(empty):
    assistant, client, game_id = empty
    page = client.get(f"/g/{game_id}").data.decode()
    assert "<textarea" not in page and 'name="scenario_file"' in page and "Nothing entered yet" in page
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="infantry", steps="4", place="honshu",
                 count="2"))
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="infantry", steps="3", place="manchukuo",
                 full_strength="4"))
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="cv", steps="4", place="honshu"))
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="cba", steps="2", place="jp-cv-1",
                 elite="on"))
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="commonwealth", kind="infantry", steps="3",
                 place="singapore", nationality="indian"))
    sc = entered(assistant, game_id)
    assert [(p.id, p.nation, p.kind, p.steps, p.top, p.at) for p in sc.pieces] == [
        ("jp-infantry-1", "japan", "infantry", 4, 4, "honshu"), ("jp-infantry-2", "japan", "infantry", 4, 4, "honshu"),
        ("jp-infantry-3", "japan", "infantry", 3, 4, "manchukuo"), ("jp-cv-1", "japan", "cv", 4, 4, "honshu"),
        ("jp-ecba-1", "japan", "cba", 2, 2, "jp-cv-1"), ("cw-infantry-1", "commonwealth", "infantry", 3, 3, "singapore")]
    assert sc.pieces[4].elite and sc.pieces[5].nationality == "indian"
    # the zones a side controls: one checkbox each, sent together
    response = client.post(f"/g/{game_id}/do", {"type": "ae.set_start_control", "side": "japan", "command_id": "c1",
                                                "zones": ["honshu", "kyushu", "manchukuo"]}, htmx=True)
    ok(response)
    ok(client.do(game_id, "ae.set_start_control", side="allies", zones="singapore"))
    ok(client.do(game_id, "ae.set_start_tracks", oil="20", transport_capacity="10", us_submarine_points="17",
                 hdf_kyushu="3"))
    ok(client.do(game_id, "ae.set_start_sea_marker", sea="east_china_sea", value="2"))
    ok(client.do(game_id, "ae.set_start_holdings", nation="japan", what="special_actions", count="1"))
    ok(client.do(game_id, "ae.set_start_holdings", nation="usa", what="marine", count="3"))
    ok(client.do(game_id, "ae.add_set_up_markers", nation="japan", track="naval", builds="cv, ca"))
    ok(client.do(game_id, "ae.set_start_zone_marker", zone="kyushu", marker="fortification", value="1"))
    sc = entered(assistant, game_id)
    assert sc.control == {"honshu": "japan", "kyushu": "japan", "manchukuo": "japan", "singapore": "allies"}
    assert (sc.tracks.oil, sc.tracks.transport_capacity, sc.tracks.us_submarine_points, sc.tracks.asw) == (20, 10, 17, 0)
    assert sc.tracks.hdf == {"kyushu": 3}
    assert sc.network == {"east_china_sea": 2} and sc.special_actions == {"japan": 1}
    assert sc.force_pool == {"usa": {"marine": 3}} and sc.fortifications == ("kyushu",)
    assert [(m.id, m.faces) for m in sc.markers] == [("jp-naval-1", ("cv", "ca"))]
    page = client.get(f"/g/{game_id}").data.decode()
    assert "6 piece(s)" in page and "Japan 3, the Allies 1" in page and "jp-infantry-3 3/4" in page
    assert "Set-up entered: 2 Japan infantry (4 of 4 steps) at Honshu: jp-infantry-1, jp-infantry-2." in page
    s = assistant.view(game_id).game
    assert s.phase == "setup" and not s.pieces  # entered, not yet set up
    ok(client.do(game_id, "ae.advance"))
    s = assistant.view(game_id).game
    assert s.phase == "bidding" and s.set_up and len(s.pieces) == 6 and s.control["manchukuo"] == "japan"
    assert s.balance("japan", "oil") == 20 and s.balance("usa", "submarine_points") == 17
    assert (s.tracks["hdf_honshu"], s.tracks["hdf_kyushu"]) == (12, 3)  # the card's Kyushu, Honshu as AE 9.16
    refused(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="infantry", steps="4", place="honshu"),
            "the set-up is entered before the bidding", "AE 15.0")


@pytest.mark.parametrize("fields, words", [
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "infantry", "steps": "4", "place": "atlantis"},
     ("jp-infantry-1", "'atlantis' is not a land zone")),
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "infantry", "steps": "5", "place": "honshu"},
     ("steps",)),
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "infantry", "steps": "4", "place": "honshu",
      "full_strength": "3"}, ("steps: 4", "3 at full strength")),
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "infantry", "steps": "4", "place": "honshu",
      "nationality": "indian"}, ("nationality",)),
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "lba", "steps": "3", "place": "honshu"},
     ("two steps",)),
    ({"type": "ae.place_set_up_pieces", "nation": "japan", "kind": "cba", "steps": "2", "place": "honshu"},
     ("CBA",)),
    ({"type": "ae.remove_set_up_pieces", "pieces": "jp-bb-9"}, ("pieces", "jp-bb-9")),
    ({"type": "ae.set_start_control", "side": "japan", "zones": "honshu, atlantis"}, ("zones", "atlantis")),
    ({"type": "ae.set_start_control", "side": "axis", "zones": "honshu"}, ("side",)),
    ({"type": "ae.set_start_tracks", "oil": "99"}, ("oil 99 is outside",)),
    ({"type": "ae.set_start_tracks", "start_turn": "1950-01"}, ("start turn",)),
    ({"type": "ae.set_start_tracks"}, ("nothing to record",)),
    ({"type": "ae.set_start_sea_marker", "sea": "honshu", "value": "2"}, ("sea", "honshu")),
    ({"type": "ae.set_start_holdings", "nation": "japan", "what": "special_actions", "count": "9"},
     ("Special Actions of japan",)),
    ({"type": "ae.set_start_zone_marker", "zone": "kyushu", "marker": "fortification", "value": "2"}, ("value",)),
    ({"type": "ae.add_set_up_markers", "nation": "japan", "track": "naval", "builds": "cv, zeppelin"}, ("builds",)),
    ({"type": "ae.advance"}, ("enter the scenario set-up first", "AE 15.0")),
])
def test_a_wrong_entry_is_refused_naming_its_field_and_changes_nothing(empty, fields, words):
    assistant, client, game_id = empty
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="bb", steps="4", place="kyushu"))
    if fields["type"] == "ae.advance":  # nothing entered at all in another game
        game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    head = assistant.head(game_id)
    response = client.do(game_id, **{"type_": fields["type"]}, **{k: v for k, v in fields.items() if k != "type"})
    refused(response, *words)
    assert assistant.head(game_id) == head


def test_the_scenario_file_goes_out_and_sets_another_game_up(empty):
    assistant, client, game_id = empty
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="usa", kind="marine", steps="2", place="hawaii",
                 full_strength="3"))
    ok(client.do(game_id, "ae.set_start_tracks", name="Club opening", oil="12"))
    exported = client.get(f"/g/{game_id}/file/scenario")
    assert exported.status_code == 200 and b'name = "Club opening"' in exported.data
    assert exported.data.startswith(b"# Asia Engulfed scenario set-up")
    other = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    head = assistant.head(other)
    for content, words in ((b"name = 3\n", ("Scenario file", "scenario format")),
                           (b"[[pieces]]\nid='x'\nnation='japan'\nkind='infantry'\nsteps=2\nat='atlantis'\n",
                            ("'atlantis' is not a land zone",)),
                           (b"\xff\xfe", ("Scenario file", "not a text file"))):
        response = client.post(f"/g/{other}/do", {"type": "ae.set_up_scenario",
                                                  "scenario_file": (io.BytesIO(content), "s.toml")},
                               htmx=True, content_type="multipart/form-data")
        refused(response, *words)
        assert assistant.head(other) == head
    response = client.post(f"/g/{other}/do", {"type": "ae.set_up_scenario",
                                              "scenario_file": (io.BytesIO(exported.data), "scenario.toml")},
                           htmx=True, content_type="multipart/form-data")
    ok(response)
    s = assistant.view(other).game
    assert s.phase == "bidding" and s.scenario.name == "Club opening" and s.balance("japan", "oil") == 12
    assert [(p.id, p.steps, p.top, p.at) for p in s.pieces.values()] == [("us-marine-1", 2, 3, "hawaii")]


def test_the_map_shows_the_set_up_entered_before_it_is_set_up_and_pieces_come_off(empty):
    assistant, client, game_id = empty
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="cv", steps="4", place="honshu"))
    ok(client.do(game_id, "ae.place_set_up_pieces", nation="japan", kind="cba", steps="2", place="jp-cv-1"))
    card = client.get(f"/g/{game_id}/space/honshu", htmx=True).data.decode()
    assert "jp-cv-1" in card
    refused(client.do(game_id, "ae.remove_set_up_pieces", pieces="jp-cv-1"), "jp-cba-1 stand on a fleet removed")
    ok(client.do(game_id, "ae.remove_set_up_pieces", pieces="jp-cv-1, jp-cba-1"))
    assert entered(assistant, game_id).pieces == ()
