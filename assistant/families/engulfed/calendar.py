"""A two-month turn calendar read from a game's data: turn numbers, keys ("1941-11"), labels ("Nov/Dec 1941").

Turn 1 is the first row; turn 0 is the moment before the first turn (set-up, bidding, pre-game production).
"""

from __future__ import annotations

from dataclasses import dataclass

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class Turn:
    number: int
    key: str  # "YYYY-MM", the first month of the turn
    year: int
    month: int  # first month, 1..12

    @property
    def label(self) -> str:
        second = MONTHS[self.month % 12] if self.month < 12 else "Jan"
        return f"{MONTHS[self.month - 1]}/{second} {self.year}"

    @property
    def bimonth(self) -> str:
        return self.label.rsplit(" ", 1)[0]


@dataclass(frozen=True)
class Calendar:
    turns: tuple[Turn, ...]

    @classmethod
    def bimonthly(cls, first: str, last: str) -> Calendar:
        """Every two-month turn from ``first`` to ``last`` inclusive ("YYYY-MM" keys, odd months)."""
        year, month = (int(x) for x in first.split("-"))
        out: list[Turn] = []
        while True:
            key = f"{year}-{month:02d}"
            out.append(Turn(number=len(out) + 1, key=key, year=year, month=month))
            if key == last:
                return cls(tuple(out))
            if len(out) > 200:
                raise ValueError(f"calendar: {last!r} never follows {first!r} in two-month steps")
            month += 2
            if month > 12:
                year, month = year + 1, month - 12

    @property
    def last(self) -> int:
        return len(self.turns)

    def turn(self, number: int) -> Turn:
        if not 1 <= number <= len(self.turns):
            raise KeyError(f"no turn {number} (the calendar has turns 1 to {len(self.turns)})")
        return self.turns[number - 1]

    def index(self, key: str) -> int:
        for t in self.turns:
            if t.key == key:
                return t.number
        raise KeyError(f"no turn {key!r} on the calendar ({self.turns[0].key} to {self.turns[-1].key})")

    def name(self, number: int) -> str:
        return "before the first turn" if number == 0 else self.turn(number).label
