"""What a game's map keeps between renders: the board's fixed parts, built once per board (keyed by a digest of
the board's data), and every space's address, once per board and viewer.

A game's ``map_svg.py`` builds its own parts (its spots, borders, legend) and fills in the state; this module only
keeps them. Drawing every element of a map through ``Markup.format`` at each render was most of a step in time.

Each space is a part of the page of its own (``part_id``, ``assistant/web/parts.py``): a step in time or a live
update sends only the spaces that changed, not the whole map. So a space's link names no event: the page holds
the event it shows (``#tt-at``, in the time-travel bar) and the map's element includes it in each request.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import msgspec
from markupsafe import escape

from assistant.web.memo import Memo

T = TypeVar("T")
_encoder = msgspec.msgpack.Encoder()
FRAMES = Memo(8)  # (the map's builder, board digest) -> that board's fixed parts
ADDRESSES = Memo(64)  # (board digest, first space's address) -> every space's address


def digest(board: Any) -> bytes:
    """A digest of the board's data: two boards drawn alike share it (a game's board is the same at every event)."""
    return hashlib.blake2b(_encoder.encode(board), digest_size=16).digest()


def kept(board: Any, build: Callable[[bytes], T]) -> T:
    """``build(digest)``'s parts of this board, built on its first render and kept."""
    key = digest(board)
    return FRAMES.get((build.__module__, build.__qualname__, key), lambda: build(key))


def part_id(name: str) -> str:
    """A space's element id on the page, as a part: the same for the same space in every render."""
    return "sp-" + hashlib.blake2s(name.encode(), digest_size=5).hexdigest()


@dataclass(frozen=True)
class Spot:
    """One space's fixed drawing, common to the games' maps: where it is and the parts that never change."""

    name: str
    part: str  # part_id(name)
    html_name: str  # escaped
    sea: bool
    x: str  # formatted as drawn
    y: str
    r: int
    count_y: str
    capital: str  # the capital's ring, or ""
    ring: str  # the battle ring, drawn while a battle is open there
    tail: str  # the label, and the link's end


def spot_html(p: Spot, url: str, title: str, shape: str, fill: str, fighting: bool, count: int, pale: bool) -> str:
    """One space as the map draws it: a link to its details holding its tooltip, its circle (classes ``shape``,
    colour ``fill``), the capital's and battle's rings, the count of units (dark on a ``pale`` fill) and its label."""
    url = escape(url)
    number = f'<text x="{p.x}" y="{p.count_y}" text-anchor="middle" class="count{" light" if pale else ""}">{count}</text>'
    return (f'<a id="{p.part}" data-part href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" '
            f'data-space="{p.html_name}">'
            f'<title>{escape(title)}</title><circle class="{shape}" cx="{p.x}" cy="{p.y}" r="{p.r}" fill="{escape(fill)}"/>'
            f'{p.capital}{p.ring if fighting else ""}{number if count else ""}{p.tail}')


def addresses(key: bytes, spots: Sequence[Spot], space_url: Callable[[str], str]) -> dict[str, str]:
    """Every space's address as ``space_url`` gives it (a table's, or a spectator's with its token)."""
    probe = space_url(spots[0].name) if spots else ""
    return ADDRESSES.get((key, probe), lambda: {p.name: space_url(p.name) for p in spots})
