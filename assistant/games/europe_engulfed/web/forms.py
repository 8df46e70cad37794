"""Europe Engulfed's command forms in players' words: this moment's actions only, titles and buttons from the
moves' labels, choices from the board (seas, areas, nations, the blocks this device may see), the phasing side
filled in, the scenario file read from its upload. Presentation only: the game's ``decide`` judges everything."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from assistant.families.engulfed.web.scenario_file import uploaded_scenario
from assistant.games.europe_engulfed import data, offers
from assistant.games.europe_engulfed.offers import advance_label
from assistant.games.europe_engulfed.wording import mover
from assistant.games.europe_engulfed.read_models.table import board as board_view
from assistant.games.europe_engulfed.state import side_of
from assistant.games.europe_engulfed.web.seen import viewer as seen_by
from assistant.web.forms import RenderedForm
from assistant.web.presenter import Table

MOVE = "ee.move"
ADVANCE = "ee.advance"
WEATHER = "ee.enter_weather"
DETERMINE = "ee.determine_supply"
SCENARIO = "ee.set_up_scenario"
VERDICT = "ee.record_supply_verdict"
BREAKTHROUGH = "ee.buy_breakthrough"
FIGHT = "ee.fight"
COUNTERATTACK = "ee.counterattack"
PLACE_FREE = "ee.place_free"
TRANSFER = "ee.transfer_werp"
UBOATS = "ee.resolve_uboats"
# The battle fields left to the folded part of the Fight form, in the players' words
FIELD_WORDS = {
    "crossed": "Unit kinds that crossed a river or strait to attack (EE 6.83), e.g. armor",
    "maginot": "The Maginot Line (EE 6.84)",
    "landing": "First round against an amphibious or airborne landing (EE 7.21, 7.31)",
    "nations": "Major powers that spent a Special Action for this breakthrough combat (EE 6.72)",
    "fire_order": "Fire order (JSON: per side, groups of unit ids firing one throw each)",
    "loss_order": "Loss order (JSON: per side, unit ids in the order they take losses)",
    "faces": "Dice thrown at the table, in order",
}
PLAIN = ("ee.record_supply_verdict", "ee.read_resource_supply")
SIDED = ("ee.record_supply_verdict", "ee.choose_sea_supply_allocation")  # the phasing side's, never chosen
CAPE = "cape"  # the Cape of Good Hope route in a British strategic path (EE 5.33), named so in ee.move paths


def hints(table: Table, generic: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Choices for the generated forms: sea areas, land areas, nations and units by the fields' names."""
    s = table.view.game
    seas = tuple(sorted(s.board.seas))
    areas = tuple(sorted(s.board.areas))
    nations = tuple(sorted({*(led.nation for led in s.ledgers.values()), *(b.nation for b in s.units.values())}))
    viewer = seen_by(table)  # a device seeing for one side is offered only blocks that side may see
    units = tuple(sorted(b["id"] for entry in board_view(s, viewer).values() for b in entry["blocks"]
                         if not b.get("hidden")))
    return {**generic, "sea": seas, "from_sea": seas, "to_sea": seas, "area": areas,
            "nation": nations, "unit_id": units, "unit_ids": units, "unopposed": seas,
            "path": (*sorted({place_name(s, p) for p in (*areas, *seas)}), CAPE)}


def place_name(s, pid: str) -> str:
    """An area or sea area as printed on the map (the Move form offers these; ``ee.move`` reads them back)."""
    place = s.board.areas.get(pid) or s.board.seas.get(pid)
    return (getattr(place, "name", "") or pid.replace("_", " ").title()) if place is not None else pid


def worded(f: RenderedForm, s, labels: dict[str, str]) -> RenderedForm:
    """A form in players' words: its title and button from the move's label, help without code markup, the
    phasing side and phase filled in where there is nothing to choose."""
    tag = f.spec.tag
    label = labels.get(tag, "")
    f.spec = replace(f.spec, title=label or f.spec.title, help=plain(f.spec.help),
                     fields=tuple(replace(fl, label=FIELD_WORDS[fl.name]) if fl.name in FIELD_WORDS and
                                  tag in (FIGHT, COUNTERATTACK) else fl for fl in f.spec.fields))
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
    elif tag in (FIGHT, COUNTERATTACK):
        f.template = "europe_engulfed/fight.html"  # its data drawn for this device (``dressed``)
    elif tag == BREAKTHROUGH:
        from assistant.games.europe_engulfed.powers import contested

        f.template = "europe_engulfed/breakthrough.html"
        fights = [a for a in offers.battle_areas(s) if contested(s, a)]
        f.data = {"kinds": [("operational", "an operational move (EE 5.42)"),
                            ("strategic", "a strategic move (EE 5.44)"), ("combat", "a combat (EE 6.71)")],
                  "kind": "combat" if fights else "operational", "area": fights[0] if len(fights) == 1 else "",
                  "nations": [(n, data.nation(n).title) for n in offers.breakthrough_buyers(s)],
                  "contested": [(a, place_name(s, a)) for a in fights], "contested_ids": fights,
                  "areas": [(a, place_name(s, a)) for a in offers.designatable(s)]}
    elif tag == VERDICT:
        from assistant.games.europe_engulfed.supply.moves import unit_words
        from assistant.games.europe_engulfed.supply.snapshot import situation

        f.template = "europe_engulfed/verdict.html"
        f.fixed = {**f.fixed, "side": s.side}
        sit = situation(s)
        f.data = {"units": [(uid, unit_words(s.board, sit, uid)) for uid in offers.undetermined_units(s)]}
    elif tag == PLACE_FREE:
        f.template = "europe_engulfed/place_free.html"  # its blocks drawn for this device (``dressed``)
    elif tag == TRANSFER:
        from assistant.games.europe_engulfed.web.free import transfer_data

        f.template, f.data = "europe_engulfed/transfer.html", transfer_data(s)
    elif tag == UBOATS:
        from assistant.games.europe_engulfed.web.free import uboat_data

        f.template, f.data = "europe_engulfed/uboats.html", uboat_data(s)
    if tag in SIDED:
        f.fixed = {**f.fixed, "side": s.side}
    return f


