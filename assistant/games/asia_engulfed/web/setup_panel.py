"""The set-up at the table (before the bidding): the entry forms in players' words, their choices from the board and
the set-up so far, the set-up entered shown on the map, and the scenario file read from its upload.

Presentation only: ``scenario/entry.py`` judges each entry."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace as replace_form
from typing import Any

from msgspec.structs import replace

from assistant.families.engulfed.web.scenario_file import uploaded_scenario
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.scenario import entry
from assistant.games.asia_engulfed.scenario.loader import SCENARIO_FILES
from assistant.games.asia_engulfed.state import AEState
from assistant.web.forms import RenderedForm

FILE = "ae.set_up_scenario"
PIECES = "ae.place_set_up_pieces"
CONTROL = "ae.set_start_control"
TITLES = {cmd.__struct_config__.tag: label for cmd, label in entry.LABELS.items()} | {
    FILE: "Load a scenario file"}
TEMPLATES = {FILE: "asia_engulfed/setup_file.html", PIECES: "asia_engulfed/setup_pieces.html",
             CONTROL: "asia_engulfed/setup_control.html"}
SHOWN_PIECES = 60  # pieces listed by place in the summary; the scenario file has them all


def entering(s: AEState) -> bool:
    return s.phase == "setup" and not s.set_up


def shown(s: AEState) -> AEState:
    """The state the map draws: at set-up, the pieces, control and Network entered so far stand on it."""
    if not entering(s):
        return s
    sc = s.scenario
    return replace(s, pieces={p.id: p for p in sc.pieces}, control=dict(sc.control), network=dict(sc.network))


def hints(s: AEState) -> dict[str, tuple[str, ...]]:
    """Choices by field name for the entry forms."""
    if not entering(s):
        return {}
    sc = s.scenario
    carriers = tuple(sorted(p.id for p in sc.pieces if p.kind == "cv"))
    cal = data.calendar()
    return {"place": (*sorted(s.board.zones), *sorted(s.board.seas), "holding", "orphan", *carriers),
            "zone": tuple(sorted(s.board.zones)), "zones": tuple(sorted(s.board.zones)),
            "sea": tuple(sorted(s.board.seas)), "pieces": tuple(p.id for p in sc.pieces),
            "start_turn": tuple(cal.key(n) for n in range(cal.first, cal.last + 1))}


def worded(f: RenderedForm, s: AEState) -> RenderedForm:
    """An entry form titled in players' words; the pieces, control and file forms drawn by their own templates."""
    tag = f.spec.tag
    if tag not in TITLES:
        return f
    f.spec = replace_form(f.spec, title=TITLES[tag])
    f.label = "Load" if tag == FILE else "Enter"
    f.apart = False
    if tag == PIECES and s.scenario.pieces and not f.error:  # the next piece is most often of the same nation
        last = s.scenario.pieces[-1]
        f.values = {"nation": last.nation, "kind": last.kind, **f.values}
    if tag in TEMPLATES:
        f.template = TEMPLATES[tag]
        f.data = summary(s) if tag == PIECES else {"zones": [(z, s.board.zones[z].name, s.scenario.control.get(z, ""))
                                                             for z in sorted(s.board.zones)]}
    return f


def summary(s: AEState) -> dict[str, Any]:
    """The set-up entered so far, in a few lines."""
    sc = s.scenario
    by_place: dict[str, list[str]] = {}
    for p in sc.pieces[:SHOWN_PIECES]:
        place = s.board.zones.get(p.at) or s.board.seas.get(p.at)
        by_place.setdefault(place.name if place is not None else p.at, []).append(f"{p.id} {p.steps}/{p.top}")
    sides = Counter(sc.control.values())
    t = sc.tracks
    return {"by_place": sorted(by_place.items()), "more": max(0, len(sc.pieces) - SHOWN_PIECES),
            "count": len(sc.pieces), "nations": Counter(data.nation_name(p.nation) for p in sc.pieces),
            "control": (sides.get("japan", 0), sides.get("allies", 0), len(s.board.zones)),
            "tracks": (f"Oil {t.oil}, transport capacity {t.transport_capacity}, ASW {t.asw}, US Submarine Points "
                       f"{t.us_submarine_points}, US Bomber Points {t.us_bomber_points}, Dud Torpedoes "
                       f"{t.dud_torpedoes}, Kamikaze {t.kamikaze}"),
            "turn": data.calendar().name(data.calendar().index(sc.start_turn)), "name": sc.name,
            "network": sorted(sc.network.items()), "markers": len(sc.markers),
            "special_actions": sorted(sc.special_actions.items()), "entered": entry.entered(s)}


def prepared(tag: str, form: dict[str, str]) -> dict[str, str] | None:
    """The scenario file's upload as the command's JSON (None: not the file form)."""
    if tag == FILE and "scenario" not in form:
        return {**form, "scenario": uploaded_scenario(SCENARIO_FILES)}
    return None
