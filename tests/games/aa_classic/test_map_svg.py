"""The map drawn from its cached fixed parts is the same HTML, byte for byte, as drawing every element afresh."""

from __future__ import annotations

from pathlib import Path
from collections import Counter

import pytest
from markupsafe import Markup

from assistant.games.aa_classic import map_svg
from assistant.games.aa_classic.bench import play
from assistant.games.aa_classic.game import GAME
from assistant.games.aa_classic.map_svg import COLOURS, MAP_H, MAP_W, NEUTRAL, SEA, power_name
from assistant.web import mapframes
from tests.web.maps import moments, same_as_afresh, spectator_url, table_url


def reference(s, space_url, at: str, arrows=()) -> Markup:
    """Every element through ``Markup.format``, nothing kept between renders (the plain way to draw the map)."""
    board = s.world.board
    pos = map_svg.positions(board)
    counts: dict[str, Counter] = {}
    for u in s.units.values():
        counts.setdefault(u.space, Counter())[u.owner] += 1
    fighting = {b.space for b in s.battles.values() if not b.outcome}
    parts = [Markup('<svg viewBox="0 0 {} {}" role="group" aria-label="Schematic map: click a space for its details">').format(MAP_W, MAP_H)]
    if arrows:
        parts.append(Markup(map_svg.ARROWHEAD))
    lines = []
    for a, b in map_svg.edges(board):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        lines.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}"/>')
    names = map_svg.labels(board)
    parts.append(Markup('<g class="borders">' + "".join(lines) + "</g>" + map_svg.leaders(board, names)))
    for name, space in board.spaces.items():
        x, y = pos[name]
        here = counts.get(name, Counter())
        total = sum(here.values())
        url = space_url(name) + at
        if space.kind == "sea":
            fill, r, cls = SEA, 9, "space-shape sea"
            if here:
                fill = COLOURS.get(here.most_common(1)[0][0], fill)
        else:
            fill, r, cls = COLOURS.get(s.controller(name), NEUTRAL), 13 if space.ipc else 10, "space-shape"
        ring = Markup('<circle class="battle" cx="{:.0f}" cy="{:.0f}" r="{}" fill="none"/>').format(x, y, r + 5) if name in fighting else ""
        label = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="label">{}</text>').format(
            names[name].x, names[name].y, name)
        num = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="count{}">{}</text>').format(
            x, y + 4, " light" if fill in (NEUTRAL, SEA) else "", total) if total else ""
        capital = Markup('<circle cx="{:.0f}" cy="{:.0f}" r="{}" fill="none" class="capital"/>').format(x, y, r + 2) if space.capital else ""
        title = f"{name}: " + (f"{power_name(s.controller(name))}, {space.ipc} IPC" if space.kind == "land" else "sea zone")
        if total:
            title += "; " + ", ".join(f"{n} {power_name(o)}" for o, n in here.most_common())
        parts.append(Markup(
            '<a id="{part}" data-part href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" '
            'data-space="{name}">'
            '<title>{title}</title><circle class="{cls}" cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{fill}"/>'
            "{capital}{ring}{num}{label}</a>"
        ).format(part=mapframes.part_id(name), url=url, name=name, title=title, cls=cls, x=x, y=y, r=r, fill=fill, capital=capital, ring=ring,
                 num=num, label=label))
    parts.extend(Markup(map_svg.arrow(pos[a], pos[b], a, b)) for a, b in arrows if a in pos and b in pos)
    parts.append(Markup("</svg>"))
    legend = Markup("").join(
        Markup('<span><i style="background:{}"></i>{}</span>').format(c, power_name(p)) for p, c in COLOURS.items()
    )
    return Markup('<h2>Map</h2>{}{}</div><p class="legend">{}<span><i class="ring"></i>battle</span></p>').format(
        Markup(map_svg.wrap(board, map_svg.focus(s))), Markup("").join(parts), legend)


@pytest.fixture(scope="module")
def states():
    definition, _commands, events = play(3, rounds=4)
    return moments(GAME, definition, events)


@pytest.mark.parametrize("space_url", [table_url, spectator_url])
@pytest.mark.parametrize("at", ["", "?at=57"])
def test_the_cached_map_is_byte_identical_to_drawing_it_afresh(states, space_url, at):
    same_as_afresh(map_svg.draw, reference, states, space_url, at)


def test_arrows_and_a_second_viewer_of_the_same_board(states):
    arrows = (("Germany", "Karelia S.S.R."), ("Japan", "Nowhere"), ("United Kingdom", "Germany"))
    s = states[-1]
    assert map_svg.draw(s, table_url, "", arrows) == reference(s, table_url, "", arrows)
    # the same board seen through another address keeps its own links
    assert map_svg.draw(s, spectator_url, "") == reference(s, spectator_url, "")
    assert "tok&#39;en&amp;" in map_svg.draw(s, spectator_url, "")


def test_the_names_placed_in_an_earlier_run_are_the_names_placed_now(states, tmp_path, monkeypatch):
    """The label placement is kept between runs (keyed by the board and the placing code): read back, it is the
    placement made afresh, in the same order, and the map drawn from it the same bytes; a damaged file is placed
    again."""
    import marshal

    from assistant import cachefile
    from assistant.web.maplabels import place

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    board = states[-1].world.board
    pos = map_svg.positions(board)
    fresh = place({n: (*pos[n], map_svg.radius(sp)) for n, sp in board.spaces.items()}, (map_svg.MAP_W, map_svg.MAP_H))
    for _ in range(2):  # the first run places and keeps them, the second reads them back
        map_svg.LABELS.clear()
        mapframes.FRAMES.clear()
        got = map_svg.labels(board)
        assert list(got.items()) == list(fresh.items())
        assert map_svg.draw(states[-1], table_url, "") == reference(states[-1], table_url, "")
    kept = list(Path(cachefile.folder()).glob("labels-*.marshal"))
    assert len(kept) == 1
    data = marshal.loads(kept[0].read_bytes())
    data["value"] = {n: [x, y] for n, (x, y, _box, _leader) in data["value"].items()}  # another shape: placed again
    kept[0].write_bytes(marshal.dumps(data))
    map_svg.LABELS.clear()
    assert list(map_svg.labels(board).items()) == list(fresh.items())