def dressed(f: RenderedForm, table: Table) -> RenderedForm:
    """The forms that list blocks, drawn for this device: the Move form with the blocks that may still move (by
    name, only those this device may see), the Buy form one item at a time (``buy``)."""
    from assistant.games.europe_engulfed.web import buy

    if f.spec.tag == buy.BUY:
        return buy.dress(f, table)
    if f.spec.tag in (FIGHT, COUNTERATTACK):
        s = table.view.game
        viewer = seen_by(table)  # the blocks this device may see: the other side's hidden ones are not named
        seen = {b["id"] for entry in board_view(s, viewer).values() for b in entry["blocks"] if not b.get("hidden")}
        f.data = fight_data(s, f.spec.tag, f.hints, seen)
    if f.spec.tag == PLACE_FREE:
        from assistant.games.europe_engulfed.web.free import place_free_data

        f.data = place_free_data(table.view.game, set(f.hints.get("unit_id", ())))
    if f.spec.tag == MOVE:
        s = table.view.game
        seen = set(f.hints.get("unit_id", ()))  # what this device may see (``hints``)
        f.data = {"units": [(uid, mover(s, uid)) for uid in offers.movable(s) if uid in seen]}
    return f


def fight_data(s, tag: str, hints: dict[str, tuple[str, ...]], seen: set[str]) -> dict:
    """The Fight (or Counterattack) form's battles by name and, in each, the ground support units' work as the
    assistant would choose it (EE 6.6): each GSU supports its nation's largest land unit there (a German one an
    Axis minor's too, 6.62), at most the table's number per side (6.63); the players untick or move it."""
    from assistant.games.europe_engulfed.powers import AXIS_MINORS

    limit = data.tables().combat["gsu_supported_max"]
    areas = tuple(hints.get("area", ())) or offers.battle_areas(s)
    support = []
    for a in areas:
        here = [u for u in s.units.values() if u.area == a and u.id in seen]
        units, gsus = [], []
        for side in ("Axis", "Allied"):
            mine = [u for u in here if side_of(s, u.nation) == side]
            helpers = [g for g in mine if g.kind == "gsu" and not g.oos]
            land = sorted((u for u in mine if u.kind != "gsu"), key=lambda u: (-u.steps, u.id))
            chosen: set[str] = set()
            for g in helpers:
                fit = next((u for u in land if u.id not in chosen and (u.nation == g.nation or (
                    g.nation == "germany" and u.nation in AXIS_MINORS))), None)
                if fit is not None and len(chosen) < limit:
                    chosen.add(fit.id)
            eligible = [u for u in land if any(g.nation == u.nation or (g.nation == "germany" and u.nation in
                                                                         AXIS_MINORS) for g in helpers)]
            units += [(u.id, mover(s, u.id), u.id in chosen) for u in eligible]
            gsus += [(g.id, mover(s, g.id)) for g in helpers]
        if units or gsus:
            support.append({"name": place_name(s, a), "units": units, "gsus": gsus})
    nations = hints.get("nation", ()) if tag == COUNTERATTACK else ()
    return {"key": tag.split(".")[1], "areas": [(a, place_name(s, a)) for a in areas], "support": support,
            "nations": [(n, data.nation(n).title if n in data.MAJORS else n.replace("_", " ").title())
                        for n in nations]}


def prepared(tag: str, form: dict[str, str]) -> dict[str, str] | None:
    """A command's own inputs turned into its fields (None: nothing to turn)."""
    if tag == WEATHER and "weather" not in form:
        zones = data.weather().zones
        return {**form, "weather": ", ".join(f"{z}={form.get('zone.' + z, '').strip()}" for z in zones)}
    if tag == SCENARIO and "scenario" not in form:
        return {**form, "scenario": _scenario_upload()}
    if tag == DETERMINE and form.get("limited_area", "").strip():
        order = {"area": form["limited_area"].strip(), "nation": form.get("limited_nation", "").strip()}
        return {**form, "limited_supply": json.dumps([order])}
    return None


def _scenario_upload() -> str:
    """The scenario file chosen in the set-up form, as the command's JSON (a TOML or JSON file, data/README.md)."""
    from assistant.games.europe_engulfed.scenario.loader import SCENARIO_FILES

    return uploaded_scenario(SCENARIO_FILES)


def plain(text: str) -> str:
    """Help text as players read it: ``unit_id`` -> unit id."""
    return re.sub(r"``([^`]*)``", lambda m: m.group(1).replace("_", " "), text)
