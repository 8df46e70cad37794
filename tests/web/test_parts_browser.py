"""The table's parts in headless Chromium: a desk (1280 px) and a phone (390 px) play Axis & Allies, each command
and live update bringing only the parts that changed, and after each step both pages hold exactly what a full
reload shows (every part's digest, the parts in their order, the text of the table). The map is swapped only when
the board changed."""

from __future__ import annotations

import time

import pytest

from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
LIVE_MS = 10_000  # a live update comes within about a second; a machine shared with other work may take longer
PARTS = "() => Array.from(document.querySelectorAll('[data-part][id]')).map(e => e.id + ':' + e.getAttribute('data-v'))"
TEXT = "() => document.getElementById('table').innerText.replace(/\\s+/g, ' ')"


def _collect(page, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)


def same_as_a_reload(page, url: str, within: float = 15.0) -> None:
    """The page holds what a full reload of ``url`` in the same browser shows (live updates given time to come)."""
    fresh = page.context.new_page()
    try:
        fresh.goto(url)
        want = (fresh.evaluate(PARTS), fresh.evaluate(TEXT))
        deadline = time.monotonic() + within
        while True:
            have = (page.evaluate(PARTS), page.evaluate(TEXT))
            if have == want or time.monotonic() > deadline:
                break
            page.wait_for_timeout(200)
        assert have[0] == want[0], f"parts differ from a reload: {have[0]} != {want[0]}"
        assert have[1] == want[1], "the table's text differs from a reload"
    finally:
        fresh.close()


def mark_the_map(page) -> None:
    page.evaluate("() => { document.querySelector('#map svg').dataset.kept = '1'; }")


def map_kept(page) -> bool:
    return page.evaluate("() => document.querySelector('#map svg').dataset.kept === '1'")


def both_hold_the_table(pages, url: str, *, map_sent: bool | None = None) -> None:
    """Each page holds what a reload shows; ``map_sent``: whether the map must (True) or must not (False) have been
    swapped since it was marked (then marked again)."""
    for page in pages:
        same_as_a_reload(page, url)
        if map_sent is not None:
            assert map_kept(page) != map_sent, "the map was sent again" if map_sent is False else "the map was not sent"
        mark_the_map(page)


