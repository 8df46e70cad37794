"""A&A Europe at the table in headless Chromium: the cash advance, a purchase, an attack with dice entered at the
table, casualties, placement and income, on a 1280 px screen while a 390 px phone follows the same game.
Screenshots go to test-results/screenshots/aae-*.png."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

LIVE_MS = 2000
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path):
    store = EventStore(tmp_path / "europe.sqlite3")
    with LiveServer(create_app(Assistant(store, KindRegistry()))) as live:
        yield live
    store.close()


def test_a_round_of_europe_on_a_phone_and_a_laptop(browser, server):
    from playwright.sync_api import expect

    laptop = browser.new_context(viewport=LAPTOP)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    host = laptop.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda exc: errors.append(str(exc)))
    host.goto(server.url + "/")
    host.get_by_role("button", name="New Axis & Allies: Europe (1999)").click()
    host.wait_for_url(re.compile(r"/g/[0-9a-f]+$"))
    other = phone.new_page()
    other.on("pageerror", lambda exc: errors.append(str(exc)))
    other.goto(host.url)

    # The cash advance: Germany buys a submarine in the Bay of Biscay, then the Allies split and start round 1.
    advance = host.locator("form", has_text="Cash advance").first
    advance.locator("#adv-space").select_option("Bay of Biscay")
    advance.locator("input[name='units.submarine']").fill("1")
    expect(advance.locator("output[data-remaining]")).to_have_text("4")
    screenshot(host, "aae-advance-laptop")
    advance.get_by_role("button", name="Buy and place for Germany").click()
    expect(host.locator("#log")).to_contain_text("Germany bought 1 submarine for 8 IPC with the cash advance.")
    host.get_by_role("button", name="Germany is done").click()
    split = host.locator("form", has_text="Split advance").first
    split.locator("[name=amounts]").fill("ussr=6, uk=6")
    split.get_by_role("button", name="Split the Allies' 12 IPC").click()
    expect(host.locator("#log")).to_contain_text("Cash advance paid: the Soviet Union 6 IPC")
    host.get_by_role("button", name="The Allies are done: start round 1").click()
    expect(host.locator("#banner")).to_contain_text("purchase")
    expect(other.locator("#log")).to_contain_text("Starting income paid", timeout=LIVE_MS)
    screenshot(other, "aae-purchase-phone")

    # Purchase: the total follows the typing.
    host.fill("#buy-turn-infantry", "2")
    host.fill("#buy-turn-armour", "1")
    expect(host.locator("output[data-total]").first).to_have_text("11")
    host.get_by_role("button", name="Buy these units").click()
    expect(host.locator("#log")).to_contain_text("Germany bought 1 armour, 2 infantry for 11 IPC.")
    host.get_by_role("button", name="Purchase done").click()

    # Combat move: Poland into the Baltic States.
    host.select_option("#move-from", "Poland")
    host.fill("#move-to", "Baltic States")
    host.fill("#mv-infantry", "3")
    host.fill("#mv-artillery", "1")
    host.get_by_role("button", name="Move these units").click()
    expect(host.locator("#log")).to_contain_text("Poland → Baltic States")
    host.get_by_role("button", name="Combat moves done").click()

    # The battle panel: odds before the first die, the artillery's support in the dice to roll.
    battle = host.locator("form.battle").first
    expect(battle).to_contain_text("Land battle at Baltic States")
    expect(battle).to_contain_text("4 dice")
    expect(host.locator(".oddspanel").first).to_contain_text("Attacker wins")
    screenshot(host, "aae-battle-laptop")
    screenshot(other, "aae-battle-phone")
    battle.locator("input[name=faces]").fill("1 2")
    battle.get_by_role("button", name="Use these dice").click()
    expect(host.locator("form.battle .error")).to_contain_text("this throw is 4 dice; 2 faces were given")
    host.locator("form.battle input[name=faces]").fill("1 1 1 2")
    host.locator("form.battle").first.get_by_role("button", name="Use these dice").click()
    host.locator("form.battle input[name=faces]").fill("6 6 6")
    host.locator("form.battle").first.get_by_role("button", name="Use these dice").click()
    expect(host.locator("#log")).to_contain_text("Germany captured Baltic States (battle).")
    expect(other.locator("#log")).to_contain_text("Germany captured Baltic States", timeout=LIVE_MS)
    host.get_by_role("button", name="Combat done").click()
    host.get_by_role("button", name="Non-combat moves done").click()

    # Placement at Germany's complex, then phase 6 and income.
    host.select_option("#place-space", "Germany")
    host.fill("#place-infantry", "2")
    host.fill("#place-armour", "1")
    host.get_by_role("button", name="Place these units").click()
    expect(host.locator("#log")).to_contain_text("Germany placed 1 armour, 2 infantry in Germany.")
    host.get_by_role("button", name="Placement done (then phase 6)").click()
    host.get_by_role("button", name="Collect income and end the turn").click()
    expect(host.locator("#log")).to_contain_text("Germany collected 41 IPC.")
    expect(host.locator("#banner")).to_contain_text("Soviet Union")
    expect(other.locator(".powers")).to_contain_text("41", timeout=LIVE_MS)
    screenshot(host, "aae-income-laptop")
    screenshot(other, "aae-income-phone")
    assert not errors


def test_the_powers_table_fits_a_phone_once_a_convoy_is_lost(browser, tmp_path):
    """With the Convoys column a phone shows each player under the power's name, not in a fifth column cut off
    behind a horizontal scroll."""
    from tests.games.aa_europe.test_pages import submarine_on_a_british_convoy_centre, to_germany_s_combat_move

    store = EventStore(tmp_path / "convoys.sqlite3")
    app = Assistant(store, KindRegistry())
    gid = to_germany_s_combat_move(app, {"players": 4, "names": ["Gerda", "Sasha", "Annabelle Worthington", "Sam"]})
    submarine_on_a_british_convoy_centre(app, gid)
    with LiveServer(create_app(app)) as live:
        for viewport, player_column in ((PHONE, False), (LAPTOP, True)):
            page = browser.new_context(viewport=viewport).new_page()
            page.goto(f"{live.url}/g/{gid}")
            table = page.locator("table.powers")
            assert "Convoys" in table.locator("thead").inner_text()
            assert table.locator("th.player").is_visible() is player_column
            britain = table.locator("tr", has_text="Great Britain")
            assert britain.locator(".player-under").is_visible() is not player_column
            assert "Annabelle Worthington" in britain.inner_text()
            frame = page.locator("#powers .scroll")
            assert frame.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the powers table scrolls sideways"
            if not player_column:
                screenshot(page, "aae-powers-convoys-phone")
            page.context.close()
    store.close()
