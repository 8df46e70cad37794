"""Asia Engulfed's schematic map, drawn from the board the players entered: land zones and sea zones where their
links put them, control, VP zones, resources, oil, air bases, ports, influence and the Supply Network per sea zone,
the blocks each viewer may see, and on every place a mark of what the board does not know yet.

The rule book has no map, so nothing here places a zone by its real position: the layout follows the borders,
coasts and sea links entered (the Engulfed family's schematic layout); the countries the rules name only turn the
picture the familiar way round (India west, the U.S.A. east, Manchukuo north, Australia south).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup, escape

from assistant.families.engulfed.amendments import BoardGap
from assistant.families.engulfed.web.schematic import Anchors, Frame, Geometry, Links, board_key, lay_out
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.board.gaps import BLOCKS, gaps
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.state import AEState
from assistant.web.mapframes import part_id
from assistant.web.maplayout import quick_layout
from assistant.web.memo import Memo

FRAME = Frame(width=1000, main_h=560)
MIN_H = 240
LABEL_REACH = (60, 52)  # a name under a mark covers this far sideways and down, other marks included
WEST, EAST = ("india", "ceylon", "south_africa", "burma"), ("usa", "hawaii")
NORTH, SOUTH = ("manchukuo", "korea"), ("australia", "dei")
LAYOUTS = Memo(8)
STATIC = Memo(8)
# Control fills a land zone; the colour the map prints rings a national zone (AE 3.3, 4.43).
CONTROL = {"japan": "#b5413a", "allies": "#2f5f8f"}
NOBODY = "#d8d2c4"
MAP_COLOURS = {"japan": "#e3a21a", "usa": "#3f7a3a", "commonwealth": "#8a5a2b", "china": "#6b8e23",
               "philippines": "#7a4f9a", "dei": "#d2691e"}
INFLUENCE = {"none": "#f4f7fa", "japan": "#efb3ab", "allies": "#86acd8", "limited": "#cdb6e6"}
INFLUENCE_WORDS = {"none": "no influence", "japan": "Japanese dominant", "allies": "Allied dominant",
                   "limited": "limited (both sides)"}
LINK_KINDS = ("normal", "river", "strait", "impassable", "coast", "wall", "sea", "wrap", "passage")


@dataclass(frozen=True)
class Drawn:
    """What the table shows around the drawing: its SVG and the counts for the sentence above it."""

    svg: Markup
    unknown: dict[str, int]  # computation -> facts it lacks
    unlinked: int
    places: int


def geometry(board: Board) -> Geometry:
    return LAYOUTS.get(board_key(board), lambda: _geometry(board))


def links(board: Board) -> tuple[tuple[str, str, str], ...]:
    """Every link the board knows, each pair once: borders by kind, coasts (impassable ones apart), sea links,
    the US wrap route (AE 9.25) and the Leyte passage (AE 8.22b)."""
    found = Links({*board.zones, *board.seas})
    for b in board.borders:
        found.add(b.a, b.b, b.kind)
    for zid, z in sorted(board.zones.items()):
        for sea in z.impassable_coasts:
            found.add(zid, sea, "wall")
        for sea in z.seas or ():
            found.add(zid, sea, "coast")
    for sid, sea in sorted(board.seas.items()):
        for other in sea.adjacent or ():
            found.add(sid, other, "sea")
    for pair, kind in ((board.wrap_route, "wrap"), (board.leyte_passage, "passage")):
        if len(pair) == 2:
            found.add(pair[0], pair[1], kind)
    return found.all()


def group_of(board: Board, place: str) -> str:
    """The row a place without links is listed in: sea zones, else its country, else its colour."""
    if place in board.seas:
        return "sea zones"
    z = board.zones[place]
    if z.country:
        return z.country.replace("_", " ")
    return f"{z.colour} colour, country unknown" if z.colour else "country unknown"


def _anchors(board: Board, linked: tuple[str, ...]) -> Anchors:
    out: tuple[list[str], ...] = ([], [], [], [])
    for n in linked:
        z = board.zones.get(n)
        country = (z.country or "") if z else ""
        for i, group in enumerate((WEST, EAST, NORTH, SOUTH)):
            if country in group or n in group:
                out[i].append(n)
    return tuple(out[0]), tuple(out[1]), tuple(out[2]), tuple(out[3])


def _geometry(board: Board) -> Geometry:
    found = links(board)
    linked = len({p for a, b, _ in found for p in (a, b)})
    # a few linked places get a short drawing, not a tall empty one; a whole map gets the full height
    frame = replace(FRAME, main_h=max(MIN_H, min(FRAME.main_h, 160 + 12 * linked)))
    return lay_out({*board.zones, *board.seas}, found, lambda linked: _anchors(board, linked),
                   lambda p: group_of(board, p), lambda p: (board.zones.get(p) or board.seas[p]).name,
                   lambda g: (g == "sea zones", "unknown" in g, g), frame, engine=quick_layout)


def unknown_by_computation(found: list[BoardGap]) -> dict[str, int]:
    """How many unknown facts each computation needs (gaps.BLOCKS), for the sentence above the map."""
    out = {}
    for computation, facts in BLOCKS.items():
        n = sum(1 for g in found if g.fact in facts)
        if n:
            out[computation] = n
    return out


@dataclass(frozen=True)
class Static:
    """What the drawing owes to the board alone, kept per board: links, row titles, where names go, gaps."""

    geo: Geometry
    head: str  # the links and the rows' titles, as SVG
    sides: dict[str, str]
    missing: dict[str, tuple[BoardGap, ...]]
    unknown: dict[str, int]


def static(board: Board) -> Static:
    return STATIC.get(board_key(board), lambda: _static(board))


def _static(board: Board) -> Static:
    geo = geometry(board)
    parts = []
    if geo.unlinked:
        top = min(geo.pos[p][1] for p in geo.unlinked) - 30
        parts.append(f'<text x="10" y="{top:.0f}" class="strip-title">Not joined to anything yet '
                     f'({len(geo.unlinked)} places): add their borders, coasts or sea links</text>')
    parts.append('<g class="links">' + "".join(
        f'<line class="{kind}" x1="{geo.pos[a][0]:.0f}" y1="{geo.pos[a][1]:.0f}" x2="{geo.pos[b][0]:.0f}" '
        f'y2="{geo.pos[b][1]:.0f}"/>' for a, b, kind in geo.links) + "</g>")
    parts += [f'<text x="{x:.0f}" y="{y:.0f}" class="group">{escape(name)}</text>' for name, x, y in geo.heads]
    found = gaps(board)
    missing: dict[str, list[BoardGap]] = {}
    for g in found:
        missing.setdefault(g.subject, []).append(g)
    return Static(geo, "".join(parts), {p: _label_side(geo, p) for p in geo.pos},
                  {p: tuple(gs) for p, gs in missing.items()}, unknown_by_computation(found))


def draw(s: AEState, viewer: str, pieces: dict[str, list[dict[str, Any]]], url: Callable[[str], str]) -> Drawn:
    """The SVG of the board as ``viewer`` may see it (``pieces``: the read model's view, hidden blocks marked)."""
    board = s.board
    kept = static(board)
    geo = kept.geo
    influence = all_influence(s)
    fighting = {p for p in pieces if p in board.zones and places.contested(s, p)}
    parts = [f'<svg viewBox="0 0 {FRAME.width} {geo.height}" role="group" aria-label="Schematic map of Asia '
             f'Engulfed: tap a zone for its details">', kept.head]
    for place in sorted(geo.pos):
        spot = _Spot(s, place, geo.pos[place], pieces.get(place, []), kept.missing.get(place, ()),
                     kept.sides[place])
        inner = spot.sea(influence.get(place, "none")) if place in board.seas else spot.land(place in fighting)
        href = escape(url(place))
        parts.append(f'<a id="{part_id(place)}" data-part href="{href}" hx-get="{href}" hx-target="#space" '
                     f'hx-swap="innerHTML" data-space="{escape(place)}" class="{spot.cls}"><title>'
                     f'{escape(spot.title)}</title>{inner}</a>')
    parts.append("</svg>")
    return Drawn(Markup("".join(parts)), kept.unknown, len(geo.unlinked), len(geo.pos))


def _label_side(geo: Geometry, place: str) -> str:
    """Where a laid-out place's name goes: below its mark, above it when another place sits just below, beside it
    when both are taken (the rows of places without links are spaced for names below)."""
    if place in geo.unlinked:
        return "below"
    x, y = geo.pos[place]
    near = [v - y for p, (u, v) in geo.pos.items() if p != place and abs(u - x) < LABEL_REACH[0]]
    if not any(0 < dy < LABEL_REACH[1] for dy in near):
        return "below"
    return "above" if not any(-LABEL_REACH[1] < dy <= 0 for dy in near) else "right"


class _Spot:
    """One place's marks as SVG: its shape, what it holds, what the board does not know of it."""

    def __init__(self, s: AEState, place: str, xy: tuple[float, float], pieces: list[dict[str, Any]],
                 missing: tuple[BoardGap, ...], side: str):
        self.s, self.place, (self.x, self.y), self.pieces, self.missing = s, place, xy, pieces, missing
        self.side = side
        self.notes: list[str] = []
        self.cls = "place"
        self.title = ""

    def _blocks(self, light: bool) -> str:
        if not self.pieces:
            return ""
        hidden = sum(1 for p in self.pieces if p.get("hidden"))
        by_nation = Counter(p["nation"] for p in self.pieces)
        self.notes.append(f"{len(self.pieces)} piece{'s' if len(self.pieces) != 1 else ''} ("
                          + ", ".join(f"{n} {k}" for n, k in sorted(by_nation.items()))
                          + (f"; {hidden} standing on edge" if hidden else "") + ")")
        return (f'<text x="{self.x:.0f}" y="{self.y + 4:.0f}" text-anchor="middle" '
                f'class="count{" light" if light else ""}">{len(self.pieces)}</text>')

    def _unknown(self, r: float) -> str:
        if not self.missing:
            return ""
        self.cls += " unknown"
        self.notes.append("unknown: " + ", ".join(g.fact.replace("_", " ") for g in self.missing))
        x, y = self.x - r, self.y - r
        return (f'<g class="unknown-mark"><circle cx="{x:.0f}" cy="{y:.0f}" r="6"/><text x="{x:.0f}" y="{y + 4:.0f}" '
                f'text-anchor="middle">?</text></g>')

    def _label(self, name: str, r: float) -> str:
        if self.side == "right":
            return f'<text x="{self.x + r + 14:.0f}" y="{self.y + 4:.0f}" class="label">{escape(name)}</text>'
        y = self.y - r - 7 if self.side == "above" else self.y + r + 13
        return f'<text x="{self.x:.0f}" y="{y:.0f}" text-anchor="middle" class="label">{escape(name)}</text>'

    def land(self, fighting: bool) -> str:
        s, x, y, z = self.s, self.x, self.y, self.s.board.zones[self.place]
        control = s.control.get(self.place, "")
        fill = CONTROL.get(control, NOBODY)
        r = 13 if z.kind == "large" else 11
        ring = MAP_COLOURS.get(z.colour or "") if z.national else None
        style = f' style="stroke:{ring}"' if ring else ""
        cls = "space-shape" + (" national" if ring else "") + (" kind-unknown" if z.kind is None else "")
        if z.kind == "port_box":
            shape = (f'<rect class="{cls}" x="{x - r:.0f}" y="{y - r:.0f}" width="{2 * r}" height="{2 * r}" rx="2" '
                     f'fill="{fill}"{style}/>')
        elif z.kind == "island_box":
            shape = (f'<rect class="{cls}" x="{x - r - 4:.0f}" y="{y - r + 3:.0f}" width="{2 * r + 8}" '
                     f'height="{2 * r - 6}" rx="7" fill="{fill}"{style}/>')
        else:
            shape = f'<circle class="{cls}" cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{fill}"{style}/>'
        marks = [shape]
        if z.vp:
            marks.append(f'<text x="{x + r - 2:.0f}" y="{y - r + 2:.0f}" class="vp">★</text>')
        if z.resource:
            marks.append(f'<g class="resource"><circle cx="{x + r + 3:.0f}" cy="{y + 2:.0f}" r="6"/><text '
                         f'x="{x + r + 3:.0f}" y="{y + 5:.0f}" text-anchor="middle">{z.resource}</text></g>')
        if z.oil:
            marks.append(f'<g class="oil"><rect x="{x + r - 2:.0f}" y="{y + 7:.0f}" width="11" height="11" rx="2"/>'
                         f'<text x="{x + r + 3.5:.0f}" y="{y + 16:.0f}" text-anchor="middle">{z.oil}</text></g>')
        if z.air_base:
            marks.append(f'<path class="airbase" d="M{x - r - 6:.0f} {y + r:.0f} l5 -9 l5 9 z"/>')
        if z.port not in (None, "none"):
            marks.append(f'<rect class="port port-{z.port}" x="{x - r - 3:.0f}" y="{y - 3:.0f}" width="6" height="6"/>')
        if fighting:
            marks.append(f'<circle class="battle" cx="{x:.0f}" cy="{y:.0f}" r="{r + 5}" fill="none"/>')
            self.cls += " fighting"
        cut = sum(1 for p in self.pieces if not p.get("hidden") and p.get("supply") in ("none", "partial"))
        if cut:
            marks.append(f'<circle class="oos" cx="{x:.0f}" cy="{y:.0f}" r="{r + 8}" fill="none"/>')
            self.notes.append(f"{cut} out of (or in partial) supply")
        facts = [f"{control} control" if control else "controlled by nobody"]
        facts += [w for w, on in (("national zone", z.national), ("VP zone", z.vp), ("strategic air base", z.air_base))
                  if on]
        facts += [f"{z.resource} WERP"] if z.resource else []
        facts += [f"{z.oil} Oil"] if z.oil else []
        facts += [f"{z.port} port"] if z.port not in (None, "none") else []
        facts += ["combat"] if fighting else []
        body = "".join((*marks, self._blocks(fill == NOBODY), self._unknown(r), self._label(z.name, r)))
        self.title = f"{z.name}: " + ", ".join(facts + self.notes)
        return body

    def sea(self, level: str) -> str:
        s, x, y, sea = self.s, self.x, self.y, self.s.board.seas[self.place]
        r = 12
        marks = [f'<circle class="space-shape sea influence-{level}" cx="{x:.0f}" cy="{y:.0f}" r="{r}" '
                 f'style="fill:{INFLUENCE[level]}"/>']
        network = s.network.get(self.place, 0)
        if network:
            marks.append(f'<circle class="network" cx="{x:.0f}" cy="{y:.0f}" r="{r + 4}" fill="none"/>')
        if self.place == s.submarine_zone:
            marks.append(f'<text x="{x - r - 9:.0f}" y="{y + 4:.0f}" class="sub">S</text>')
        if sea.vp:
            marks.append(f'<text x="{x + r - 2:.0f}" y="{y - r + 2:.0f}" class="vp">★</text>')
        if sea.transports:
            marks.append(f'<text x="{x + r + 2:.0f}" y="{y + 5:.0f}" class="transports">{"▮" * sea.transports}</text>')
        facts = ["sea zone", INFLUENCE_WORDS[level]]
        facts += [f"{sea.transports} transport icon{'s' if sea.transports != 1 else ''}"] if sea.transports else []
        facts += ["VP sea zone"] if sea.vp else []
        facts += [f"Supply Network ({network})"] if network else []
        facts += ["submarine supply"] if self.place == s.submarine_zone else []
        body = "".join((*marks, self._blocks(True), self._unknown(r), self._label(sea.name, r)))
        self.title = f"{sea.name}: " + ", ".join(facts + self.notes)
        return body
