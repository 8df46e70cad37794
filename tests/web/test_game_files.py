"""Files a game offers (Europe Engulfed's board and scenario) through the web: downloads, the board's gaps with their
prefilled amendment forms, new games started from uploaded files; and small form behaviours (refused moves keep their
path, the A&A edit panel ticks a power's technologies)."""

from __future__ import annotations

import io
import json
import re
import tomllib

import pytest

from tests.web.test_games import html, real  # noqa: F401  (the real games' client fixture)

CLEAR = {"west": "clear", "east": "clear", "south": "clear"}
SCENARIO = {"name": "our 1941 start", "start_turn": "1941-05",
            "control": {"ruhr": "Axis", "lithuania": "Axis", "rome": "Axis", "paris": "Allied", "moscow": "Allied"},
            "units": [{"id": "de-1", "nation": "germany", "kind": "infantry", "area": "lithuania", "max_steps": 4}]}


def test_the_amended_board_and_the_scenario_download_and_an_unknown_part_is_404(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {"scenario": SCENARIO})
    client.do(game_id, "ee.amend_board", panel="area", area="lithuania", terrain="swamp")
    board = client.get(f"/g/{game_id}/file/board")
    assert board.status_code == 200 and board.mimetype == "application/toml"
    assert board.headers["Content-Disposition"] == 'attachment; filename="board.toml"'
    assert tomllib.loads(html(board))["areas"]["lithuania"]["terrain"] == "swamp"
    scenario = client.get(f"/g/{game_id}/file/scenario")
    assert tomllib.loads(html(scenario))["units"][0]["id"] == "de-1"
    assert client.get(f"/g/{game_id}/file/map").status_code == 404
    page = html(client.get(f"/g/{game_id}"))
    assert f'href="/g/{game_id}/file/board"' in page and f'href="/g/{game_id}/file/scenario"' in page


def test_the_panel_lists_the_gaps_and_a_gap_opens_a_prefilled_form_that_amends_the_board(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {})
    page = html(client.get(f"/g/{game_id}"))
    assert "Board and scenario" in page and "map facts still unknown" in page
    assert "Facts a rule needs that the board lacks" in page
    link = f"/g/{game_id}/part/gap?subject=albania&amp;fact=terrain&amp;rule=EE+6.8"
    assert link in page and 'title="terrain, needed by EE 6.8"' in page
    part = html(client.get(link.replace("&amp;", "&"), htmx=True))
    assert "albania: terrain" in part and "(needed by EE 6.8)" in part
    assert 'name="subject" value="albania"' in part and 'name="fact" value="terrain"' in part
    assert "<option>rough</option>" in part
    done = client.do(game_id, "ee.amend_board", panel="gap", subject="albania", fact="terrain", value="rough",
                     source="map sheet 3")
    assert done.status_code == 200, html(done)[:400]
    albania = assistant.view(game_id).game.board.areas["albania"]
    assert albania.terrain == "rough" and "map sheet 3" in albania.sources
    assert client.do(game_id, "ee.amend_board", panel="gap", subject="albania", fact="ports",
                     value="mediterranean").status_code == 200
    assert client.do(game_id, "ee.amend_board", panel="gap", subject="albania", fact="capital",
                     value="no").status_code == 200
    assert client.do(game_id, "ee.amend_board", panel="gap", subject="albania", fact="borders", b="athens",
                     kind="land", all_borders="1").status_code == 200
    assert client.do(game_id, "ee.amend_board", panel="gap", subject="atlantic", fact="maintenance",
                     value="britain").status_code == 200
    s = assistant.view(game_id).game
    albania = s.board.areas["albania"]
    assert albania.ports == ("mediterranean",) and albania.capital is False and albania.borders_complete
    assert any({b.a, b.b} == {"albania", "athens"} for b in s.board.borders)
    assert s.board.seas["atlantic"].maintenance == "britain"


def test_a_refused_gap_form_comes_back_with_its_error_and_what_was_typed(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {})
    refused = client.do(game_id, "ee.amend_board", panel="gap", subject="albania", fact="ports", value="atlantis")
    assert refused.status_code == 422
    page = html(refused)
    assert "atlantis" in re.search(r'class="error" role="alert">([^<]*)<', page).group(1)
    assert 'name="fact" value="ports"' in page and 'value="atlantis"' in page


def _to_axis_initial_supply(assistant, game_id):
    assistant.handle(game_id, json.dumps({"type": "ee.advance"}))
    assistant.handle(game_id, json.dumps({"type": "ee.enter_weather", "weather": CLEAR}))
    assistant.handle(game_id, json.dumps({"type": "ee.advance"}))
    s = assistant.view(game_id).game
    assert (s.phase, s.side) == ("initial_supply", "Axis")


