"""A control that arrives in an update works at once: htmx attaches its requests in the same moment the update is
swapped in (``defaultSettleDelay`` 0), not 20 ms later. A player who picks the territory a move starts from the
instant the combat move's forms appear sees its units listed (a quick tap, or a browser test, used to fall in
that gap and lose the request)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Chooses Karelia as soon as the Move form has been swapped in, in the next turn of the event loop: after the
# swap, before any settle delay would have ended.
CHOOSE_AT_ONCE = """
document.body.addEventListener("htmx:afterSwap", () => setTimeout(() => {
  const from = document.getElementById("move-from");
  if (!from || from.value) return;
  from.value = "Karelia S.S.R.";
  from.dispatchEvent(new Event("change", {bubbles: true}));
}, 0));
"""


def test_a_territory_chosen_the_moment_the_move_form_appears_lists_its_units(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server.url}/g/{gid}")
    page.evaluate(CHOOSE_AT_ONCE)
    page.get_by_role("button", name="Purchase done").click()
    expect(page.locator("#move-from")).to_have_value("Karelia S.S.R.")
    expect(page.locator("#mv-infantry")).to_be_visible()
