"""The miniatures table through the Flask app: import a catalogue file, build, deploy, the map, the roster, the
attack panel with its odds, refusals shown in place, and the game's files."""

from __future__ import annotations

import io
import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.aa_miniatures.table import EXTRA_CSV
from tests.web.conftest import Client


@pytest.fixture
def app_client(tmp_path):
    store = EventStore(tmp_path / "aam.sqlite3")
    a = Assistant(store, KindRegistry())
    yield a, Client(create_app(a, testing=True))
    store.close()


def _ok(response) -> None:
    assert response.status_code in (200, 204), response.data[:600]


def test_a_table_from_the_card_file_to_an_attack(app_client):
    a, client = app_client
    gid = a.new_game("aa_miniatures", {})
    page = client.get(f"/g/{gid}").data.decode()
    assert "Import these cards" in page and "Build the armies" in page
    response = client.post(f"/g/{gid}/do", {"type": "aam.import_cards", "command_id": "imp1",
                                            "file": (io.BytesIO(EXTRA_CSV.encode()), "club.csv")},
                           htmx=True, content_type="multipart/form-data")
    _ok(response)
    assert "pak-38" in a.view(gid).game.catalogue
    for side, card in (("axis", "panzer-iv-ausf-g"), ("axis", "pak-38"), ("allies", "m4a1-sherman")):
        _ok(client.do(gid, "aam.enlist", side=side, card=card, count="1"))
    refused = client.do(gid, "aam.enlist", side="allies", card="kv-1", count="3").data.decode()
    assert "would bring the army to 117 of 100 points" in refused and "AAM p.10" in refused
    page = client.get(f"/g/{gid}").data.decode()
    assert "39 / 100 points" in page and "21 / 100 points" in page
    for side in ("axis", "allies"):
        _ok(client.do(gid, "aam.finalise_army", side=side))
    _ok(client.do(gid, "aam.choose_map", objective="E6", faces="3"))
    _ok(client.do(gid, "aam.choose_deployment_order", first="axis"))
    s = a.view(gid).game
    ids = {u.card: u.id for u in s.units.values()}
    _ok(client.do(gid, "aam.deploy", unit=str(ids["panzer-iv-ausf-g"]), hex="D5", facing="S", aboard="0"))
    _ok(client.do(gid, "aam.deploy", unit=str(ids["pak-38"]), hex="E4", facing="", aboard="0"))
    _ok(client.do(gid, "aam.end_phase"))
    _ok(client.do(gid, "aam.deploy", unit=str(ids["m4a1-sherman"]), hex="D9", facing="N", aboard="0"))
    _ok(client.do(gid, "aam.end_phase"))
    _ok(client.do(gid, "aam.record_hex", hex="F7", terrain="forest"))
    _ok(client.do(gid, "aam.roll_initiative", axis_dice="1 1", allies_dice="6 6"))
    _ok(client.do(gid, "aam.choose_order", first="allies"))
    for _ in range(2):  # to the Allies' Assault Phase
        _ok(client.do(gid, "aam.end_phase"))
    page = client.get(f"/g/{gid}").data.decode()
    assert 'aria-label="Battle map' in page and 'data-space="F7"' in page
    assert "Panzer IV Ausf. G" in page and "ready" in page
    # The attack panel: the Sherman is offered, the Panzer is its target, with exact odds before the dice.
    assert re.search(r"<option value=\"%d\"[^>]*>M4A1 Sherman · D9" % ids["m4a1-sherman"], page)
    assert "11 dice" in page and "no effect" in page and "destroyed" in page
    odds = client.get(f"/g/{gid}/part/odds?attacker={ids['m4a1-sherman']}&target={ids['pak-38']}",
                      htmx=True).data.decode()
    assert "PAK 38" in odds and "%" in odds
    _ok(client.do(gid, "aam.attack", attacker=str(ids["m4a1-sherman"]), target=str(ids["panzer-iv-ausf-g"]),
                  faces="6 6 6 5 4 4 3 3 3 1 1"))
    page = client.get(f"/g/{gid}").data.decode()
    assert "2 face down" in page and "attacked" in page
    space = client.get(f"/g/{gid}/space/D5", htmx=True).data.decode()
    assert "Panzer IV Ausf. G" in space and "2 face down" in space
    sheet = client.get(f"/g/{gid}/file/army-axis")
    assert sheet.status_code == 200 and b"Axis army" in sheet.data and b"39" in sheet.data
    csv_file = client.get(f"/g/{gid}/file/cards-csv").data.decode()
    assert csv_file.startswith("id,name,set,number") and "PAK 38" in csv_file


