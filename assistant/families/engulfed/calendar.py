"""The Engulfed calendar: two-month game turns keyed "YYYY-MM" (the month that opens the turn), numbered from a
game's own origin. Europe Engulfed numbers Sep/Oct 1939 as turn 0, Asia Engulfed Nov/Dec 1941 as turn 1; both
start turns in odd months, so one calendar serves the combined game (two maps, one calendar)."""

from __future__ import annotations

from dataclasses import dataclass

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _months(key: str) -> int:
    year, month = (int(p) for p in key.split("-"))
    if month not in (1, 3, 5, 7, 9, 11):
        raise ValueError(f"a turn starts in an odd month: {key!r}")
    return year * 12 + month - 1


@dataclass(frozen=True)
class Turn:
    number: int
    key: str
    year: int
    month: int  # the month that opens it, 1..11

    @property
    def bimonth(self) -> str:
        return f"{MONTHS[self.month - 1]}/{MONTHS[self.month]}"

    @property
    def label(self) -> str:
        return f"{self.bimonth} {self.year}"


@dataclass(frozen=True)
class Calendar:
    origin: str  # the key of turn number ``origin_number``
    origin_number: int
    first_key: str  # the first and last turns a game is played
    last_key: str

    def index(self, key: str) -> int:
        """"1941-05" -> the turn number (any date, not only the game's own turns)."""
        return self.origin_number + (_months(key) - _months(self.origin)) // 2

    def turn(self, number: int) -> Turn:
        months = _months(self.origin) + 2 * (number - self.origin_number)
        year, month = divmod(months, 12)
        return Turn(number=number, key=f"{year}-{month + 1:02d}", year=year, month=month + 1)

    def key(self, number: int) -> str:
        return self.turn(number).key

    def year(self, number: int) -> int:
        return self.turn(number).year

    def bimonth(self, number: int) -> str:
        return self.turn(number).bimonth

    def name(self, number: int) -> str:
        return self.turn(number).label

    @property
    def first(self) -> int:
        return self.index(self.first_key)

    @property
    def last(self) -> int:
        return self.index(self.last_key)

    def __len__(self) -> int:
        return self.last - self.first + 1
