"""Europe Engulfed at the table: WERP ledgers, the state of the fronts, the schematic map and the board amendment
panel.

The rule book has no map data, so players complete the board from the physical map during play
(``ee.amend_board``); the panel lets them type one border or one area at a time instead of JSON.
Every other command keeps its generated form. Presentation only: the game's ``decide`` judges everything.
"""

from __future__ import annotations

import json
import re

import msgspec
from collections import Counter
from dataclasses import replace
from typing import Any, get_args

from flask import render_template, request, session, url_for
from markupsafe import Markup

from assistant.games.europe_engulfed import data
from assistant.games.europe_engulfed.board.format import BorderKind, Terrain, WeatherZone
from assistant.games.europe_engulfed.board.gaps import FACT_WORDS, BoardGap, gaps
from assistant.games.europe_engulfed.powers import contested
from assistant.games.europe_engulfed.supply.queries import blocking_gaps
from assistant.games.europe_engulfed.supply.snapshot import situation as snapshot
from assistant.web.forms import FieldSpec, FormError, FormSpec, RenderedForm, form_for
from assistant.games.europe_engulfed.scenario import choices
from assistant.games.europe_engulfed.scenario.format import Scenario
from assistant.games.europe_engulfed.scenario.start import refusals as start_refusals
from assistant.games.europe_engulfed.scenario.start import warnings as start_warnings
from assistant.games.europe_engulfed.web.map import MAP_W, geometry
from assistant.web.presenter import Presenter, Table, new_command_id
from assistant.moments import possible_moves
from assistant.games.europe_engulfed.offers import advance_label
from assistant.games.europe_engulfed.state import side_of
from assistant.games.europe_engulfed.read_models.table import board as board_view
from assistant.games.europe_engulfed.read_models.table import ledger as ledger_view
from events.base import tag_of

AMEND = "ee.amend_board"
MOVE = "ee.move"
ADVANCE = "ee.advance"
WEATHER = "ee.enter_weather"
DETERMINE = "ee.determine_supply"
SCENARIO = "ee.set_up_scenario"
PLAIN = ("ee.record_supply_verdict", "ee.read_resource_supply")
SIDED = ("ee.record_supply_verdict", "ee.choose_sea_supply_allocation")  # the phasing side's, never chosen
CAPE = "cape"  # the Cape of Good Hope route in a British strategic path (EE 5.33), named so in ee.move paths
LEDGER_LINES = 8
SUPPLY = "ee_supply"  # the game's supply read model
LEDGER = "werp_ledger"  # the game's WERP ledger read model
SUPPLY_ROWS = 12
# Area facts the panel offers; everything else an area may carry stays with the generic amendment form.
AREA_FACTS = ("name", "nation", "terrain", "weather_zone", "resource_value")
BLOCKING_FORMS = 2  # facts shown as forms at once; the others wait in the list below them
GAP_PLACES = 25  # places listed with their missing facts; the rest are counted (the exported board has them all)
YES_NO = ("home", "capital", "resource")
LISTS = ("ports", "adjacent")  # sea areas, typed separated by commas; empty = none
SEA_FACTS = ("maintenance", "adjacent")
# The map: areas filled by the side controlling them, home areas ringed in their nation's colour.
SIDE_COLOURS = {"Axis": "#4d5157", "Allied": "#b0532a"}
NEUTRAL = "#d8d2c4"
SEA = "#a9c8e0"
NATION_COLOURS = {"germany": "#1f1f1f", "italy": "#6f8f3a", "britain": "#c8a24a", "ussr": "#c0271c",
                  "france": "#2f5fa8", "usa": "#3f7a3a"}
SEEN_BY = ("all", "Axis", "Allied")  # whose hidden blocks this device may see ("all": a screen shared by both)
SPECTATORS = "spectators"  # any name that is no side: every unrevealed block stays hidden


