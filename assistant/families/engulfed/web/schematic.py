"""A schematic map from a partial board: where each place goes, drawn from the links the board knows so far.

The Engulfed rule books have no map data and players complete the board during play, so the picture is built from
whatever links exist (borders, coasts, sea to sea); places without any link yet are set out in rows under the map,
grouped as the game says (nation, country, colour), so players see what still needs entering. Positions depend
only on the board: a game computes them once per board (``board_key``: a hash that changes only with an amendment).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import msgspec

from assistant.web.maplayout import layout

Link = tuple[str, str, str]  # a, b, kind (the game's words: "land", "river", "port", "sea", ...)
Anchors = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # west, east, north, south


@dataclass(frozen=True)
class Frame:
    """The drawing's size: the laid-out part, then rows of places without links."""

    width: int = 1000
    main_h: int = 520
    margin_x: int = 60
    margin_y: int = 34
    row_h: int = 52
    col_w: int = 112
    head_w: int = 180
    far: int = 4  # separate islands of the partial graph are drawn a few links apart, not across the map


@dataclass(frozen=True)
class Geometry:
    pos: dict[str, tuple[float, float]]  # place id -> x, y on the map
    links: tuple[Link, ...]
    unlinked: tuple[str, ...]  # places without any known link, in the rows under the map
    heads: tuple[tuple[str, float, float], ...]  # the rows' group names and where they are written
    height: int


def board_key(board: msgspec.Struct) -> str:
    return hashlib.blake2s(msgspec.msgpack.encode(board), digest_size=12).hexdigest()


class Links:
    """Links between places, each pair once (the first kind given wins), only between places on the board."""

    def __init__(self, places: Iterable[str]):
        self.places = set(places)
        self.found: dict[frozenset[str], Link] = {}

    def add(self, a: str, b: str, kind: str) -> None:
        if a != b and a in self.places and b in self.places:
            self.found.setdefault(frozenset((a, b)), (a, b, kind))

    def all(self) -> tuple[Link, ...]:
        return tuple(self.found.values())


def lay_out(places: Iterable[str], found: tuple[Link, ...], anchors: Callable[[tuple[str, ...]], Anchors],
            group_of: Callable[[str], str], name_of: Callable[[str], str],
            group_order: Callable[[str], tuple], frame: Frame = Frame(), engine: Callable = layout) -> Geometry:
    """Linked places laid out from the links (oriented by ``anchors`` of the linked places), the others in rows
    under the map by ``group_of``, groups in ``group_order``, members by name. ``engine``: the core's
    ``layout`` (kept between runs) or ``quick_layout`` (numpy, for a board entered link by link at the table)."""
    linked = tuple(sorted({p for a, b, _ in found for p in (a, b)}))
    pos: dict[str, tuple[float, float]] = {}
    main_h = frame.main_h if linked else 0
    if linked:
        unit = engine(linked, tuple((a, b) for a, b, _ in found), *anchors(linked), far=frame.far)
        pos = {n: (frame.margin_x + x * (frame.width - 2 * frame.margin_x),
                   frame.margin_y + y * (main_h - 2 * frame.margin_y)) for n, (x, y) in unit.items()}
    groups: dict[str, list[str]] = {}
    for place in sorted(set(places) - set(linked)):
        groups.setdefault(group_of(place), []).append(place)
    heads = []
    y = main_h + (40 if linked else 30)
    per_row = max(1, (frame.width - frame.head_w) // frame.col_w)
    for name in sorted(groups, key=group_order):
        members = sorted(groups[name], key=name_of)
        heads.append((name, 10.0, y + 4))
        for i, place in enumerate(members):
            row, col = divmod(i, per_row)
            pos[place] = (frame.head_w + frame.col_w / 2 + col * frame.col_w, y + row * frame.row_h)
        y += frame.row_h * ((len(members) - 1) // per_row + 1)
    unlinked = tuple(p for g in groups.values() for p in g)
    return Geometry(pos=pos, links=found, unlinked=unlinked, heads=tuple(heads), height=int(y - frame.row_h + 36))
