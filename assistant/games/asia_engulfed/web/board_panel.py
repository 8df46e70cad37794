"""The board panel of the Asia Engulfed table: a land zone, a sea zone, a link or one missing fact typed as plain
inputs, turned into the ``ae.amend_board`` amendments that record them (the game's ``decide`` still judges them).

Each panel needs few inputs: a new land zone is its name and the facts read off the map (the id comes from the
name); its land borders and coasts are typed in the same form, separated by commas. Only facts that change are
sent, so a prefilled form saved as it is records nothing new.
"""

from __future__ import annotations

from typing import Any, get_args

from assistant.families.engulfed.web.facts import FactInput, changed, places, slug
from assistant.games.asia_engulfed import data
from assistant.games.asia_engulfed.board.format import Board, BorderKind, PortSize, Terrain, ZoneKind
from assistant.games.asia_engulfed.board.gaps import SEA_FACTS, ZONE_FACTS
from assistant.web.forms import FormError

YES_NO = "yesno"
# The groups of zones rules test (board format ``regions``): home islands and the US national zone for new units
# (AE 4.41), the Burma Road (AE 9.25), partial supply sources (AE 3.35), British new units (AE 4.41).
REGIONS = ("home_island", "usa_national", "burma_road", "partial_source", "british_new_units")
ZONE_INPUTS = (
    FactInput("kind", "Kind (AE 3.2)", "choice", get_args(ZoneKind)),
    FactInput("colour", "Colour printed (AE 3.3)", "choice", data.NATIONS,
              words=tuple((n, data.nation_name(n)[:1].upper() + data.nation_name(n)[1:]) for n in data.NATIONS)),
    FactInput("national", "National zone (AE 3.3)", YES_NO),
    FactInput("country", "Country", "text"),
    FactInput("terrain", "Terrain (AE 6.7)", "choice", get_args(Terrain)),
    FactInput("port", "Port (AE 3.24)", "choice", get_args(PortSize)),
    FactInput("resource", "Resource WERP (AE 4.1; 0 = none)", "number"),
    FactInput("oil", "Oil points (AE 4.1; 0 = none)", "number"),
    FactInput("air_base", "Strategic air base (AE 2.4)", YES_NO),
    FactInput("vp", "VP zone (AE 10.3)", YES_NO),
    FactInput("seas", "Sea zones it borders (AE 3.4)", "places"),
    FactInput("neutral", "Neutral zone (AE 3.25)", YES_NO),
    FactInput("regions", "Groups the rules name it in (AE 3.35, 4.41, 9.25)", "several", REGIONS),
)
SEA_INPUTS = (
    FactInput("transports", "Transport icons (AE 3.51)", "choice", ("1", "2", "3")),
    FactInput("vp", "VP sea zone (AE 10.3)", YES_NO),
    FactInput("japan_link", "Borders the home islands: a Supply Network root (AE 3.51)", YES_NO),
)
BORDER_KINDS = get_args(BorderKind)
# The link panel's kinds: land borders, coasts, sea links and the two special sea routes.
LINKS = {"normal": "land border", "river": "river border", "strait": "strait", "impassable": "impassable border",
         "coast": "coast (a land zone on a sea zone)", "impassable_coast": "impassable coast",
         "sea": "sea link (two sea zones touch)", "wrap_route": "US wrap route (AE 9.25)",
         "leyte_passage": "Leyte passage (AE 8.22b)"}
GAP_INPUTS = {s.fact: s for s in ZONE_INPUTS}
SEA_GAP_INPUTS = {**{s.fact: s for s in SEA_INPUTS}, "adjacent": FactInput("adjacent", "Sea zones it touches", "places")}
PANELS = ("zone", "sea", "link", "gap", "complete")
# "Nothing else printed on it": the symbols a plain zone lacks, set at once for those left empty and unknown.
PLAIN_ZONE = {"port": "none", "resource": 0, "oil": 0, "air_base": False, "vp": False}


def _source(form: dict[str, str]) -> dict[str, str]:
    source = form.get("source", "").strip()[:120]
    return {"source": source} if source else {}


MAX_ID = 60


def _place(text: str, what: str) -> str:
    place = slug(text)
    if len(place) > MAX_ID:
        raise FormError(f"{what}: at most {MAX_ID} characters")
    return place


def _id(form: dict[str, str], key: str, what: str) -> str:
    place = _place(form.get(key, "") or form.get("name", ""), what)
    if not place:
        raise FormError(f"{what}: choose one, or give the name of a new one")
    return place


def zone_amendments(form: dict[str, str], board: Board) -> list[dict[str, Any]]:
    """A land zone created or amended, with the land borders and the wrap of "every border entered"."""
    zone = _id(form, "zone", "Land zone")
    old = board.zones.get(zone)
    if zone in board.seas:
        raise FormError(f"Land zone: {zone!r} is a sea zone on this board")
    facts = changed(ZONE_INPUTS, form, old)
    name = form.get("name", "").strip()[:60]
    if name and (old is None or name != old.name):
        facts["name"] = name
    if old is None and "name" not in facts:
        facts["name"] = zone.replace("_", " ").title()
    if form.get("borders_complete") and not (old and old.borders_complete):
        facts["borders_complete"] = True
    if form.get("plain"):
        # a port box is "a large island or an important port" (AE 3.22): its port is asked, never assumed
        port_box = facts.get("kind", old.kind if old else None) == "port_box"
        facts.update({k: v for k, v in PLAIN_ZONE.items()
                      if k not in facts and not form.get(k, "").strip() and (old is None or getattr(old, k) is None)
                      and not (k == "port" and port_box)})
    out: list[dict[str, Any]] = [{"op": "set_zone", "zone": zone, **facts, **_source(form)}] if facts else []
    known = {b.b if b.a == zone else b.a for b in board.borders if zone in (b.a, b.b)}
    for other in places("Land borders", form.get("borders", "")):
        if other not in known:
            out.append({"op": "add_border", "a": zone, "b": other, "kind": "normal", **_source(form)})
    if not out:
        raise FormError(f"{old.name if old else zone}: nothing to record (every fact typed is already on the board)")
    return out