def test_a_bad_catalogue_file_is_refused_in_place(app_client):
    a, client = app_client
    gid = a.new_game("aa_miniatures", {})
    bad = "name,nationality,type,cost\nNobody,atlantis,soldier,x\n"
    response = client.post(f"/g/{gid}/do", {"type": "aam.import_cards", "command_id": "imp2",
                                            "file": (io.BytesIO(bad.encode()), "bad.csv")},
                           htmx=True, content_type="multipart/form-data")
    assert response.status_code == 422
    text = response.data.decode()
    assert "row 1 (Nobody)" in text and "nationality" in text
    assert "Traceback" not in text and len(a.view(gid).game.catalogue) == 2


def test_the_report_and_the_teaching_replay_of_a_played_game(app_client):
    import random

    from assistant.decider import DiceRoller
    from assistant.games.aa_miniatures.bench import play

    a, client = app_client
    a.dice = DiceRoller(random.Random(1).randrange)
    _definition, commands, final, _mid = play(1)
    gid = a.new_game("aa_miniatures", {})
    for command in commands:
        a.handle(gid, command)
    assert a.view(gid).game.victory == final.victory
    report = client.get(f"/g/{gid}/report").data.decode()
    assert "Value of units on the map" in report and "M4A1 Sherman destroyed by" in report
    assert "Traceback" not in report
    # an attack's odds in its own outcomes, not a battle's "attacker wins … both destroyed"
    assert "disrupted or damaged" in report and "no effect" in report and "both destroyed" not in report
    # the luckiest and unluckiest throws say who fired at whom, not the game's key for the throw ("attack:1:1:7")
    assert not re.search(r"\b(attack|shot):\d+:\d+", report) and " attacks " in report
    seq = next(e.seq for e in a.log(gid) if e.type == "aam.attack_rolled")
    teach = client.get(f"/g/{gid}/teach?at={seq}").data.decode()
    assert "AAM p.15-16" in teach and "each 4+ succeeds" in teach
    summary = client.get(f"/g/{gid}/summary").data.decode()
    assert "Attacks" in summary and "Casualties" in summary and "Traceback" not in summary


def test_a_move_next_to_an_enemy_offers_defensive_fire_then_hold_fire(app_client):
    from assistant.games.aa_miniatures import commands as c

    a, client = app_client
    gid = a.new_game("aa_miniatures", {})
    a.handle(gid, c.ImportCards(text=EXTRA_CSV))
    a.handle(gid, c.Enlist(side="axis", card="pak-38"))
    a.handle(gid, c.Enlist(side="allies", card="m4a1-sherman"))
    for side in ("axis", "allies"):
        a.handle(gid, c.FinaliseArmy(side=side))
    a.handle(gid, c.ChooseMap(objective=("H6",), faces=(2,)))
    a.handle(gid, c.ChooseDeploymentOrder(first="axis"))
    pak, sherman = (u.id for u in sorted(a.view(gid).game.units.values(), key=lambda u: u.id))
    a.handle(gid, c.Deploy(unit=pak, hex="E5"))
    a.handle(gid, c.EndPhase())
    a.handle(gid, c.Deploy(unit=sherman, hex="E4", facing="S"))
    a.handle(gid, c.EndPhase())
    a.handle(gid, c.RollInitiative(axis_dice=(1, 1), allies_dice=(6, 6)))
    a.handle(gid, c.ChooseOrder(first="allies"))
    _ok(client.do(gid, "aam.move", unit=str(sherman), path="F4, F5"))
    page = client.get(f"/g/{gid}").data.decode()
    assert "M4A1 Sherman moves E4 → F4 (1) → F5 (2)" in page and "Hold fire" in page
    assert "may fire defensively" in page
    _ok(client.do(gid, "aam.hold_fire"))
    assert a.view(gid).game.units[sherman].hex == "F5"
    # the defensive-fire form comes first (before the Allied attack form), with the PAK 38 to fire
    for _ in range(2):  # the Axis Movement Phase, then the Allied Assault Phase
        _ok(client.do(gid, "aam.end_phase"))
    _ok(client.do(gid, "aam.move", unit=str(sherman), path="F4"))  # F5 -> F4, both next to the PAK 38 in E5
    page = client.get(f"/g/{gid}").data.decode()
    assert re.findall(r'name="type" value="(aam\.[a-z_]+)"', page)[:2] == ["aam.defensive_fire", "aam.hold_fire"]
    assert re.search(r'name="step" value="1"', page)  # a one-hex move: its only step is filled in


