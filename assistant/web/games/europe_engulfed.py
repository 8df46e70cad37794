"""Europe Engulfed at the table: WERP ledgers, the state of the fronts, and the board amendment panel.

The rule book has no map data, so players complete the board from the physical map during play
(``ee.amend_board``); the panel lets them type one border or one area at a time instead of JSON.
Every other command keeps its generated form. Presentation only: the game's ``decide`` judges everything.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, get_args

from flask import render_template, url_for
from markupsafe import Markup

from assistant.games.europe_engulfed.board.format import BorderKind, Terrain, WeatherZone
from assistant.games.europe_engulfed.board.gaps import FACT_WORDS, BoardGap, gaps
from assistant.games.europe_engulfed.supply.queries import blocking_gaps
from assistant.games.europe_engulfed.supply.snapshot import situation as snapshot
from assistant.web.forms import RenderedForm, form_for
from assistant.web.presenter import Presenter, Table, new_command_id

AMEND = "ee.amend_board"
MOVE = "ee.move"
CAPE = "cape"  # the Cape of Good Hope route in a British strategic path (EE 5.33), named so in ee.move paths
LEDGER_LINES = 8
SUPPLY = "ee_supply"  # the game's supply read model
SUPPLY_ROWS = 12
# Area facts the panel offers; everything else an area may carry stays with the generic amendment form.
AREA_FACTS = ("name", "nation", "terrain", "weather_zone", "resource_value")
GAP_PLACES = 25  # places listed with their missing facts; the rest are counted (the exported board has them all)
YES_NO = ("home", "capital", "resource")
LISTS = ("ports", "adjacent")  # sea areas, typed separated by commas; empty = none
SEA_FACTS = ("maintenance", "adjacent")


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
        panels.insert(0, self._board_files(table, by_tag[AMEND].spec, errors.get(AMEND, ("", {}))))
        first = [f for f in out if f.spec.tag == "ee.advance"]
        rest = [f for f in out if f.spec.tag != "ee.advance"]
        return first + panels + rest

    def _board_files(self, table: Table, spec, error: tuple[str, dict[str, str]]) -> RenderedForm:
        """The "Board and scenario" panel: the files to download, the facts the board lacks (those stopping the
        supply determination first), each opening a prefilled amendment; a refused one comes back with its error."""
        s = table.view.game
        blocking = self._blocking(s)
        rest = [g for g in gaps(s.board) if g not in set(blocking)]
        places: dict[str, list[BoardGap]] = {}
        for g in rest:
            places.setdefault(g.subject, []).append(g)
        message, values = error
        if values.get("panel") != "gap":
            message, values = "", {}
        files = [(part, url_for("web.game_file", game_id=table.game_id, part=part))
                 for part in table.assistant.parts(table.game_id)]
        return RenderedForm(
            spec, new_command_id(), dict(values), message, template="games/europe_engulfed/board_files.html",
            data={"files": files, "blocking": blocking, "phase": f"{s.side} {self.term(s.phase)}",
                  "places": list(places.items())[:GAP_PLACES], "more": max(0, len(places) - GAP_PLACES),
                  "count": len(rest) + len(blocking), "complete": s.board.complete, "gap": self._gap_data(s),
                  "failed": _gap_of(values)},
            label="Save this fact", apart=False,
        )

    @staticmethod
    def _blocking(s) -> tuple[BoardGap, ...]:
        """The facts missing for this supply phase's determination, until it is made (EE 3.1)."""
        if s.phase not in ("initial_supply", "final_supply") or s.supply_checked == f"{s.turn}:{s.side}:{s.phase}":
            return ()
        verdicts = {u: (v.supplied, v.reason) for u, v in s.supply.verdicts.items()}
        return blocking_gaps(s.board, snapshot(s), s.side, s.phase.split("_")[0], verdicts)

    @staticmethod
    def _gap_data(s) -> dict[str, Any]:
        board = s.board
        return {"terrains": get_args(Terrain), "zones": get_args(WeatherZone), "kinds": get_args(BorderKind),
                "areas": tuple(sorted(board.areas)), "seas": tuple(sorted(board.seas)), "words": FACT_WORDS}

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        """One missing fact's amendment form, prefilled (opened from the "Board and scenario" panel)."""
        gap = _gap_of(args)
        if name != "gap" or gap is None:
            return None
        spec = form_for(table.loaded.catalogue.command_type(AMEND))
        form = RenderedForm(spec, new_command_id(), {}, "", label="Save this fact",
                            data={"gap": self._gap_data(table.view.game)})
        return Markup(render_template("games/europe_engulfed/amend_gap.html", form=form, g=gap,
                                      game_id=table.game_id))

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        panel = form.get("panel")
        if tag != AMEND or panel not in ("border", "area", "gap"):
            return form
        if panel == "gap":
            return {"amendments": json.dumps(_gap_amendments(form)), "reason": form.get("reason", "")}
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


def _gap_of(values: dict[str, str]) -> BoardGap | None:
    """The missing fact a form or link names (subject, fact, rule), if any."""
    subject, fact = values.get("subject", "").strip(), values.get("fact", "")
    if not subject or fact not in FACT_WORDS:
        return None
    return BoardGap(subject=subject, fact=fact, rule=values.get("rule", ""))


def _gap_amendments(form: dict[str, str]) -> list[dict[str, Any]]:
    """One missing fact, as typed, as the amendments that record it (a border may also close the area's list)."""
    subject, fact = form.get("subject", "").strip(), form.get("fact", "")
    source = {"source": form["source"].strip()} if form.get("source", "").strip() else {}
    if fact == "borders":
        out: list[dict[str, Any]] = []
        if form.get("b", "").strip():
            out.append({"op": "add_border", "a": subject, "b": form["b"].strip(), "kind": form.get("kind", "land"),
                        **source})
        if form.get("all_borders"):
            out.append({"op": "set_area", "area": subject, "borders_complete": True, **source})
        return out
    raw = form.get("value", "").strip()
    value: Any = raw
    if fact in YES_NO:
        value = {"yes": True, "no": False}.get(raw, raw)
    elif fact in LISTS:
        value = [x.strip() for x in raw.split(",") if x.strip()]
    if fact in SEA_FACTS:
        return [{"op": "set_sea", "sea": subject, fact: value, **source}]
    return [{"op": "set_area", "area": subject, fact: value, **source}]


PRESENTER = EEPresenter()
