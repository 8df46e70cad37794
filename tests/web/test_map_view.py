"""The A&A map as players see it in Chromium: no two names overlap (measured on the rendered SVG), a phone opens
the map on the action and zooms it with two fingers or the buttons, a live update keeps where the player panned,
and when the action moves the map follows it without being drawn again."""

from __future__ import annotations

import json

import pytest

from tests.games.aa_classic.table import FINLAND, ussr_attacks_finland
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}

BOXES = """() => Array.from(document.querySelectorAll('#board svg text.label')).map(t => {
  const b = t.getBBox(); return [t.textContent, b.x, b.y, b.x + b.width, b.y + b.height];
})"""


def overlaps(boxes) -> list[tuple[str, str]]:
    out = []
    for i, (a, *p) in enumerate(boxes):
        for b, *q in boxes[i + 1:]:
            if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]:
                out.append((a, b))
    return out


def test_no_two_names_on_the_map_overlap(browser, aa_table):
    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    for viewport, name in ((LAPTOP, "map-labels-laptop"), (PHONE, "map-labels-phone")):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{server.url}/g/{gid}")
        boxes = page.evaluate(BOXES)
        assert len(boxes) == 128  # every territory and sea zone is named
        assert overlaps(boxes) == []
        # the names that used to collide are now apart
        said = {b[0] for b in boxes}
        assert {"Baltic Sea", "Germany", "Finland-Norway", "Barents Sea", "Western Europe", "Southern Europe"} <= said
        page.locator("#board").screenshot(path=str(screenshot(page, name).with_name(name + "-map.png")))
        page.context.close()


def test_a_phone_opens_the_map_on_the_action_and_zooms_it(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = ussr_attacks_finland(app)  # the battle at Finland-Norway is the action
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(f"{server.url}/g/{gid}")
    wrap = phone.locator("#board .mapwrap")
    expect(phone.locator("#map-focus")).to_have_attribute("data-focus", "Finland-Norway")
    visible = """(name) => {
      const w = document.querySelector('#board .mapwrap').getBoundingClientRect();
      const c = document.querySelector(`#board a[data-space="${name}"] circle`).getBoundingClientRect();
      return c.left >= w.left && c.right <= w.right && c.top >= w.top && c.bottom <= w.bottom;
    }"""
    assert phone.evaluate(visible, "Finland-Norway")  # today's action is on screen, not the Americas
    assert phone.evaluate("() => document.querySelector('#board .mapwrap').scrollLeft") > 0
    wrap.scroll_into_view_if_needed()
    screenshot(phone, "map-focus-phone")

    # Zoom: the buttons, then two fingers spreading apart.
    width = lambda: phone.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")  # noqa: E731
    before = width()
    phone.get_by_role("button", name="Zoom in").click()
    assert width() == pytest.approx(before * 1.5, rel=0.02)
    assert phone.evaluate(visible, "Finland-Norway")  # zoomed about the middle of the view
    phone.evaluate("""() => {
      const w = document.querySelector('#board .mapwrap'), r = w.getBoundingClientRect();
      const t = (id, x) => new Touch({identifier: id, target: w, clientX: r.left + x, clientY: r.top + 100});
      const send = (type, a, b) => w.dispatchEvent(new TouchEvent(type, {touches: [t(1, a), t(2, b)],
          changedTouches: [t(1, a), t(2, b)], bubbles: true}));
      send('touchstart', 150, 200); send('touchmove', 100, 250); send('touchmove', 50, 300);
      w.dispatchEvent(new TouchEvent('touchend', {touches: [], bubbles: true}));
    }""")
    zoomed = width()
    assert zoomed > before * 1.5 * 1.5  # the fingers went from 50 px apart to 250 px
    screenshot(phone, "map-zoomed-phone")

    # A live update (another device enters the dice) redraws the map: the zoom and the place stay.
    left = phone.evaluate("() => document.querySelector('#board .mapwrap').scrollLeft")
    app.handle(gid, json.dumps({"type": "aa.fire", "battle": "Finland-Norway", "faces": [1, 1, 3]}))
    expect(phone.locator("#log")).to_contain_text("1 1 3 (rolled at the table)", timeout=3000)
    assert width() == pytest.approx(zoomed, rel=0.02)
    assert phone.evaluate("() => document.querySelector('#board .mapwrap').scrollLeft") == pytest.approx(left, abs=2)
    assert not errors, errors


VISIBLE = """(name) => {
  const w = document.querySelector('#board .mapwrap').getBoundingClientRect();
  const c = document.querySelector(`#board a[data-space="${name}"] circle`).getBoundingClientRect();
  return c.left >= w.left && c.right <= w.right && c.top >= w.top && c.bottom <= w.bottom;
}"""


def test_when_the_action_moves_a_phone_s_map_follows_it_without_being_drawn_again(browser, aa_table):
    from playwright.sync_api import expect

    server, app = aa_table
    gid = app.new_game("aa_classic", {})
    for command in ({"type": "aa.start"}, {"type": "aa.end_step"}):
        app.handle(gid, json.dumps(command))
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(f"{server.url}/g/{gid}")
    expect(phone.locator("#map-focus")).to_have_attribute("data-focus", "Russia")  # the USSR's capital
    # the player zooms in and pans to the far west; the map keeps its drawing (the same element) through what follows
    for _ in range(2):
        phone.get_by_role("button", name="Zoom in").click()
    zoomed = phone.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width")
    phone.evaluate("""() => { const w = document.querySelector('#board .mapwrap');
      w.scrollLeft = 0; w.scrollTop = 0; window.drawn = document.querySelector('#board svg'); }""")
    phone.wait_for_timeout(100)  # the scroll event records where the player left the map
    assert not phone.evaluate(VISIBLE, FINLAND)

    # Another device moves into Finland-Norway: a battle opens there, and this phone's map goes to it
    app.handle(gid, json.dumps({"type": "aa.move", "path": ["Karelia S.S.R.", FINLAND],
                                "units": {"infantry": 2, "armour": 1}}))
    expect(phone.locator("#map-focus")).to_have_attribute("data-focus", FINLAND, timeout=3000)
    phone.wait_for_function(VISIBLE, arg=FINLAND, timeout=3000)
    assert phone.evaluate("() => document.querySelector('#board svg') === window.drawn")  # not drawn again
    assert phone.evaluate("() => document.querySelector('#board .mapwrap').scrollLeft") > 0
    assert phone.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width") == zoomed
    assert phone.locator("#board .zoom").count() == 1
    phone.locator("#board .mapwrap").scroll_into_view_if_needed()
    screenshot(phone, "map-follows-phone")

    # A step back in time, to before the move: the action is in Russia again, and the map goes back to where the
    # player left it there, at the zoom it had
    phone.keyboard.press("ArrowLeft")
    expect(phone.locator("#map-focus")).to_have_attribute("data-focus", "Russia", timeout=3000)
    phone.wait_for_function("() => document.querySelector('#board .mapwrap').scrollLeft === 0", timeout=3000)
    assert not phone.evaluate(VISIBLE, FINLAND)
    assert phone.evaluate("() => document.querySelector('#board svg').getBoundingClientRect().width") == zoomed
    assert not errors, errors