class EEPresenter(Presenter):
    def options_form(self, spec: FormSpec) -> FormSpec:
        """A new game in a few choices: the scenario the rule book names, its start turn, who plays; a club's
        board and scenario files come as uploads. The tables the rule book lacks are entered in play."""
        names = tuple(sc["name"] for sc in choices.scenarios())
        bids = tuple(f"{b:+d}" if b else "0" for b in range(-50, 51, 10))
        fields = (
            FieldSpec("scenario_name", "Scenario", "select", True, names[0], names),
            FieldSpec("start_turn", "First turn (leave “—” for the scenario's own)", "select", False, "",
                      tuple(name for _code, name in choices.turns())),
            FieldSpec("axis_player", "Axis player", "text", False),
            FieldSpec("allied_player", "Allied player", "text", False),
            FieldSpec("conscription_bid", "Bid: Soviet emergency conscription steps (EE 10.5; new players: -20)",
                      "select", False, "0", bids),
        )
        return replace(spec, fields=fields)

    def prepare_options(self, values: dict[str, Any]) -> dict[str, Any]:
        chosen = next((sc for sc in choices.scenarios() if sc["name"] == values.get("scenario_name")), None)
        if chosen is None:
            raise FormError("Scenario: choose one of the scenarios listed")
        codes = {name: code for code, name in choices.turns()}
        start = codes.get(values.get("start_turn", ""), "") or chosen.get("start_turn", "")
        if not start:
            raise FormError(f"First turn: the rule book does not give the {chosen['name']}'s first turn; "
                            f"choose it as {chosen['section']} says")
        players = {side: values[f"{key}_player"].strip()[:40] for side, key in (("Axis", "axis"), ("Allied", "allied"))
                   if values.get(f"{key}_player", "").strip()}
        try:
            bid = int(values.get("conscription_bid") or 0)
        except ValueError:
            raise FormError("Bid: a multiple of 10 from -50 to +50") from None
        return {"scenario": {"name": chosen["name"], "start_turn": start,
                             "sources": [f"{chosen['section']} ({chosen['source']})"]},
                "players": players, "conscription_bid": bid}

    def setup_help(self) -> Markup | None:
        return Markup(render_template("europe_engulfed/new_help.html"))

    def hints(self, table: Table) -> dict[str, tuple[str, ...]]:
        """Choices for the generated forms: sea areas, land areas, nations and units by the fields' names."""
        s = table.view.game
        seas = tuple(sorted(s.board.seas))
        areas = tuple(sorted(s.board.areas))
        nations = tuple(sorted({*(led.nation for led in s.ledgers.values()), *(b.nation for b in s.units.values())}))
        viewer = _viewer(table)  # a device seeing for one side is offered only blocks that side may see
        units = tuple(sorted(b["id"] for entry in board_view(s, viewer).values() for b in entry["blocks"]
                             if not b.get("hidden")))
        return {**super().hints(table), "sea": seas, "from_sea": seas, "to_sea": seas, "area": areas,
                "nation": nations, "unit_id": units, "unit_ids": units, "unopposed": seas,
                "path": (*sorted([*areas, *seas]), CAPE)}

    def commands(self, table: Table) -> list[FormSpec]:
        """Only this moment's actions (the game's ``moves``); the board facts come as panels, not as raw JSON."""
        return [f for f in super().commands(table) if f.tag != AMEND]

    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        s = table.view.game
        errors = errors or {}
        labels = {p.tag: p.label for p in possible_moves(table.loaded.kind, table.view)}
        out = [self._worded(f, s, labels) for f in super().forms(table, errors) if f.spec.tag != AMEND]
        amend = form_for(table.loaded.catalogue.command_type(AMEND))
        panels = []
        if AMEND in labels:
            panels.append(self._board_files(table, amend, errors.get(AMEND, ("", {}))))
        if AMEND in labels and not s.phase:  # at set-up: a border or a whole area, typed as plain fields
            board = s.board
            names = tuple(sorted([*board.areas, *board.seas]))
            for panel, template, label in (
                ("border", "europe_engulfed/amend_border.html", "Add this border"),
                ("area", "europe_engulfed/amend_area.html", "Save this area"),
            ):
                message, values = errors.get(AMEND, ("", {}))
                if values.get("panel") != panel:
                    message, values = "", {}
                panels.append(RenderedForm(
                    amend, new_command_id(), dict(values), message,
                    {"a": names, "b": names, "area": tuple(sorted(board.areas))}, template=template,
                    data={"panel": panel, "kinds": get_args(BorderKind), "terrains": get_args(Terrain),
                          "complete": board.complete, "areas": len(board.areas), "seas": len(board.seas),
                          "borders": len(board.borders)},
                    label=label, apart=False,
                ))
        first = [f for f in out if f.spec.tag == ADVANCE]
        rest = [f for f in out if f.spec.tag != ADVANCE]
        return first + rest + panels

    def _worded(self, f: RenderedForm, s, labels: dict[str, str]) -> RenderedForm:
        """A form in players' words: its title and button from the move's label, help without code markup, the
        phasing side and phase filled in where there is nothing to choose."""
        tag = f.spec.tag
        label = labels.get(tag, "")
        f.spec = replace(f.spec, title=label or f.spec.title, help=plain(f.spec.help))
        if label:
            f.label = label
        if tag in PLAIN:
            f.apart = False  # asked of the players now, not an edit (its "reason" is what their map shows)
        if tag == MOVE:
            f.template, f.label = "europe_engulfed/move.html", "Move this unit"
        elif tag == ADVANCE:
            f.template, f.label = "europe_engulfed/advance.html", advance_label(s)
        elif tag == WEATHER:
            f.template = "europe_engulfed/weather.html"
            f.data = {"zones": data.weather().zones, "conditions": data.weather().conditions}
        elif tag == DETERMINE:
            f.template = "europe_engulfed/determine.html"
            f.fixed = {"side": s.side, "phase": s.phase.split("_")[0]}
            f.data = {"final": s.phase == "final_supply", "areas": sorted({u.area for u in s.units.values()
                                                                         if side_of(s, u.nation) == s.side}),
                      "nations": [n for n in data.MAJORS if data.side_of(n) == s.side]}
        elif tag == SCENARIO:
            f.template = "europe_engulfed/scenario_file.html"
        elif tag in SIDED:
            f.fixed = {**f.fixed, "side": s.side}
        return f

    def _board_files(self, table: Table, spec, error: tuple[str, dict[str, str]]) -> RenderedForm:
        """The "Board and scenario" panel: the files to download, the facts the board lacks (those stopping the
        supply determination first), each opening a prefilled amendment; a refused one comes back with its error."""
        s = table.view.game
        blocking = self._blocking(s) if s.phase else self._setup_blocking(s)
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
            data={"files": files, "blocking": shown, "phase": f"{s.side} {self.term(s.phase)}", "setup": not s.phase,
                  "problems": start_refusals(s.options.scenario, s.board) if not s.phase else [],
                  "warnings": start_warnings(s.options.scenario, s.board) if not s.phase else [],
                  "mix": _mix(s) if not s.phase else [], "waiting": len(later),
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
    def _setup_blocking(s) -> tuple[BoardGap, ...]:
        """At set-up, the facts that would stop supply or production first (EE 3.1, 4.12): those of the units'
        lines for both sides, then those of the majors' resource areas."""
        from assistant.games.europe_engulfed.rules.supplied import undetermined_resource_areas

        found: list[BoardGap] = []
        for side in ("Axis", "Allied"):
            found += blocking_gaps(s.board, snapshot(s), side, "initial")
        for nation in data.MAJORS:
            found += [g for gs in undetermined_resource_areas(s, nation).values() for g in gs]
        return tuple(dict.fromkeys(found))

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
        return Markup(render_template("europe_engulfed/amend_gap.html", form=form, g=gap,
                                      game_id=table.game_id))

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        if tag == WEATHER and "weather" not in form:
            zones = data.weather().zones
            return {**form, "weather": ", ".join(f"{z}={form.get('zone.' + z, '').strip()}" for z in zones)}
        if tag == SCENARIO and "scenario" not in form:
            return {**form, "scenario": _scenario_upload()}
        if tag == DETERMINE and form.get("limited_area", "").strip():
            order = {"area": form["limited_area"].strip(), "nation": form.get("limited_nation", "").strip()}
            return {**form, "limited_supply": json.dumps([order])}
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

    # ------------------------------------------------------------------ the map
    def board(self, table: Table, arrows=()) -> Markup:
        s = table.view.game
        geo = geometry(s.board)
        viewer = _viewer(table)
        areas = board_view(s, viewer)
        marked = self._marked(table)
        at = f"?at={table.view.seq}" if table.at else ""
        parts = [Markup('<svg viewBox="0 0 {} {}" role="group" aria-label="Schematic map of Europe Engulfed: click an '
                        'area for its details">').format(MAP_W, geo.height)]
        if geo.unlinked:
            top = min(geo.pos[p][1] for p in geo.unlinked) - 30
            parts.append(Markup('<text x="10" y="{:.0f}" class="strip-title">Not joined to any border yet '
                                '({} places): add their borders under “Board and scenario”</text>').format(top, len(geo.unlinked)))
        parts.append(Markup('<g class="borders">{}</g>').format(Markup("").join(
            Markup('<line class="{}" x1="{:.0f}" y1="{:.0f}" x2="{:.0f}" y2="{:.0f}"/>').format(
                kind, *geo.pos[a], *geo.pos[b]) for a, b, kind in geo.links)))
        parts.extend(Markup('<text x="{:.0f}" y="{:.0f}" class="group">{}</text>').format(x, y, name)
                     for name, x, y in geo.heads)
        for place in sorted(geo.pos):
            parts.append(self._place(table, s, place, geo.pos[place], areas.get(place, {}), marked.get(place, 0), at))
        parts.append(Markup("</svg>"))
        legend = Markup("").join(Markup('<span><i style="background:{}"></i>{}</span>').format(c, n) for n, c in (
            *SIDE_COLOURS.items(), ("neutral / nobody", NEUTRAL), ("sea area", SEA)))
        return Markup(render_template("europe_engulfed/map.html", svg=Markup("").join(parts), legend=legend,
                                      seen=viewer or "all", at=table.at,
                                      choices=() if table.spectator or table.seat_powers is not None or _lan_seat(table) is not None
                                      else SEEN_BY,
                                      spectator=bool(table.spectator),
                                      homes=[(data.nation(n).title, c) for n, c in NATION_COLOURS.items()]))

    def _place(self, table: Table, s, place: str, xy: tuple[float, float], entry: dict[str, Any], oos: int,
               at: str) -> Markup:
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
        url = table.space_url(place) + at
        label = Markup('<text x="{:.0f}" y="{:.0f}" text-anchor="middle" class="label">{}</text>').format(
            x, y + r + (21 if oos else 15 if fighting else 12), name)
        return Markup('<a href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" data-space="{place}" '
                      'class="{cls}"><title>{title}</title>{shape}{marks}{rings}{count}{label}</a>').format(
            url=url, place=place, cls="place" + (" fighting" if fighting else "") + (" oos" if oos else ""),
            title=title, shape=shape, marks=marks, rings=rings, count=count, label=label)

    def _marked(self, table: Table) -> dict[str, int]:
        """Units carrying an Out of Supply marker (the supply read model; markers are public), per area."""
        if SUPPLY not in table.view.names:
            return {}
        units = table.view.game.units
        out: Counter[str] = Counter()
        for unit_id in table.view.read(SUPPLY).marked:
            if unit_id in units:
                out[units[unit_id].area] += 1
        return dict(out)

    def space(self, table: Table, name: str) -> Markup | None:
        s = table.view.game
        board = s.board
        if name not in board.areas and name not in board.seas:
            return None
        viewer = _viewer(table)
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
            fleets=dict(s.fleets.get(name, {})), marked=self._marked(table).get(name, 0),
            readonly=table.spectator is not None or table.at is not None, game_id=table.game_id, seen=viewer or "all",
            borders=sorted({b.b if b.a == name else b.a for b in board.borders if name in (b.a, b.b)}),
        ))

    def ledgers(self, table: Table) -> Markup:
        """Ledgers, forces and supply as this device may see them: the read models hide what the other side keeps
        secret (private land-step purchases, EE 4.5; unrevealed blocks), so nothing here reads the raw state."""
        s = table.view.game
        viewer = _viewer(table)
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
            control=sorted(control.items()), fleets=fleets, board=s.board, supply=self._supply(table, viewer),
        ))

    def _supply(self, table: Table, viewer: str) -> dict[str, Any] | None:
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


