"""A table that has never seen the assistant starts Europe Engulfed from an empty game and plays to the end of the
first Axis production phase, in headless Chromium on a 390 px phone and at 1280 px: the scenario chosen on the
new-game page, a nation's blocks and the start lines from lists, the board facts and readings the game asks for,
then weather, supply and production. At every moment the table shows at most eight actions."""

from __future__ import annotations

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
MOST = 8  # visible actions at any moment (the target)
AXIS = ("ruhr", "east_prussia", "rome", "piedmont")
ALLIED = ("paris", "marseille", "moscow", "baku", "leningrad")


def visible_actions(page) -> int:
    """Forms a player sees on the table now (folded ones, like the edits, are one click away and not counted)."""
    return sum(1 for f in page.locator("#actions form").all() if f.is_visible())


def submit(page, legend: str, fill: dict[str, str] | None = None, selects: dict[str, str] | None = None,
           button: str | None = None) -> None:
    from playwright.sync_api import expect

    form = page.locator("#actions form").filter(has=page.locator("legend", has_text=legend)).first
    expect(form).to_be_visible()
    for name, value in (selects or {}).items():
        form.locator(f'[name="{name}"]').select_option(value)
    for name, value in (fill or {}).items():
        form.locator(f'[name="{name}"]').fill(value)
    with page.expect_response(lambda r: r.url.endswith("/do")):
        (form.get_by_role("button", name=button) if button else form.locator('button[type="submit"]').first).click()


def newcomer(page, base: str, name: str, counts: dict[str, int]) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)  # a loaded machine: the server answers, only later

    page.goto(f"{base}/new?kind=europe_engulfed")
    expect(page.locator('select[name="scenario_name"]')).to_be_visible()
    assert page.locator("textarea").count() == 0  # no raw JSON box among the options
    page.locator('select[name="kind"]').select_option("europe_engulfed")
    page.locator('select[name="scenario_name"]').select_option("1939 Campaign")
    page.locator('input[name="axis_player"]').fill("Anna")
    page.locator('input[name="allied_player"]').fill("Ben")
    screenshot(page, f"{name}-1-new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#actions")).to_contain_text("Start the first turn")

    def moment(label: str) -> None:
        counts[label] = visible_actions(page)
        assert counts[label] <= MOST, f"{label}: {counts[label]} actions"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{label}: the page is {width} px wide"

    moment("set-up")
    submit(page, "Place these blocks", selects={"nation": "germany", "kind": "infantry", "area": "ruhr"},
           fill={"count": "2"})
    expect(page.locator("#log")).to_contain_text("Set-up: 2 Germany infantry (4 of 4 steps) in Ruhr")
    submit(page, "Set these start lines", selects={"side": "Axis"}, fill={"areas": ", ".join(AXIS)})
    submit(page, "Set these start lines", selects={"side": "Allied"}, fill={"areas": ", ".join(ALLIED)})
    expect(page.locator("#actions")).not_to_contain_text("Play cannot begin yet")
    page.locator("#actions").scroll_into_view_if_needed()
    screenshot(page, f"{name}-2-set-up")
    submit(page, "Start the first turn")
    expect(page.locator("#actions")).to_contain_text("Set this turn's weather")
    moment("weather")
    submit(page, "Set this turn's weather", selects={"zone.west": "clear", "zone.east": "clear",
                                                     "zone.south": "mud"})
    submit(page, "Weather set")
    expect(page.locator("#actions")).to_contain_text("Determine supply")
    moment("Axis initial supply")
    # the board cannot trace the Ruhr's line (its borders are not entered): the players say what their map shows
    submit(page, "Determine supply")
    expect(page.locator("#actions .error").first).to_contain_text("the board lacks facts")
    verdict = page.locator("#actions form").filter(has=page.locator("legend", has_text="Record what our map shows"))
    verdict.locator('[name="supplied"]').check()
    # both blocks come ticked by name: nothing to type but what the map shows
    expect(verdict.get_by_role("checkbox", name="German unit (4 steps) in Ruhr")).to_have_count(2)
    submit(page, "Record what our map shows", fill={"reason": "Ruhr is in Germany"})
    submit(page, "Determine Axis initial supply")
    expect(page.locator("#actions")).to_contain_text("Close Germany's production")
    moment("Germany production")
    screenshot(page, f"{name}-3-production")
    submit(page, "Buy", selects={"item": "special_action"})
    expect(page.locator("#log")).to_contain_text("Germany buys")
    submit(page, "Close Germany's production")
    # Italy's areas: the board does not know their borders; the players read their map for each
    expect(page.locator("#actions .error").first).to_contain_text("Italy's production depends on")
    moment("asked about Italy")
    for area in ("piedmont", "rome"):
        reading = page.locator("#actions form").filter(has=page.locator("legend", has_text="Say whether it traces"))
        reading.locator('[name="supplied"]').check()
        submit(page, "Say whether it traces supply", selects={"nation": "italy", "area": area},
               fill={"reason": "our map"})
        expect(page.locator("#log")).to_contain_text(f"The players read their map: {area.title()} traces supply")
    submit(page, "Close Germany's production")
    expect(page.locator("#actions")).to_contain_text("Close Italy's production")
    screenshot(page, f"{name}-3b-italy")
    expect(page.locator("#log")).to_contain_text("Italy announces 5 WERP for its production (EE 4.5)")
    moment("Italy production")
    submit(page, "Close Italy's production")
    expect(page.locator("#actions")).to_contain_text("End operational movement")
    moment("Axis operational move")
    page.locator("#log").scroll_into_view_if_needed()
    screenshot(page, f"{name}-4-after-production")


def test_a_newcomer_plays_from_an_empty_game_to_the_end_of_the_first_axis_production(browser, tmp_path):
    counts: dict[str, dict[str, int]] = {}
    for name, viewport in (("ee-newcomer-laptop", LAPTOP), ("ee-newcomer-phone", PHONE)):
        store = EventStore(tmp_path / f"{name}.sqlite3")
        assistant = Assistant(store, KindRegistry())
        with LiveServer(create_app(assistant)) as server:
            context = browser.new_context(viewport=viewport)
            page = context.new_page()
            counts[name] = {}
            newcomer(page, server.url, name, counts[name])
            context.close()
        store.close()
    print("visible actions per moment:", counts)
