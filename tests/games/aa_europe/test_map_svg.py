"""The A&A Europe map drawn from its cached fixed parts is the same HTML, byte for byte, as drawing every element
afresh through ``Markup.format`` (the way the table drew it before the parts were kept)."""

from __future__ import annotations

from collections import Counter

import pytest
from markupsafe import Markup

from assistant.games.aa_europe import map_svg
from assistant.games.aa_europe.bench import play
from assistant.games.aa_europe.game import GAME
from assistant.games.aa_europe.map_svg import COLOURS, MAP_H, MAP_W, MIDDLE_EAST, NEUTRAL, SEA, name
from assistant.web import mapframes
from tests.web.maps import moments, same_as_afresh, spectator_url, table_url


def reference(s, space_url, at: str) -> Markup:
    """Every element through ``Markup.format``, nothing kept between renders."""
    w = s.world
    pos = map_svg.positions(s)
    counts: dict[str, Counter] = {}
    for u in s.units.values():
        counts.setdefault(u.space, Counter())[u.owner] += 1
    fighting = {b.space for b in s.battles.values() if not b.outcome}
    parts = [Markup('<svg viewBox="0 0 {} {}" role="group" aria-label="Map of Europe: click a space for its '
                    'details">').format(MAP_W, MAP_H)]
    lines = [f'<line x1="{pos[a][0]:.0f}" y1="{pos[a][1]:.0f}" x2="{pos[b][0]:.0f}" y2="{pos[b][1]:.0f}"/>'
             for a, b in map_svg.edges(s)]
    parts.append(Markup('<g class="borders">' + "".join(lines) + "</g>"))
    for n, sp in w.spaces.items():
        x, y = pos[n]
        here = counts.get(n, Counter())
        total = sum(here.values())
        url = space_url(n) + at
        extra = ""
        if sp.kind == "sea":
            fill, r = (COLOURS.get(here.most_common(1)[0][0], SEA) if here else SEA), 9
            if sp.convoy:
                r, extra = 11, " convoy raided" if w.enemies(s.controller(n), sp.owner) else " convoy"
        else:
            owner = s.controller(n)
            fill = COLOURS.get(owner, MIDDLE_EAST if sp.group == "middle_east" else NEUTRAL)
            r = 13 if sp.ipc else 10
            extra = " me" if sp.group == "middle_east" else ""
        ring = Markup('<circle class="battle" cx="{:.0f}" cy="{:.0f}" r="{}" fill="none"/>').format(x, y, r + 5) \
            if n in fighting else ""
        label = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="label">{}</text>').format(
            x, y + r + 11, n)
        num = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="count{}">{}</text>').format(
            x, y + 4, " light" if fill in (NEUTRAL, SEA, MIDDLE_EAST) else "", total) if total else ""
        capital = Markup('<circle cx="{:.0f}" cy="{:.0f}" r="{}" fill="none" class="capital"/>').format(
            x, y, r + 2) if sp.capital else ""
        holder = name(s.controller(n)) if s.controller(n) else "neutral"
        title = f"{n}: " + (f"{holder}, {sp.ipc} IPC" if sp.kind == "land" else
                             f"convoy centre ({sp.ipc} IPC), held by {name(s.controller(n))}" if sp.convoy else
                             "sea zone")
        if total:
            title += "; " + ", ".join(f"{k} {name(o)}" for o, k in here.most_common())
        parts.append(Markup(
            '<a id="{part}" data-part href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" '
            'data-space="{name}">'
            '<title>{title}</title><circle class="space-shape{extra}" cx="{x:.0f}" cy="{y:.0f}" r="{r}" '
            'fill="{fill}"/>{capital}{ring}{num}{label}</a>'
        ).format(part=mapframes.part_id(n), url=url, name=n, title=title, extra=extra, x=x, y=y, r=r, fill=fill, capital=capital,
                 ring=ring, num=num, label=label))
    parts.append(Markup("</svg>"))
    legend = Markup("").join(Markup('<span><i style="background:{}"></i>{}</span>').format(c, name(p))
                             for p, c in COLOURS.items())
    return Markup('<h2>Map</h2><div class="mapwrap">{}</div><p class="legend">{}<span><i style="background:{}">'
                  '</i>Middle East</span><span><i class="ring"></i>battle</span></p>').format(
        Markup("").join(parts), legend, MIDDLE_EAST)


@pytest.fixture(scope="module")
def states():
    definition, _commands, events = play(3, rounds=6)
    return moments(GAME, definition, events)


@pytest.mark.parametrize("space_url", [table_url, spectator_url])
@pytest.mark.parametrize("at", ["", "?at=57"])
def test_the_cached_map_is_byte_identical_to_drawing_it_afresh(states, space_url, at):
    same_as_afresh(map_svg.draw, reference, states, space_url, at)


def test_a_second_viewer_of_the_same_board_keeps_its_own_links(states):
    s = states[-1]
    assert map_svg.draw(s, table_url, "") == reference(s, table_url, "")
    assert map_svg.draw(s, spectator_url, "") == reference(s, spectator_url, "")
    assert "tok&#39;en&amp;" in map_svg.draw(s, spectator_url, "")
