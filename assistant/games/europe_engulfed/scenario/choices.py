"""The scenarios the rule book names, for the new-game form (data/scenarios.toml), and the turns to start on."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from assistant.games.europe_engulfed import calendar

DATA = Path(__file__).resolve().parent.parent / "data" / "scenarios.toml"


@cache
def scenarios() -> tuple[dict[str, str], ...]:
    return tuple(tomllib.loads(DATA.read_text(encoding="utf-8"))["scenario"])


def by_key(key: str) -> dict[str, str] | None:
    return next((s for s in scenarios() if s["key"] == key), None)


def turns() -> tuple[tuple[str, str], ...]:
    """(code, name) of every turn of the war: "1939-09" -> "Sep/Oct 1939"."""
    return tuple((calendar.code(t), calendar.name(t)) for t in range(calendar.first(), calendar.last() + 1))
