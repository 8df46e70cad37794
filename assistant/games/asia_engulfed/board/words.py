"""Board amendments in the players' words, for the log: "The board now records Burma: jungle, no port; ..."."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from assistant.games.asia_engulfed.board import amend

MAX_SHOWN = 6  # a board file merged in is summed up after the first few places
FACT_WORDS = {  # how a fact reads in a sentence: (word, yes-word, no-word) for yes/no facts
    "national": ("national zone", "not a national zone"),
    "air_base": ("strategic air base", "no strategic air base"),
    "vp": ("VP zone", "not a VP zone"),
    "japan_link": ("borders the home islands", "does not border the home islands"),
    "neutral": ("neutral", "not neutral"),
    "borders_complete": ("every land border entered", "land borders still being entered"),
    "complete": ("marked complete", "not complete"),
}


def _name(place: str) -> str:
    return " ".join(w if w in ("of", "and") else w[:1].upper() + w[1:] for w in place.split("_"))


def _fact(key: str, value: Any) -> str:
    if value is None:
        return f"{key.replace('_', ' ')} unknown again"
    if key in FACT_WORDS:
        return FACT_WORDS[key][0 if value else 1]
    if key == "port":
        return "no port" if value == "none" else f"{value} port"
    if key == "kind":
        return {"large": "large zone", "port_box": "port box", "island_box": "island box"}.get(value, value)
    if key in ("resource", "oil"):
        return f"{value} {'WERP' if key == 'resource' else 'Oil'}" if value else f"no {'resource' if key == 'resource' else 'oil'}"
    if key == "transports":
        return f"{value} transport icon{'s' if value != 1 else ''}"
    if key in ("seas", "adjacent", "impassable_coasts", "regions", "wrap_route", "leyte_passage"):
        words = {"seas": "coasts on", "adjacent": "touches", "impassable_coasts": "impassable coasts on",
                 "regions": "in", "wrap_route": "wrap route", "leyte_passage": "Leyte passage"}[key]
        return f"{words} {', '.join(_name(v) for v in value) or 'none'}"
    if key == "name":
        return f"named {value}"
    return f"{key.replace('_', ' ')} {value}"


def _facts(am: msgspec.Struct, skip: tuple[str, ...], place: str = "") -> str:
    facts = amend.given(am, (*skip, "source"))
    if place and facts.get("name") == _name(place):
        del facts["name"]  # "Arakan: large zone", not "Arakan: named Arakan, large zone"
    return ", ".join(_fact(k, v) for k, v in facts.items())


def phrase(am: msgspec.Struct) -> str:
    if isinstance(am, amend.SetZone):
        return ": ".join(filter(None, (_name(am.zone), _facts(am, ("zone",), am.zone))))
    if isinstance(am, amend.SetSeaZone):
        return ": ".join(filter(None, (_name(am.sea), _facts(am, ("sea",), am.sea))))
    if isinstance(am, amend.RemoveZone):
        return f"{_name(am.zone)} removed"
    if isinstance(am, amend.AddBorder):
        return f"border {_name(am.a)} – {_name(am.b)}" + ("" if am.kind == "normal" else f" ({am.kind})")
    if isinstance(am, amend.RemoveBorder):
        return f"no border {_name(am.a)} – {_name(am.b)}"
    if isinstance(am, amend.AddCoast):
        return f"{_name(am.zone)} {'across an impassable coast from' if am.impassable else 'on'} {_name(am.sea)}"
    if isinstance(am, amend.RemoveCoast):
        return f"{_name(am.zone)} not on {_name(am.sea)}"
    if isinstance(am, amend.AddSeaLink):
        return f"sea link {_name(am.a)} – {_name(am.b)}"
    if isinstance(am, amend.RemoveSeaLink):
        return f"no sea link {_name(am.a)} – {_name(am.b)}"
    if isinstance(am, amend.SetBoardInfo):
        return f"the board: {_facts(am, ())}"
    return type(am).__name__


def sentence(amendments: Sequence[msgspec.Struct]) -> str:
    shown = "; ".join(phrase(am) for am in amendments[:MAX_SHOWN])
    more = len(amendments) - MAX_SHOWN
    return f"The board now records {shown}" + (f"; and {more} more fact(s)." if more > 0 else ".")
