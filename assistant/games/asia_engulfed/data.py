"""The game's data files, read once: calendar, nations, costs and tables (each file cites the rule book)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from assistant.families.engulfed.calendar import Calendar

DATA = Path(__file__).parent / "data"


@cache
def load(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / f"{name}.toml").read_text(encoding="utf-8"))


@cache
def calendar() -> Calendar:
    c = load("calendar")
    return Calendar(origin=c["first"], origin_number=1, first_key=c["first"], last_key=c["last"])


def nation(name: str) -> dict[str, Any]:
    return load("nations")["nation"][name]


NATIONS = ("japan", "usa", "commonwealth", "china", "philippines", "dei")
ALLIED = ("usa", "commonwealth", "china", "philippines", "dei")
PRODUCERS = ("japan", "usa", "commonwealth", "china", "philippines")


def side_of(nation_: str) -> str:
    return "japan" if nation_ == "japan" else "allies"


def nation_name(nation_: str) -> str:
    return nation(nation_)["name"] if nation_ in NATIONS else nation_


def sa_cap(nation_: str, year: int) -> int:
    cap = nation(nation_).get("sa_cap", 0)
    if isinstance(cap, dict):
        years = sorted(int(y) for y in cap)
        key = max((y for y in years if y <= year), default=years[0])
        return int(cap[str(key)])
    return int(cap)


def table(name: str) -> Any:
    return load("tables")[name]


def costs() -> dict[str, Any]:
    return load("costs")
