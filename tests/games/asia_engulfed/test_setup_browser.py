"""A small scenario entered in Chromium, no JSON typed, on a laptop (1280 px) and a phone (390 px), then played into
the Japanese first turn; the inputs are counted and the screenshots kept (test-results/screenshots/ae-setup-*)."""

from __future__ import annotations

from assistant.application import Assistant
from assistant.games.asia_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.games.asia_engulfed.browser import PHONE, laptop_and_phone, submit
from tests.games.asia_engulfed.table import board
from tests.web.conftest import screenshot

PIECES = "ae.place_set_up_pieces"
WAIT = 20_000  # ms: the machine may be busy


class Counted:
    """Every field filled, box ticked and button pressed, to count what entering a set-up costs."""

    def __init__(self):
        self.inputs = 0

    def submit(self, page, tag: str, **fields: str) -> None:
        submit(page, tag, **fields)
        self.inputs += len(fields) + 1

    def control(self, page, side: str, zones: tuple[str, ...]) -> None:
        form = page.locator('form:has(input[name="type"][value="ae.set_start_control"])').first
        form.locator('select[name="side"]').select_option(side)
        form.locator("details.ae-more > summary").click()
        for z in zones:
            form.locator(f'input[name="zones"][value="{z}"]').check()
        form.locator('button[type="submit"]').first.click()
        self.inputs += 1 + 1 + len(zones) + 1


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_scenario_entered_in_the_browser_then_the_japanese_first_turn(browser, tmp_path):
    from playwright.sync_api import expect

    store = EventStore(tmp_path / "setup-browser.sqlite3")
    assistant = Assistant(store, KindRegistry())
    game_id = assistant.new_game("asia_engulfed", {"board": to_dict(board())})
    count = Counted()
    with laptop_and_phone(browser, assistant, game_id) as (laptop, phone):
        assert laptop.locator("textarea").count() == 0
        expect(laptop.locator("body")).to_contain_text("Nothing entered yet", timeout=WAIT)
        screenshot(laptop, "ae-setup-laptop-1-empty")
        # Japan's pieces on the laptop: nation, kind, steps, place (the ids are given)
        count.submit(laptop, PIECES, nation="japan", kind="bb", steps="4", place="kyushu")
        expect(laptop.locator("body")).to_contain_text("jp-bb-1", timeout=WAIT)
        count.submit(laptop, PIECES, nation="japan", kind="ca", steps="4", place="kyushu")
        expect(laptop.locator("body")).to_contain_text("jp-ca-1", timeout=WAIT)
        count.submit(laptop, PIECES, nation="japan", kind="infantry", steps="4", place="honshu")
        expect(laptop.locator("body")).to_contain_text("jp-infantry-1", timeout=WAIT)
        count.control(laptop, "japan", ("honshu", "kyushu", "shikoku", "korea", "formosa"))
        expect(laptop.locator("body")).to_contain_text("Japan 5, the Allies 0", timeout=WAIT)
        count.submit(laptop, "ae.set_start_tracks", oil="20", transport_capacity="10")
        expect(laptop.locator("body")).to_contain_text("Oil 20, transport capacity 10", timeout=WAIT)
        screenshot(laptop, "ae-setup-laptop-2-entered")
        # the Allies' part on the phone
        phone.reload()
        fits(phone)
        count.submit(phone, PIECES, nation="usa", kind="infantry", steps="3", place="hawaii")
        expect(phone.locator("body")).to_contain_text("us-infantry-1", timeout=WAIT)
        count.control(phone, "allies", ("hawaii", "singapore", "luzon"))
        expect(phone.locator("body")).to_contain_text("Japan 5, the Allies 3", timeout=WAIT)
        fits(phone)
        screenshot(phone, "ae-setup-phone-1-entered")
        count.submit(phone, "ae.advance")  # sets the entered scenario up
        expect(phone.locator("body")).to_contain_text("Bid for the Allied side", timeout=WAIT)
        screenshot(phone, "ae-setup-phone-2-bidding")
        laptop.reload()
        count.submit(laptop, "ae.advance")  # no bid: the first turn
        expect(laptop.locator("body")).to_contain_text("Nov/Dec 1941 — Japan, Naval Movement", timeout=WAIT)
        count.submit(laptop, "ae.naval_move", pieces="jp-bb-1, jp-ca-1", to="east_china_sea", zones="1")
        expect(laptop.locator("body")).to_contain_text("jp-bb-1, jp-ca-1 move to East China Sea", timeout=WAIT)
        count.submit(laptop, "ae.advance")
        expect(laptop.locator("body")).to_contain_text("Initial Supply", timeout=WAIT)
        screenshot(laptop, "ae-setup-laptop-3-first-turn")
        phone.reload()
        expect(phone.locator("body")).to_contain_text("Japan, Initial Supply", timeout=WAIT)
        fits(phone)
        screenshot(phone, "ae-setup-phone-3-first-turn")
    s = assistant.view(game_id).game
    assert s.set_up and s.side == "japan" and s.phase == "initial_supply"
    assert s.pieces["jp-bb-1"].at == "east_china_sea" and s.control["luzon"] == "allies"
    assert s.balance("japan", "oil") == 18  # 20 entered, 1 each for the two fleets that moved (AE 1.11c)
    # the set-up above (6 pieces in 4 entries, 8 zones, 2 tracks) took this many inputs, buttons included
    print("inputs:", count.inputs)
    assert count.inputs <= 44, count.inputs
    store.close()
