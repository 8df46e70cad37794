"""A real evening at the table, in headless Chromium: Axis & Allies from the games list to a battle.

Start a game, buy (live total), undo, move, fight with entered dice (a wrong count is refused inline), choose
casualties, retreat, time-travel and come back, while a second device (a phone-sized context) sees every change
live. Screenshots of the key pages go to test-results/screenshots/.
"""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

LIVE_MS = 2000  # the promise: other devices see a change within 2 seconds
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def aa_server(tmp_path):
    store = EventStore(tmp_path / "evening.sqlite3")
    with LiveServer(create_app(Assistant(store, KindRegistry()))) as server:
        yield server
    store.close()


def _expect():
    from playwright.sync_api import expect

    return expect


def attack_finland(host) -> None:
    """End the purchase, move 2 infantry and 1 armour from Karelia into Finland-Norway, end the combat moves."""
    expect = _expect()
    host.get_by_role("button", name="Purchase done").click()
    expect(host.locator("#banner")).to_contain_text("combat move")
    host.select_option("#move-from", "Karelia S.S.R.")
    host.fill("#move-to", "Finland-Norway")
    host.fill("#mv-infantry", "2")  # the grid of the units standing there, loaded when "From" was chosen
    host.fill("#mv-armour", "1")
    host.get_by_role("button", name="Move these units").click()
    expect(host.locator("#log")).to_contain_text("Karelia S.S.R. -> Finland-Norway")
    host.get_by_role("button", name="Combat moves done").click()


