"""The real games' panels through Flask's test client: Axis & Allies forms per step, ledger, map; Europe Engulfed
board amendment panel and ledgers; generated forms for every command of both."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from assistant.web.forms import form_for
from events.store import EventStore
from tests.web.conftest import Client, real  # noqa: F401  (the real games' client fixture, used elsewhere too)


def html(response) -> str:
    return response.data.decode()


@pytest.mark.parametrize("kind", ["aa_classic", "europe_engulfed"])
def test_every_command_of_the_real_games_has_a_form(real, kind):
    assistant, _client = real
    for cls in assistant.registry.get(kind).kind.declared_commands():
        spec = form_for(cls)
        assert spec.tag.startswith(("aa.", "ee.")) and spec.title
        assert all(f.widget for f in spec.fields)


def test_new_game_options_for_axis_and_allies(real):
    assistant, client = real
    page = html(client.get("/new?kind=aa_classic"))
    for option in ("players", "names", "total_victory", "restricted_attack"):
        assert f'name="{option}"' in page
    assert "Who plays which power" in page and "1. USSR, UK, USA<br>2. Germany, Japan" in page
    made = client.post("/new", {"kind": "aa_classic", "players": "2", "names": "Ana, Ben", "total_victory": "on"})
    game_id = made.headers["Location"].rsplit("/", 1)[1]
    definition = assistant.definition(game_id)
    assert [p["name"] for p in definition["players"]] == ["Ana", "Ben"]
    assert definition["options"]["total_victory"] is True


def test_axis_and_allies_table_step_by_step(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    page = html(client.get(f"/g/{game_id}"))
    assert "Start round 1" in page and 'class="board"' in page and "<svg" in page
    assert page.count('data-space="') == 128  # every territory and sea zone is on the map
    client.do(game_id, "aa.start")
    page = html(client.get(f"/g/{game_id}"))
    assert 'data-treasury="24"' in page and 'name="units.infantry"' in page and 'data-cost="3"' in page
    assert "Purchase done" in page
    bought = client.do(game_id, "aa.purchase", **{"units.infantry": "3", "units.armour": "1", "units.fighter": "0"})
    assert bought.status_code == 200
    assert assistant.view(game_id).game.treasury["ussr"] == 10
    ledger = html(bought)
    assert re.search(r'<td class="num">10</td><td class="num">24</td>', ledger)
    assert "-14" in ledger and "The USSR buys 1 armour, 3 infantry for 14 IPC." in ledger
    too_much = client.do(game_id, "aa.purchase", **{"units.battleship": "1"})
    assert too_much.status_code == 422 and "A&amp;A" in html(too_much)  # the rule reference
    client.do(game_id, "aa.end_step")
    page = html(client.get(f"/g/{game_id}"))
    # "From" counts the units that may move now: Karelia's AA gun stays out of the combat move (A&A §3.3).
    assert 'id="move-from"' in page and '<option value="Karelia S.S.R.">Karelia S.S.R. (5)</option>' in page
    moved = client.do(game_id, "aa.move", path="Karelia S.S.R.", units="infantry=2, armour=1")
    assert moved.status_code == 422  # no destination: the game refuses a one-space path in plain words
    grid = html(client.get(f"/g/{game_id}/part/move-units?path=Karelia%20S.S.R.", htmx=True))
    assert 'name="units.infantry"' in grid and 'max="3"' in grid and 'name="units.fighter"' in grid
    assert 'name="units.aa_gun"' not in grid
    assert client.get(f"/g/{game_id}/part/nothing").status_code == 404
    response = client.post(f"/g/{game_id}/do", {"type": "aa.move", "path": ["Karelia S.S.R.", "", "Finland-Norway"],
                                                "units.infantry": "2", "units.armour": "1", "units.fighter": "",
                                                "command_id": "m1"}, htmx=True)
    assert response.status_code == 200
    client.do(game_id, "aa.end_step")
    page = html(client.get(f"/g/{game_id}"))
    assert "Land battle at Finland-Norway" in page and "3 dice" in page
    assert '<circle class="battle"' in page
    client.do(game_id, "aa.fire", battle="Finland-Norway", faces="1 1 3")
    page = html(client.get(f"/g/{game_id}"))
    assert "chooses <strong>3 casualties</strong>" in page
    assert 'name="units.infantry"' in page and "Remove these casualties" in page
    space = html(client.get(f"/g/{game_id}/space/Finland-Norway"))
    assert "Finland-Norway" in space and "Germany" in space and "USSR" in space
    assert client.get(f"/g/{game_id}/space/Atlantis").status_code == 404


def test_axis_and_allies_map_and_ledger_in_time_travel(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    assistant.handle(game_id, '{"type": "aa.start"}')
    assistant.handle(game_id, '{"type": "aa.purchase", "units": {"infantry": 2}}')
    past = html(client.get(f"/g/{game_id}?at=3", htmx=True))
    assert "No IPC spent or earned yet." in past
    # a space's link names no event (a step in time then resends only the spaces that changed): a tap on the map
    # sends the event the page shows
    assert f'hx-get="/g/{game_id}/space/Karelia%20S.S.R."' in past
    assert 'id="map" data-part hx-include="#tt-at"' in past and 'id="tt-at" name="at" value="3"' in past
    assert 'id="tt-at"' not in html(client.get(f"/g/{game_id}", htmx=True))  # the present: no event named
    now = html(client.get(f"/g/{game_id}", htmx=True))
    assert "The USSR buys 2 infantry for 6 IPC." in now


def test_europe_engulfed_board_amendment_panel(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {})
    board = assistant.view(game_id).game.board
    before = len(board.borders)
    page = html(client.get(f"/g/{game_id}"))
    assert "Complete the board: a border" in page and "Complete the board: an area" in page
    assert "WERP ledgers" in page and "<h2>Supply</h2>" in page and "No supply determined yet." in page
    a, b = sorted(area for area in board.areas if not any(area in (x.a, x.b) for x in board.borders))[:2]
    added = client.do(game_id, "ee.amend_board", panel="border", a=a, b=b, kind="river", source="map sheet 1")
    assert added.status_code == 200, html(added)[:500]
    after = assistant.view(game_id).game.board
    assert len(after.borders) == before + 1
    assert any({x.a, x.b} == {a, b} and x.kind == "river" for x in after.borders)
    wrong = client.do(game_id, "ee.amend_board", panel="border", a=a, b="atlantis")
    assert wrong.status_code == 422
    assert "atlantis" in html(wrong) and 'value="atlantis"' in html(wrong)  # shown again, with the typed value
    area = client.do(game_id, "ee.amend_board", panel="area", area="smolensk", name="Smolensk", nation="ussr",
                     terrain="clear", resource_value="")
    assert area.status_code == 200, html(area)[:500]
    assert assistant.view(game_id).game.board.areas["smolensk"].terrain == "clear"


def test_axis_and_allies_placement_and_income(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    client.do(game_id, "aa.start")
    client.do(game_id, "aa.purchase", **{"units.infantry": "2", "units.armour": "1"})
    for label in ("Purchase done", "Combat moves done", "Combat done", "Non-combat moves done"):
        page = html(client.get(f"/g/{game_id}"))
        assert label in page, label
        assert client.do(game_id, "aa.end_step").status_code == 200
    page = html(client.get(f"/g/{game_id}"))
    assert "Place new units" in page and 'max="2"' in page and 'name="units.armour"' in page
    # Only the power's complexes are offered, each with its room; the counts start at everything waiting.
    assert re.findall(r'<button type="submit" name="space" value="([^"]*)"', page) == ["Karelia S.S.R.", "Russia"]
    assert 'value="2" placeholder="0"' in page
    placed = client.do(game_id, "aa.place", space="Russia", **{"units.infantry": "2", "units.armour": "1"})
    assert placed.status_code == 200, html(placed)[:400]
    assert "Place new units" not in html(placed)  # nothing left to place: the form goes
    client.do(game_id, "aa.end_step")
    page = html(client.get(f"/g/{game_id}"))
    assert "Collect income and end the turn" in page
    client.do(game_id, "aa.end_step")
    state = assistant.view(game_id).game
    assert state.power == "germany" and state.treasury["ussr"] == 24 - 11 + 24
    page = html(client.get(f"/g/{game_id}"))
    assert '<span class="side">Germany</span>' in page
    assert re.search(r"\+24</span> USSR — ", page)  # the income, with its cause, in the treasury changes


def test_axis_and_allies_edit_panel_books_each_kind_of_edit(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    client.do(game_id, "aa.start")
    page = html(client.get(f"/g/{game_id}"))
    assert "Edit the record" in page and 'name="what"' in page
    karelia = sum(1 for u in assistant.view(game_id).game.units.values() if u.space == "Karelia S.S.R.")
    added = client.do(game_id, "aa.edit", what="add", power="ussr", space="Karelia S.S.R.", kind="infantry",
                      count="2", reason="forgot the set-up")
    assert added.status_code == 200, html(added)[:300]
    s = assistant.view(game_id).game
    assert sum(1 for u in s.units.values() if u.space == "Karelia S.S.R.") == karelia + 2
    client.do(game_id, "aa.edit", what="treasury", power="germany", amount="-5", reason="miscounted")
    client.do(game_id, "aa.edit", what="control", power="germany", territory="Karelia S.S.R.", reason="test")
    s = assistant.view(game_id).game
    assert s.treasury["germany"] == 27 and s.controller("Karelia S.S.R.") == "germany"
    refused = client.do(game_id, "aa.edit", what="treasury", power="uk", amount="3", reason="")
    assert refused.status_code == 422 and "Edit the record" in html(refused)
    assert 'value="3"' in html(refused)


def test_europe_engulfed_supply_panel_lists_out_of_supply_units_first(real):
    from assistant.replay import View
    from assistant.games.europe_engulfed.web.table import PRESENTER, SUPPLY
    from assistant.web.presenter import Table
    from assistant.games.europe_engulfed.events.supply import UnitSupply
    from assistant.games.europe_engulfed.read_models.supply import SupplyView

    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {})
    view = assistant.view(game_id)
    supply = SupplyView(
        units={
            "ger-1": UnitSupply(unit_id="ger-1", area="berlin", status="supplied", via="land", reason="home area",
                                rule="EE 3.1"),
            "ger-2": UnitSupply(unit_id="ger-2", area="tobruk", status="out_of_supply", via="none",
                                reason="no path to a supply source", rule="EE 3.2"),
        },
        phase={"Axis": "initial"}, determined_at={"Axis": 7},
    )
    states = [supply if name == SUPPLY else view.read(name) for name in view.names]
    table = Table(assistant, game_id, assistant.kind_of(game_id), View(game_id, view.seq, states,
                                                                       dict(zip(view.names, range(len(states))))),
                  view.seq)
    with client.http.application.test_request_context("/"):
        panel = str(PRESENTER.ledgers(table))
    assert "Axis: initial supply determined at event 7" in panel
    assert panel.index("ger-2") < panel.index("ger-1")
    assert '<tr class="oos"><td>ger-2</td>' in panel and "no path to a supply source" in panel


def test_europe_engulfed_new_commands_have_usable_forms(real):
    """Only the moment's actions are offered; each is a usable form (the move's path in order, seas chosen from
    the board's), and nothing that only an event would call for (naval combat, beachheads) is on the table."""
    from assistant.games.europe_engulfed.board.loader import to_dict
    from assistant.web.forms import parse
    from tests.games.europe_engulfed.scenarios import game_options, mid_war
    from tests.games.europe_engulfed.table import BOARD, advance

    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    sea = sorted(BOARD.seas)[0]
    while assistant.view(game_id).game.phase != "operational_move":
        advance(assistant, game_id)
    page = html(client.get(f"/g/{game_id}"))
    move = re.search(r'value="ee.move".*?</form>', page, re.S).group(0)
    assert "Through" in move and 'id="ee-move-spaces"' in move
    assert f'<option value="{sea}">' in move and '<option value="cape">' in move  # sea areas and the Cape route
    for tag in ("ee.naval_combat", "ee.french_fleet_escape", "ee.remove_beachhead", "ee.transfer_fleet", "ee.buy"):
        assert f'value="{tag}"' not in page
    while assistant.view(game_id).game.phase != "final_supply":
        advance(assistant, game_id)
    transfer = re.search(r'value="ee.transfer_fleet".*?</form>', html(client.get(f"/g/{game_id}")), re.S).group(0)
    assert re.search(rf'<select id="[^"]*from_sea" name="from_sea"[^>]*>.*<option value="{sea}"', transfer, re.S)
    # "Through" and "To" are one path, in order.
    spec = form_for(assistant.registry.get("europe_engulfed").catalogue.command_type("ee.move"))
    sent = {"unit_id": "ge-1", "path": "london, atlantic"}
    assert parse(spec, sent, {"path": ["london, atlantic", "gibraltar"]})["path"] == ["london", "atlantic", "gibraltar"]