def _scenario_upload() -> str:
    """The scenario file chosen in the set-up form, as the command's JSON (a TOML or JSON file, data/README.md)."""
    from assistant.games.europe_engulfed.scenario.loader import loads
    from assistant.games.europe_engulfed.scenario.validate import ScenarioInvalid

    upload = request.files.get("scenario_file")
    if upload is None or not upload.filename:
        raise FormError("Scenario file: choose the file to load")
    raw = upload.read(1_000_001)
    if len(raw) > 1_000_000:
        raise FormError("Scenario file: at most 1 MB")
    try:
        text = raw.decode("utf-8")
        scenario = loads(text) if not text.lstrip().startswith("{") else msgspec.json.decode(raw, type=Scenario)
    except (UnicodeDecodeError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise FormError(f"Scenario file: {exc}") from None
    except ScenarioInvalid as exc:
        raise FormError("Scenario file: " + "; ".join(exc.problems)) from None
    return msgspec.json.encode(scenario).decode()


def plain(text: str) -> str:
    """Help text as players read it: ``unit_id`` -> unit id."""
    return re.sub(r"``([^`]*)``", lambda m: m.group(1).replace("_", " "), text)


def _mix(s) -> list[tuple[str, int, int]]:
    """(colour, blocks on the map, blocks in the box) for the set-up panel (rule book, components)."""
    from assistant.games.europe_engulfed.scenario.entry import counter_mix, on_map

    placed = on_map(s.options.scenario.units)
    return [(k.replace("_", " "), placed.get(k, 0), n) for k, n in counter_mix().items() if placed.get(k)]


def _lan_seat(table: Table) -> str | None:
    """A LAN device that joined the table under the name the game gives a side's player (``players`` option)
    sees that side's hidden blocks only; one that joined under another name watches (no hidden block). The
    host's own screen has not joined: None, it chooses on the map."""
    if not session.get("joined"):
        return None
    name = (session.get("player") or "").strip().casefold()
    players = table.view.game.options.players
    for side in SEEN_BY[1:]:
        if name and players.get(side, "").strip().casefold() == name:
            return side
    return SPECTATORS


def _viewer(table: Table) -> str:
    """Whose hidden blocks this device sees: the side chosen on the map ("seen by", kept per game in the session),
    "" for a screen both sides share; spectators see no side's hidden blocks. The hiding itself is the read
    model's (``assistant.games.europe_engulfed.read_models.table.board``)."""
    if table.spectator:
        return SPECTATORS
    if table.seat_powers is not None:  # the club decides from the seat; the device has no say
        held = {p.casefold() for p in table.seat_powers}
        sides = [side for side in SEEN_BY[1:] if side.casefold() in held]
        if len(sides) == 1:
            return sides[0]
        return "" if sides or table.host else SPECTATORS
    joined = _lan_seat(table)
    if joined is not None:
        return joined
    chosen = session.get("ee_seen_by", {})
    asked = request.args.get("seen", "")
    if asked in SEEN_BY and chosen.get(table.game_id) != asked:
        session["ee_seen_by"] = {**chosen, table.game_id: asked}
        chosen = session["ee_seen_by"]
    seen = chosen.get(table.game_id, "all")
    return "" if seen == "all" else seen


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
