"""Europe Engulfed at the table: WERP ledgers, the state of the fronts, and the board amendment panel.

The rule book has no map data, so players complete the board from the physical map during play
(``ee.amend_board``); the panel lets them type one border or one area at a time instead of JSON.
Every other command keeps its generated form. Presentation only: the game's ``decide`` judges everything.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, get_args

from flask import render_template
from markupsafe import Markup

from assistant.games.europe_engulfed.board.format import BorderKind, Terrain
from assistant.web.forms import RenderedForm
from assistant.web.presenter import Presenter, Table, new_command_id

AMEND = "ee.amend_board"
MOVE = "ee.move"
CAPE = "cape"  # the Cape of Good Hope route in a British strategic path (EE 5.33), named so in ee.move paths
LEDGER_LINES = 8
SUPPLY = "ee_supply"  # the game's supply read model
SUPPLY_ROWS = 12
# Area facts the panel offers; everything else an area may carry stays with the generic amendment form.
AREA_FACTS = ("name", "nation", "terrain", "weather_zone", "resource_value")


class EEPresenter(Presenter):
    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        """Choices for the generated forms: sea areas, land areas, nations and units by the fields' names."""
        s = table.view.game
        seas = tuple(sorted(s.board.seas))
        areas = tuple(sorted(s.board.areas))
        nations = tuple(sorted({*s.ledgers, *(b.nation for b in s.units.values())}))
        units = tuple(sorted(s.units))
        return {**super().hints(table), "sea": seas, "from_sea": seas, "to_sea": seas, "area": areas,
                "nation": nations, "unit_id": units, "unit_ids": units, "unopposed": seas,
                "path": (*sorted([*areas, *seas]), CAPE)}

    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        out = super().forms(table, errors)
        for f in out:
            if f.spec.tag == MOVE:
                f.template, f.label = "games/europe_engulfed/move.html", "Move this unit"
        by_tag = {f.spec.tag: f for f in out}
        errors = errors or {}
        board = table.view.game.board
        names = tuple(sorted([*board.areas, *board.seas]))
        panels = []
        for panel, template, label in (
            ("border", "games/europe_engulfed/amend_border.html", "Add this border"),
            ("area", "games/europe_engulfed/amend_area.html", "Save this area"),
        ):
            message, values = errors.get(AMEND, ("", {}))
            if values.get("panel") != panel:
                message, values = "", {}
            panels.append(RenderedForm(
                by_tag[AMEND].spec, new_command_id(), dict(values), message,
                {"a": names, "b": names, "area": tuple(sorted(board.areas))}, template=template,
                data={"panel": panel, "kinds": get_args(BorderKind), "terrains": get_args(Terrain),
                      "complete": board.complete, "areas": len(board.areas), "seas": len(board.seas),
                      "borders": len(board.borders)},
                label=label, apart=False,
            ))
        first = [f for f in out if f.spec.tag == "ee.advance"]
        rest = [f for f in out if f.spec.tag != "ee.advance"]
        return first + panels + rest

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        panel = form.get("panel")
        if tag != AMEND or panel not in ("border", "area"):
            return form
        if panel == "border":
            amendment: dict[str, Any] = {"op": "add_border", "a": form.get("a", "").strip(),
                                         "b": form.get("b", "").strip(), "kind": form.get("kind", "land")}
            if form.get("strait", "").strip():
                amendment["strait"] = form["strait"].strip()
        else:
            amendment = {"op": "set_area", "area": form.get("area", "").strip()}
            for fact in AREA_FACTS:
                value = form.get(fact, "").strip()
                if value:
                    amendment[fact] = int(value) if fact == "resource_value" and value.isdigit() else value
        if form.get("source", "").strip():
            amendment["source"] = form["source"].strip()
        return {"amendments": json.dumps([amendment]), "reason": form.get("reason", "")}

    def spaces(self, table: Table) -> tuple[str, ...]:
        board = table.view.game.board
        return tuple(sorted([*board.areas, *board.seas]))

    def ledgers(self, table: Table) -> Markup:
        s = table.view.game
        ledgers = []
        for nation, ledger in sorted(s.ledgers.items()):
            lines = list(ledger.lines)
            ledgers.append({
                "nation": nation, "turn": ledger.turn, "balance": sum(line.amount for line in lines),
                "closed": ledger.closed, "lines": lines[::-1][:LEDGER_LINES], "more": max(0, len(lines) - LEDGER_LINES),
            })
        units: dict[str, dict[str, int]] = {}
        for block in s.units.values():
            row = units.setdefault(block.nation, {"blocks": 0, "steps": 0, "oos": 0})
            row["blocks"] += 1
            row["steps"] += block.steps
            row["oos"] += int(block.oos)
        control = Counter(s.control.values())
        fleets = {sea: dict(by) for sea, by in sorted(s.fleets.items()) if any(by.values())}
        return Markup(render_template(
            "games/europe_engulfed/ledgers.html", s=s, ledgers=ledgers, units=sorted(units.items()),
            control=sorted(control.items()), fleets=fleets, board=s.board, supply=self._supply(table),
        ))

    def _supply(self, table: Table) -> dict[str, Any] | None:
        """The supply read model: last determination per side, unit verdicts (out of supply first), sea capacity."""
        if SUPPLY not in table.view.names:
            return None
        view = table.view.read(SUPPLY)
        verdicts = sorted(view.units.values(), key=lambda u: (u.status == "supplied", u.unit_id))
        return {
            "sides": sorted((side, phase, view.determined_at.get(side, 0)) for side, phase in view.phase.items()),
            "units": verdicts[:SUPPLY_ROWS], "more": max(0, len(verdicts) - SUPPLY_ROWS),
            "capacity": [(side, c) for side, seas in sorted(view.capacity.items()) for c in seas],
            "eliminated": view.eliminated, "recorded": view.verdicts[-SUPPLY_ROWS:],
        }


PRESENTER = EEPresenter()
