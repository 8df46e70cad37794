"""Axis & Allies Miniatures at the table: the hex map as recorded, each side's roster of unit cards (status and
whether it has acted this phase), the moment's forms with units named as on the roster, and the attack panel
with the exact odds before the dice.

Presentation only: what the rules allow is the game's ``decide``; the odds and numbers come from its own
``preview``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from flask import render_template, request
from markupsafe import Markup

from assistant.decider import Refused
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.describe import ADJ, PHASE, side as side_name
from assistant.games.aa_miniatures.game import GAME
from assistant.games.aa_miniatures.moves.attack import preview
from assistant.games.aa_miniatures.moves.common import SEPARATORS
from assistant.games.aa_miniatures.moves.movement import provoked, provokes
from assistant.games.aa_miniatures.moves.turn import control
from assistant.games.aa_miniatures.odds import OUTCOMES
from assistant.games.aa_miniatures.state import SIDES, State, Unit, other
from assistant.web.forms import FormSpec, RenderedForm, whole_number
from assistant.web.mapframes import part_id
from assistant.web.presenter import Presenter, Table

R = 22  # hex radius in SVG units
SQ3 = math.sqrt(3)
TERRAIN_FILL = {"clear": "#ece6cf", "hill": "#caa66a", "forest": "#6d9a57", "town": "#a39a92", "marsh": "#9cbfb0",
                "pond": "#6fa6d6"}
SIDE_FILL = {"axis": "#4d4f53", "allies": "#3e6b34"}
# Forms whose unit fields are chosen from the roster (field -> which units), shown with their names.
UNIT_FIELDS = {
    "aam.deploy": ("unit", "aboard"), "aam.move": ("unit",), "aam.attack": ("attacker", "target"),
    "aam.defensive_fire": ("firer",), "aam.board": ("soldier", "transport"), "aam.disembark": ("soldier",),
    "aam.discharge": ("unit",), "aam.edit_unit": ("unit",), "aam.demolish_bridge": ("unit",),
}
MAP_FORMS = {"aam.record_hex", "aam.record_hexside"}
CARD_FORMS = {"aam.register_card", "aam.import_cards"}
ANY_TIME = MAP_FORMS | CARD_FORMS | {"aam.edit_unit"}


OPTION_LABELS = {
    "attacker": "Attacker (Assault scenario)", "allies_player": "Allied player",
    "axis_budget": "Axis budget (custom)", "allies_budget": "Allied budget (custom)",
    "max_units": "Most units per army (custom)", "objective_from": "Objective wins from turn (custom)",
    "points_turn": "Points compared at the end of turn (custom)", "last_turn": "Last turn (custom; 0: none)",
    "historical_limits": "Historical army limits (custom)", "year": "Year limit (custom; 0: none)",
    "year_rule": "Year limit counts units (custom)",
}


def _provoking_steps(s: State) -> list[int]:
    """The steps of the open move that provoke at least one of the units able to fire (1 = the first hex)."""
    w = s.window
    if w is None:
        return []
    mover = s.units[w.unit]
    return [i for i in range(1, len(w.path))
            if any(provokes(s, mover, w.path[i - 1], w.path[i], f) for f in provoked(s))]


def _label(s: State, u: Unit) -> str:
    where = f" · {u.hex}" if u.hex else ""
    return f"{u.label}{where}"


class MiniaturesPresenter(Presenter):
    round_name = "turn"  # the rulebook counts « tours »

    # ------------------------------------------------------------------ forms of the moment
    def forms(self, table: Table, errors=None) -> list[RenderedForm]:
        s: State = table.view.game
        out = super().forms(table, errors)
        if s.window is not None:  # a move waits for the other side's answer: fire or let it go
            first = {"aam.defensive_fire": 0, "aam.hold_fire": 1}
        elif s.phase == "assault":
            first = {"aam.attack": 0}
        else:
            first = {"aam.enlist": 0, "aam.import_cards": 1, "aam.finalise_army": 2}
        out.sort(key=lambda f: first.get(f.spec.tag, len(first)))  # the moment's main action first
        labels = {m.tag: m.label for m in GAME.declared_moves()}
        for f in out:
            tag = f.spec.tag
            f.label = f.label or labels.get(tag, "")
            if tag in ANY_TIME and not (tag in MAP_FORMS and s.stage == "map" or tag in CARD_FORMS and s.stage == "build"):
                f.apart = True  # recording the map and cards, and edits, stay one click away
            if tag in UNIT_FIELDS:
                f.template = "aa_miniatures/form.html"
                f.data = {"units": {name: self._unit_choices(s, tag, name, f) for name in UNIT_FIELDS[tag]}}
            if tag == "aam.attack":
                f.data["odds"] = self._first_odds(table, f)
                f.data["more"] = ["band", "arc", "modifier", "modifier_reason", "cover_dice"]
                f.data["more_label"] = "Range band, arc, an ability's modifier, cover dice"
            if tag == "aam.defensive_fire" and s.window is not None:
                f.data["more"] = ["arc", "cover_dice"]
                w = s.window
                steps = " → ".join(f"{h} ({i})" if i else h for i, h in enumerate(w.path))
                f.data["note"] = f"{s.units[w.unit].label} moves {steps}: fire at a step's start or destination hex."
                steps = _provoking_steps(s)
                if len(steps) == 1 and not f.error:  # one step provokes: the step is known
                    f.values = {**f.values, "step": str(steps[0])}
            if tag == "aam.end_phase" and (s.stage != "play" or control(s) is not None):
                # objective control is asked only at the end of a turn, and only for hexes without coordinates
                f.template = "aa_miniatures/form.html"
                f.data = {"skip": ["control"]}
            if tag == "aam.choose_order" and s.initiative_winner and not f.error:
                f.values = {**f.values, "first": f.values.get("first") or s.initiative_winner}  # the usual choice
            if "facing" in {x.name for x in f.spec.fields}:
                f.hints = {**f.hints, "facing": hexes.FACINGS}
            if tag == "aam.edit_unit":
                f.template = "aa_miniatures/edit.html"
                chosen = f.values.get("unit") or next(iter(f.data["units"]["unit"]), ("", ""))[0]
                f.data["status"] = self._edit_status(s, chosen, f.values if f.error else {})
            if tag == "aam.import_cards":
                f.template = "aa_miniatures/import.html"
            if tag == "aam.register_card":
                f.template = "aa_miniatures/card_form.html"
            if tag == "aam.enlist":
                f.template = "aa_miniatures/enlist.html"
                f.data = {"cards": self._cards(s), "totals": self._totals(s)}
        # a form whose unit list is empty cannot be sent (at the table: an empty Unit list under Move once every unit
        # had moved, an empty Firer list, Discharge before any unit was enlisted): it is left out
        return [f for f in out if f.spec.tag not in UNIT_FIELDS or all(f.data["units"].values())]

    def _unit_choices(self, s: State, tag: str, name: str, form: RenderedForm) -> list[tuple[str, str]]:
        offered = form.hints.get(name)
        if tag == "aam.deploy" and name == "aboard":
            units = [u for u in s.army(s.deploying) if u.hex and s.card(u).has("Transport")]
            return [("0", "— not aboard —")] + [(str(u.id), _label(s, u)) for u in units]
        if tag == "aam.board" and name == "transport":
            units = [u for u in s.on_map(s.owner) if s.card(u).has("Transport")]
        elif tag == "aam.board":  # Soldiers sharing a hex with a Transport; never Artillery (p.29)
            carriers = {u.hex for u in s.on_map(s.owner) if s.card(u).has("Transport")}
            units = [u for u in s.on_map(s.owner) if s.card(u).type == "soldier" and not u.aboard
                     and u.hex in carriers and "artillery" not in s.card(u).subtypes]
        elif tag == "aam.disembark":
            units = [u for u in s.on_map(s.owner) if s.card(u).type == "soldier" and u.aboard]
        elif offered is not None:
            units = [s.units[int(i)] for i in offered if i.isdigit() and int(i) in s.units]
        else:
            units = [u for u in s.units.values() if not u.destroyed]
        if tag == "aam.deploy" and name == "unit":  # the units still to set up first: the next one is chosen
            units = sorted(units, key=lambda u: bool(u.hex or u.aboard))
        return [(str(u.id), _label(s, u)) for u in units]

    def _edit_status(self, s: State, uid: str, typed: dict[str, str]) -> dict[str, Any] | None:
        """The edit panel's hex, facing and counters for a unit: as the unit is now (or as typed before a
        refusal), so that sending the form changes only what was changed in it."""
        number = whole_number(uid, 9)
        if number is None or number not in s.units:
            return None
        u = s.units[number]
        vehicle = s.card(u).type == "vehicle"
        sequences = [(), ("disrupted",), ("disrupted", "destroyed")]
        if vehicle:
            sequences[2:2] = [("disrupted", "damaged")]
            sequences.append(("disrupted", "damaged", "destroyed"))
        if u.hidden not in sequences:
            sequences.append(u.hidden)
        options = [(", ".join(x) or "none", ", ".join(x) or "none") for x in sequences]
        hidden = typed.get("hidden") or ", ".join(u.hidden) or "none"
        facing = typed.get("facing", u.facing)
        return {"hex": typed.get("hex", u.hex), "vehicle": vehicle, "facing": facing,
                "facings": (("",) if not facing else ()) + hexes.FACINGS,
                "disrupted": typed.get("disrupted") == "on" if typed else u.disrupted,
                "damaged": typed.get("damaged") == "on" if typed else u.damaged,
                "hidden": hidden, "hidden_options": options}

    def _cards(self, s: State) -> list[dict[str, Any]]:
        return [{"id": c.id, "name": c.name, "cost": c.cost, "side": c.side, "year": c.year,
                 "type": c.type} for c in sorted(s.catalogue.values(), key=lambda c: (c.side, c.name.lower()))]

    def _totals(self, s: State) -> list[dict[str, Any]]:
        sc = s.scenario
        return [{"side": x, "name": ADJ[x], "points": s.points(x), "budget": sc.budgets[x],
                 "units": len(s.army(x)), "max": sc.max_units, "fixed": x in s.final} for x in SIDES]

    def prepare(self, tag: str, form: dict[str, str], multi=None) -> dict[str, str]:
        """A catalogue file chosen in the import form is read into its text (CSV or TOML by its name); a path or
        objective typed with spaces ("D4 D5 D6") is the hexes it names, as with commas."""
        field = {"aam.move": "path", "aam.choose_map": "objective"}.get(tag)
        if field and form.get(field):
            parts = [p for p in SEPARATORS.split(form[field].strip()) if p]
            if len(parts) > 1 and all(hexes.LABEL.match(p) for p in parts):
                return {**form, field: ", ".join(parts)}
        if tag == "aam.import_cards":
            upload = request.files.get("file")
            if upload is not None and upload.filename:
                out = dict(form)
                out["text"] = upload.read(2_000_000).decode("utf-8", errors="replace")
                out["format"] = "toml" if upload.filename.lower().endswith(".toml") else "csv"
                return out
        return form

    # ------------------------------------------------------------------ the new-game form
    def options_form(self, spec: FormSpec) -> FormSpec:
        """The options in the table's words; the catalogue comes from the file field above the form, not as JSON
        typed in a box (at the table: "Catalogue (optional): JSON" on a phone)."""
        fields = tuple(replace(f, label=OPTION_LABELS.get(f.name, f.label)) for f in spec.fields if f.name != "catalogue")
        return replace(spec, fields=fields)

    # ------------------------------------------------------------------ the attack panel
    def _first_odds(self, table: Table, form: RenderedForm) -> Markup:
        units = form.data.get("units", {})
        a = form.values.get("attacker") or (units.get("attacker") or [("", "")])[0][0]
        t = form.values.get("target") or (units.get("target") or [("", "")])[0][0]
        return self._odds(table, {"attacker": a, "target": t, "band": form.values.get("band", ""),
                                  "arc": form.values.get("arc", ""), "modifier": form.values.get("modifier", "0")})

    def _odds(self, table: Table, args: dict[str, str]) -> Markup:
        s: State = table.view.game
        try:
            a, t = int(args.get("attacker", "")), int(args.get("target", ""))
            modifier = int(args.get("modifier") or 0)
        except ValueError:
            return Markup('<p class="muted">Choose the attacker and the target to see the odds.</p>')
        if a not in s.units or t not in s.units or not -3 <= modifier <= 3:
            return Markup('<p class="muted">Choose the attacker and the target to see the odds.</p>')
        try:
            shot, odds = preview(s, a, t, args.get("band", ""), args.get("arc", ""), modifier)
        except Refused as exc:
            return Markup('<p class="aam-cannot">{}</p>').format(exc.message)
        return Markup(render_template("aa_miniatures/odds.html", shot=shot, odds=odds, outcomes=OUTCOMES,
                                      target=s.units[t], attacker=s.units[a]))

    def part(self, table: Table, name: str, args: dict[str, str]) -> Markup | None:
        if name == "odds":
            return self._odds(table, args)
        if name == "edit_status":
            status = self._edit_status(table.view.game, args.get("unit", ""), {})
            return Markup(render_template("aa_miniatures/edit_status.html", status=status))
        return None

    # ------------------------------------------------------------------ roster and ledger
    def ledgers(self, table: Table) -> Markup:
        s: State = table.view.game
        attrition = table.view.read("attrition")
        sides = []
        for x in SIDES:
            units = []
            for u in sorted(s.army(x), key=lambda u: (bool(u.destroyed), u.id)):
                c = s.card(u)
                status = []
                if u.destroyed:
                    status.append(("destroyed", f"destroyed in turn {u.destroyed}"))
                if u.disrupted:
                    status.append(("disrupted", "disrupted"))
                if u.damaged:
                    status.append(("damaged", "damaged"))
                if u.hidden:
                    status.append(("hidden", f"{len(u.hidden)} face down"))
                if u.aboard:
                    status.append(("aboard", f"aboard {s.units[u.aboard].label}"))
                acted = [w for w, on in (("moved", u.moved), ("attacked", u.action == "attack"),
                                         ("blew a bridge", u.action == "demolish"), ("fired", u.fired)) if on]
                units.append({"u": u, "c": c, "status": status, "acted": acted,
                              "attacks": (c.attack_soldier, c.attack_vehicle),
                              "abilities": ", ".join(a.name for a in c.abilities)})
            lost = sum(v.get(x, 0) for v in attrition.destroyed.values())
            sides.append({"side": x, "name": ADJ[x], "units": units, "points": s.points(x),
                          "budget": s.scenario.budgets[x], "on_map": sum(s.card(u).cost for u in s.on_map(x)),
                          "lost": lost, "active": x == s.owner or x == s.deploying, "fixed": x in s.final})
        return Markup(render_template("aa_miniatures/roster.html", sides=sides, s=s, phase=PHASE.get(s.phase, s.phase),
                                      owner=ADJ.get(s.owner, ""), attacks=list(reversed(attrition.attacks[-6:])),
                                      game_id=table.game_id, at=table.at))

    def term(self, word: str) -> str:
        return ADJ.get(word) or PHASE.get(word) or word.replace("_", " ")

    def choice_label(self, field: str, value: str, sides: frozenset[str]) -> str:
        """A side in a choice list by its name ("the Allies" play first, not "Allied")."""
        return {"axis": "Axis", "allies": "Allies"}.get(value, "")

    # ------------------------------------------------------------------ the map
    def spaces(self, table: Table) -> tuple[str, ...]:
        s: State = table.view.game
        return tuple(sorted({*s.terrain, *(u.hex for u in s.on_map()), *s.objectives}))

    def board(self, table: Table, arrows=()) -> Markup | None:
        s: State = table.view.game
        known = [h for h in (*s.terrain, *(u.hex for u in s.on_map()), *s.objectives) if hexes.axial(h) is not None]
        free = sorted({u.hex for u in s.on_map() if hexes.axial(u.hex) is None})
        if not known and not free:
            return None
        svg = self._svg(table, s, known, arrows) if known else Markup("")
        others = ""
        if free:
            others = Markup("<p class=\"muted\">Units in hexes without map coordinates: {}</p>").format(
                "; ".join(f"{h}: " + ", ".join(u.label for u in s.on_map() if u.hex == h) for h in free))
        legend = Markup("").join(Markup('<span><i style="background:{}"></i>{}</span>').format(c, t)
                                 for t, c in TERRAIN_FILL.items())
        return Markup('<h2>Battle map</h2><div class="mapwrap aam-map">{}</div>{}<p class="legend">{}'
                      '<span><i class="obj"></i>objective</span></p>').format(svg, others, legend)

    def _svg(self, table: Table, s: State, known: list[str], arrows) -> Markup:
        cols, rows = [], []
        for h in known:
            q, r = hexes.axial(h)  # type: ignore[misc]
            cols.append(q)
            rows.append(r + (q - (q & 1)) // 2)
        c0, c1 = max(0, min(cols) - 1), max(cols) + 1
        r0, r1 = max(0, min(rows) - 1), max(rows) + 1
        cells, tokens = [], []
        x_min, y_min = 1.5 * R * c0 - R, SQ3 * R * r0 - SQ3 * R / 2
        width = 1.5 * R * (c1 - c0) + 2 * R
        height = SQ3 * R * (r1 - r0 + 1.5)
        here: dict[str, list[Unit]] = {}
        for u in s.on_map():
            if not u.aboard:
                here.setdefault(u.hex, []).append(u)
        for col in range(c0, c1 + 1):
            for row in range(r0, r1 + 1):
                label = hexes.label_of(col, row - (col - (col & 1)) // 2)
                cx, cy = 1.5 * R * col - x_min, SQ3 * R * (row + 0.5 * (col & 1)) - y_min
                points = " ".join(f"{cx + R * math.cos(math.radians(60 * k)):.1f},{cy + R * math.sin(math.radians(60 * k)):.1f}"
                                  for k in range(6))
                terrain = s.terrain.get(label)
                fill = TERRAIN_FILL.get(terrain or "clear")
                cls = "hex" + ("" if terrain else " unrecorded")
                obj = Markup('<circle class="objective" cx="{:.1f}" cy="{:.1f}" r="{:.1f}"/>').format(cx, cy, R * 0.78) \
                    if label in s.objectives else ""
                units = here.get(label, [])
                title = f"{label}: {terrain or 'not recorded'}" + ("; objective" if label in s.objectives else "")
                if units:
                    title += "; " + ", ".join(u.label for u in units)
                url = table.space_url(label)  # the event shown: #tt-at
                cells.append(Markup(
                    '<a id="{part}" data-part href="{url}" hx-get="{url}" hx-target="#space" hx-swap="innerHTML" '
                    'data-space="{label}">'
                    '<title>{title}</title><polygon class="{cls}" points="{points}" fill="{fill}"/>{obj}'
                    '<text class="hexlabel" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">{label}</text></a>'
                ).format(part=part_id(label), url=url, label=label, title=title, cls=cls, points=points, fill=fill,
                         obj=obj, x=cx, y=cy - R * 0.55))
                for i, u in enumerate(units[:4]):
                    tokens.append(self._token(s, u, cx + (i % 2 - 0.5) * R * 0.62 * (len(units) > 1),
                                              cy + (i // 2 - 0.25 * (len(units) > 2)) * R * 0.55 + 3))
        sides = []
        for key in (*s.rivers, *s.roads):
            a, b = key.split("|")
            pa, pb = hexes.axial(a), hexes.axial(b)
            if pa is None or pb is None:
                continue
            (xa, ya), (xb, yb) = hexes.centre(*pa), hexes.centre(*pb)
            xa, ya, xb, yb = xa * R - x_min, ya * R - y_min, xb * R - x_min, yb * R - y_min
            if key in s.roads:
                sides.append(Markup('<line class="road" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>').format(xa, ya, xb, yb))
            if key in s.rivers:  # drawn along the shared hexside
                mx, my, dx, dy = (xa + xb) / 2, (ya + yb) / 2, (yb - ya) / SQ3 / 2, -(xb - xa) / SQ3 / 2
                sides.append(Markup('<line class="river" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>').format(
                    mx - dx, my - dy, mx + dx, my + dy))
        # the units are a part of their own: a move sends them and the hexes it changed, not the whole map
        return Markup('<svg viewBox="0 0 {:.0f} {:.0f}" style="width: min(100%, {:.0f}px)" role="group" '
                      'aria-label="Battle map: tap a hex for what stands there">{}{}<g id="aam-units" data-part>{}'
                      '</g></svg>').format(
                          width, height, width * 1.6, Markup("").join(cells),
                                                           Markup("").join(sides), Markup("").join(tokens))

    def _token(self, s: State, u: Unit, x: float, y: float) -> Markup:
        c = s.card(u)
        short = "".join(w[0] for w in c.name.replace('"', "").split()[:2]).upper()
        ring = "disrupted" if u.disrupted else "damaged" if u.damaged else ""
        nose = ""
        if c.type == "vehicle" and u.facing in hexes.FACINGS:
            ang = math.radians(60 * hexes.FACINGS.index(u.facing) - 90)
            nose = Markup('<line class="nose" x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>').format(
                x, y, x + math.cos(ang) * 11, y + math.sin(ang) * 11)
        shape = (Markup('<rect class="tok {}" x="{:.1f}" y="{:.1f}" width="15" height="11" rx="2" fill="{}"/>').format(
            ring, x - 7.5, y - 5.5, SIDE_FILL[u.side]) if c.type == "vehicle" else
            Markup('<circle class="tok {}" cx="{:.1f}" cy="{:.1f}" r="6.5" fill="{}"/>').format(ring, x, y, SIDE_FILL[u.side]))
        hidden = Markup('<text class="hid" x="{:.1f}" y="{:.1f}">{}</text>').format(x + 7, y - 5, len(u.hidden)) if u.hidden else ""
        return Markup('<g class="unit"><title>{}</title>{}{}<text class="tokl" x="{:.1f}" y="{:.1f}" '
                      'text-anchor="middle">{}</text>{}</g>').format(u.label, nose, shape, x, y + 2.6, short, hidden)

    def space(self, table: Table, name: str) -> Markup | None:
        s: State = table.view.game
        label = hexes.normal(name)
        units = [u for u in s.on_map() if u.hex == label]
        if label not in s.terrain and not units and label not in s.objectives and hexes.axial(label) is None:
            return None
        return Markup(render_template("aa_miniatures/space.html", label=label, terrain=s.terrain.get(label, ""),
                                      objective=label in s.objectives, units=units, s=s,
                                      sides=[x for x in SIDES], side_name=side_name, other=other))


PRESENTER = MiniaturesPresenter()
