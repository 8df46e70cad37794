"""Entering a small Asia Engulfed board at the table in Chromium, on a laptop and on a phone, and seeing it drawn
(screenshots test-results/screenshots/ae-board-*.png)."""

from __future__ import annotations

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import LiveServer, screenshot

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def fill(form, **fields: str) -> None:
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.check()
        else:
            field.fill(value)


def fits(page) -> None:
    """Nothing wider than the screen but the map, which scrolls inside its own frame."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_a_small_board_entered_on_a_laptop_and_a_phone_is_drawn(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "board-browser.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = assistant.new_game("asia_engulfed", {})
    with LiveServer(create_app(assistant)) as server:
        laptop = browser.new_context(viewport=LAPTOP).new_page()
        phone = browser.new_context(viewport=PHONE).new_page()
        url = f"{server.url}/g/{game_id}"
        laptop.goto(url)
        body = laptop.locator("body")
        panel = laptop.locator("details.ae-board")
        expect(panel).to_have_attribute("open", "")  # at set-up the board is what needs entering
        screenshot(laptop, "ae-board-laptop-1-shipped")

        # a new land zone: its name, facts, land borders and coast in one form
        panel.locator("summary", has_text="Add or amend a land zone").click()
        zone = laptop.locator("form.ae-zone")
        fill(zone, name="Arakan", kind="large", colour="commonwealth", national="no", country="burma",
             terrain="jungle", port="none", resource="0", oil="0", air_base="no", vp="no",
             seas="gulf_of_thailand", borders="burma, assam", borders_complete="1")
        zone.locator('button[type="submit"]').click()
        expect(body).to_contain_text("The board now records Arakan: large zone")
        expect(laptop.locator('svg [data-space="arakan"]')).to_be_visible()
        # Arakan–Burma, Arakan–Assam, its coast, and the Leyte passage the shipped board holds (AE 8.22b)
        expect(laptop.locator("svg .links line")).to_have_count(4)

        # a link typed sea first: still Singapore's coast on the Java Sea
        panel = laptop.locator("details.ae-board")
        panel.locator("summary", has_text="Add or remove a border, coast or sea link").click()
        link = laptop.locator("form.ae-link")
        fill(link, a="java_sea", b="singapore", kind="coast")
        link.locator('button[type="submit"]').click()
        expect(body).to_contain_text("The board now records Singapore on Java Sea")

        # an existing zone: choosing it loads its facts, saving sends only the change
        panel = laptop.locator("details.ae-board")
        panel.locator("summary", has_text="Add or amend a land zone").click()
        laptop.locator("#aez-zone").fill("burma")
        laptop.locator("#aez-zone").dispatch_event("change")
        expect(laptop.locator("form.ae-zone legend")).to_contain_text("Burma: correct or complete its facts")
        expect(laptop.locator("#aez-country")).to_have_value("burma")
        laptop.locator("#aez-vp").select_option("yes")
        laptop.locator("form.ae-zone button[type=submit]").click()
        expect(body).to_contain_text("The board now records Burma: VP zone.")

        # one missing fact, one tap from its form
        laptop.locator("details.ae-board ul.gaps a", has_text="terrain").first.click()
        gap = laptop.locator("#ae-gap-form form")
        expect(gap.locator("legend")).to_contain_text("terrain")
        gap.locator('select[name="value"]').select_option("rough")
        gap.locator('button[type="submit"]').click()
        expect(body).to_contain_text("terrain rough")

        # the map: tap Burma for its card
        laptop.locator('svg [data-space="burma"]').click()
        expect(laptop.locator("#space")).to_contain_text("VP: yes")
        expect(laptop.locator("#space")).to_contain_text("borders: arakan")
        screenshot(laptop, "ae-board-laptop-2-entered")

        # the phone: the same table, a sea zone entered from it, nothing wider than the screen
        phone.goto(url)
        fits(phone)
        panel = phone.locator("details.ae-board")
        panel.locator("summary", has_text="Add or amend a sea zone").click()
        sea = phone.locator("form.ae-sea")
        fill(sea, name="Andaman Sea", transports="2", vp="no", japan_link="no", adjacent="gulf_of_thailand",
             coasts="arakan, burma")
        fits(phone)
        screenshot(phone, "ae-board-phone-1-sea-form")
        sea.locator('button[type="submit"]').click()
        expect(phone.locator("body")).to_contain_text("The board now records Andaman Sea")
        expect(phone.locator('svg [data-space="andaman_sea"]')).to_be_attached()
        fits(phone)
        phone.locator('svg [data-space="andaman_sea"]').scroll_into_view_if_needed()
        screenshot(phone, "ae-board-phone-2-drawn")
        phone.locator('svg [data-space="andaman_sea"]').click()
        expect(phone.locator("#space")).to_contain_text("transport icons: 2")
        expect(phone.locator("#space")).to_contain_text("coasts of: arakan, burma")
        # a fact missing on a place tapped on the map, filled from its card
        phone.locator('svg [data-space="fiji"]').click()
        card = phone.locator("#space")
        card.locator("a", has_text="whether it is a VP zone").click()
        card.locator('select[name="value"]').select_option("no")
        fits(phone)
        screenshot(phone, "ae-board-phone-3-card")
        card.locator('button[type="submit"]').click()
        expect(phone.locator("body")).to_contain_text("The board now records Fiji: not a VP zone.")
        fits(phone)
        laptop.reload()
        expect(laptop.locator('svg [data-space="andaman_sea"]')).to_be_visible()
        screenshot(laptop, "ae-board-laptop-3-sea")

    b = assistant.view(game_id).game.board
    assert b.zones["arakan"].borders_complete and b.zones["burma"].vp
    assert set(b.seas["andaman_sea"].adjacent) == {"gulf_of_thailand"}
    assert "andaman_sea" in b.seas["gulf_of_thailand"].adjacent
    assert b.zones["fiji"].vp is False
    store.close()
