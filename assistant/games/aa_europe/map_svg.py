"""The A&A Europe map as SVG: the board's fixed parts drawn once per board, the state filled in.

Positions, borders, labels, capitals' rings and the legend depend only on the board, so they are built once per
board (keyed by a digest of its spaces) and kept (``assistant/web/mapframes.py``); each render fills in what the state changes: colours, unit
counts, battle rings, convoy raids, tooltips and the spaces' addresses (kept per game and viewer). Drawing every
element through ``Markup.format`` took some 30 ms a render, most of a step back in time; the output is the same
HTML, byte for byte (``tests/games/aa_europe/test_map_svg.py`` compares the two).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from assistant.families.axis_allies.units import owners_by_space
from assistant.games.aa_europe.describe import power as power_phrase
from assistant.games.aa_europe.state import State
from assistant.web import mapframes
from assistant.web.maplayout import layout

COLOURS = {"germany": "#3d3d3d", "ussr": "#8c1c13", "uk": "#c46a00", "usa": "#2f5d1e"}
NEUTRAL, SEA, MIDDLE_EAST = "#e8e4da", "#a9c8e0", "#e3c84d"
PALE = (NEUTRAL, SEA, MIDDLE_EAST)  # fills whose unit count is written dark
WEST, EAST = ("United States", "Canada"), ("Siberia", "Turkestan")
NORTH, SOUTH = ("Barents Sea", "White Sea"), ("Saudi Arabia", "Morocco")
MAP_W, MAP_H = 1150, 760


def name(p: str) -> str:
    n = power_phrase(p)
    return n[4:] if n.startswith("the ") else n


@dataclass(frozen=True)
class Spot(mapframes.Spot):
    convoy: bool
    printed_owner: str  # the power printed on the space (a convoy centre's raider is its enemy)
    middle_east: bool
    ipc: int


@dataclass(frozen=True)
class Frame:
    digest: bytes
    head: str  # the svg tag and the borders
    spots: tuple[Spot, ...]
    legend: str


def edges(s: State) -> tuple[tuple[str, str], ...]:
    return tuple((a, b) for a, sp in s.world.spaces.items() for b in sp.borders if a < b)


def positions(s: State) -> dict[str, tuple[float, float]]:
    unit = layout(tuple(s.world.spaces), edges(s), WEST, EAST, NORTH, SOUTH)
    return {n: (40 + x * (MAP_W - 80), 24 + y * (MAP_H - 60)) for n, (x, y) in unit.items()}


def frame(s: State) -> Frame:
    """The fixed parts of this board's map (built once per board)."""
    return mapframes.kept(s.world.spaces, lambda digest: _build(s, digest))


def _build(s: State, digest: bytes) -> Frame:
    pos = positions(s)
    lines = "".join(f'<line x1="{pos[a][0]:.0f}" y1="{pos[a][1]:.0f}" x2="{pos[b][0]:.0f}" y2="{pos[b][1]:.0f}"/>'
                    for a, b in edges(s))
    spots = []
    for n, sp in s.world.spaces.items():
        x, y = pos[n]
        sea = sp.kind == "sea"
        r = (11 if sp.convoy else 9) if sea else (13 if sp.ipc else 10)
        html_name = str(escape(n))
        spots.append(Spot(
            name=n, part=mapframes.part_id(n), html_name=html_name, sea=sea, convoy=sea and sp.convoy,
            printed_owner=sp.owner,
            middle_east=sp.group == "middle_east", ipc=sp.ipc, x=f"{x:.0f}", y=f"{y:.0f}", r=r, count_y=f"{y + 4:.0f}",
            capital=f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r + 2}" fill="none" class="capital"/>' if sp.capital else "",
            ring=f'<circle class="battle" cx="{x:.0f}" cy="{y:.0f}" r="{r + 5}" fill="none"/>',
            tail=f'<text x="{x:.0f}" y="{y + r + 11:.0f}" text-anchor="middle" class="label">{html_name}</text></a>',
        ))
    legend = "".join(f'<span><i style="background:{escape(c)}"></i>{escape(name(p))}</span>' for p, c in COLOURS.items())
    head = (f'<svg viewBox="0 0 {MAP_W} {MAP_H}" role="group" aria-label="Map of Europe: click a space for its '
            f'details"><g class="borders">{lines}</g>')
    return Frame(digest, head, tuple(spots), legend)


def draw(s: State, space_url: Callable[[str], str], at: str) -> Markup:
    """The map of state ``s``; ``space_url(name)`` is a space's address, ``at`` what follows it (``?at=N``)."""
    f = frame(s)
    spots = f.spots
    urls = mapframes.addresses(f.digest, spots, space_url)
    counts = owners_by_space(s.units.values())
    fighting = {b.space for b in s.battles.values() if not b.outcome}
    control, world = s.control, s.world
    parts = [f.head]
    for p in spots:
        here = counts.get(p.name)
        total = sum(here.values()) if here else 0
        holder = control.get(p.name, "")
        if p.sea:
            fill = COLOURS.get(here.most_common(1)[0][0], SEA) if here else SEA
            extra = (" convoy raided" if world.enemies(holder, p.printed_owner) else " convoy") if p.convoy else ""
            title = f"{p.name}: " + (f"convoy centre ({p.ipc} IPC), held by {name(holder)}" if p.convoy else "sea zone")
        else:
            fill = COLOURS.get(holder, MIDDLE_EAST if p.middle_east else NEUTRAL)
            extra = " me" if p.middle_east else ""
            title = f"{p.name}: {name(holder) if holder else 'neutral'}, {p.ipc} IPC"
        if total:
            title += "; " + ", ".join(f"{k} {name(o)}" for o, k in here.most_common())
        parts.append(mapframes.spot_html(p, urls[p.name] + at, title, "space-shape" + extra, fill, p.name in fighting,
                                         total, fill in PALE))
    parts.append("</svg>")
    return Markup('<h2>Map</h2><div class="mapwrap">' + "".join(parts) + '</div><p class="legend">' + f.legend
                  + f'<span><i style="background:{MIDDLE_EAST}"></i>Middle East</span>'
                  '<span><i class="ring"></i>battle</span></p>')
