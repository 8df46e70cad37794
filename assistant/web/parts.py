"""A table page made of named parts, and updates that carry only the parts a device does not hold yet.

A part is any element of a page with an ``id`` and a ``data-part`` attribute, in the shared templates (banner,
time-travel bar, forms, ledgers, map, log...) or in a game's own (a ledger, a panel, each space of its map): a game
declares its parts with markers in its templates and writes no code for them. Every render stamps each part with
``data-v``, a digest of its own markup, its inner parts left out (they have digests of their own) and the
command ids left out (each render draws fresh ones, which change nothing a player sees).

A device tells what it holds: ``static/app.js`` sends the ``X-Parts`` header with each request, one
``id:digest:parent`` per part in the page's order (``parent`` is the position of the enclosing part, empty at the
top). The answer (``changed``) is the parts whose markup changed, each as an out-of-band swap
(``hx-swap-oob``): a part whose own markup is unchanged is not sent, only its changed inner parts. A part marked
``data-part="list"`` holds a list of parts (the log's entries): a new item is inserted after its neighbour, an
item gone is deleted, so one new event sends one entry rather than the whole page of the log. What a device
holds is what its page shows, so two devices at one table, a form kept while someone types in it, spectators and
time travel each get what they are missing, and a device that sends nothing (no script, or a first request) gets
every part. A part drawn inside an ``<svg>`` (a map's space) is sent inside one, so that the browser reads it as SVG.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import uuid
from dataclasses import dataclass, field

HEADER = "X-Parts"
LIST = "list"
MAX_HELD = 2000  # parts a device may name (a table page has about a hundred)
MAX_HEADER = 64 * 1024
DIGEST_BYTES = 6
_STAMP_LEN = len(' data-v=""') + 2 * DIGEST_BYTES

MARKER = " data-part"
_START = re.compile(r'<([A-Za-z][A-Za-z0-9-]*)((?:\s[^>]*?)?\sdata-part(?=[\s=/>])(?:="([^"]*)")?[^>]*)>')
_ID = re.compile(r'\sid="([A-Za-z][A-Za-z0-9_-]{0,63})"')
_HELD = re.compile(r"([A-Za-z][A-Za-z0-9_-]{0,63}):([0-9a-f]{1,32}):(\d{0,5})")
COMMAND_ID = re.compile(r'name="command_id" value="[0-9a-f]{32}"')
UNSET = "0" * 32
_UNSET_ID = f'name="command_id" value="{UNSET}"'


@dataclass
class Part:
    id: str
    tag: str
    is_list: bool
    start: int  # in the markup without stamps
    head_end: int  # where the start tag closes (``>`` or ``/>``)
    end: int
    children: list[Part] = field(default_factory=list)
    digest: str = ""
    in_svg: bool = False  # drawn inside an <svg>: sent wrapped in one, so the browser reads it as SVG


@dataclass
class Held:
    """What a device holds: each part's digest and, for the parts inside another, the enclosing part's id."""

    digests: dict[str, str]
    children: dict[str | None, list[str]]

    @classmethod
    def parse(cls, header: str | None) -> Held | None:
        """The ``X-Parts`` header read; None when there is none (the device is sent every part)."""
        if header is None or len(header) > MAX_HEADER:
            return None
        digests: dict[str, str] = {}
        children: dict[str | None, list[str]] = {}
        order: list[str] = []
        for item in header.split(",")[:MAX_HELD]:
            found = _HELD.fullmatch(item.strip())
            if found is None:
                continue
            pid, digest, parent = found.groups()
            up = order[int(parent)] if parent and int(parent) < len(order) else None
            order.append(pid)
            if pid in digests:  # one id twice in a page: neither can be trusted
                digests[pid] = ""
                continue
            digests[pid] = digest
            children.setdefault(up, []).append(pid)
        return cls(digests, children)


class Page:
    """One render of a page (or fragment): its parts found, each stamped with its digest."""

    def __init__(self, html: str):
        # command ids set aside (same length, so every position holds): each render draws its own
        self.raw = COMMAND_ID.sub(_UNSET_ID, html)
        self.roots: list[Part] = []
        self.by_id: dict[str, Part] = {}
        self._find()
        for part in self.roots:
            self._digest(part)
        self._stamp()

    # ------------------------------------------------------------------ reading the markup

    def _find(self) -> None:
        html = self.raw
        stack: list[Part] = []
        ends: dict[str, dict[int, int]] = {}
        for m in self._markers():
            found = _ID.search(m.group(2))
            if found is None or found.group(1) in self.by_id:
                continue  # a marker without an id (or a second one): not a part
            tag = m.group(1)
            head_end = m.end() - (2 if html[m.end() - 2] == "/" else 1)  # the stamp goes last in the start tag
            if tag in UNNESTED and html[m.end() - 2] != "/":  # a map's spaces: ends at the first closing tag
                closing = html.find(f"</{tag}>", m.end())
                end = closing + len(tag) + 3 if closing >= 0 else len(html)
            else:
                if tag not in ends:
                    ends[tag] = _ends(html, tag)
                end = ends[tag].get(m.start(), len(html))
            part = Part(found.group(1), tag, m.group(3) == LIST, m.start(), head_end, end)
            while stack and stack[-1].end <= part.start:
                stack.pop()
            (stack[-1].children if stack else self.roots).append(part)
            stack.append(part)
            self.by_id[part.id] = part
        if "<svg" in html and self.by_id:
            drawings = _ends(html, "svg").items()
            for part in self.by_id.values():
                part.in_svg = any(start < part.start < end for start, end in drawings)

    def _markers(self):
        """The start tags carrying the marker, found by the marker's text (a page has thousands of tags)."""
        html, at = self.raw, 0
        while (at := html.find(MARKER, at)) >= 0:
            start = html.rfind("<", 0, at)
            found = _START.match(html, start) if start >= 0 else None
            if found is not None and found.end() > at:
                yield found
            at += len(MARKER)

    def _digest(self, part: Part) -> None:
        pieces, at = [], part.start
        for child in part.children:
            self._digest(child)
            pieces.append(self.raw[at:child.start])
            if not part.is_list:
                pieces.append(f"<@{child.id}>")
            at = child.end
        pieces.append(self.raw[at:part.end])
        part.digest = hashlib.blake2s("".join(pieces).encode(), digest_size=DIGEST_BYTES).hexdigest()

    def _stamp(self) -> None:
        parts = sorted(self.by_id.values(), key=lambda p: p.head_end)
        self._marks = [p.head_end for p in parts]
        out, at = [], 0
        for p in parts:
            out.append(self.raw[at:p.head_end])
            out.append(f' data-v="{p.digest}"')
            at = p.head_end
        out.append(self.raw[at:])
        self.html = "".join(out)

    def _pos(self, raw_pos: int, after_mark: bool = True) -> int:
        """Where a position of the markup without stamps is in the stamped markup."""
        count = (bisect.bisect_right if after_mark else bisect.bisect_left)(self._marks, raw_pos)
        return raw_pos + count * _STAMP_LEN

    def markup(self, part: Part, swap: str | None = None) -> str:
        """A part's stamped markup; with ``swap``, marked for an out-of-band swap."""
        text = self.html[self._pos(part.start, False):self._pos(part.end, False)]
        if swap is None:
            return text
        head = part.head_end - part.start
        marked = f'{text[:head]} hx-swap-oob="{swap}"{text[head:]}'
        # a map's space on its own would be read as HTML (an <a>, unknown <circle>s) and drawn as nothing: inside
        # an <svg> the browser reads it as SVG, and htmx swaps it in from there (out-of-band swaps may be nested)
        return f"<svg>{marked}</svg>" if part.in_svg else marked

    # ------------------------------------------------------------------ what a device is missing

    def changed(self, held: Held | None, resend: tuple[str, ...] = ()) -> list[str]:
        """Out-of-band swaps bringing a device holding ``held`` to this render (every part when it holds
        nothing); ``resend`` names parts to send whatever the device holds (e.g. the one whose form was used)."""
        if held is None:
            return [self.markup(p, "true") for p in self.roots]
        out: list[str] = []
        for part in self.roots:
            self._diff(part, held, set(resend), out)
        return out

    def _diff(self, part: Part, held: Held, resend: set[str], out: list[str]) -> None:
        if held.digests.get(part.id) != part.digest or part.id in resend:
            out.append(self.markup(part, "true"))
            return
        if part.is_list and not self._list(part, held, resend, out):
            out.append(self.markup(part, "true"))
            return
        if not part.is_list:
            for child in part.children:
                self._diff(child, held, resend, out)

    def _list(self, part: Part, held: Held, resend: set[str], out: list[str]) -> bool:
        """A list's items inserted, deleted and replaced one by one; False when the items were reordered (or
        none the device holds stays): then the whole list is sent."""
        before = held.children.get(part.id, [])
        now = [c.id for c in part.children]
        kept = set(before) & set(now)
        if not kept or [i for i in before if i in kept] != [i for i in now if i in kept]:
            return False
        mine: list[str] = [f'<div id="{pid}" hx-swap-oob="delete"></div>' for pid in before if pid not in kept]
        first_kept = next(i for i in now if i in kept)
        for n, child in enumerate(part.children):
            if child.id in kept:
                self._diff(child, held, resend, mine)
                continue
            # inserted after the item before it (kept, or inserted just before); the first one before the first kept
            where = f"afterend:#{now[n - 1]}" if n else f"beforebegin:#{first_kept}"
            mine.append(f'<div hx-swap-oob="{where}">{self.markup(child)}</div>')
        out.extend(mine)
        return True


