"""The schematic map of the table as SVG: the board's fixed parts drawn once per board, the state filled in.

Borders, positions, labels, capitals' rings and the legend depend only on the board, so they are built once per
board (keyed by a digest of its data) and kept; each render only fills in what the state changes: colours, unit
counts, battle rings, tooltips and the spaces' addresses (themselves kept per game and viewer). The output is the
same HTML, byte for byte, as drawing every element through ``Markup.format``; the web tests compare the two.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from assistant.families.axis_allies.units import owners_by_space
from assistant import cachefile
from assistant.games.aa_classic.colours import COLOURS, NEUTRAL, SEA
from assistant.games.aa_classic.describe import POWER
from assistant.web import mapframes, maplabels
from assistant.web.maplabels import Label, place
from assistant.web.maplayout import layout
from assistant.web.memo import Memo

# Orientation of the schematic map: the board is cut through North America (its left-right edge).
WEST = ("Eastern United States", "Eastern Canada")
EAST = ("Western United States", "Western Canada")
NORTH = ("Yakut S.S.R.", "Finland-Norway")
SOUTH = ("South Africa", "Australia")
MAP_W, MAP_H = 1150, 720
ARROWHEAD = ('<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
             'markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>')

LABELS = Memo(4)  # board digest -> where the names go


def power_name(power: str) -> str:
    name = POWER.get(power, power or "nobody")
    return name[4:] if name.startswith("the ") else name


@dataclass(frozen=True)
class Spot(mapframes.Spot):
    land_title: str  # "name: " (the controller and value follow)
    ipc: int


@dataclass(frozen=True)
class Frame:
    digest: bytes
    positions: dict[str, tuple[float, float]]
    head: str  # the svg tag
    borders: str
    spots: tuple[Spot, ...]
    legend: str


def frame(board) -> Frame:
    """The fixed parts of this board's map (built once per board)."""
    return mapframes.kept(board, lambda digest: _build(board, digest))


def radius(space) -> int:
    return 9 if space.kind == "sea" else (13 if space.ipc else 10)


def labels(board) -> dict[str, Label]:
    """Where each space's name is written: placed so that no two names overlap (``maplabels``), once per board.

    The placement takes a third of a second for the bundled board, on the first page a new server shows: it is
    also kept between runs, keyed by the board and by the files that place and draw it (``cachefile``)."""
    digest = mapframes.digest(board)

    def compute() -> dict[str, Label]:
        name = f"labels-{digest.hex()}"
        key = [digest.hex(), [[os.stat(f).st_size, os.stat(f).st_mtime_ns] for f in (__file__, maplabels.__file__)]]
        kept = cachefile.load(name, key)
        if isinstance(kept, dict) and set(kept) == set(board.spaces):
            try:
                return {n: Label(float(x), float(y), tuple(map(float, box)), bool(leader))
                        for n, (x, y, box, leader) in kept.items()}
            except (TypeError, ValueError):
                pass  # a damaged file: placed again
        pos = positions(board)
        placed = place({n: (*pos[n], radius(sp)) for n, sp in board.spaces.items()}, (MAP_W, MAP_H))
        cachefile.save(name, key, {n: [lb.x, lb.y, list(lb.box), lb.leader] for n, lb in placed.items()})
        return placed

    return LABELS.get(digest, compute)


def leaders(board, names: dict[str, Label]) -> str:
    """Thin lines from a circle to its name when the name had to go further out."""
    pos = positions(board)
    out = []
    for n, label in names.items():
        if label.leader:
            (x, y), (x0, y0, x1, y1) = pos[n], label.box
            tx, ty = min(max(x, x0), x1), min(max(y, y0), y1)
            out.append(f'<line x1="{x:.0f}" y1="{y:.0f}" x2="{tx:.0f}" y2="{ty:.0f}"/>')
    return '<g class="leaders">' + "".join(out) + "</g>"


def _build(board, digest: bytes) -> Frame:
    pos = positions(board)
    names = labels(board)
    lines = []
    for a, b in edges(board):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        lines.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"/>')
    spots = []
    for name, space in board.spaces.items():
        x, y = pos[name]
        sea = space.kind == "sea"
        r = radius(space)
        html_name = str(escape(name))
        label = names[name]
        spots.append(Spot(
            name=name, part=mapframes.part_id(name), html_name=html_name, sea=sea, x=f"{x:.0f}", y=f"{y:.0f}", r=r,
            count_y=f"{y + 4:.0f}",
            tail=f'<text x="{label.x:.0f}" y="{label.y:.0f}" text-anchor="middle" class="label">{html_name}</text></a>',
            capital=f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r + 2}" fill="none" class="capital"/>' if space.capital else "",
            ring=f'<circle class="battle" cx="{x:.0f}" cy="{y:.0f}" r="{r + 5}" fill="none"/>',
            land_title=f"{name}: ", ipc=space.ipc,
        ))
    legend = "".join(f'<span><i style="background:{escape(c)}"></i>{escape(power_name(p))}</span>'
                     for p, c in COLOURS.items())
    return Frame(digest, pos, f'<svg viewBox="0 0 {MAP_W} {MAP_H}" role="group" aria-label="Schematic map: click a '
                 'space for its details">', '<g class="borders">' + "".join(lines) + "</g>" + leaders(board, names),
                 tuple(spots), legend)


