"""The schematic map of Europe Engulfed: areas filled by the side controlling them, home areas ringed in their
nation's colour, blocks counted (hidden ones only as this device may see them), resource, capital and port marks,
combat and Out of Supply rings. Positions come from ``map.py`` (cached per board)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask import render_template
from markupsafe import Markup

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.powers import contested
from assistant.games.europe_engulfed.read_models.table import board as board_view
from assistant.games.europe_engulfed.web.map import MAP_W, geometry
from assistant.games.europe_engulfed.web.seen import SEEN_BY, lan_seat, viewer as seen_by
from assistant.web.mapframes import part_id
from assistant.web.presenter import Table

SUPPLY = "ee_supply"  # the game's supply read model
# The map: areas filled by the side controlling them, home areas ringed in their nation's colour.
SIDE_COLOURS = {"Axis": "#4d5157", "Allied": "#b0532a"}
NEUTRAL = "#d8d2c4"
SEA = "#a9c8e0"
NATION_COLOURS = {"germany": "#1f1f1f", "italy": "#6f8f3a", "britain": "#c8a24a", "ussr": "#c0271c",
                  "france": "#2f5fa8", "usa": "#3f7a3a"}


def draw(table: Table) -> Markup:
    s = table.view.game
    geo = geometry(s.board)
    viewer = seen_by(table)
    areas = board_view(s, viewer)
    marked = marked_units(table)
    parts = [Markup('<svg viewBox="0 0 {} {}" role="group" aria-label="Schematic map of Europe Engulfed: click an '
                    'area for its details">').format(MAP_W, geo.height)]
    if geo.unlinked:
        top = min(geo.pos[p][1] for p in geo.unlinked) - 30
        parts.append(Markup('<text x="10" y="{:.0f}" class="strip-title">Not joined to any border yet ({} places): '
                            'add their borders under “Board and scenario”</text>').format(top, len(geo.unlinked)))
    parts.append(Markup('<g class="borders">{}</g>').format(Markup("").join(
        Markup('<line class="{}" x1="{:.0f}" y1="{:.0f}" x2="{:.0f}" y2="{:.0f}"/>').format(
            kind, *geo.pos[a], *geo.pos[b]) for a, b, kind in geo.links)))
    parts.extend(Markup('<text x="{:.0f}" y="{:.0f}" class="group">{}</text>').format(x, y, name)
                 for name, x, y in geo.heads)
    for place in sorted(geo.pos):
        parts.append(_place(table, s, place, geo.pos[place], areas.get(place, {}), marked.get(place, 0)))
    parts.append(Markup("</svg>"))
    legend = Markup("").join(Markup('<span><i style="background:{}"></i>{}</span>').format(c, n) for n, c in (
        *SIDE_COLOURS.items(), ("neutral / nobody", NEUTRAL), ("sea area", SEA)))
    chooses = not table.spectator and table.seat_powers is None and lan_seat(table) is None
    return Markup(render_template("europe_engulfed/map.html", svg=Markup("").join(parts), legend=legend,
                                  seen=viewer or "all", at=table.at, choices=SEEN_BY if chooses else (),
                                  spectator=bool(table.spectator),
                                  homes=[(data.nation(n).title, c) for n, c in NATION_COLOURS.items()]))


def _place(table: Table, s, place: str, xy: tuple[float, float], entry: dict[str, Any], oos: int) -> Markup:
    x, y = xy
    blocks = entry.get("blocks", [])
    hidden = sum(1 for b in blocks if b.get("hidden"))
    area = s.board.areas.get(place)
    if area is None:
        name, fill, r = s.board.seas[place].name, SEA, 11
        shape = Markup('<circle class="space-shape sea" cx="{:.0f}" cy="{:.0f}" r="{}" fill="{}"/>').format(
            x, y, r, fill)
        marks = Markup("")
    else:
        name = area.name
        fill = SIDE_COLOURS.get(s.control.get(place, ""), NEUTRAL)
        r = 13 if area.resource else 11
        home = NATION_COLOURS.get(area.nation or "") if area.home else None
        shape_cls = "space-shape" + (" home" if home else "")
        if area.kind == "fortress":
            shape = Markup('<rect class="{0}" x="{1:.0f}" y="{2:.0f}" width="{4}" height="{4}" fill="{3}" '
                           'transform="rotate(45 {5:.0f} {6:.0f})"{7}/>').format(
                shape_cls, x - r * 0.8, y - r * 0.8, fill, round(r * 1.6), x, y,
                Markup(' style="stroke:{}"').format(home) if home else "")
        elif area.kind == "box":
            shape = Markup('<rect class="{}" x="{:.0f}" y="{:.0f}" width="{}" height="{}" rx="3" fill="{}"{}/>').format(
                shape_cls, x - r - 5, y - r + 2, 2 * r + 10, 2 * r - 4, fill,
                Markup(' style="stroke:{}"').format(home) if home else "")
        else:
            shape = Markup('<circle class="{}" cx="{:.0f}" cy="{:.0f}" r="{}" fill="{}"{}/>').format(
                shape_cls, x, y, r, fill, Markup(' style="stroke:{}"').format(home) if home else "")
        marks = Markup("").join((
            Markup('<circle class="capital" cx="{:.0f}" cy="{:.0f}" r="{}" fill="none"/>').format(x, y, r + 3)
            if area.capital else "",
            Markup('<circle class="resource" cx="{:.0f}" cy="{:.0f}" r="4"/>').format(x + r - 1, y - r + 1)
            if area.resource else "",
            Markup('<rect class="port" x="{:.0f}" y="{:.0f}" width="6" height="6"/>').format(x - r - 2, y + r - 6)
            if area.ports else "",
        ))
    fighting = area is not None and (contested(s, place) or place in s.fought or place in s.newly_contested
                                     or (s.battle is not None and s.battle.area == place))
    rings = Markup("").join((
        Markup('<circle class="battle" cx="{:.0f}" cy="{:.0f}" r="{}" fill="none"/>').format(x, y, r + 6)
        if fighting else "",
        Markup('<circle class="oos" cx="{:.0f}" cy="{:.0f}" r="{}" fill="none"/>').format(x, y, r + 9)
        if oos else "",
    ))
    count = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="count{}">{}</text>').format(
        x, y + 4, " light" if fill in (NEUTRAL, SEA) else "", len(blocks)) if blocks else ""
    title = f"{name}: " + (f"{s.control.get(place, 'neutral')}" if area is not None else "sea area")
    if blocks:
        title += f"; {len(blocks)} block{'s' if len(blocks) != 1 else ''}" + (f" ({hidden} hidden)" if hidden else "")
    if fighting:
        title += "; combat"
    if oos:
        title += f"; {oos} out of supply"
    url = table.space_url(place)  # the event shown: #tt-at
    label = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="label">{}</text>').format(
        x, y + r + (21 if oos else 15 if fighting else 12), name)
    return Markup('<a id="{part}" data-part href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" '
                  'data-space="{place}" class="{cls}"><title>{title}</title>{shape}{marks}{rings}{count}{label}</a>'
                  ).format(part=part_id(place), url=url, place=place,
                           cls="place" + (" fighting" if fighting else "") + (" oos" if oos else ""),
                           title=title, shape=shape, marks=marks, rings=rings, count=count, label=label)


def marked_units(table: Table) -> dict[str, int]:
    """Units carrying an Out of Supply marker (the supply read model; markers are public), per area."""
    if SUPPLY not in table.view.names:
        return {}
    units = table.view.game.units
    out: Counter[str] = Counter()
    for unit_id in table.view.read(SUPPLY).marked:
        if unit_id in units:
            out[units[unit_id].area] += 1
    return dict(out)