def test_desk_and_phone_hold_what_a_reload_shows_after_each_command(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    url = f"{server.url}/g/{gid}"
    desk = browser.new_context(viewport=LAPTOP).new_page()
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    for page in (desk, phone):
        _collect(page, errors)
        page.goto(url)
        mark_the_map(page)
    sizes: list[int] = []
    desk.on("response", lambda r: sizes.append(int(r.headers.get("content-length") or 0))
            if "/do" in r.url or "/live" in r.url else None)

    # A purchase: forms, ledgers and log change, the board does not: neither device gets the map again.
    desk.fill("#buy-infantry", "3")
    desk.get_by_role("button", name="Buy these units").click()
    expect(desk.locator("#log")).to_contain_text("The USSR buys 3 infantry for 9 IPC.", timeout=LIVE_MS)
    expect(phone.locator("#log")).to_contain_text("The USSR buys 3 infantry for 9 IPC.", timeout=LIVE_MS)
    both_hold_the_table((desk, phone), url, map_sent=False)
    assert sizes and max(sizes) < 40_000, sizes  # forms, ledgers and a log entry; not the map nor the whole table

    # The phone ends the purchase and moves into Finland-Norway: two spaces change on both maps, and where a
    # phone's map opens moves to the battle; neither device gets the map again.
    phone.get_by_role("button", name="Purchase done").click()
    expect(phone.locator("#banner")).to_contain_text("combat move", timeout=LIVE_MS)
    phone.select_option("#move-from", "Karelia S.S.R.")
    phone.fill("#move-to", "Finland-Norway")
    phone.fill("#mv-infantry", "2")
    phone.fill("#mv-armour", "1")
    phone.get_by_role("button", name="Move these units").click()
    expect(phone.locator("#log")).to_contain_text("Karelia S.S.R. -> Finland-Norway", timeout=LIVE_MS)
    expect(desk.locator("#log")).to_contain_text("Karelia S.S.R. -> Finland-Norway", timeout=LIVE_MS)
    both_hold_the_table((desk, phone), url, map_sent=False)
    for page in (desk, phone):
        expect(page.locator("#map-focus")).to_have_attribute("data-focus", "Finland-Norway")
    screenshot(phone, "parts-move-phone")

    # Undo on the desk, redo on the phone; a note from the log changes the log only.
    desk.get_by_role("button", name="Undo last").click()
    expect(desk.locator("#log .entry.cancelled").first).to_contain_text("into the land battle at Finland-Norway",
                                                                        timeout=LIVE_MS)
    same_as_a_reload(phone, url)
    phone.get_by_role("button", name="Redo").click()
    expect(phone.locator("#log")).to_contain_text("redo", ignore_case=True, timeout=LIVE_MS)
    both_hold_the_table((desk, phone), url)
    sizes.clear()
    app.handle(gid, '{"type": "core.add_note", "about_seq": 1, "text": "good luck"}')
    for page in (desk, phone):
        expect(page.locator("#log")).to_contain_text("good luck", timeout=LIVE_MS)
    both_hold_the_table((desk, phone), url, map_sent=False)
    assert sizes and max(sizes) < 8_000, sizes  # one entry, the time-travel bar, the poll's own address
    screenshot(desk, "parts-note-laptop")
    screenshot(phone, "parts-note-phone")

    # Time travel one event back and forward: only what differs is swapped, and the address follows.
    desk.locator("#vcr a[aria-label='One event back']").click()
    expect(desk.locator("#banner")).to_contain_text("You are looking at the table as it was at event",
                                                    timeout=LIVE_MS)
    at = desk.url.split("at=")[1]
    same_as_a_reload(desk, f"{url}?at={at}")
    desk.get_by_role("link", name="Back to now").first.click()
    expect(desk.locator("#actions")).to_be_visible(timeout=LIVE_MS)
    assert desk.url == url
    same_as_a_reload(desk, url)

    # Playing the game from its first event: each step brings the next one's parts, the player's own included.
    desk.locator("#vcr a[aria-label='First event']").click()
    desk.locator("#vcr a[aria-label='Play from here']").click()
    expect(desk.locator("#vcr output")).to_contain_text("4/", timeout=2 * LIVE_MS)
    desk.locator("#vcr a[aria-label='Pause']").click()
    expect(desk.locator("#vcr a[aria-label='Play from here']")).to_be_visible(timeout=LIVE_MS)
    same_as_a_reload(desk, desk.url)
    assert errors == []


def test_pause_wins_over_a_playing_step_still_on_its_way(browser, aa_table):
    """A Pause tapped while the next playing step is in flight stops the replay: the step is abandoned, not swapped
    in after the pause (which would play on). The playing steps are held back by the network here, as on a slow
    table Wi-Fi."""
    import contextlib
    import json

    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    for command in ({"type": "aa.start"}, {"type": "aa.purchase", "units": {"infantry": 1}},
                    {"type": "aa.end_step"}, {"type": "aa.end_step"}):
        app.handle(gid, json.dumps(command))
    page = browser.new_context(viewport=LAPTOP).new_page()
    held: list = []
    page.route(lambda url: "play=1" in url and "at=1&" not in url, lambda route: held.append(route))
    page.goto(f"{server.url}/g/{gid}?at=1&play=1")
    deadline = time.monotonic() + 20
    while not held and time.monotonic() < deadline:  # the playing step's request is on its way
        page.wait_for_timeout(100)
    assert held, "the replay asked for its next step"
    page.locator("#vcr a[aria-label='Pause']").click()
    expect(page.locator("#vcr a[aria-label='Play from here']")).to_be_visible(timeout=LIVE_MS)
    for route in held:  # the step arrives after all (unless the browser already dropped it): it must not be swapped in
        with contextlib.suppress(PlaywrightError):
            route.continue_()
    page.wait_for_timeout(2500)
    expect(page.locator("#vcr a[aria-label='Play from here']")).to_be_visible()
    expect(page.locator("#vcr output")).to_contain_text("1/")
    page.context.close()


SPACE = """(id) => { const a = document.getElementById(id); const c = a && a.querySelector('circle');
  return a && {svg: a.namespaceURI === 'http://www.w3.org/2000/svg' && c.namespaceURI === a.namespaceURI,
               drawn: c.getBBox().width > 0, kept: a.dataset.kept === '1', text: a.textContent}; }"""


def test_a_space_comes_alone_as_svg_and_a_tap_in_the_past_shows_the_space_then(browser, aa_table):
    """A placement and a step back in time swap Russia's space on its own, read as SVG and drawn, the rest of the
    map kept; tapping the space while looking at the past shows it as it was at that event."""
    import json

    from playwright.sync_api import expect

    from assistant.web.mapframes import part_id

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    for command in ({"type": "aa.start"}, {"type": "aa.purchase", "units": {"infantry": 2}},
                    *[{"type": "aa.end_step"}] * 4):
        app.handle(gid, json.dumps(command))
    url = f"{server.url}/g/{gid}"
    russia, karelia = part_id("Russia"), part_id("Karelia S.S.R.")
    for width in (PHONE, LAPTOP):
        page = browser.new_context(viewport=width).new_page()
        errors: list[str] = []
        _collect(page, errors)
        if width is LAPTOP:  # the placement is in the past now: the laptop looks at it
            placed = app.head(gid)
            app.handle(gid, json.dumps({"type": "core.add_note", "about_seq": placed, "text": "placed"}))
        page.goto(url if width is PHONE else f"{url}?at={placed}")
        if width is PHONE:
            page.evaluate("() => document.querySelectorAll('#map svg, #map [data-part]').forEach("
                          "e => { e.dataset.kept = '1'; })")
            before = page.evaluate(SPACE, russia)
            page.locator("#actions button[name='space'][value='Russia']").click()
            expect(page.locator("#log")).to_contain_text("places", timeout=LIVE_MS)
            after = page.evaluate(SPACE, russia)
            assert after["svg"] and after["drawn"] and not after["kept"] and after["text"] != before["text"]
            assert page.evaluate(SPACE, karelia)["kept"] and map_kept(page)  # the rest of the map stayed
            same_as_a_reload(page, url)
            screenshot(page, "parts-space-phone")
        else:  # the laptop looks at the placement, steps back over it and taps Russia there
            page.evaluate("() => document.querySelectorAll('#map svg, #map [data-part]').forEach("
                          "e => { e.dataset.kept = '1'; })")
            now = page.evaluate(SPACE, russia)["text"]
            page.locator("#vcr a[aria-label='One event back']").click()
            expect(page.locator("#vcr output")).to_contain_text(f"{placed - 1}/", timeout=LIVE_MS)
            then = page.evaluate(SPACE, russia)
            assert then["svg"] and then["drawn"] and not then["kept"] and then["text"] != now
            assert page.evaluate(SPACE, karelia)["kept"] and map_kept(page)
            same_as_a_reload(page, page.url)
            with page.expect_request(lambda r: "/space/Russia" in r.url) as tapped:
                page.locator(f"#{russia} circle").first.click()
            assert f"at={placed - 1}" in tapped.value.url
            expect(page.locator("#space")).not_to_be_empty(timeout=LIVE_MS)
            screenshot(page, "parts-space-past-laptop")
        assert errors == []
        page.context.close()


def test_a_step_into_the_past_and_back_sends_parts_and_takes_the_forms_away(browser, aa_table):
    """The table's own frame is the same now and in the past: a step into the past sends the parts that differ
    (the map stays drawn), the forms go even with something typed in them (the player asked to look back), and
    back to now they come fresh."""
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    url = f"{server.url}/g/{gid}"
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    _collect(page, errors)
    page.goto(url)
    mark_the_map(page)
    page.fill("#buy-infantry", "3")
    page.locator("#vcr a[aria-label='One event back']").click()
    expect(page.locator("#banner")).to_contain_text("You are looking at the table as it was at event",
                                                    timeout=LIVE_MS)
    expect(page.locator("#actions")).to_be_hidden()
    expect(page.locator("#actions form")).to_have_count(0)
    expect(page.locator("#stale")).to_have_count(0)  # no "the table changed on another device"
    assert map_kept(page), "the map was sent again"
    same_as_a_reload(page, page.url)
    screenshot(page, "past-phone")
    page.get_by_role("link", name="Back to now").first.click()
    expect(page.locator("#actions")).to_be_visible(timeout=LIVE_MS)
    expect(page.locator("#buy-infantry")).to_have_value("")
    assert map_kept(page), "the map was sent again"
    same_as_a_reload(page, url)
    # live updates run again: another device's purchase arrives
    app.handle(gid, '{"type": "aa.purchase", "units": {"infantry": 2}}')
    expect(page.locator("#log")).to_contain_text("The USSR buys 2 infantry", timeout=LIVE_MS)
    assert errors == []
