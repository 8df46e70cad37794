"""Europe Engulfed's ledgers as a device may see them: weather and areas held, each nation's WERP ledger, forces,
fleet points and the supply panel. The read models hide what the other side keeps secret (private land-step
purchases, EE 4.5; unrevealed blocks), so nothing here reads the raw state."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask import render_template
from markupsafe import Markup

from assistant.games.europe_engulfed import wording
from assistant.games.europe_engulfed.read_models.table import board as board_view
from assistant.games.europe_engulfed.read_models.table import ledger as ledger_view
from assistant.games.europe_engulfed.web.map_drawing import SUPPLY
from assistant.games.europe_engulfed.web.seen import viewer as seen_by
from assistant.web.presenter import Table

LEDGER_LINES = 8
LEDGER = "werp_ledger"  # the game's WERP ledger read model
SUPPLY_ROWS = 12


def ledgers(table: Table) -> Markup:
    """Ledgers, forces and supply as this device may see them: the read models hide what the other side keeps
    secret (private land-step purchases, EE 4.5; unrevealed blocks), so nothing here reads the raw state."""
    s = table.view.game
    viewer = seen_by(table)
    book = table.view.read(LEDGER) if LEDGER in table.view.names else s
    current = {led["nation"]: led for led in ledger_view(book, viewer)}  # in turn order: the last one stays
    ledgers = []
    for led in current.values():  # the table shows each nation's current ledger; the report has them all
        lines = led["lines"]
        ledgers.append({
            "nation": led["nation"], "turn": led["turn"], "turn_name": led["turn_name"], "balance": led["balance"],
            "closed": led["closed"], "lines": lines[::-1][:LEDGER_LINES], "more": max(0, len(lines) - LEDGER_LINES),
        })
    units: dict[str, dict[str, int]] = {}
    for entry in board_view(s, viewer).values():
        for block in entry["blocks"]:
            row = units.setdefault(block["nation"], {"blocks": 0, "steps": 0, "hidden": 0, "oos": 0})
            row["blocks"] += 1
            row["steps"] += block.get("steps", 0)
            row["hidden"] += int(bool(block.get("hidden")))
            row["oos"] += int(bool(block.get("out_of_supply")))
    control = Counter(s.control.values())
    fleets = {sea: dict(by) for sea, by in sorted(s.fleets.items()) if any(by.values())}
    return Markup(render_template(
        "europe_engulfed/ledgers.html", s=s, ledgers=ledgers, units=sorted(units.items()),
        control=sorted(control.items()), fleets=fleets, board=s.board, supply=_supply(table, viewer),
        name=wording.nation, place=lambda ident: _place(s.board, ident),
    ))


def _place(board: Any, ident: str) -> str:
    """An area or sea by the name on this game's board (players may have named the places they added)."""
    known = board.areas.get(ident) or board.seas.get(ident)
    return known.name if known is not None and known.name else wording.place(ident)


def _supply(table: Table, viewer: str) -> dict[str, Any] | None:
    """The supply read model: last determination per side, unit verdicts (out of supply first), sea capacity.
    Verdicts on blocks this device may not see are left out: a block's id tells its type."""
    if SUPPLY not in table.view.names:
        return None
    view = table.view.read(SUPPLY)
    hidden = {b["id"] for entry in board_view(table.view.game, viewer).values() for b in entry["blocks"]
              if b.get("hidden")}
    verdicts = sorted((u for u in view.units.values() if u.unit_id not in hidden),
                      key=lambda u: (u.status == "supplied", u.unit_id))
    return {
        "sides": sorted((side, phase, view.determined_at.get(side, 0)) for side, phase in view.phase.items()),
        "units": verdicts[:SUPPLY_ROWS], "more": max(0, len(verdicts) - SUPPLY_ROWS),
        "capacity": [(side, c) for side, seas in sorted(view.capacity.items()) for c in seas],
        "eliminated": view.eliminated,
        "recorded": [v for v in view.verdicts if v.split(":", 1)[0] not in hidden][-SUPPLY_ROWS:],
    }
