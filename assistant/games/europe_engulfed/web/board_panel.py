"""The board amendment panels: the "Board and scenario" panel (files, the facts the board lacks, those stopping a
supply determination first), the border and area forms at set-up, and one missing fact's prefilled form. The rule
book has no map data, so players complete the board from the physical map during play (``ee.amend_board``) one
fact at a time instead of JSON."""

from __future__ import annotations

import json
from typing import Any, get_args

from flask import render_template, url_for
from markupsafe import Markup

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.format import BorderKind, Terrain, WeatherZone
from assistant.games.europe_engulfed.board.gaps import FACT_WORDS, BoardGap, gaps
from assistant.games.europe_engulfed.scenario.start import refusals as start_refusals
from assistant.games.europe_engulfed.scenario.start import warnings as start_warnings
from assistant.games.europe_engulfed.supply.queries import blocking_gaps
from assistant.games.europe_engulfed.supply.snapshot import situation as snapshot
from assistant.web.forms import RenderedForm, form_for
from assistant.web.presenter import Table, new_command_id

AMEND = "ee.amend_board"
# Area facts the panel offers; everything else an area may carry stays with the generic amendment form.
AREA_FACTS = ("name", "nation", "terrain", "weather_zone", "resource_value")
BLOCKING_FORMS = 2  # facts shown as forms at once; the others wait in the list below them
GAP_PLACES = 25  # places listed with their missing facts; the rest are counted (the exported board has them all)
YES_NO = ("home", "capital", "resource")
LISTS = ("ports", "adjacent")  # sea areas, typed separated by commas; empty = none
SEA_FACTS = ("maintenance", "adjacent")


AIR_ROUTE = "air route"  # the border panel's kind for an air route the map prints (EE 5.13, 5.22)


def panels(table: Table, errors: dict[str, tuple[str, dict[str, str]]], labels: dict[str, str]) -> list[RenderedForm]:
    """The amendment panels this moment offers: "Board and scenario" whenever the board may be amended, and at
    set-up a border or a whole area typed as plain fields."""
    s = table.view.game
    amend = form_for(table.loaded.catalogue.command_type(AMEND))
    panels = []
    moving = s.phase in ("operational_move", "strategic_move", "breakthrough")
    if AMEND in labels and not moving:
        panels.append(board_files(table, amend, errors.get(AMEND, ("", {}))))
    if AMEND in labels and (not s.phase or moving):  # a border or a whole area, typed as plain fields: at set-up,
        board = s.board                               # and a border (an air route) when a move needs one
        names = tuple(sorted([*board.areas, *board.seas]))
        for panel, template, label in (
            ("border", "europe_engulfed/amend_border.html", "Add this border"),
            ("area", "europe_engulfed/amend_area.html", "Save this area"),
        ):
            if moving and panel != "border":
                continue
            message, values = errors.get(AMEND, ("", {}))
            if values.get("panel") != panel:
                message, values = "", {}
            panels.append(RenderedForm(
                amend, new_command_id(), dict(values), message,
                {"a": names, "b": names, "area": tuple(sorted(board.areas))}, template=template,
                data={"panel": panel, "kinds": (*get_args(BorderKind), AIR_ROUTE), "terrains": get_args(Terrain),
                      "complete": board.complete, "areas": len(board.areas), "seas": len(board.seas),
                      "borders": len(board.borders)},
                label=label, apart=False,
            ))
    return panels


def board_files(table: Table, spec, error: tuple[str, dict[str, str]]) -> RenderedForm:
    """The "Board and scenario" panel: the files to download, the facts the board lacks (those stopping the
    supply determination first), each opening a prefilled amendment; a refused one comes back with its error."""
    s = table.view.game
    blocking = phase_blocking(s) if s.phase else setup_blocking(s)
    shown, later = blocking[:BLOCKING_FORMS], blocking[BLOCKING_FORMS:]
    rest = list(later) + [g for g in gaps(s.board) if g not in set(blocking)]
    places: dict[str, list[BoardGap]] = {}
    for g in rest:
        places.setdefault(g.subject, []).append(g)
    message, values = error
    if values.get("panel") != "gap":
        message, values = "", {}
    files = [(part, url_for("web.game_file", game_id=table.game_id, part=part))
             for part in table.assistant.parts(table.game_id)]
    return RenderedForm(
        spec, new_command_id(), dict(values), message, template="europe_engulfed/board_files.html",
        data={"files": files, "blocking": shown, "phase": f"{s.side} {s.phase.replace('_', ' ')}", "setup": not s.phase,
              "problems": start_refusals(s.options.scenario, s.board) if not s.phase else [],
              "warnings": start_warnings(s.options.scenario, s.board) if not s.phase else [],
              "mix": mix(s) if not s.phase else [], "waiting": len(later),
              "places": list(places.items())[:GAP_PLACES], "more": max(0, len(places) - GAP_PLACES),
              "count": len(rest) + len(blocking), "complete": s.board.complete, "gap": gap_data(s),
              "failed": gap_of(values)},
        label="Save this fact", apart=False,
    )