def test_an_evening_of_axis_and_allies(browser, aa_server):
    expect = _expect()
    laptop = browser.new_context(viewport=LAPTOP)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    host = laptop.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda exc: errors.append(str(exc)))

    # Games list -> one click starts a game.
    host.goto(aa_server.url + "/")
    expect(host.locator("h1")).to_have_text("Games")
    screenshot(host, "games-list-laptop")
    host.get_by_role("button", name="New Axis & Allies (2nd edition)").click()
    host.wait_for_url(re.compile(r"/g/[0-9a-f]+$"))
    table_url = host.url
    expect(host.locator("#banner")).to_contain_text("Set-up")
    host.get_by_role("button", name="Start round 1").click()
    expect(host.locator("#banner .side")).to_have_text("USSR")
    expect(host.locator("#banner .step, #banner .phase").first).to_contain_text("purchase")

    # The second device opens the games list, then the same table.
    other = phone.new_page()
    other.goto(aa_server.url + "/")
    screenshot(other, "games-list-phone")
    other.goto(table_url)
    expect(other.locator("#banner .side")).to_have_text("USSR")
    screenshot(other, "table-purchase-phone")

    # Purchase grid: the total and what is left follow the typing.
    host.fill("#buy-infantry", "3")
    host.fill("#buy-armour", "1")
    expect(host.locator("output[data-total]")).to_have_text("14")
    expect(host.locator("output[data-remaining]")).to_have_text("10")
    screenshot(host, "table-purchase-laptop")
    host.get_by_role("button", name="Buy these units").click()
    expect(host.locator("#log")).to_contain_text("The USSR buys 1 armour, 3 infantry for 14 IPC.")
    expect(other.locator("#log")).to_contain_text("The USSR buys 1 armour, 3 infantry for 14 IPC.", timeout=LIVE_MS)
    expect(other.locator("#ledgers")).to_contain_text("-14", timeout=LIVE_MS)

    # A second purchase, taken back with "Undo last".
    host.fill("#buy-infantry", "1")
    host.get_by_role("button", name="Buy these units").click()
    expect(host.locator("#log")).to_contain_text("The USSR buys 1 infantry for 3 IPC.")
    host.get_by_role("button", name="Undo last").click()
    expect(host.locator("#log .entry.cancelled").first).to_contain_text("buys 1 infantry")
    expect(other.locator("#log .entry.cancelled").first).to_contain_text("buys 1 infantry", timeout=LIVE_MS)
    expect(host.locator(".powers tr.now")).to_contain_text("10")

    # Combat move: Karelia into Finland-Norway.
    attack_finland(host)

    # The battle panel: dice entered at the table; a wrong count is refused inline, in plain words.
    battle = host.locator("form.battle").first
    expect(battle).to_contain_text("Land battle at Finland-Norway")
    expect(battle).to_contain_text("3 dice")
    expect(host.locator("#board circle.battle")).to_have_count(1)
    battle.get_by_label("2 infantry hit on 1").fill("1")
    battle.get_by_label("1 armour hits on 3 or less").fill("2")
    battle.get_by_role("button", name="Use these dice").click()
    expect(host.locator("form.battle .error")).to_contain_text("infantry: 2 dice to enter, 1 typed")
    screenshot(host, "battle-error-laptop")
    host.locator("form.battle").get_by_label("2 infantry hit on 1").fill("11")
    host.locator("form.battle").get_by_label("1 armour hits on 3 or less").fill("3")
    host.locator("form.battle").get_by_role("button", name="Use these dice").click()
    expect(host.locator("#log")).to_contain_text("1 1 3 (rolled at the table)")
    expect(other.locator("#log")).to_contain_text("1 1 3 (rolled at the table)", timeout=LIVE_MS)

    # Casualties: the defender loses three infantry.
    casualties = host.locator("form.battle").first
    expect(casualties).to_contain_text("chooses 3 casualties")
    casualties.locator("input[name='units.infantry']").fill("3")
    casualties.get_by_role("button", name="Remove these casualties").click()
    expect(host.locator("#log")).to_contain_text("the defender loses 3 infantry")

    # Germany's defence fire: entered too, then the attacker retreats.
    defence = host.locator("form.battle").first
    defence.get_by_label("1 armour hits on 2 or less").fill("6")
    defence.get_by_label("3 infantry hit on 2 or less").fill("666")
    defence.get_by_label("1 fighter hits on 4 or less").fill("6")
    host.locator("form.battle").first.get_by_role("button", name="Use these dice").click()
    expect(host.locator("#log")).to_contain_text("round 1 ends")
    screenshot(host, "battle-laptop")
    screenshot(other, "battle-phone")
    host.get_by_role("button", name="Retreat").click()
    expect(host.locator("#log")).to_contain_text("Finland-Norway")
    expect(host.locator("#board circle.battle")).to_have_count(0)

    # "Undo last" stops at dice: the refusal shows as a message, nothing changes.
    host.get_by_role("button", name="Undo last").click()
    expect(host.locator("#log .entry.cancelled").first).to_contain_text("retreat")
    host.get_by_role("button", name="Undo last").click()
    expect(host.locator("#flash")).to_contain_text("take-backs stop at dice")
    host.get_by_role("button", name="Redo").click()
    expect(host.locator("#log .entry").first).to_contain_text("Redo: the undo at event")
    expect(host.locator("#flash")).to_be_empty()  # a command that went through clears the old message

    # Time travel: back a few events, read-only, then back to now (each step waits for the table it asked for).
    head = int(host.locator("#vcr output").inner_text().split("/")[1])
    host.locator("#vcr a[aria-label='One event back']").click()
    expect(host.locator("#banner")).to_contain_text(f"as it was at event {head - 1} of {head} — read-only")
    expect(host.locator("#actions")).to_be_hidden()  # no form in the past (its part kept, empty)
    expect(host.locator("#actions form")).to_have_count(0)
    expect(host.locator("#undo")).to_have_count(0)
    host.locator("#vcr a[aria-label='One event back']").click()
    expect(host.locator("#banner")).to_contain_text(f"as it was at event {head - 2} of {head}")
    host.locator("#vcr a[aria-label='First event']").click()
    expect(host.locator("#banner")).to_contain_text("as it was at event 1 of")
    expect(host.locator("#banner")).to_contain_text("Set-up")
    host.locator("#vcr a[aria-label='One event forward']").click()
    expect(host.locator("#banner")).to_contain_text("as it was at event 2 of")
    assert "?at=2" in host.url
    screenshot(host, "time-travel-laptop")
    host.get_by_role("link", name="Back to now").first.click()
    expect(host.locator("#actions")).to_have_count(1)
    expect(host.locator("#banner")).not_to_contain_text("read-only")
    assert host.url == table_url

    # The phone can time-travel too, with the slider — once its live updates have caught up with the host
    # (a live swap landing between fill and change would otherwise replace the slider under the finger).
    expect(other.locator("#vcr output")).to_have_text(f"{head}/{head}", timeout=LIVE_MS)
    other.locator("#vcr-at").fill("4")
    other.locator("#vcr-at").dispatch_event("change")
    expect(other.locator("#banner")).to_contain_text("as it was at event 4 of")
    screenshot(other, "time-travel-phone")

    # A click on a space's circle (its name may sit a little apart) shows its details; so does Enter on a space
    # reached with the keyboard.
    host.locator("#board a[data-space='Karelia S.S.R.'] circle.space-shape").click()
    expect(host.locator("#space")).to_contain_text("Karelia S.S.R.")
    expect(host.locator("#space")).to_contain_text("USSR")
    host.locator("#board a[data-space='Germany']").focus()
    host.keyboard.press("Enter")
    expect(host.locator("#space h3")).to_have_text("Germany")
    screenshot(host, "map-details-laptop")

    assert not errors, errors
    laptop.close()
    phone.close()


