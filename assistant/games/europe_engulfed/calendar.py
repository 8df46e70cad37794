"""Game turns as numbers and names, and the rules the calendar switches on (EE 1.0, 10.6 of the digest).

Turn 0 is Sep/Oct 1939, turn 37 is Nov/Dec 1945 (EE 10.42). A turn is also written "YYYY-MM" with the month
that opens it, the way data/calendar.toml lists the scheduled switches.
"""

from __future__ import annotations

from functools import cache

from assistant.games.europe_engulfed import data


def index(code: str) -> int:
    """"1941-05" -> the turn number (0 = Sep/Oct 1939)."""
    year, month = (int(p) for p in code.split("-"))
    if month not in (1, 3, 5, 7, 9, 11):
        raise ValueError(f"a turn starts in an odd month: {code!r}")
    return (year - 1939) * 6 + (month - 1) // 2 - 4


def year(turn: int) -> int:
    return 1939 + (turn + 4) // 6


def bimonth(turn: int) -> str:
    return data.calendar().bimonths[(turn + 4) % 6]


def code(turn: int) -> str:
    return f"{year(turn)}-{((turn + 4) % 6) * 2 + 1:02d}"


def name(turn: int) -> str:
    """Human label: "Sep/Oct 1939"."""
    return f"{bimonth(turn)} {year(turn)}"


def first() -> int:
    return index(data.calendar().first_turn)


def last() -> int:
    return index(data.calendar().last_turn)


def is_jan_feb(turn: int) -> bool:
    return (turn + 4) % 6 == 0


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