def phase_blocking(s) -> tuple[BoardGap, ...]:
    """The facts missing for this supply phase's determination, until it is made (EE 3.1)."""
    if s.phase not in ("initial_supply", "final_supply") or s.supply_checked == f"{s.turn}:{s.side}:{s.phase}":
        return ()
    verdicts = {u: (v.supplied, v.reason) for u, v in s.supply.verdicts.items()}
    return blocking_gaps(s.board, snapshot(s), s.side, s.phase.split("_")[0], verdicts)


def setup_blocking(s) -> tuple[BoardGap, ...]:
    """At set-up, the facts that would stop supply or production first (EE 3.1, 4.12): those of the units'
    lines for both sides, then those of the majors' resource areas."""
    from assistant.games.europe_engulfed.rules.supplied import undetermined_resource_areas

    found: list[BoardGap] = []
    for side in ("Axis", "Allied"):
        found += blocking_gaps(s.board, snapshot(s), side, "initial")
    for nation in data.MAJORS:
        found += [g for gs in undetermined_resource_areas(s, nation).values() for g in gs]
    return tuple(dict.fromkeys(found))


def gap_data(s) -> dict[str, Any]:
    board = s.board
    return {"terrains": get_args(Terrain), "zones": get_args(WeatherZone), "kinds": get_args(BorderKind),
            "areas": tuple(sorted(board.areas)), "seas": tuple(sorted(board.seas)), "words": FACT_WORDS}


def gap_form(table: Table, name: str, args: dict[str, str]) -> Markup | None:
    """One missing fact's amendment form, prefilled (opened from the "Board and scenario" panel)."""
    gap = gap_of(args)
    if name != "gap" or gap is None:
        return None
    spec = form_for(table.loaded.catalogue.command_type(AMEND))
    form = RenderedForm(spec, new_command_id(), {}, "", label="Save this fact",
                        data={"gap": gap_data(table.view.game)})
    return Markup(render_template("europe_engulfed/amend_gap.html", form=form, g=gap,
                                  game_id=table.game_id))


def prepared(tag: str, form: dict[str, str]) -> dict[str, str] | None:
    """A panel's plain inputs as the ``ee.amend_board`` command's fields (None: not a panel's form)."""
    panel = form.get("panel")
    if tag != AMEND or panel not in ("border", "area", "gap"):
        return None
    if panel == "gap":
        return {"amendments": json.dumps(gap_amendments(form)), "reason": form.get("reason", "")}
    if panel == "border" and form.get("kind") == AIR_ROUTE:  # GSU and airborne moves only (Glossary "Air-Routes")
        amendment: dict[str, Any] = {"op": "add_air_route", "a": form.get("a", "").strip(),
                                     "b": form.get("b", "").strip()}
    elif panel == "border":
        amendment = {"op": "add_border", "a": form.get("a", "").strip(),
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


def mix(s) -> list[tuple[str, int, int]]:
    """(colour, blocks on the map, blocks in the box) for the set-up panel (rule book, components)."""
    from assistant.games.europe_engulfed.scenario.entry import counter_mix, on_map

    placed = on_map(s.options.scenario.units)
    return [(k.replace("_", " "), placed.get(k, 0), n) for k, n in counter_mix().items() if placed.get(k)]


def gap_of(values: dict[str, str]) -> BoardGap | None:
    """The missing fact a form or link names (subject, fact, rule), if any."""
    subject, fact = values.get("subject", "").strip(), values.get("fact", "")
    if not subject or fact not in FACT_WORDS:
        return None
    return BoardGap(subject=subject, fact=fact, rule=values.get("rule", ""))


def gap_amendments(form: dict[str, str]) -> list[dict[str, Any]]:
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