def test_the_edit_panel_shows_the_units_counters_and_keeps_them(app_client):
    # At the table: the edit panel's boxes were always unticked, so setting a figure back in its hex cleared its
    # Disrupted and Damaged counters; the panel now shows the chosen unit's hex, facing and counters.
    from assistant.games.aa_miniatures import commands as c

    a, client = app_client
    gid = a.new_game("aa_miniatures", {})
    a.handle(gid, c.Enlist(side="axis", card="panzer-iv-ausf-g"))
    a.handle(gid, c.Enlist(side="allies", card="m4a1-sherman"))
    for side in ("axis", "allies"):
        a.handle(gid, c.FinaliseArmy(side=side))
    a.handle(gid, c.ChooseMap(objective=("H6",), faces=(2,)))
    a.handle(gid, c.ChooseDeploymentOrder(first="axis"))
    panzer, sherman = (u.id for u in sorted(a.view(gid).game.units.values(), key=lambda u: u.id))
    a.handle(gid, c.Deploy(unit=panzer, hex="E5", facing="S"))
    a.handle(gid, c.EndPhase())
    a.handle(gid, c.Deploy(unit=sherman, hex="E9", facing="N"))
    a.handle(gid, c.EndPhase())
    a.handle(gid, c.EditUnit(unit=panzer, reason="hits", damaged=True, hidden=("disrupted",)))
    part = client.get(f"/g/{gid}/part/edit_status?unit={panzer}", htmx=True).data.decode()
    assert 'value="E5"' in part and 'value="S" selected' in part
    assert re.search(r'name="damaged" checked', part) and not re.search(r'name="disrupted" checked', part)
    assert '<option value="disrupted" selected>' in part
    page = client.get(f"/g/{gid}").data.decode()
    assert 'id="aam-edit-status"' in page and 'value="E5"' in page
    # what the panel sends when only the hex is changed
    _ok(client.do(gid, "aam.edit_unit", unit=str(panzer), reason="knocked over", hex="E6", facing="S",
                  damaged="on", hidden="disrupted"))
    u = a.view(gid).game.units[panzer]
    assert (u.hex, u.damaged, u.disrupted, u.hidden) == ("E6", True, False, ("disrupted",))


def _select(page: str, select_id: str) -> str:
    """The options of one select as the page draws it."""
    m = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S)
    assert m, select_id
    return m.group(1)