def test_spectators_on_the_lan_open_space_details_through_their_own_link(tmp_path):
    """A spectator's map links stay under the read-only link, so they work without the join code."""
    store = EventStore(tmp_path / "lan.sqlite3")
    assistant = Assistant(store, KindRegistry())
    app = create_app(assistant, lan=True, join_code="123456", testing=True)
    host = Client(app)
    game_id = assistant.new_game("aa_classic", {})
    assistant.handle(game_id, '{"type": "aa.start"}')
    link = re.search(r'value="http://localhost(/watch/[^"]+)"', html(host.get(f"/g/{game_id}"))).group(1)
    remote = {"REMOTE_ADDR": "192.168.1.40"}
    watcher = Client(app)
    page = html(watcher.http.get(link, environ_base=remote))
    space_url = f"{link}/space/Karelia%20S.S.R."
    assert f'hx-get="{space_url}"' in page and f"/g/{game_id}/space/" not in page
    details = watcher.http.get(space_url, environ_base=remote)
    assert details.status_code == 200 and "Karelia S.S.R." in html(details)
    assert watcher.http.get(f"/g/{game_id}/space/Karelia%20S.S.R.", environ_base=remote).status_code == 302
    assert watcher.http.get(f"/watch/{game_id}/forged/space/Karelia%20S.S.R.", environ_base=remote).status_code == 404
    store.close()
