"""One plain sentence per board or set-up event: ``SENTENCES[type(event)](event)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from assistant.games.europe_engulfed.events.board import BoardAmended, ScenarioSetUp

FACTS = {"home": "home area", "capital": "capital", "resource": "resource area", "resource_value": "resource value",
         "terrain": "terrain", "weather_zone": "weather zone", "ports": "port on", "container": "inside",
         "borders_complete": "every border entered", "nation": "nation", "kind": "kind", "name": "name",
         "standalone": "stands alone", "regions": "regions", "maintenance": "maintained by", "adjacent": "next to"}
MAX_SHOWN = 4  # amendments spelled out in one sentence; the rest are counted


def _name(text: str) -> str:
    return text.replace("_", " ").title() if text.islower() else text


def _value(value: Any) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " and ".join(_name(str(v)) for v in value) if value else "none"
    return _name(str(value)) if isinstance(value, str) else str(value)


def _fact(key: str, value: Any) -> str:
    phrase = FACTS.get(key, key.replace("_", " "))
    if isinstance(value, bool):
        return phrase if value else f"not {phrase}"
    return f"{phrase} {_value(value)}"


def amendment(a: Any) -> str:
    """One amendment as the players would say it: "Paris: port on Atlantic", "border Paris – Normandy"."""
    raw = msgspec.to_builtins(a)
    op = raw.pop("op", "")
    raw.pop("source", None)
    if op in ("add_border", "remove_border", "add_air_route", "remove_air_route"):
        what = "air route" if "air" in op else ("strait" if raw.get("kind") == "strait" else "border")
        verb = "no " if op.startswith("remove") else ""
        return f"{verb}{what} {_name(raw['a'])} – {_name(raw['b'])}"
    if op == "add_invasion_arrow":
        return f"invasion arrow from the {_name(raw['sea'])} to {_name(raw['area'])}"
    if op in ("remove_area", "remove_sea"):
        return f"{_name(raw.get('area') or raw.get('sea') or '')} removed"
    if op in ("set_area", "set_sea"):
        subject = _name(raw.pop("area", None) or raw.pop("sea", ""))
        facts = ", ".join(_fact(k, v) for k, v in raw.items())
        return f"{subject}: {facts}" if facts else subject
    return "board title or completeness"


def _amended(e: BoardAmended) -> str:
    said = [amendment(a) for a in e.amendments]
    more = f" and {len(said) - MAX_SHOWN} more" if len(said) > MAX_SHOWN else ""
    why = f" ({e.reason})" if e.reason else ""
    return f"The board now records {'; '.join(said[:MAX_SHOWN])}{more}, from the players' map{why}."


def _set_up(e: ScenarioSetUp) -> str:
    from assistant.games.europe_engulfed import calendar

    sc = e.scenario
    if e.change:
        return f"Set-up: {e.change}."
    return f"Scenario set up: {sc.name}, from {calendar.name(calendar.index(sc.start_turn))}, {len(sc.units)} units on the map."


SENTENCES: dict[type, Callable[[Any], str]] = {BoardAmended: _amended, ScenarioSetUp: _set_up}
