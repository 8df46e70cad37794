"""Asia Engulfed at the table: only the phase's actions, the ledgers with their events, hidden blocks per viewer,
and a Japanese first turn from an entered scenario in Chromium on a phone and a laptop (screenshots)."""

from __future__ import annotations

import json

import msgspec
import pytest

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.asia_engulfed.table import board, scenario
from tests.games.asia_engulfed.browser import laptop_and_phone, submit
from tests.web.conftest import Client, screenshot


def entered(assistant: Assistant) -> str:
    """A game on the test board whose set-up the players entered (ae.set_up_scenario), before the first turn."""
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    assistant.handle(game_id, json.dumps({"type": "ae.set_up_scenario",
                                          "scenario": msgspec.to_builtins(scenario())}))
    return game_id


@pytest.fixture
def ae(tmp_path):
    store = EventStore(tmp_path / "ae.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True)), entered(assistant)
    store.close()


def forms(page: str) -> set[str]:
    import re

    return set(re.findall(r'name="type" value="(ae\.[a-z_]+)"', page))


def test_the_table_offers_only_the_moment_s_actions(ae):
    assistant, client, game_id = ae
    assistant.handle(game_id, '{"type": "ae.advance"}')
    page = client.get(f"/g/{game_id}").data.decode()
    assert "Nov/Dec 1941 — Japan, Naval Movement" in page
    assert f'<span class="round">Turn {assistant.view(game_id).clock.round}</span>' in page  # the rulebook's turns
    assert {"ae.advance", "ae.naval_move"} <= forms(page)
    assert not forms(page) & {"ae.buy", "ae.fire", "ae.set_network", "ae.determine_supply"}
    assistant.handle(game_id, '{"type": "ae.advance"}')
    page = client.get(f"/g/{game_id}").data.decode()
    assert {"ae.set_network", "ae.determine_supply"} <= forms(page) and "ae.naval_move" not in forms(page)


def test_ledger_lines_link_to_their_events_and_land_purchases_stay_secret(ae):
    assistant, client, game_id = ae
    for command in ({"type": "ae.advance"}, {"type": "ae.advance"},
                    {"type": "ae.set_network", "seas": ["east_china_sea"]}, {"type": "ae.determine_supply"},
                    {"type": "ae.advance"}, {"type": "ae.buy", "item": "new_unit", "kind": "infantry", "steps": 1,
                                             "zone": "honshu"}):
        assistant.handle(game_id, json.dumps(command))
    page = client.get(f"/g/{game_id}?seen=allies").data.decode()
    assert "land steps (undisclosed)" in page and "new infantry" not in page
    assert f'href="/g/{game_id}?at=' in page
    page = client.get(f"/g/{game_id}?seen=japan").data.decode()
    assert "new infantry of 1 step(s)" in page
    assert "Allied block" not in page  # the Allied blocks are hidden by nation: "usa block", "china block"...
    assert "usa block" in page


def test_a_japanese_first_turn_in_chromium_on_a_phone_and_a_laptop(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "first-turn.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = entered(assistant)
    with laptop_and_phone(browser, assistant, game_id) as (laptop, phone):
        submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("Nov/Dec 1941 — Japan, Naval Movement")
        submit(laptop, "ae.naval_move", pieces="jp-bb-1, jp-ca-elite", to="east_china_sea", zones="1")
        expect(laptop.locator("body")).to_contain_text("East China Sea")
        screenshot(laptop, "ae-naval-movement-laptop")
        submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("Initial Supply")
        submit(laptop, "ae.set_network", seas="east_china_sea, south_china_sea")
        expect(laptop.locator("body")).to_contain_text("Supply Network covers 2 sea zone(s)")
        submit(laptop, "ae.determine_supply")
        expect(laptop.locator("body")).to_contain_text("Japan's initial supply")
        submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("Production")
        expect(laptop.locator("body")).to_contain_text("Japan has 7 WERP to spend")
        submit(laptop, "ae.buy", item="special_action")
        expect(laptop.locator("body")).to_contain_text("Japan has 2 WERP to spend")
        screenshot(laptop, "ae-production-laptop")
        phone.reload()
        expect(phone.locator("body")).to_contain_text("Japan has 2 WERP to spend")
        screenshot(phone, "ae-production-phone")
        for phase in ("Air-Naval Combat", "Operational Movement", "Strategic Movement", "Land Combat",
                      "Return to Base"):
            submit(laptop, "ae.advance")
            expect(laptop.locator("body")).to_contain_text(f"Japan, {phase}")
        # the fleets are still at sea: "Next phase" is not offered, the banner says why, with the rule
        expect(laptop.locator('form:has(input[name="type"][value="ae.advance"])')).to_have_count(0)
        expect(laptop.locator("body")).to_contain_text("before the next phase, every fleet and transport returns")
        expect(laptop.locator("body")).to_contain_text("AE 1.18, 8.8")
        submit(laptop, "ae.naval_move", pieces="jp-bb-1, jp-ca-elite", to="kyushu", zones="1", mode="return")
        expect(laptop.locator("body")).to_contain_text("jp-bb-1, jp-ca-elite return to Kyushu")
        submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("Japan, Final Supply")
        submit(laptop, "ae.determine_supply")
        expect(laptop.locator("body")).to_contain_text("Japan's final supply")
        submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("the Allies, Naval Movement")
        screenshot(laptop, "ae-allied-turn-laptop")
        phone.reload()
        screenshot(phone, "ae-allied-turn-phone")
        assert assistant.view(game_id).game.side == "allies"
    store.close()


def test_the_victory_tally_and_the_forces_name_places_as_the_map_does(ae):
    """The VP tally listed ids ("honshu, south china sea") and the submarines stood in "holding": the table names
    places by the board's names and the boxes by theirs."""
    assistant, client, game_id = ae
    assistant.handle(game_id, '{"type": "ae.advance"}')
    page = client.get(f"/g/{game_id}").data.decode()
    tally = page[page.index("Victory points now"):page.index("Sea zones</h2>")]
    assert "(Honshu)" in tally and "(South China Sea)" in tally and "honshu" not in tally
    assert "<td>submarine holding box</td>" in page and "<td>holding</td>" not in page


def test_the_buy_form_offers_what_the_producing_nation_may_buy(ae):
    """The item select shows the move's choices in their order: Japan's form opens on a replacement, never on the
    U.S. Bomber Points (AE 4.63)."""
    import re

    assistant, client, game_id = ae
    for command in ({"type": "ae.advance"}, {"type": "ae.advance"},
                    {"type": "ae.set_network", "seas": ["east_china_sea"]}, {"type": "ae.determine_supply"},
                    {"type": "ae.advance"}):
        assistant.handle(game_id, json.dumps(command))
    page = client.get(f"/g/{game_id}?seen=japan").data.decode()
    select = re.search(r'<select id="[^"]*ae-buy-item" name="item">(.*?)</select>', page, re.S)
    assert select, "the buy form has an item select"
    items = re.findall(r'<option value="([a-z_]+)"', select.group(1))
    assert items[:2] == ["replacement", "new_unit"] and "hdf_step" in items
    assert "bomber_point" not in items and "submarine_point" not in items