def _ends(html: str, tag: str) -> dict[int, int]:
    """Where each element named ``tag`` starts -> where it ends (elements of one name nest; one pass each name)."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for m in _tags(tag).finditer(html):
        if m.group(1):
            if opened:
                ends[opened.pop()] = m.end() if html[m.end() - 1] == ">" else html.index(">", m.end()) + 1
        elif m.group(2):
            ends[m.start()] = m.end()  # <g/>: closed where it opens
        else:
            opened.append(m.start())
    return ends


def _close(html: str, tag: str, after: int) -> int:
    """The end of the element whose start tag ends at ``after``."""
    start = html.rfind(f"<{tag}", 0, after)
    return _ends(html, tag).get(start, len(html))


_TAGS: dict[str, re.Pattern[str]] = {}


def _tags(tag: str) -> re.Pattern[str]:
    if tag not in _TAGS:  # HTML's own containers never close themselves; an SVG element may (<g/>)
        closes = "()" if tag.lower() in HTML_CONTAINERS else r"(?=[\s/>])[^>]*?(/?)>"
        _TAGS[tag] = re.compile(rf"<(/?){re.escape(tag)}(?=[\s/>]){closes}")
    return _TAGS[tag]


UNNESTED = frozenset({"a"})  # never inside one of its kind (a link in a link is not HTML, nor SVG)
HTML_CONTAINERS = frozenset("div section nav li ol ul aside article header footer main p span table tbody tr td "
                            "details form fieldset dl".split())


def holding(html: str) -> str:
    """The ``X-Parts`` header a browser showing ``html`` (a stamped render) sends, as ``static/app.js`` makes it:
    for benchmarks and tests that play a device without a browser."""
    page = Page(html)  # read for its structure; the digests are the stamps the page carries
    out: list[str] = []

    def walk(part: Part, parent: str) -> None:
        stamp = _STAMPED.search(page.raw, part.start, part.head_end + 1)
        index = len(out)
        out.append(f"{part.id}:{stamp.group(1) if stamp else '0'}:{parent}")
        for child in part.children:
            walk(child, str(index))

    for root in page.roots:
        walk(root, "")
    return ",".join(out)


_STAMPED = re.compile(r' data-v="([0-9a-f]+)"')


def fresh_command_ids(html: str) -> str:
    """Every form of a render gets a command id of its own (a part kept from an earlier render may not)."""
    return COMMAND_ID.sub(lambda _m: f'name="command_id" value="{uuid.uuid4().hex}"', html)
