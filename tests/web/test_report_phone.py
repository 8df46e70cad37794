"""The report on a phone: the battles read as one block each, the other wide tables scroll sideways inside their
frame instead of being cut off or widening the page; the charts draw each power in its map colour; time travel's
chips and text name the same turn."""

from __future__ import annotations

import json

import pytest

from assistant.games.aa_classic.colours import COLOURS
from tests.games.aa_classic.table import FINLAND, ussr_attacks_finland
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _played(app) -> str:
    gid = ussr_attacks_finland(app)
    for command in ({"type": "aa.fire", "battle": FINLAND, "faces": [1, 1, 3]},
                    {"type": "aa.choose_casualties", "battle": FINLAND, "units": {"infantry": 3}},
                    {"type": "aa.fire", "battle": FINLAND, "faces": [6, 6, 6, 6, 6]},
                    {"type": "aa.retreat", "battle": FINLAND, "to": "Karelia S.S.R."}):
        app.handle(gid, json.dumps(command))
    for _ in range(4):
        app.handle(gid, '{"type": "aa.end_step", "override": "the pieces ran out"}')
    return gid


def test_the_report_on_a_phone(browser, aa_table):
    server, app = aa_table
    gid = _played(app)
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{server.url}/g/{gid}/report")
    page.wait_for_selector("figure.chart svg")
    # Nothing widens the page: every wide table scrolls inside its own frame.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    frames = page.evaluate("""() => Array.from(document.querySelectorAll('table')).map(t => {
      const frame = t.parentElement, style = getComputedStyle(frame);
      return [t.className, t.scrollWidth, frame.clientWidth, style.overflowX];
    })""")
    wide = [f for f in frames if f[1] > f[2]]
    assert wide, "some report table is wider than a phone"
    assert all(overflow in ("auto", "scroll") for _, _, _, overflow in wide), wide
    # ... except the battles, which read as one block per battle, each value under its column's name
    battles = [f for f in frames if "battles" in f[0]]
    assert battles and all(width <= frame for _, width, frame, _ in battles), battles
    label = page.evaluate("""() => getComputedStyle(document.querySelector('table.battles td[data-label="Where"]'),
                                                    '::before').content""")
    assert "Where" in label, label
    screenshot(page, "report-phone")
    # Each power's line has its map colour (the charts' SVG strokes).
    strokes = page.evaluate("""() => Array.from(document.querySelectorAll('figure.chart svg path'))
      .map(p => (p.getAttribute('style') || '') + ' ' + (p.getAttribute('stroke') || '')).join(' ')""")
    for power in ("ussr", "germany", "uk", "japan", "usa"):
        assert COLOURS[power] in strokes.lower(), power


def test_the_report_file_on_a_phone(browser, aa_table, tmp_path):
    """`tabletop report --format html` writes a file players open anywhere, a phone included: it fits the screen
    (viewport set), its battles read as one block each and its wide tables scroll inside themselves."""
    from assistant.analysis.reports import build_report, render_html

    _server, app = aa_table
    gid = _played(app)
    target = tmp_path / "report.html"
    target.write_text(render_html(build_report(app, gid)), encoding="utf-8")
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(target.as_uri())
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("() => document.querySelector('table.battles').scrollWidth") <= PHONE["width"]
    label = page.evaluate("""() => getComputedStyle(document.querySelector('table.battles td[data-label="where"]'),
                                                    '::before').content""")
    assert "where" in label, label
    screenshot(page, "report-file-phone")