def test_what_a_phone_player_tripped_over_from_the_map_to_defensive_fire(app_client):
    # At the table on a 390 px phone: command tags in the banner, the deploy list starting on a unit already set up, an
    # objective-control choice during deployment, the initiative loser preselected to play first, a path typed
    # with spaces taken as one hex, Artillery offered for a Transport, the defensive-fire step left to type
    # when only one step provokes, "Dice for axis initiative".
    from assistant.games.aa_miniatures import commands as c

    a, client = app_client
    gid = a.new_game("aa_miniatures", {})
    a.handle(gid, c.ImportCards(text=EXTRA_CSV))
    for card in ("pak-38", "grenadier", "halftrack"):
        a.handle(gid, c.Enlist(side="axis", card=card))
    a.handle(gid, c.Enlist(side="allies", card="m1-garand"))
    for side in ("axis", "allies"):
        a.handle(gid, c.FinaliseArmy(side=side))
    page = client.get(f"/g/{gid}").data.decode()
    assert "place the objective marker." in page and "(aam." not in page
    assert 'value="aam.discharge"' not in client.get(f"/g/{a.new_game('aa_miniatures', {})}").data.decode()
    _ok(client.do(gid, "aam.choose_map", objective="E6", faces="3"))
    assert "(aam." not in client.get(f"/g/{gid}").data.decode()
    a.handle(gid, c.ChooseDeploymentOrder(first="axis"))
    ids = {u.card: u.id for u in a.view(gid).game.units.values()}
    _ok(client.do(gid, "aam.deploy", unit=str(ids["pak-38"]), hex="E5", facing="", aboard="0"))
    page = client.get(f"/g/{gid}").data.decode()
    first = re.search(r'<option value="(\d+)"', _select(page, "aam-aam-deploy-unit")).group(1)
    assert first == str(ids["grenadier"])  # the next unit to set up, not the PAK 38 already in E5
    assert 'id="cmd-aam-end_phase-control"' not in page  # objective control is not a deployment question
    a.handle(gid, c.Deploy(unit=ids["grenadier"], hex="D3"))
    a.handle(gid, c.Deploy(unit=ids["halftrack"], hex="D3", facing="S"))
    a.handle(gid, c.EndPhase())
    a.handle(gid, c.Deploy(unit=ids["m1-garand"], hex="F3"))
    a.handle(gid, c.EndPhase())
    _ok(client.do(gid, "aam.roll_initiative", axis_dice="6 6", allies_dice="1 1"))
    page = client.get(f"/g/{gid}").data.decode()
    assert "Dice for Axis initiative" in page
    assert '<span class="round">Turn 1</span>' in page  # the rulebook's turns, not rounds
    order = _select(page, "cmd-aam-choose_order-first")
    assert '<option value="axis" selected>Axis</option>' in order and '<option value="allies">Allies</option>' in order
    _ok(client.do(gid, "aam.choose_order", first="axis"))
    page = client.get(f"/g/{gid}").data.decode()
    board = _select(page, "aam-aam-board-soldier")
    assert "German Grenadier" in board and "PAK 38" not in board  # Artillery never rides a Transport (p.29)
    _ok(client.do(gid, "aam.move", unit=str(ids["grenadier"]), path="D4 D5"))
    assert a.view(gid).game.units[ids["grenadier"]].hex == "D5"
    a.handle(gid, c.EndPhase())
    # F3 -> F4 -> E4: only the second step goes from a hex next to the PAK 38 (E5) to another
    _ok(client.do(gid, "aam.move", unit=str(ids["m1-garand"]), path="F4, E4"))
    page = client.get(f"/g/{gid}").data.decode()
    assert "Hold fire" in page and re.search(r'name="step" value="2"', page)
    _ok(client.do(gid, "aam.hold_fire"))
    page = client.get(f"/g/{gid}").data.decode()
    assert 'value="aam.move"' not in page  # the Allies' only unit has moved: no Move form with an empty list
    assert 'value="aam.end_phase"' in page


def test_the_report_counts_one_hex_in_the_singular():
    # At the table: the report's battles read "short range, 1 hexes".
    from assistant.games.aa_miniatures.report import _n

    assert _n(1, "hex") == "1 hex" and _n(2, "hex") == "2 hexes" and _n(2, "attack") == "2 attacks"


def test_the_new_game_form_asks_in_the_tables_words(app_client):
    # At the table: the options ended in "Catalogue (optional)" with a box for JSON, and "Attacker" or "Year 0" did not
    # say which scenario they belong to; the catalogue comes from the file field.
    a, client = app_client
    page = client.get("/new?kind=aa_miniatures").data.decode()
    assert 'name="file.catalogue"' in page  # the club's file
    assert not re.search(r'<textarea[^>]*name="catalogue"', page) and "JSON" not in page
    assert "Attacker (Assault scenario)" in page and "Year limit (custom; 0: none)" in page
    assert "what the form says about the catalogue" not in page  # no such field: the file is the only way
