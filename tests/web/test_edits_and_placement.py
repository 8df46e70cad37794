"""At 1280 px: the edit panel sets a treasury to a value and clears a space in one edit; ending placement with
units that could still be placed warns, names them and asks a reason before losing them."""

from __future__ import annotations

import pytest

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}


def test_edits_set_a_value_and_clear_a_space(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    page = browser.new_context(viewport=LAPTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/g/{gid}")
    page.locator("details.edits summary").click()
    page.select_option("#ed-what", "treasury_to")
    page.select_option("#ed-power", "ussr")
    page.fill("#ed-amount", "30")
    page.fill("#ed-reason", "counted the money")
    page.get_by_role("button", name="Record this edit").click()
    expect(page.locator("#log")).to_contain_text("the USSR's treasury set to 30 IPC (+6).")
    expect(page.locator(".powers tr.now")).to_contain_text("30")
    page.locator("details.edits summary").click()
    page.select_option("#ed-what", "clear")
    page.fill("#ed-space", "Karelia S.S.R.")
    page.fill("#ed-reason", "the pieces fell over")
    page.get_by_role("button", name="Record this edit").click()
    expect(page.locator("#log")).to_contain_text("removes 1 AA gun, 1 armour, 1 fighter and 3 infantry.")
    assert app.view(gid).game.units_in("Karelia S.S.R.") == []
    screenshot(page, "edits-laptop")
    assert not errors, errors


def test_ending_placement_warns_before_losing_units_that_could_be_placed(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    app.handle(gid, '{"type": "aa.purchase", "units": {"infantry": 2}}')
    for _ in range(4):
        app.handle(gid, '{"type": "aa.end_step"}')
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{server.url}/g/{gid}")
    end = page.locator("form.endstep")
    expect(end).to_contain_text("Still waiting and placeable: 2 infantry")
    screenshot(page, "placement-warning-laptop")
    page.get_by_role("button", name="Placement done").click()
    expect(page.locator("form.endstep .error")).to_contain_text("units waiting can still be placed (infantry at "
                                                                "Karelia S.S.R., Russia)")
    assert app.view(gid).game.step == "placement"  # nothing lost
    page.fill("#end-override", "the pieces ran out")
    page.get_by_role("button", name="Placement done").click()
    expect(page.locator("#log")).to_contain_text("The USSR loses unplaced 2 infantry: not placed (the pieces ran out).")
