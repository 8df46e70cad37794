"""The details of one area or sea area of Europe Engulfed, opened from the map: control, terrain, resources, the
blocks this device may see with their supply verdicts, the facts the board still lacks."""

from __future__ import annotations

from markupsafe import Markup
from flask import render_template

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.gaps import FACT_WORDS, gaps
from assistant.games.europe_engulfed.powers import contested
from assistant.games.europe_engulfed.read_models.table import board as board_view
from assistant.games.europe_engulfed.web.map_drawing import SUPPLY, marked_units
from assistant.games.europe_engulfed.web.seen import viewer as seen_by
from assistant.web.presenter import Table


def details(table: Table, name: str) -> Markup | None:
    s = table.view.game
    board = s.board
    if name not in board.areas and name not in board.seas:
        return None
    viewer = seen_by(table)
    entry = board_view(s, viewer).get(name, {})
    supply = table.view.read(SUPPLY) if SUPPLY in table.view.names else None
    blocks = []
    for b in entry.get("blocks", []):
        if b.get("hidden"):
            blocks.append({"nation": b["nation"], "side": b["side"], "hidden": True, "elite": b["elite"]})
            continue
        verdict = supply.units.get(b["id"]) if supply else None
        blocks.append({**b, "verdict": verdict if verdict and verdict.area == name else None})
    statuses = []
    if supply:
        for side, by_area in sorted(supply.areas.items()):
            if name in by_area:
                statuses.append((side, supply.phase.get(side, ""), by_area[name]))
    area = board.areas.get(name)
    missing = [g for g in gaps(board) if g.subject == name]
    fighting = area is not None and (contested(s, name) or name in s.fought or name in s.newly_contested
                                     or (s.battle is not None and s.battle.area == name))
    return Markup(render_template(
        "europe_engulfed/area.html", id=name, area=area, sea=board.seas.get(name), s=s,
        control=s.control.get(name, "neutral"), value=_resource_value(area) if area else None,
        blocks=blocks, statuses=statuses, missing=missing, words=FACT_WORDS, fighting=fighting,
        fleets=dict(s.fleets.get(name, {})), marked=marked_units(table).get(name, 0),
        readonly=table.spectator is not None or table.at is not None, game_id=table.game_id, seen=viewer or "all",
        borders=sorted({b.b if b.a == name else b.a for b in board.borders if name in (b.a, b.b)}),
    ))


def _resource_value(area) -> int | None:
    """WERP a resource area is worth: its own printed value, else its nation's per-area value (EE 4.14)."""
    if not area.resource:
        return None
    if area.resource_value is not None:
        return area.resource_value
    try:
        return data.nation(area.nation).per_area if area.nation else None
    except KeyError:
        return None  # a minor country's areas: no per-area value in the nation table
