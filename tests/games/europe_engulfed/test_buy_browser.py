"""The Buy form on a 390 px phone in headless Chromium: the chosen item's fields only, swapped in by htmx when the
item changes; a replacement step bought from the producing nation's blocks. Screenshots go to
test-results/screenshots/ee-buy-*.png."""

from __future__ import annotations

import pytest

from assistant.application import Assistant
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD, advance
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table(tmp_path):
    store = EventStore(tmp_path / "ee-buy.sqlite3")
    assistant = Assistant(store, KindRegistry())
    gid = assistant.new_game("europe_engulfed", game_options(mid_war()) | {"board": to_dict(BOARD)})
    while assistant.view(gid).game.step != "germany":
        advance(assistant, gid)
    with LiveServer(create_app(assistant)) as live:
        yield assistant, live, gid
    store.close()


def test_the_buy_form_discloses_each_items_fields_on_a_phone(browser, table):
    from playwright.sync_api import expect

    assistant, live, gid = table
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live.url}/g/{gid}")
    buy = page.locator("form.ee-buy")
    # a new unit: a block of the force pool, its steps and an area; nothing else on show
    expect(buy.locator("#ee-buy-block")).to_be_visible()
    shown = buy.locator("input:visible, select:visible, textarea:visible")
    expect(shown).to_have_count(4)  # item, block, steps, area
    screenshot(page, "ee-buy-new-unit-phone")

    buy.locator("#ee-buy-item").select_option("replacement")
    expect(buy.locator("#ee-buy-unit")).to_be_visible()
    expect(buy.locator("#ee-buy-block")).to_have_count(0)
    expect(buy.locator("#ee-buy-area")).to_have_count(0)
    expect(shown).to_have_count(3)  # item, block, how many
    expect(buy.locator("#ee-buy-unit option")).to_have_text(["German infantry (2/4 steps) in Ruhr"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling
    screenshot(page, "ee-buy-replacement-phone")
    buy.get_by_role("button", name="Buy").click()
    expect(page.locator("#log")).to_contain_text("replacement")
    assert assistant.view(gid).game.units["g_inf4"].steps == 3

    buy = page.locator("form.ee-buy")
    buy.locator("#ee-buy-item").select_option("flak")
    expect(buy.locator("input:visible, select:visible")).to_have_count(1)  # one level a year: nothing to choose
    assert not errors, errors
    phone.close()