def test_facts_stopping_the_supply_determination_are_shown_first_with_their_forms(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {"scenario": SCENARIO})
    _to_axis_initial_supply(assistant, game_id)
    refused = client.do(game_id, "ee.determine_supply", side="Axis", phase="initial")
    assert refused.status_code == 422 and "the board lacks facts" in html(refused)
    page = html(client.get(f"/g/{game_id}"))
    assert '<div class="notice" role="alert">' in page, "the supply alert is missing"
    box = page[page.index('<div class="notice" role="alert">'):page.index("<h3>Facts a rule needs")]
    assert "The Axis initial supply determination stops on 6 facts the board lacks." in box
    assert 'name="subject" value="lithuania">\n  <input type="hidden" name="fact" value="borders">' in box
    ids = re.findall(r'name="command_id" value="([0-9a-f]+)"', box)
    assert len(ids) == 2 and len(set(ids)) == 2  # the first two as forms, each its own command
    for subject, fact in (("lithuania", "ports"), ("ruhr", "home")):  # the others one click away in the list
        assert f"subject={subject}&amp;fact={fact}" in page
    for subject, fact, value in (("east_prussia", "home", "yes"), ("ruhr", "home", "yes"),
                                 ("ruhr", "resource", "yes"), ("lithuania", "resource", "no"),
                                 ("lithuania", "ports", "")):
        done = client.do(game_id, "ee.amend_board", panel="gap", subject=subject, fact=fact, value=value)
        assert done.status_code == 200, html(done)[:300]
    page = html(client.get(f"/g/{game_id}"))
    assert "determination stops on 1 fact the board lacks" in page
    client.do(game_id, "ee.amend_board", panel="gap", subject="lithuania", fact="borders", b="east_prussia",
              all_borders="1")
    assert "determination stops on" not in html(client.get(f"/g/{game_id}"))


def test_a_new_game_starts_from_an_uploaded_board_and_scenario(real):
    assistant, client = real
    first = assistant.new_game("europe_engulfed", {})
    client.do(first, "ee.amend_board", panel="area", area="lithuania", terrain="swamp")
    board = client.get(f"/g/{first}/file/board").data
    page = html(client.get("/new?kind=europe_engulfed"))
    assert 'enctype="multipart/form-data"' in page
    assert 'type="file" accept=".toml,.json"' in page and 'name="file.board"' in page and 'name="file.scenario"' in page
    assert 'name="file.board"' not in html(client.get("/new?kind=aa_classic"))
    scenario = json.dumps(SCENARIO).encode()
    made = client.post("/new", {"kind": "europe_engulfed", "scenario_name": "1941 Campaign",
                                "start_turn": "May/Jun 1941", "file.board": (io.BytesIO(board), "board.toml"),
                                "file.scenario": (io.BytesIO(scenario), "scen.json")},
                       content_type="multipart/form-data")
    assert made.status_code == 303, html(made)[:400]
    second = made.headers["Location"].rsplit("/", 1)[-1]
    s = assistant.view(second).game
    assert s.board == assistant.view(first).game.board and "de-1" in s.units


@pytest.mark.parametrize("name, content, message", [
    ("board.toml", b"title = [", "option board: board.toml is not valid TOML"),
    ("board.toml", b'title = "x"\n[[borders]]\na = "nowhere"\nb = "lyon"\n', "the board:"),
    ("board.png", b"\x89PNG", "option board: board.png is neither a .toml nor a .json file"),
])
def test_an_invalid_upload_is_an_inline_error_and_no_game(real, name, content, message):
    assistant, client = real
    refused = client.post("/new", {"kind": "europe_engulfed", "scenario_name": "1939 Campaign",
                                   "file.board": (io.BytesIO(content), name)},
                          content_type="multipart/form-data")
    assert refused.status_code == 422
    error = re.search(r'<p class="error" role="alert">([^<]*)</p>', html(refused)).group(1)
    assert message in error
    assert assistant.games() == []


def test_a_refused_move_keeps_the_path_that_was_typed(real):
    assistant, client = real
    game_id = assistant.new_game("europe_engulfed", {"scenario": SCENARIO})
    refused = client.post(f"/g/{game_id}/do", {"type": "ee.move", "unit_id": "de-1", "path": ["baltic", "oslo"],
                                               "command_id": "m1"}, htmx=True)
    assert refused.status_code == 422
    move = re.search(r'value="ee.move".*?</form>', html(refused), re.S).group(0)
    assert 'class="error"' in move
    assert re.search(r'id="ee-move-via" name="path"[^>]*value="baltic"', move)
    assert re.search(r'id="ee-move-to" name="path"[^>]*value="oslo"', move)


def test_the_edit_panel_ticks_the_chosen_powers_technologies(real):
    assistant, client = real
    game_id = assistant.new_game("aa_classic", {})
    client.do(game_id, "aa.start")
    power = assistant.view(game_id).game.power
    client.do(game_id, "aa.edit", what="technologies", power=power, **{"tech.rockets": "on", "tech.jet_fighters": "on"},
              reason="researched last game night")
    assert set(assistant.view(game_id).game.techs(power)) == {"jet_fighters", "rockets"}
    edit = re.search(r'value="aa.edit".*?</form>', html(client.get(f"/g/{game_id}")), re.S).group(0)
    ticked = set(re.findall(r'name="tech\.([a-z_]+)" checked', edit))
    assert ticked == {"jet_fighters", "rockets"}
    assert re.search(rf'<option value="{power}" selected>', edit)
    held = json.loads(re.search(r'data-ticks="([^"]*)"', edit).group(1).replace("&#34;", '"'))
    assert set(held[power]) == {"jet_fighters", "rockets"} and data_ticks_prefix(edit) == "tech."


def data_ticks_prefix(form: str) -> str:
    return re.search(r'data-ticks-prefix="([^"]*)"', form).group(1)