def test_spectator_link_follows_the_game_read_only(browser, aa_server):
    expect = _expect()
    context = browser.new_context(viewport=LAPTOP)
    host = context.new_page()
    host.goto(aa_server.url + "/")
    host.get_by_role("button", name="New Axis & Allies (2nd edition)").click()
    host.wait_for_url(re.compile(r"/g/[0-9a-f]+$"))
    host.locator("#log details.share summary").click()
    link = host.get_by_label("Spectator link").input_value()
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.goto(link)
    expect(watcher.locator("#banner")).to_contain_text("Spectator view")
    expect(watcher.locator("#actions")).to_be_hidden()
    expect(watcher.locator("#actions form")).to_have_count(0)
    host.get_by_role("button", name="Start round 1").click()
    expect(watcher.locator("#banner .side")).to_have_text("USSR", timeout=LIVE_MS)
    screenshot(watcher, "spectator-phone")
    context.close()


def test_report_teaching_replay_and_battle_odds(browser, aa_server):
    expect = _expect()
    laptop = browser.new_context(viewport=LAPTOP)
    laptop.grant_permissions(["clipboard-read", "clipboard-write"], origin=aa_server.url)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    host = laptop.new_page()
    small = phone.new_page()
    errors: list[str] = []
    host.on("pageerror", lambda exc: errors.append(str(exc)))
    small.on("pageerror", lambda exc: errors.append(str(exc)))

    host.goto(aa_server.url + "/")
    host.get_by_role("button", name="New Axis & Allies (2nd edition)").click()
    host.wait_for_url(re.compile(r"/g/[0-9a-f]+$"))
    table_url = host.url
    host.get_by_role("button", name="Start round 1").click()
    host.fill("#buy-infantry", "2")
    host.get_by_role("button", name="Buy these units").click()
    expect(host.locator("#log")).to_contain_text("buys 2 infantry")
    attack_finland(host)

    # The exact odds are on the battle panel before any die; a retreat threshold recomputes them.
    odds = host.locator(".oddspanel").first
    expect(odds).to_contain_text("Odds before any die is rolled")
    expect(odds).to_contain_text("attacker wins")
    expect(odds).to_contain_text("Expected survivors")
    odds.locator("input[name=retreat]").fill("1")
    odds.get_by_role("button", name="Recompute").click()
    expect(host.locator(".oddspanel").first).to_contain_text("retreating at 1 attacker or fewer")
    expect(host.locator(".oddspanel").first).to_contain_text("retreat ")
    host.locator("form.battle").first.scroll_into_view_if_needed()
    screenshot(host, "battle-odds-laptop")
    small.goto(table_url)
    expect(small.locator(".oddspanel").first).to_contain_text("Odds before any die is rolled")
    small.locator(".oddspanel").first.scroll_into_view_if_needed()
    screenshot(small, "battle-odds-phone")

    # After the first throw the panel shows the odds the log recorded.
    host.locator("form.battle").get_by_label("2 infantry hit on 1").fill("11")
    host.locator("form.battle").get_by_label("1 armour hits on 3 or less").fill("3")
    host.locator("form.battle").first.get_by_role("button", name="Use these dice").click()
    expect(host.locator("#log")).to_contain_text("1 1 3 (rolled at the table)")
    host.locator("form.battle input[name='units.infantry']").fill("3")
    host.locator("form.battle").first.get_by_role("button", name="Remove these casualties").click()
    expect(host.locator(".oddspanel").first).to_contain_text("Odds recorded before the first die")

    # The report page, from the table's header.
    host.get_by_role("link", name="Report").first.click()
    expect(host.locator("h1")).to_contain_text("— report")
    expect(host.locator("figure.chart")).to_have_count(5)
    expect(host.locator("figure.chart svg").first).to_be_visible()
    expect(host.locator("table.battles")).to_contain_text("Finland-Norway")
    expect(host.locator("table.battles")).to_contain_text("attacker wins")
    expect(host.get_by_role("link", name="PNG").first).to_have_attribute("href", re.compile(r"/report/chart/\w+\.png$"))
    host.select_option("#summary-turn", label="Round 1 — USSR")
    host.get_by_role("button", name="Show the summary").click()
    expect(host.locator("#summary-text")).to_have_value(re.compile(r"buys 2 infantry"))
    host.get_by_role("button", name="Copy").click()
    expect(host.locator(".copied")).to_have_text("Copied.")
    assert "buys 2 infantry" in host.evaluate("navigator.clipboard.readText()")
    screenshot(host, "report-laptop")
    report_url = host.url
    small.goto(report_url)
    expect(small.locator("figure.chart")).to_have_count(5)
    screenshot(small, "report-phone")

    # The teaching replay: keyboard steps, round steps, an annotation with an arrow, a What if fork.
    host.get_by_role("link", name="Teaching replay").first.click()
    expect(host.locator(".step .clock")).to_contain_text("event 1")
    host.wait_for_load_state("load")  # the arrow keys work once the page's script runs
    host.keyboard.press("ArrowRight")
    expect(host.locator(".step .clock")).to_contain_text("event 2")
    host.keyboard.press("PageDown")
    expect(host.locator(".step .clock")).to_contain_text("Round 1")
    here = int(re.search(r"event (\d+)", host.locator(".step .clock").inner_text()).group(1)) + 1
    host.locator(".vcr a[aria-label='One event forward']").click()
    expect(host.locator(".step .clock")).to_contain_text(f"event {here}")
    expect(host.locator(".step .sentence")).not_to_be_empty()
    expect(host.locator(".step .rule")).to_be_visible()
    host.fill("#note-text", "The USSR should have bought armour here")
    host.fill("#note-from", "Karelia S.S.R.")
    host.fill("#note-to", "Finland-Norway")
    host.get_by_role("button", name="Add the annotation").click()
    expect(host.locator(".annotations .notes")).to_contain_text("The USSR should have bought armour here")
    expect(host.locator(".annotations .notes")).to_contain_text("Karelia S.S.R. → Finland-Norway")
    expect(host.locator("#teach .board g.arrow")).to_have_count(1)
    screenshot(host, "teaching-laptop")
    small.goto(host.url)
    expect(small.locator(".annotations .notes")).to_contain_text("bought armour")
    screenshot(small, "teaching-phone")

    host.get_by_role("button", name=re.compile("What if")).click()
    host.wait_for_url(lambda url: url != table_url and re.search(r"/g/[0-9a-f]+$", url) is not None)
    expect(host.locator(".forkof")).to_contain_text(f"starts from event {here} of")
    screenshot(host, "what-if-laptop")
    host.locator(".forkof a").click()
    expect(host.locator(".annotations")).to_contain_text("What-if fork: game")
    assert not errors, errors
    laptop.close()
    phone.close()
