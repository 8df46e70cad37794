"""Europe Engulfed's schematic map: where each area goes, drawn from the borders the board knows so far.

The shipped board is partial and players amend it during play, so the picture is built from whatever links exist
(land, river and strait borders, ports between an area and a sea area, sea adjacency, a fortress inside its
area); places without any link yet are set out in rows under the map, grouped by nation (or weather zone), so
players see what still needs borders. Positions depend only on the board: computed once per board (keyed by a
hash of it, which changes only with ``ee.board_amended``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

import msgspec

from assistant.games.europe_engulfed.board.format import Board
from assistant.web.maplayout import layout
from assistant.web.memo import Memo

MAP_W = 1000
MAIN_H = 520  # the laid-out part; the rows of places without borders follow it
MARGIN_X, MARGIN_Y = 60, 34
ROW_H, COL_W, HEAD_W = 52, 112, 180
ISLAND_DISTANCE = 4  # separate islands of the partial graph are drawn a few borders apart, not across the map
# Orientation: the board's own facts say which places are west, east, north and south.
WEST_NATIONS = ("britain", "france", "usa", "spain", "portugal")
NORTH_NATIONS = ("norway", "sweden", "finland")
LAYOUTS = Memo(8)


@dataclass(frozen=True)
class Geometry:
    pos: dict[str, tuple[float, float]]  # place id -> x, y on the map
    links: tuple[tuple[str, str, str], ...]  # a, b, kind ("land", "river", "strait", "port", "sea", "fortress")
    unlinked: tuple[str, ...]  # places without any known link, in the rows under the map
    heads: tuple[tuple[str, float, float], ...]  # the rows' group names and where they are written
    height: int


def board_key(board: Board) -> str:
    return hashlib.blake2s(msgspec.msgpack.encode(board), digest_size=12).hexdigest()


def geometry(board: Board) -> Geometry:
    return LAYOUTS.get(board_key(board), lambda: _geometry(board))


def links(board: Board) -> tuple[tuple[str, str, str], ...]:
    """Every known link between two places of the board, each once."""
    places = {*board.areas, *board.seas}
    out: dict[frozenset[str], tuple[str, str, str]] = {}

    def add(a: str, b: str, kind: str) -> None:
        if a != b and a in places and b in places:
            out.setdefault(frozenset((a, b)), (a, b, kind))

    for border in board.borders:
        add(border.a, border.b, border.kind)
    for area_id, area in sorted(board.areas.items()):
        for sea in area.ports or ():
            add(area_id, sea, "port")
        if area.container:
            add(area_id, area.container, "fortress")
    for sea_id, sea in sorted(board.seas.items()):
        for other in sea.adjacent or ():
            add(sea_id, other, "sea")
    return tuple(out.values())


def group_of(board: Board, place: str) -> str:
    """The row a place without borders is listed in: its nation, else its weather zone."""
    if place in board.seas:
        return "sea areas"
    area = board.areas[place]
    if area.nation:
        return area.nation.replace("_", " ")
    if area.weather_zone:
        return f"{area.weather_zone} zone, nation unknown"
    return "nation unknown"


def _anchors(board: Board, nodes: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    west, east, north, south = [], [], [], []
    for n in nodes:
        a = board.areas.get(n)
        if a is None:
            continue
        if a.nation in WEST_NATIONS or a.weather_zone == "west":
            west.append(n)
        if a.nation == "ussr" or (a.weather_zone == "east" and a.nation not in WEST_NATIONS):
            east.append(n)
        if a.nation in NORTH_NATIONS:
            north.append(n)
        if a.weather_zone == "south":
            south.append(n)
    return tuple(west), tuple(east), tuple(north), tuple(south)


def _geometry(board: Board) -> Geometry:
    found = links(board)
    linked = tuple(sorted({p for a, b, _ in found for p in (a, b)}))
    pos: dict[str, tuple[float, float]] = {}
    main_h = MAIN_H if linked else 0
    if linked:
        unit = layout(linked, tuple((a, b) for a, b, _ in found), *_anchors(board, linked), far=ISLAND_DISTANCE)
        pos = {n: (MARGIN_X + x * (MAP_W - 2 * MARGIN_X), MARGIN_Y + y * (main_h - 2 * MARGIN_Y))
               for n, (x, y) in unit.items()}
    groups: dict[str, list[str]] = {}
    for place in sorted({*board.areas, *board.seas} - set(linked)):
        groups.setdefault(group_of(board, place), []).append(place)
    heads = []
    y = main_h + (40 if linked else 30)
    per_row = max(1, (MAP_W - HEAD_W) // COL_W)
    for name in sorted(groups, key=lambda g: (g == "sea areas", "unknown" in g, g)):
        members = sorted(groups[name], key=lambda p: board.areas[p].name if p in board.areas else board.seas[p].name)
        heads.append((name, 10.0, y + 4))
        for i, place in enumerate(members):
            row, col = divmod(i, per_row)
            pos[place] = (HEAD_W + COL_W / 2 + col * COL_W, y + row * ROW_H)
        y += ROW_H * ((len(members) - 1) // per_row + 1)
    unlinked = tuple(p for g in groups.values() for p in g)
    return Geometry(pos=pos, links=found, unlinked=unlinked, heads=tuple(heads), height=int(y - ROW_H + 36))
