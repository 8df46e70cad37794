"""Europe Engulfed's schematic map on a played game: colours and counts, the hidden blocks each viewer may see, the
area details, time travel, the spectator's read-only view, and the table in Chromium at laptop and phone size."""

from __future__ import annotations

import json
import re

import pytest

from assistant.application import Assistant
from assistant.games.europe_engulfed.board.loader import partial_board, to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from assistant.games.europe_engulfed.web.map import geometry, links
from events.store import EventStore
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD
from tests.web.conftest import Client, LiveServer, screenshot

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
OSLO_CUT_OFF = "Oslo cut off: the Skagerrak is Allied"


def played(assistant: Assistant) -> str:
    """Sep/Oct 1941 on the test board, a Soviet block facing the Germans in Kiev, the Axis Initial Supply made
    (Oslo's garrison out of supply by the players' verdict: the board lacks Oslo's borders)."""
    scenario = mid_war()
    scenario["units"] = scenario["units"] + [unit("s_inf9", "ussr", "infantry", "kiev")]
    game_id = assistant.new_game("europe_engulfed", {"board": to_dict(BOARD), **game_options(scenario)})
    for command in ({"type": "ee.advance"}, {"type": "ee.advance"},
                    {"type": "ee.record_supply_verdict", "side": "Axis", "unit_ids": ["g_inf5"], "supplied": False,
                     "reason": OSLO_CUT_OFF},
                    {"type": "ee.determine_supply", "side": "Axis", "phase": "initial"}):
        assistant.handle(game_id, json.dumps(command))
    return game_id


