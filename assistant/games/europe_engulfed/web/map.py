"""Europe Engulfed's schematic map: where each area goes, drawn from the borders the board knows so far.

The shipped board is partial and players amend it during play, so the picture is built from whatever links exist
(land, river and strait borders, ports between an area and a sea area, sea adjacency, a fortress inside its
area); places without any link yet are set out in rows under the map, grouped by nation (or weather zone), so
players see what still needs borders. Positions depend only on the board: computed once per board (keyed by a
hash of it, which changes only with ``ee.board_amended``).
"""

from __future__ import annotations

from collections.abc import Iterable

from assistant.families.engulfed.web.schematic import Frame, Geometry, Links, board_key, lay_out
from assistant.games.europe_engulfed.board.format import Board
from assistant.web.memo import Memo

__all__ = ["MAP_W", "Geometry", "board_key", "geometry", "group_of", "links"]

MAP_W = 1000
MAIN_H = 520  # the laid-out part; the rows of places without borders follow it
MARGIN_X, MARGIN_Y = 60, 34
ROW_H, COL_W, HEAD_W = 52, 112, 180
ISLAND_DISTANCE = 4  # separate islands of the partial graph are drawn a few borders apart, not across the map
# Orientation: the board's own facts say which places are west, east, north and south.
WEST_NATIONS = ("britain", "france", "usa", "spain", "portugal")
NORTH_NATIONS = ("norway", "sweden", "finland")
LAYOUTS = Memo(8)


def geometry(board: Board) -> Geometry:
    return LAYOUTS.get(board_key(board), lambda: _geometry(board))


def links(board: Board) -> tuple[tuple[str, str, str], ...]:
    """Every known link between two places of the board, each once."""
    found = Links({*board.areas, *board.seas})
    add = found.add
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
    return found.all()


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
    frame = Frame(width=MAP_W, main_h=MAIN_H, margin_x=MARGIN_X, margin_y=MARGIN_Y, row_h=ROW_H, col_w=COL_W,
                  head_w=HEAD_W, far=ISLAND_DISTANCE)
    return lay_out(
        {*board.areas, *board.seas}, links(board), lambda linked: _anchors(board, linked),
        lambda place: group_of(board, place),
        lambda place: board.areas[place].name if place in board.areas else board.seas[place].name,
        lambda g: (g == "sea areas", "unknown" in g, g), frame)