def focus(s) -> str:
    """Where the action is, for a narrow screen to open the map on: the first open battle, else the capital of the
    power whose turn it is."""
    fighting = sorted(b.space for b in s.battles.values() if not b.outcome)
    if fighting:
        return fighting[0]
    return s.world.capital_of(s.power) if s.power else ""


def wrap(board, where: str) -> str:
    """The map's scrolling frame, after the mark naming the point (0 to 1 across and down) a narrow screen scrolls
    to. The mark is a part of its own: when the action moves (a battle opens, the turn passes), it is sent with the
    spaces that changed, not the whole map (``static/app.js`` then scrolls the map there)."""
    pos = positions(board)
    if where not in pos:
        return '<span id="map-focus" data-part class="map-focus" hidden></span><div class="mapwrap">'
    x, y = pos[where]
    return (f'<span id="map-focus" data-part class="map-focus" hidden data-focus="{escape(where)}" '
            f'data-focus-x="{x / MAP_W:.3f}" data-focus-y="{y / MAP_H:.3f}"></span><div class="mapwrap">')


def draw(s, space_url: Callable[[str], str], at: str, arrows: Sequence[tuple[str, str]] = ()) -> Markup:
    """The map of state ``s``; ``space_url(name)`` is a space's address, ``at`` what follows it (``?at=N``)."""
    f = frame(s.world.board)
    spots = f.spots
    urls = mapframes.addresses(f.digest, spots, space_url)
    counts = owners_by_space(s.units.values())
    fighting = {b.space for b in s.battles.values() if not b.outcome}
    control = s.control
    parts = [f.head, ARROWHEAD if arrows else "", f.borders]
    for p in spots:
        here = counts.get(p.name)
        total = sum(here.values()) if here else 0
        if p.sea:
            fill, cls = SEA, "space-shape sea"
            if here:
                fill = COLOURS.get(here.most_common(1)[0][0], fill)
            title = p.land_title + "sea zone"
        else:
            owner = control.get(p.name, "")
            fill, cls = COLOURS.get(owner, NEUTRAL), "space-shape"
            title = f"{p.land_title}{power_name(owner)}, {p.ipc} IPC"
        if total:
            title += "; " + ", ".join(f"{n} {power_name(o)}" for o, n in here.most_common())
        parts.append(mapframes.spot_html(p, urls[p.name] + at, title, cls, fill, p.name in fighting, total,
                                         fill in (NEUTRAL, SEA)))
    pos = f.positions
    parts.extend(arrow(pos[a], pos[b], a, b) for a, b in arrows if a in pos and b in pos)
    parts.append("</svg>")
    return Markup('<h2>Map</h2>' + wrap(s.world.board, focus(s)) + "".join(parts) + '</div><p class="legend">' + f.legend
                  + '<span><i class="ring"></i>battle</span></p>')


def arrow(start: tuple[float, float], end: tuple[float, float], a: str, b: str) -> str:
    """An annotation's arrow from one space to another, stopping short of the spaces' circles."""
    (x1, y1), (x2, y2) = start, end
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    return Markup(
        '<g class="arrow"><title>Annotation: {} to {}</title>'
        '<line x1="{:.0f}" y1="{:.0f}" x2="{:.0f}" y2="{:.0f}" marker-end="url(#arrowhead)"/></g>'
    ).format(a, b, x1 + 16 * ux, y1 + 16 * uy, x2 - 20 * ux, y2 - 20 * uy)


def edges(board) -> tuple[tuple[str, str], ...]:
    cut = {frozenset(p) for p in board.across_edge}
    return tuple(e for e in board.borders() if frozenset(e) not in cut)


def positions(board) -> dict[str, tuple[float, float]]:
    unit = layout(tuple(board.spaces), edges(board), WEST, EAST, NORTH, SOUTH)
    return {n: (40 + x * (MAP_W - 80), 24 + y * (MAP_H - 60)) for n, (x, y) in unit.items()}
