"""The Asia Engulfed board entered from the table: a land zone, a sea zone, a link or one missing fact typed as
plain inputs changes the board (and only what changed); wrong input is refused with an error naming it and
changes nothing; board files go out and merge back in; the map draws what is entered and marks what is not."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.gaps import gaps
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.test_web import entered
from tests.web.conftest import Client

AMEND = "ae.amend_board"


@pytest.fixture
def shipped(tmp_path):
    """A new game on the shipped board: only the places the rule book names, most facts unknown."""
    store = EventStore(tmp_path / "board.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), assistant.new_game("asia_engulfed", {})
    store.close()


def board(assistant: Assistant, game_id: str):
    return assistant.view(game_id).game.board


def amend(client: Client, game_id: str, **fields: str):
    return client.do(game_id, AMEND, **fields)


def refused(response, *words: str) -> str:
    page = response.data.decode()
    assert response.status_code == 422, page[:400]
    error = html.unescape(re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S).group(1))
    for word in words:
        assert word in error, error
    return error


def test_a_new_land_zone_with_its_facts_borders_and_coasts_in_one_form(shipped):
    assistant, client, game_id = shipped
    head = assistant.head(game_id)
    response = amend(client, game_id, panel="zone", name="Arakan", kind="large", colour="commonwealth",
                     national="no", country="burma", terrain="jungle", port="none", resource="0", oil="0",
                     air_base="no", vp="no", seas="gulf of thailand", borders="burma, assam", borders_complete="1",
                     neutral="no", regions="burma road", source="our map sheet 3")
    assert response.status_code == 200, response.data.decode()[:400]
    b = board(assistant, game_id)
    z = b.zones["arakan"]
    assert (z.name, z.kind, z.colour, z.national, z.terrain, z.port, z.resource, z.oil, z.vp) == (
        "Arakan", "large", "commonwealth", False, "jungle", "none", 0, 0, False)
    assert z.seas == ("gulf_of_thailand",) and z.borders_complete and z.sources == ("our map sheet 3",)
    assert z.neutral is False and z.regions == ("burma_road",)
    assert {frozenset((x.a, x.b)) for x in b.borders} >= {frozenset(("arakan", "burma")), frozenset(("arakan", "assam"))}
    assert not [g for g in gaps(b) if g.subject == "arakan"]  # every fact the rules need is entered
    assert assistant.head(game_id) == head + 1  # one command, one event
    log = client.get(f"/g/{game_id}").data.decode()
    assert "The board now records Arakan: large zone" in log
    assert "border Arakan – Burma" in log


def test_a_prefilled_zone_sends_only_what_changed_and_refuses_nothing_new(shipped):
    assistant, client, game_id = shipped
    part = client.get(f"/g/{game_id}/part/zone?zone=hong_kong").data.decode()
    assert 'value="Hong Kong"' in part and '<option value="port_box" selected>' in part
    assert '<option value="commonwealth" selected>' in part
    refused(amend(client, game_id, panel="zone", zone="hong_kong", kind="port_box", colour="commonwealth",
                  resource="1"), "Hong Kong: nothing to record")
    head = assistant.head(game_id)
    assert amend(client, game_id, panel="zone", zone="hong_kong", kind="port_box", colour="commonwealth",
                 resource="1", port="small", vp="yes").status_code == 200
    amended = assistant.view(game_id).game.board.zones["hong_kong"]
    assert (amended.port, amended.vp, amended.resource) == ("small", True, 1)
    assert assistant.head(game_id) == head + 1
    page = client.get(f"/g/{game_id}").data.decode()
    assert "The board now records Hong Kong: small port, VP zone." in page  # the unchanged facts are not repeated
    # "unknown" puts a fact back to unknown: a mistake corrected
    assert amend(client, game_id, panel="zone", zone="hong_kong", vp="unknown").status_code == 200
    assert board(assistant, game_id).zones["hong_kong"].vp is None


def test_a_sea_zone_with_its_sea_links_and_coasts(shipped):
    assistant, client, game_id = shipped
    response = amend(client, game_id, panel="sea", name="South China Sea", transports="2", vp="yes",
                     japan_link="no", adjacent="Gulf of Thailand, sulu_sea", coasts="hong_kong, hainan")
    assert response.status_code == 200, response.data.decode()[:400]
    b = board(assistant, game_id)
    sea = b.seas["south_china_sea"]
    assert (sea.transports, sea.vp, sea.japan_link) == (2, True, False)
    assert set(sea.adjacent) == {"gulf_of_thailand", "sulu_sea"}
    assert "south_china_sea" in b.seas["gulf_of_thailand"].adjacent  # a sea link goes both ways
    assert "south_china_sea" in b.zones["hong_kong"].seas and "south_china_sea" in b.zones["hainan"].seas


def test_links_either_way_round_and_removed(shipped):
    assistant, client, game_id = shipped
    for fields in ({"a": "java_sea", "b": "singapore", "kind": "coast"},  # the sea first: still a coast of Singapore
                   {"a": "burma", "b": "french_indochina", "kind": "river"},
                   {"a": "tonga_sea", "b": "us_mandate", "kind": "sea"},
                   {"a": "tonga_sea", "b": "phoenix_islands", "kind": "wrap_route"},
                   {"a": "lae", "b": "java_sea", "kind": "impassable_coast"}):
        response = amend(client, game_id, panel="link", **fields)
        assert response.status_code == 200, (fields, response.data.decode()[:300])
    b = board(assistant, game_id)
    assert "java_sea" in b.zones["singapore"].seas
    assert [(x.a, x.b, x.kind) for x in b.borders if x.kind == "river"] == [("burma", "french_indochina", "river")]
    assert "us_mandate" in b.seas["tonga_sea"].adjacent and "tonga_sea" in b.seas["us_mandate"].adjacent
    assert b.wrap_route == ("tonga_sea", "phoenix_islands")
    assert b.zones["lae"].impassable_coasts == ("java_sea",) and "java_sea" not in (b.zones["lae"].seas or ())
    assert amend(client, game_id, panel="link", a="burma", b="french_indochina", kind="river",
                 remove="1").status_code == 200
    assert not [x for x in board(assistant, game_id).borders if x.kind == "river"]


@pytest.mark.parametrize("fields, words", [
    ({"panel": "zone", "name": "Andaman", "seas": "andaman_sea"}, ("andaman", "sea zone 'andaman_sea' is not on the board")),
    ({"panel": "zone", "zone": "burma", "resource": "31"}, ("Resource WERP", "from 0 to 30", "'31'")),
    ({"panel": "zone", "zone": "burma", "terrain": "swamp"}, ("Terrain (AE 6.7)", "clear, rough, jungle", "'swamp'")),
    ({"panel": "zone", "zone": "burma", "vp": "maybe"}, ("VP zone", "yes, no or unknown")),
    ({"panel": "zone", "zone": "burma", "regions": "burma_road, capital"}, ("Groups the rules name", "not capital")),
    ({"panel": "zone", "zone": "burma", "borders": "atlantis"}, ("'atlantis' is not a land zone on the board",)),
    ({"panel": "zone"}, ("Land zone: choose one, or give the name of a new one",)),
    ({"panel": "zone", "name": "Java Sea"}, ("'java_sea' is a sea zone on this board",)),
    ({"panel": "sea", "sea": "java_sea", "transports": "4"}, ("Transport icons", "1, 2, 3", "'4'")),
    ({"panel": "link", "a": "burma", "b": "assam", "kind": "coast"}, ("no sea zone 'assam'",)),
    ({"panel": "link", "a": "burma", "b": "java_sea", "kind": "normal"}, ("'java_sea' is not a land zone",)),
    ({"panel": "link", "a": "java_sea", "b": "java_sea", "kind": "sea"}, ("two different sea zones",)),
    ({"panel": "link", "a": "burma", "b": "assam", "kind": "tunnel"}, ("Kind of link", "'tunnel'")),
    ({"panel": "link", "a": "burma", "b": "", "kind": "normal"}, ("name both places",)),
    ({"panel": "link", "a": "burma", "b": "assam", "kind": "normal", "remove": "1"}, ("no border burma–assam",)),
    ({"panel": "gap", "subject": "fiji", "fact": "vp", "value": ""}, ("fiji: type the vp as your map shows it",)),
    ({"panel": "gap", "subject": "fiji", "fact": "shoe_size", "value": "3"}, ("no such missing fact",)),
])
def test_wrong_board_input_is_refused_with_what_was_wrong_and_changes_nothing(shipped, fields, words):
    assistant, client, game_id = shipped
    before, head = board(assistant, game_id), assistant.head(game_id)
    refused(amend(client, game_id, **fields), *words)
    assert board(assistant, game_id) == before and assistant.head(game_id) == head


def test_a_refused_fact_comes_back_with_what_was_typed(shipped):
    assistant, client, game_id = shipped
    page = amend(client, game_id, panel="zone", name="Arakan", terrain="jungle", resource="40").data.decode()
    assert "<details class=\"folded ae-board\" open>" in page
    assert 'value="Arakan"' in page and '<option value="jungle" selected>' in page and 'value="40"' in page


def test_each_missing_fact_opens_its_own_form_and_fills_the_gap(shipped):
    assistant, client, game_id = shipped
    page = client.get(f"/g/{game_id}").data.decode()
    link = f"/g/{game_id}/part/gap?subject=fiji&amp;fact=terrain"
    assert link in page
    form = client.get(link.replace("&amp;", "&")).data.decode()
    assert 'name="value"' in form and "<option value=\"jungle\"" in form and "(needed by AE 6.7)" in form
    assert amend(client, game_id, panel="gap", subject="fiji", fact="terrain", value="rough").status_code == 200
    assert board(assistant, game_id).zones["fiji"].terrain == "rough"
    assert link not in client.get(f"/g/{game_id}").data.decode()
    # a zone's borders: the list and "that is every border" in the same form
    assert amend(client, game_id, panel="gap", subject="burma", fact="borders", value="assam, french_indochina",
                 borders_complete="1").status_code == 200
    b = board(assistant, game_id)
    assert b.zones["burma"].borders_complete and len([x for x in b.borders if "burma" in (x.a, x.b)]) == 2
    # a sea zone touching no other: a known "none", not an unknown
    assert amend(client, game_id, panel="gap", subject="tonga_sea", fact="adjacent", value="none").status_code == 200
    assert board(assistant, game_id).seas["tonga_sea"].adjacent == ()


def test_the_board_file_goes_out_and_merges_into_another_game(shipped):
    assistant, client, game_id = shipped
    amend(client, game_id, panel="zone", name="Arakan", terrain="jungle", borders="burma")
    amend(client, game_id, panel="link", a="tonga_sea", b="us_mandate", kind="sea")
    exported = client.get(f"/g/{game_id}/file/board")
    assert exported.status_code == 200 and b"[zones.arakan]" in exported.data
    other = assistant.new_game("asia_engulfed", {})
    page = client.get(f"/g/{other}").data.decode()
    assert 'name="board_file"' in page and f"/g/{other}/file/board" in page
    response = client.post(f"/g/{other}/do", {"type": AMEND, "panel": "file", "source": "club board",
                                              "board_file": (io.BytesIO(exported.data), "board.toml")},
                           htmx=True, content_type="multipart/form-data")
    assert response.status_code == 200, response.data.decode()[:300]
    b = board(assistant, other)
    assert b.zones["arakan"].terrain == "jungle" and "club board" in b.zones["arakan"].sources
    assert "us_mandate" in b.seas["tonga_sea"].adjacent
    again = client.post(f"/g/{other}/do", {"type": AMEND, "panel": "file",
                                           "board_file": (io.BytesIO(exported.data), "board.toml")},
                        htmx=True, content_type="multipart/form-data")
    refused(again, "Board file: it holds nothing this board does not already know")
    broken = client.post(f"/g/{other}/do", {"type": AMEND, "panel": "file",
                                            "board_file": (io.BytesIO(b"title = 'x'\n[zones.a]\nresource = 3\n"),
                                                           "board.toml")}, htmx=True, content_type="multipart/form-data")
    refused(broken, "Board file:")


def test_the_map_draws_the_entered_board_and_marks_what_is_unknown(shipped):
    assistant, client, game_id = shipped
    page = client.get(f"/g/{game_id}").data.decode()
    assert 'aria-label="Schematic map of Asia Engulfed' in page
    # the shipped board links only the two sea zones of the Leyte passage (AE 8.22b)
    assert "Not joined to anything yet (30 places)" in page
    fiji = re.search(r'<a [^>]*data-space="fiji".*?</a>', page, re.S).group(0)
    assert "place unknown" in fiji and "unknown: air base, borders, colour, kind" in fiji
    supply = len([g for g in gaps(board(assistant, game_id)) if g.fact in
                  ("colour", "national", "seas", "borders", "port", "kind", "adjacent", "transports", "japan_link")])
    assert f"{supply} facts for supply" in page
    amend(client, game_id, panel="link", a="burma", b="assam", kind="normal")
    amend(client, game_id, panel="zone", zone="burma", vp="yes", resource="2")
    page = client.get(f"/g/{game_id}").data.decode()
    assert "Not joined to anything yet (28 places)" in page
    assert re.search(r'<line class="normal" x1="\d+"', page)
    burma = re.search(r'<a [^>]*data-space="burma".*?</a>', page, re.S).group(0)
    assert 'class="vp">★</text>' in burma and '<g class="resource">' in burma and ">2</text>" in burma
    card = client.get(f"/g/{game_id}/space/burma").data.decode()
    assert "resource: 2 WERP" in card and "borders: assam" in card
    assert "its full list of land borders" in card and "(supply)" in card  # unknown, and what it holds up
    assert f"/g/{game_id}/part/gap?subject=burma&amp;fact=borders" in card  # one tap from its form
    past = client.get(f"/g/{game_id}/space/burma?at=1").data.decode()
    assert "its full list of land borders" in past and "/part/gap" not in past  # the past is read-only


def test_blocks_on_the_map_are_seen_as_each_viewer_may(tmp_path):
    store = EventStore(tmp_path / "seen.sqlite3")
    assistant = Assistant(store, KindRegistry())
    client = Client(create_app(assistant, testing=True))
    game_id = entered(assistant)
    shared = client.get(f"/g/{game_id}/space/honshu").data.decode()
    assert "jp-inf-1: japan infantry 4/4" in shared
    client.get(f"/g/{game_id}?seen=allies")
    hidden = client.get(f"/g/{game_id}/space/honshu").data.decode()
    assert "jp-inf-1" not in hidden and "japan block — standing on edge, not shown to the Allies" in hidden
    assert "jp-cv-a: japan cv" in hidden  # fleets are public (AE 4.6)
    page = client.get(f"/g/{game_id}").data.decode()
    honshu = re.search(r'<a [^>]*data-space="honshu".*?</a>', page, re.S).group(0)
    assert "1 standing on edge" in honshu and "infantry" not in honshu
    # influence per sea zone: Japanese fleets and LBA project into the East China Sea (AE 8.13)
    east_china = re.search(r'<a [^>]*data-space="east_china_sea".*?</a>', page, re.S).group(0)
    assert "Japanese dominant" in east_china and "influence-japan" in east_china
    store.close()


def test_the_board_panel_is_one_folded_item_once_the_game_is_under_way(tmp_path):
    store = EventStore(tmp_path / "fold.sqlite3")
    assistant = Assistant(store, KindRegistry())
    client = Client(create_app(assistant, testing=True))
    game_id = entered(assistant)
    assistant.handle(game_id, json.dumps({"type": "ae.advance"}))
    page = client.get(f"/g/{game_id}").data.decode()
    assert page.count('<details class="folded ae-board"') == 1 and '<details class="folded ae-board" open' not in page
    assert 'name="amendments"' not in page  # no raw JSON box for the board
    store.close()


def _anchor(page: str, place: str) -> str:
    return re.search(rf'<a [^>]*data-space="{place}".*?</a>', page, re.S).group(0)


@pytest.mark.parametrize("network", [("east_china_sea", "south_china_sea"), ()])
def test_the_map_shows_the_supply_network_and_who_is_out_of_supply(tmp_path, network):
    store = EventStore(tmp_path / "network.sqlite3")
    assistant = Assistant(store, KindRegistry())
    client = Client(create_app(assistant, testing=True))
    game_id = entered(assistant)
    for command in ({"type": "ae.advance"}, {"type": "ae.advance"}, {"type": "ae.set_network", "seas": list(network)},
                    {"type": "ae.determine_supply"}):
        assistant.handle(game_id, json.dumps(command))
    page = client.get(f"/g/{game_id}").data.decode()
    east_china, indochina = _anchor(page, "east_china_sea"), _anchor(page, "french_indochina")
    if network:  # AE 3.51: the markers are on the map; French Indochina traces through them
        assert 'class="network"' in east_china and "Supply Network (" in east_china
        assert 'class="oos"' not in indochina
    else:  # without the network French Indochina is a partial source only (AE 3.35)
        assert 'class="network"' not in east_china
        assert 'class="oos"' in indochina and "1 out of (or in partial) supply" in indochina
        client.get(f"/g/{game_id}?seen=allies")  # the Allies see a Japanese block on edge, not its supply
        assert 'class="oos"' not in _anchor(client.get(f"/g/{game_id}").data.decode(), "french_indochina")
    store.close()


def test_a_plain_inland_zone_needs_few_inputs(shipped):
    """Name, kind, colour, national, terrain, "nothing else printed", no coast, its borders and "that is all":
    nine inputs and one submit leave no fact of the zone unknown."""
    assistant, client, game_id = shipped
    assert amend(client, game_id, panel="zone", name="Shan States", kind="large", colour="commonwealth",
                 national="no", terrain="rough", plain="1", seas="none", borders="burma",
                 borders_complete="1").status_code == 200
    z = board(assistant, game_id).zones["shan_states"]
    assert (z.port, z.resource, z.oil, z.air_base, z.vp, z.seas) == ("none", 0, 0, False, False, ())
    assert not [g for g in gaps(board(assistant, game_id)) if g.subject == "shan_states"]
    # "nothing else printed" never overrides what is typed or already known, nor decides a port box's port
    assert amend(client, game_id, panel="zone", zone="hong_kong", vp="yes", plain="1").status_code == 200
    hk = board(assistant, game_id).zones["hong_kong"]
    assert (hk.vp, hk.resource, hk.port, hk.oil, hk.air_base) == (True, 1, None, 0, False)


def test_the_players_mark_the_board_complete_once_nothing_is_unknown(tmp_path):
    from assistant.games.asia_engulfed.board.format import Board, Border
    from assistant.games.asia_engulfed.board.loader import to_dict
    from tests.games.asia_engulfed.table import BORDERS, SEAS, ZONES

    store = EventStore(tmp_path / "complete.sqlite3")
    assistant = Assistant(store, KindRegistry())
    client = Client(create_app(assistant, testing=True))
    small = Board(title="an invented board", zones=ZONES, seas=SEAS,
                  borders=tuple(Border(a=a, b=b, kind=k) for a, b, k in BORDERS))
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(small)})
    assert [(g.subject, g.fact) for g in gaps(board(assistant, game_id))] == [
        ("french_indochina", "colour"), ("manchukuo", "colour")]
    refused(amend(client, game_id, panel="complete"), "marked complete but 2 fact(s) are unknown")
    assert "The board is complete</button>" not in client.get(f"/g/{game_id}").data.decode()
    for zone in ("french_indochina", "manchukuo"):
        assert amend(client, game_id, panel="gap", subject=zone, fact="colour", value="japan").status_code == 200
    page = client.get(f"/g/{game_id}").data.decode()
    assert "Every fact the rules need is on the board." in page and "The board is complete</button>" in page
    assert amend(client, game_id, panel="complete").status_code == 200
    assert board(assistant, game_id).complete
    assert "(marked complete)" in client.get(f"/g/{game_id}").data.decode()
    past = client.get(f"/g/{game_id}?at=1")  # time travel: the map of the board as it was, read-only
    assert past.status_code == 200 and "2 facts for supply, 2 for income" in past.data.decode()
    assert 'name="panel"' not in past.data.decode()  # no board panel in the past
    store.close()
