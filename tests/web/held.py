"""A device's side of the table's parts (``assistant/web/parts.py``) for tests without a browser: what a page
holds (the ``X-Parts`` header ``static/app.js`` sends) and an update applied to a page as htmx applies it."""

from __future__ import annotations

import re

from assistant.web.parts import COMMAND_ID, HEADER, _close, holding

OOB = re.compile(r'<([A-Za-z][A-Za-z0-9-]*)\b[^>]*?\shx-swap-oob="([^"]*)"[^>]*>')


def held(html: str) -> dict[str, str]:
    """The header a browser showing ``html`` sends: each part's id, digest and enclosing part, in page order."""
    return {HEADER: holding(html)}


def sent(update: str) -> list[tuple[str, str]]:
    """(swap, id) of each out-of-band swap of an update, in order (the id of the element sent, or the target)."""
    out = []
    for m in OOB.finditer(update):
        swap = m.group(2)
        found = re.search(r'\sid="([^"]+)"', m.group(0))
        if swap == "true" or swap == "delete":
            out.append((swap, found.group(1)))
        else:
            inner = re.search(r'\sid="([^"]+)"', update[m.end():])
            out.append((swap.split(":")[0], inner.group(1)))
    return out


def _element(html: str, pid: str) -> tuple[int, int]:
    m = re.search(rf'<([A-Za-z][A-Za-z0-9-]*)\b[^>]*\sid="{re.escape(pid)}"[^>]*>', html)
    assert m, f"no element #{pid} in the page"
    return m.start(), _close(html, m.group(1), m.end())


def apply(page: str, update: str) -> str:
    """``page`` after htmx has made the update's out-of-band swaps, in order."""
    at = 0
    while (m := OOB.search(update, at)) is not None:
        end = _close(update, m.group(1), m.end())
        element, swap = update[m.start():end], m.group(2)
        at = end
        if swap in ("true", "delete"):
            pid = re.search(r'\sid="([^"]+)"', m.group(0)).group(1)
            start, stop = _element(page, pid)
            new = "" if swap == "delete" else element.replace(f' hx-swap-oob="{swap}"', "", 1)
            page = page[:start] + new + page[stop:]
            continue
        style, target = swap.split(":", 1)
        inner = update[m.end():end - len(f"</{m.group(1)}>")]
        start, stop = _element(page, target.lstrip("#"))
        where = {"afterend": stop, "beforebegin": start}[style]
        page = page[:where] + inner + page[where:]
    return page


def table(html: str) -> str:
    """The ``#table`` element of a page, its forms' command ids left out (each render draws its own)."""
    start, stop = _element(html, "table")
    return COMMAND_ID.sub("", html[start:stop])  # each render draws its own ids
