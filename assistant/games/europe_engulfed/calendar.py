"""Game turns as numbers and names, and the rules the calendar switches on (EE 1.0, 10.6 of the digest).

Turn 0 is Sep/Oct 1939, turn 37 is Nov/Dec 1945 (EE 10.42). A turn is also written "YYYY-MM" with the month
that opens it, the way data/calendar.toml lists the scheduled switches.
"""

from __future__ import annotations

from functools import cache

from assistant.families.engulfed.calendar import Calendar
from assistant.games.europe_engulfed import data


@cache
def _calendar() -> Calendar:
    """The Engulfed family's calendar with Sep/Oct 1939 as turn 0."""
    return Calendar(origin="1939-09", origin_number=0, first_key=data.calendar().first_turn,
                    last_key=data.calendar().last_turn)


def index(code: str) -> int:
    """"1941-05" -> the turn number (0 = Sep/Oct 1939)."""
    return _calendar().index(code)


def year(turn: int) -> int:
    return _calendar().year(turn)


def bimonth(turn: int) -> str:
    return _calendar().bimonth(turn)


def code(turn: int) -> str:
    return _calendar().key(turn)


def name(turn: int) -> str:
    """Human label: "Sep/Oct 1939"."""
    return _calendar().name(turn)


def first() -> int:
    return _calendar().first


def last() -> int:
    return _calendar().last


def is_jan_feb(turn: int) -> bool:
    return _calendar().turn(turn).month == 1


def is_variable_weather(turn: int) -> bool:
    return bimonth(turn) in data.weather().variable_months


@cache
def switch_turn(key: str) -> int:
    """The first turn a scheduled rule applies (data/calendar.toml [switch])."""
    return index(data.calendar().switch[key][0])


def switched(key: str, turn: int) -> bool:
    return turn >= switch_turn(key)


def switch_rule(key: str) -> str:
    return data.calendar().switch[key][1]


def switches_at(turn: int) -> list[tuple[str, str, str]]:
    """(key, rule, text) of every scheduled switch that starts on this very turn."""
    return [(k, v[1], v[2]) for k, v in data.calendar().switch.items() if index(v[0]) == turn]


def allied_victory_band(turn: int) -> tuple[str, str]:
    """The result when Germany is conquered on this turn (EE 10.44-10.47): (result, rule)."""
    bands = sorted((index(start), result, rule) for result, (start, rule, _t) in data.calendar().victory_band.items())
    reached = [(result, rule) for start, result, rule in bands if turn >= start]
    return reached[-1]
