"""Axis & Allies Miniatures in headless Chromium on a 390 px phone: a club's CSV imported, two armies built and
deployed, two turns played (initiative, a move, an attack with the odds shown first, the Casualty Phase), with
screenshots at 390 px and 1280 px in test-results/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
CSV = Path(__file__).parent / "club_cards.csv"


@pytest.fixture
def server(tmp_path):
    store = EventStore(tmp_path / "minis.sqlite3")
    with LiveServer(create_app(Assistant(store, KindRegistry()))) as live:
        yield live
    store.close()


def test_two_turns_of_miniatures_on_a_phone(browser, server):
    from playwright.sync_api import expect

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url + "/")
    page.get_by_role("button", name="New Axis & Allies Miniatures").click()
    page.wait_for_url(re.compile(r"/g/[0-9a-f]+$"))
    table_url = page.url

    # The club's catalogue, from its CSV file.
    page.set_input_files("#aam-import-file", str(CSV))
    page.get_by_role("button", name="Import these cards").click()
    expect(page.locator("#log")).to_contain_text("14 cards imported from a CSV file")

    def pick(select: str, prefix: str) -> None:
        """Choose the option whose text starts with ``prefix`` (units are listed by name and hex)."""
        find = "([sel, p]) => { const s = document.querySelector(sel); " \
               "const o = s && [...s.options].find(o => o.text.startsWith(p)); return o ? o.value : null; }"
        value = page.wait_for_function(find, arg=[select, prefix]).json_value()  # after the form is redrawn
        page.select_option(select, value)

    def end_phase() -> None:
        """End the phase and wait until the table shows the next one (the banner changes)."""
        before = page.locator("#banner").inner_text()
        page.get_by_role("button", name="End this phase").click()
        page.wait_for_function("t => document.querySelector('#banner').innerText !== t", arg=before)

    def enlist(side: str, card: str) -> None:
        page.select_option("#aam-enlist-side", side)
        page.select_option("#aam-enlist-card", card)
        page.get_by_role("button", name="Add to the army").click()
        expect(page.locator("#log")).to_contain_text("join")

    for card in ("panzer-iv-ausf-g", "pak-38", "grenadier"):
        enlist("axis", card)
    for card in ("m4a1-sherman", "bazooka", "m1-garand"):
        enlist("allies", card)
    expect(page.locator(".aam-totals")).to_contain_text("Axis 44 / 100 points · 3 / 15 units")
    expect(page.locator(".aam-totals")).to_contain_text("Allied 29 / 100 points · 3 / 15 units")
    page.select_option("#aam-enlist-side", "allies")
    page.select_option("#aam-enlist-card", "kv-1")
    page.fill("#aam-enlist-count", "3")
    page.get_by_role("button", name="Add to the army").click()
    expect(page.locator("#actions .error")).to_contain_text("125 of 100 points (AAM p.10)")
    screenshot(page, "aam-build-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1  # no sideways scrolling
    for side in ("axis", "allies"):
        page.select_option("#cmd-aam-finalise_army-side", side)
        page.get_by_role("button", name="Fix this army").click()
        expect(page.locator("#log")).to_contain_text("army is fixed")

    # The battlefield and deployment.
    page.fill("#cmd-aam-choose_map-objective", "E6")
    page.fill("#cmd-aam-choose_map-faces", "3")
    page.get_by_role("button", name="Place the objective").click()
    expect(page.locator("#log")).to_contain_text("the objective is E6")
    page.select_option("#cmd-aam-choose_deployment_order-first", "axis")
    page.get_by_role("button", name="Choose deployment order").click()
    expect(page.locator("#log")).to_contain_text("deploy first")

    def deploy(label: str, hex_: str, facing: str = "") -> None:
        pick("#aam-aam-deploy-unit", label)
        page.fill("#aam-aam-deploy-hex", hex_)
        page.select_option("#aam-aam-deploy-facing", facing)
        page.get_by_role("button", name="Set up this unit").click()
        expect(page.locator("#log")).to_contain_text(f"{label} deploys in {hex_}")

    deploy("Panzer IV Ausf. G", "D5", "S")
    deploy("PAK 38", "E4")
    deploy("German Grenadier", "F5")
    end_phase()
    expect(page.locator("#log")).to_contain_text("Deployment of the Allied army")
    deploy("M4A1 Sherman", "D9", "N")
    deploy("Bazooka", "E8")
    deploy("M1 Garand Rifle", "F8")
    end_phase()
    expect(page.locator("#banner")).to_contain_text("initiative")

    # Turn 1: initiative, a move, an attack after reading its odds, the Casualty Phase.
    page.fill("#cmd-aam-roll_initiative-axis_dice", "2 3")
    page.fill("#cmd-aam-roll_initiative-allies_dice", "5 6")
    page.get_by_role("button", name="Roll for initiative").click()
    expect(page.locator("#log")).to_contain_text("the Allies win")
    page.select_option("#cmd-aam-choose_order-first", "allies")
    page.get_by_role("button", name="Play first").click()
    pick("#aam-aam-move-unit", "M1 Garand Rifle")
    page.fill("#aam-aam-move-path", "F7")
    page.get_by_role("button", name="Move this unit").click()
    expect(page.locator("#log")).to_contain_text("M1 Garand Rifle stops in F7")
    screenshot(page, "aam-movement-phone")
    end_phase()
    end_phase()
    expect(page.locator("#banner")).to_contain_text("Assault")
    pick("#aam-aam-attack-attacker", "M4A1 Sherman")
    pick("#aam-aam-attack-target", "Panzer IV")
    expect(page.locator("#aam-odds")).to_contain_text("11 dice")  # 4 hexes: medium range
    expect(page.locator("#aam-odds")).to_contain_text("destroyed")
    screenshot(page, "aam-attack-odds-phone")
    page.fill("#aam-aam-attack-faces", "6 6 6 6 6 5 4 4 3 3 1")
    page.get_by_role("button", name="Attack").click()
    expect(page.locator("#log")).to_contain_text("Face-down counters on Panzer IV Ausf. G: disrupted, damaged")
    end_phase()
    end_phase()
    expect(page.locator("#log")).to_contain_text("Casualty Phase of turn 1")
    expect(page.locator(".aam-side.axis")).to_contain_text("disrupted")
    expect(page.locator(".aam-side.axis")).to_contain_text("damaged")

    # Turn 2: the assistant rolls the initiative; everything else ends quickly.
    page.get_by_role("button", name="Roll for me").first.click()
    expect(page.locator("#log")).to_contain_text("Initiative, turn 2")
    if page.get_by_role("button", name="Roll for initiative").count():
        page.get_by_role("button", name="Roll for me").first.click()
    page.get_by_role("button", name="Play first").click()
    for _ in range(4):
        end_phase()
    expect(page.locator("#log")).to_contain_text("End of turn 2")
    screenshot(page, "aam-turn2-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1  # no sideways scrolling

    laptop = browser.new_context(viewport=LAPTOP)
    big = laptop.new_page()
    big.goto(table_url)
    expect(big.locator(".aam-map svg")).to_be_visible()
    screenshot(big, "aam-table-laptop")
    assert not errors