def sea_amendments(form: dict[str, str], board: Board) -> list[dict[str, Any]]:
    """A sea zone created or amended, with its sea links and the land zones on its coast."""
    sea = _id(form, "sea", "Sea zone")
    old = board.seas.get(sea)
    if sea in board.zones:
        raise FormError(f"Sea zone: {sea!r} is a land zone on this board")
    facts = changed(SEA_INPUTS, form, old)
    name = form.get("name", "").strip()[:60]
    if name and (old is None or name != old.name):
        facts["name"] = name
    if old is None and "name" not in facts:
        facts["name"] = sea.replace("_", " ").title()
    out: list[dict[str, Any]] = [{"op": "set_sea_zone", "sea": sea, **facts, **_source(form)}] if facts else []
    touching = set(old.adjacent or ()) if old else set()
    for other in places("Sea zones it touches", form.get("adjacent", "")):
        if other not in touching:
            out.append({"op": "add_sea_link", "a": sea, "b": other, **_source(form)})
    for zone in places("Land zones on its coast", form.get("coasts", "")):
        known = board.zones.get(zone)
        if known is None or sea not in (known.seas or ()):
            out.append({"op": "add_coast", "zone": zone, "sea": sea, **_source(form)})
    if not out:
        raise FormError(f"{old.name if old else sea}: nothing to record (every fact typed is already on the board)")
    return out


def link_amendments(form: dict[str, str], board: Board) -> list[dict[str, Any]]:
    """One link between two places, either way round; "remove" takes it off the board."""
    a, b, kind = _place(form.get("a", ""), "Between"), _place(form.get("b", ""), "And"), form.get("kind", "normal")
    if not a or not b:
        raise FormError("Link: name both places")
    if kind not in LINKS:
        raise FormError(f"Kind of link: one of {', '.join(LINKS)}, not {kind[:40]!r}")
    remove = bool(form.get("remove"))
    src = {} if remove else _source(form)
    if kind in BORDER_KINDS:
        return [{"op": "remove_border", "a": a, "b": b} if remove else
                {"op": "add_border", "a": a, "b": b, "kind": kind, **src}]
    if kind in ("coast", "impassable_coast"):
        zone, sea = (b, a) if a in board.seas and b not in board.seas else (a, b)
        if remove:
            return [{"op": "remove_coast", "zone": zone, "sea": sea}]
        return [{"op": "add_coast", "zone": zone, "sea": sea, "impassable": kind == "impassable_coast", **src}]
    if kind == "sea":
        return [{"op": "remove_sea_link" if remove else "add_sea_link", "a": a, "b": b, **src}]
    return [{"op": "set_board_info", kind: [] if remove else [a, b]}]


def gap_amendments(form: dict[str, str], board: Board) -> list[dict[str, Any]]:
    """One missing fact (subject, fact) as typed."""
    subject, fact = form.get("subject", "").strip(), form.get("fact", "")
    value, src = form.get("value", ""), {"source": form.get("source", "")}
    if not value.strip() and not (fact == "borders" and form.get("borders_complete")):
        raise FormError(f"{subject.replace('_', ' ')}: type the {fact.replace('_', ' ')} as your map shows it")
    if subject in board.seas and fact in SEA_FACTS:
        if fact == "adjacent" and value.strip().lower() == "none":  # a known negative: it touches no sea zone
            return [{"op": "set_sea_zone", "sea": subject, "adjacent": [], **_source(form)}]
        return sea_amendments({"sea": subject, fact: value, **src}, board)
    if subject in board.zones and fact in ZONE_FACTS:
        if fact == "borders":
            return zone_amendments({"zone": subject, "borders": value,
                                    "borders_complete": form.get("borders_complete", ""), **src}, board)
        return zone_amendments({"zone": subject, fact: value, **src}, board)
    raise FormError(f"{subject[:60] or 'the place'}: no such missing fact {fact[:40]!r} on this board")


def amendments(form: dict[str, str], board: Board) -> list[dict[str, Any]]:
    panel = form.get("panel", "")
    if panel == "zone":
        return zone_amendments(form, board)
    if panel == "sea":
        return sea_amendments(form, board)
    if panel == "link":
        return link_amendments(form, board)
    if panel == "complete":  # the board validation refuses it while a fact is unknown
        return [{"op": "set_board_info", "complete": True}]
    return gap_amendments(form, board)


def input_for(subject: str, fact: str, board: Board) -> FactInput | None:
    """How one missing fact is asked in its form (None: the fact is asked as a list of borders)."""
    if subject in board.seas:
        return SEA_GAP_INPUTS.get(fact)
    if fact == "borders":
        return None
    return GAP_INPUTS.get(fact)
