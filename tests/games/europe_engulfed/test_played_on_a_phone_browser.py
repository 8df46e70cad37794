"""A turn played on a 390 px phone in headless Chromium: the supply verdict ticked by block name, a board fact
(an air route) typed as the map prints it in the movement phase, the Move form's places by name, the Fight form
with the battle chosen and the ground support prefilled, and the breakthrough bought with its spender and area
filled in. Screenshots go to test-results/screenshots/ee-phone-*.png."""

from __future__ import annotations

import pytest

from assistant.application import Assistant
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.kinds import KindRegistry
from assistant.web import create_app
import assistant.games.europe_engulfed.events as ev
from events.store import EventStore
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, advance
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
UNITS = [*mid_war()["units"], unit("g_arm2", "germany", "armor", "smolensk"),
         unit("s_gsu1", "ussr", "gsu", "smolensk", max_steps=1, steps=1),
         unit("g_gsu1", "germany", "gsu", "warsaw", max_steps=1, steps=1)]


@pytest.fixture
def table(tmp_path):
    store = EventStore(tmp_path / "ee-phone.sqlite3")
    assistant = Assistant(store, KindRegistry())
    options = game_options(mid_war(units=UNITS), strategic_moves={"germany": 4})
    gid = assistant.new_game("europe_engulfed", options | {"board": to_dict(BOARD)})
    with LiveServer(create_app(assistant)) as live:
        yield assistant, live, gid
    store.close()


def until(assistant, gid, phase: str) -> None:
    while assistant.view(gid).game.phase != phase:
        advance(assistant, gid)


def on_phone(browser, live, gid):
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live.url}/g/{gid}")
    return phone, page, errors


def narrow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_supply_verdict_is_one_tap_and_no_sea_choice_is_asked(browser, table):
    from playwright.sync_api import expect

    assistant, live, gid = table
    until(assistant, gid, "initial_supply")
    phone, page, errors = on_phone(browser, live, gid)
    verdict = page.locator("form.cmd").filter(has=page.locator("legend", has_text="Record what our map shows"))
    expect(verdict.get_by_label("German unit (4 steps) in Oslo")).to_be_checked()
    expect(page.locator("legend", has_text="Choose who is supplied by sea")).to_have_count(0)  # fleets suffice
    screenshot(page, "ee-phone-supply-verdict")
    verdict.get_by_role("button", name="Record what our map shows").click()
    expect(page.locator("#log")).to_contain_text("Players' verdict")
    assert "g_inf5" in assistant.view(gid).game.supply.verdicts
    assert narrow(page) and not errors, errors
    phone.close()


def test_an_air_route_typed_from_the_map_then_the_ground_support_unit_flies_it(browser, table):
    from playwright.sync_api import expect

    assistant, live, gid = table
    until(assistant, gid, "operational_move")
    phone, page, errors = on_phone(browser, live, gid)
    page.locator("summary", has_text="Complete the board: a border").click()
    border = page.locator("form.cmd").filter(has=page.locator("legend", has_text="Complete the board: a border"))
    border.locator("#ab-a").fill("Warsaw")
    border.locator("#ab-b").fill("Oslo")
    border.locator("#ab-kind").select_option("air route")
    border.get_by_role("button", name="Add this border").click()
    expect(page.locator("#log")).to_contain_text("air route Warsaw – Oslo")
    move = page.locator("form.cmd").filter(has=page.locator("legend", has_text="Move a unit"))
    move.locator("#ee-move-unit").select_option(label="German ground support unit (1/1 step) in Warsaw")
    move.locator("#ee-move-to").fill("Oslo")  # the name on the map, not the id
    screenshot(page, "ee-phone-gsu-flies")
    move.get_by_role("button", name="Move this unit").click()
    expect(page.locator("#log")).to_contain_text("German ground support unit (1 step) moves operational from Warsaw "
                                                 "to Oslo")
    assert assistant.view(gid).game.units["g_gsu1"].area == "oslo"
    assert narrow(page) and not errors, errors
    phone.close()


def test_a_battle_and_a_breakthrough_with_what_the_assistant_knows_filled_in(browser, table):
    from playwright.sync_api import expect

    assistant, live, gid = table
    until(assistant, gid, "combat")
    phone, page, errors = on_phone(browser, live, gid)
    fight = page.locator("form.cmd").filter(has=page.locator("legend", has_text="Fight this battle"))
    expect(fight.locator("select[name=area] option:checked")).to_have_text("Smolensk")  # the one battle
    expect(fight.get_by_label("Soviet infantry (4/4 steps) in Smolensk")).to_be_checked()  # its GSU's support
    expect(fight.locator("textarea:visible")).to_have_count(0)  # the JSON orders folded away
    screenshot(page, "ee-phone-fight")
    fight.locator("summary", has_text="dice thrown at the table").click()
    fight.get_by_label("Dice thrown at the table, in order").fill("1 1 1 1 1 1 1 1")  # all miss: still contested
    fight.get_by_role("button", name="Fight this battle").click()
    expect(page.locator("#log")).to_contain_text("combat round in Smolensk")
    fought = [e.event for e in assistant.log(gid) if isinstance(e.event, ev.CombatRoundFought)][-1]
    assert "d" in next(f for f in fought.fires if f.side == "Allied").bonuses  # the Soviet GSU supported (6.6)

    page.locator("form.cmd.advance button[type=submit]").first.click()  # end the combat phase
    buy = page.locator("form.cmd").filter(has=page.locator("legend", has_text="Buy a breakthrough phase"))
    expect(buy.get_by_label("Germany")).to_be_checked()  # the one major power holding Special Actions
    expect(page.locator("legend", has_text="Fight this battle")).to_have_count(0)  # nothing bought yet
    screenshot(page, "ee-phone-breakthrough")
    expect(buy.locator("#ee-bt-area option:checked")).to_have_text("Smolensk")  # the one contested area
    buy.get_by_role("button", name="Buy a breakthrough phase").click()
    expect(page.locator(".step").first).to_have_text("combat in Smolensk (Germany)")
    assert assistant.view(gid).game.step == "combat:smolensk:germany"
    assert narrow(page) and not errors, errors
    phone.close()


def test_a_ground_support_unit_the_pool_lacks_is_said_before_the_purchase(browser, table):
    from playwright.sync_api import expect

    assistant, live, gid = table
    while assistant.view(gid).game.step != "germany":
        advance(assistant, gid)
    phone, page, errors = on_phone(browser, live, gid)
    buy = page.locator("form.ee-buy")
    buy.locator("#ee-buy-item").select_option("gsu")
    expect(buy).to_contain_text("The German force pool holds no ground support unit to build (EE 4.4).")
    expect(buy.locator("#ee-buy-area")).to_have_count(0)  # no area to choose for a block there is not
    assert narrow(page) and not errors, errors
    phone.close()
