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
from assistant.games.europe_engulfed.wording import block
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
            "path": (*sorted([*areas, *seas]), CAPE)}


def worded(f: RenderedForm, s, labels: dict[str, str]) -> RenderedForm:
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


def dressed(f: RenderedForm, table: Table) -> RenderedForm:
    """The forms that list blocks, drawn for this device: the Move form with the blocks that may still move (by
    name, only those this device may see), the Buy form one item at a time (``buy``)."""
    from assistant.games.europe_engulfed.web import buy

    if f.spec.tag == buy.BUY:
        return buy.dress(f, table)
    if f.spec.tag == MOVE:
        s = table.view.game
        seen = set(f.hints.get("unit_id", ()))  # what this device may see (``hints``)
        f.data = {"units": [(uid, mover(s, uid)) for uid in offers.movable(s) if uid in seen]}
    return f


def mover(s, uid: str) -> str:
    """A block in the Move list as players name it: "German armor (4/4 steps) in Berlin"."""
    u = s.units[uid]
    area = s.board.areas.get(u.area)
    return f"{block(u.nation, u.kind, u.steps, u.max_steps, u.elite)} in {area.name if area else u.area}"


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
