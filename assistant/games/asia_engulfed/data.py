"""The game's data files, read once: calendar, nations, costs and tables (each file cites the rule book)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from assistant.families.engulfed.calendar import Calendar
from assistant.families.engulfed.special_actions import cap_in_year

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
# the first part of a piece's id, at set-up and for every piece the game adds later (jp-infantry-3, us-ca-2)
STEMS = {"japan": "jp", "usa": "us", "commonwealth": "cw", "china": "cn", "philippines": "ph", "dei": "dei"}


def side_of(nation_: str) -> str:
    return "japan" if nation_ == "japan" else "allies"


def nation_name(nation_: str) -> str:
    return nation(nation_)["name"] if nation_ in NATIONS else nation_


def sa_cap(nation_: str, year: int) -> int:
    """AE 7.11: the most Special Actions a nation may hold in ``year``."""
    return cap_in_year([tuple(row) for row in nation(nation_).get("sa_cap", [])], year)


def table(name: str) -> Any:
    return load("tables")[name]


def costs() -> dict[str, Any]:
    return load("costs")
