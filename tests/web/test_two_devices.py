"""Two devices at one table, in headless Chromium: a throw typed on the phone after the desk entered it is refused,
naming the throw, and nothing is booked; the phone enters dice with its numeric keypad (digits only), one field
per line of dice."""

from __future__ import annotations

import pytest

from tests.games.aa_classic.table import ussr_attacks_finland
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _collect(page, errors: list[str]) -> None:
    """Script errors and console errors; the browser's own line for a refused request's status (409, 422) is
    the refusal working, not an error of the page."""
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)


def test_two_devices_racing_the_same_throw(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = ussr_attacks_finland(app)
    url = f"{server.url}/g/{gid}"
    desk = browser.new_context(viewport=LAPTOP).new_page()
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    _collect(desk, errors)
    _collect(phone, errors)
    desk.goto(url)
    phone.goto(url)

    # Both see the USSR's attack; the phone starts typing its faces on the numeric keypad.
    for page in (desk, phone):
        expect(page.locator("form.battle").first).to_contain_text("Land battle at Finland-Norway")
    phone_battle = phone.locator("form.battle").first
    phone_battle.get_by_label("2 infantry hit on 1").fill("11")
    phone_battle.get_by_label("1 armour hits on 3 or less").fill("3")

    # The desk is quicker: attack and casualties entered.
    desk_battle = desk.locator("form.battle").first
    desk_battle.get_by_label("2 infantry hit on 1").fill("1 1")
    desk_battle.get_by_label("1 armour hits on 3 or less").fill("3")
    desk_battle.get_by_role("button", name="Use these dice").click()
    expect(desk.locator("#log")).to_contain_text("1 1 3 (rolled at the table)")
    desk.locator("form.battle").first.locator("input[name='units.infantry']").fill("3")
    desk.locator("form.battle").first.get_by_role("button", name="Remove these casualties").click()
    expect(desk.locator("form.battle").first).to_contain_text("Germany rolls defence")
    head = app.head(gid)

    # The phone's live update keeps what it typed, under a notice; sending it is refused, naming the throw.
    expect(phone.locator("#stale")).to_contain_text("The table changed on another device", timeout=3000)
    screenshot(phone, "race-notice-phone")
    phone_battle.get_by_role("button", name="Use these dice").click()
    notice = phone.locator("#actions .notice.stale")
    expect(notice).to_contain_text("This form was for the USSR's attack at Finland-Norway (round 1)")
    expect(notice).to_contain_text("already entered on another device")
    expect(notice).to_contain_text("the table now asks for Germany's defence at Finland-Norway (round 1)")
    expect(notice).to_contain_text("Nothing was booked. Here is the table now.")
    assert app.head(gid) == head  # nothing written
    # The table now: Germany's defence, fields empty (the attack's faces are not carried over), the log current.
    expect(phone.locator("form.battle").first).to_contain_text("Germany rolls defence")
    for field in phone.locator("form.battle").first.locator("input[name^='faces.']").all():
        expect(field).to_have_value("")
    expect(phone.locator("#log")).to_contain_text("the defender loses 3")
    screenshot(phone, "race-refused-phone")
    screenshot(desk, "race-desk-laptop")

    # The desk's own form, drawn after the refusal, still works: digits only, one field per line.
    desk.reload()
    defence = desk.locator("form.battle").first
    defence.get_by_label("1 armour hits on 2 or less").fill("6")
    defence.get_by_label("3 infantry hit on 2 or less").fill("656")
    defence.get_by_label("1 fighter hits on 4 or less").fill("5")
    defence.get_by_role("button", name="Use these dice").click()
    expect(desk.locator("#log")).to_contain_text("6 6 5 6 5 (rolled at the table)")
    assert not errors, errors