@pytest.fixture
def ee(tmp_path):
    store = EventStore(tmp_path / "ee.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), played(assistant)
    store.close()


def text(response) -> str:
    assert response.status_code == 200, response.data.decode()[:500]
    return response.data.decode()


def place(page: str, area: str) -> str:
    return re.search(rf'<a [^>]*data-space="{area}".*?</a>', page, re.S).group(0)


def test_the_map_colours_areas_by_control_and_counts_blocks(ee):
    assistant, client, game_id = ee
    page = text(client.get(f"/g/{game_id}"))
    assert 'aria-label="Schematic map of Europe Engulfed' in page
    state = assistant.view(game_id).game
    for area in (*state.board.areas, *state.board.seas):
        assert f'data-space="{area}"' in page  # every place the board knows, bordered or not
    kiev = place(page, "kiev")
    assert 'fill="#4d5157"' in kiev and 'class="count">2</text>' in kiev  # Axis-held, two blocks
    assert 'class="battle"' in kiev and "combat" in kiev  # Soviet and German blocks face each other
    assert 'fill="#b0532a"' in place(page, "smolensk")  # Allied
    assert 'fill="#d8d2c4"' in place(page, "stockholm")  # neutral
    oslo = place(page, "oslo")
    assert 'class="oos"' in oslo and "1 out of supply" in oslo
    assert 'class="capital"' in oslo and 'class="resource"' in place(page, "ruhr")
    assert 'class="port"' in place(page, "london")
    assert "Not joined to any border yet" in page  # places the test board has no border for are listed apart


def test_hidden_blocks_stay_hidden_from_the_other_side(ee):
    _, client, game_id = ee
    axis = text(client.get(f"/g/{game_id}/space/kiev?seen=Axis"))
    assert "germany infantry 4/4" in axis and "ussr infantry" not in axis
    assert "ussr block — standing on edge, not shown to the Axis side" in axis and "s_inf9" not in axis
    again = text(client.get(f"/g/{game_id}/space/kiev"))  # the choice stays with this device
    assert "the Axis side" in again and "ussr infantry" not in again
    assert '<strong aria-current="true">the Axis side</strong>' in text(client.get(f"/g/{game_id}"))
    shared = text(client.get(f"/g/{game_id}/space/kiev?seen=all"))
    assert "germany infantry 4/4" in shared and "ussr infantry 4/4" in shared
    allied = text(client.get(f"/g/{game_id}/space/kiev?seen=Allied"))
    assert "ussr infantry 4/4" in allied and "germany infantry" not in allied and "g_inf3" not in allied
    assert '<strong aria-current="true">the Allied side</strong>' in text(client.get(f"/g/{game_id}"))
    counted = place(text(client.get(f"/g/{game_id}")), "kiev")
    assert 'class="count">2</text>' in counted and "(1 hidden)" in counted and "infantry" not in counted


def test_area_details_supply_reason_and_unknown_facts(ee):
    _, client, game_id = ee
    oslo = text(client.get(f"/g/{game_id}/space/oslo?seen=Axis"))
    assert "Axis control" in oslo and "norway (home area)" in oslo and "capital" in oslo
    assert "Terrain: clear · weather zone: west" in oslo
    assert "out of supply" in oslo and OSLO_CUT_OFF in oslo
    assert f'hx-get="/g/{game_id}/part/gap?subject=oslo&amp;fact=borders&amp;rule=EE+3.1"' in oslo
    ruhr = text(client.get(f"/g/{game_id}/space/ruhr"))
    assert "resource area, 6 WERP" in ruhr and "land line to the supply source ruhr" in ruhr
    baku = text(client.get(f"/g/{game_id}/space/baku"))
    assert "resource area, 5 WERP" in baku  # its own printed value (EE 4.14)
    sea = text(client.get(f"/g/{game_id}/space/baltic"))
    assert "Sea area" in sea and "germany 1" in sea
    assert client.get(f"/g/{game_id}/space/atlantis").status_code == 404


def test_time_travel_shows_the_map_as_it_was_and_spectators_read_only(ee):
    assistant, client, game_id = ee
    past = text(client.get(f"/g/{game_id}?at=3", htmx=True))
    assert 'class="oos"' not in place(past, "oslo")  # before the supply determination
    assert f'hx-get="/g/{game_id}/space/oslo"' in past and 'id="tt-at" name="at" value="3"' in past
    before = text(client.get(f"/g/{game_id}/space/oslo?at=3"))
    assert "out of supply" not in before and "part/gap" not in before  # no amendments from the past
    now = assistant.head(game_id)
    watch = re.search(r'/watch/[^"]+', text(client.get(f"/g/{game_id}"))).group(0).split("?")[0]
    spectator = text(client.get(watch))
    assert "Hidden blocks seen by" not in spectator and "Read-only view" in spectator
    token_space = re.search(r'hx-get="(/watch/[^"]+/space/kiev)"', spectator).group(1)
    details = text(client.get(token_space + "?seen=all"))
    assert "germany infantry" not in details and "ussr infantry" not in details and "part/gap" not in details
    assert assistant.head(game_id) == now


def test_layout_is_deterministic_cached_and_follows_amendments():
    board = partial_board()
    first = geometry(board)
    assert geometry(board) is first  # cached per board
    assert set(first.pos) == {*board.areas, *board.seas}
    again = geometry(partial_board())
    assert again.pos == first.pos
    assert {frozenset((a, b)) for a, b, _ in links(BOARD)} >= {frozenset(("ruhr", "paris")), frozenset(("london", "atlantic"))}
    laid = geometry(BOARD)
    assert laid is not first and laid.pos["ruhr"][0] < laid.pos["moscow"][0]  # west on the left


@pytest.mark.browser
def test_europe_engulfed_table_at_laptop_and_phone_size(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "ee-browser.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = played(assistant)
    with LiveServer(create_app(assistant)) as server:
        for name, viewport in (("ee-table-laptop", LAPTOP), ("ee-table-phone", PHONE)):
            context = browser.new_context(viewport=viewport)
            page = context.new_page()
            page.goto(f"{server.url}/g/{game_id}")
            kiev = page.locator('[data-space="kiev"]')
            expect(kiev).to_have_count(1)
            kiev.scroll_into_view_if_needed()
            kiev.focus()
            page.keyboard.press("Enter")
            expect(page.locator("#space .eearea h3")).to_have_text("Kiev")
            expect(page.locator("#space")).to_contain_text("Combat here this phase.")
            page.locator("#board").scroll_into_view_if_needed()
            screenshot(page, name)
            context.close()
    store.close()


def test_forces_and_supply_panels_keep_the_other_sides_secrets(ee):
    """The panels beside the map read the same read models with the same viewer: the Allies see the German blocks
    counted but not their steps, and no supply verdict naming a German block (its id tells its type)."""
    assistant, client, game_id = ee

    def panels(seen: str) -> str:
        page = text(client.get(f"/g/{game_id}?seen={seen}"))
        return page[page.index("<h2>Forces</h2>"):page.index("</section>", page.index("<h2>Supply</h2>"))]

    allied = panels("Allied")
    german_blocks = sum(1 for u in assistant.view(game_id).game.units.values() if u.nation == "germany")
    assert re.search(rf'<td>Germany</td><td class="num">{german_blocks}</td><td class="num">0 \+ {german_blocks} hidden blocks?</td>', allied)
    assert "g_inf5" not in allied and OSLO_CUT_OFF not in allied
    axis = panels("Axis")
    assert "g_inf5" in axis and OSLO_CUT_OFF in axis
    assert "hidden block" not in re.search(r"<td>Germany</td>.*?</tr>", axis, re.S).group(0)
    while assistant.view(game_id).clock.phase != "operational_move":  # where the Move form lists the blocks
        assistant.handle(game_id, '{"type": "ee.advance"}')
    forms = text(client.get(f"/g/{game_id}?seen=Allied"))  # the forms' unit choices follow the same viewer
    assert 'value="g_inf5"' not in forms
    assert 'value="g_inf5"' in text(client.get(f"/g/{game_id}?seen=Axis"))  # the Axis's own forms do list it
