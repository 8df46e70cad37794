"""Seating the people named when an Axis & Allies game starts (``tabletop new --player Ann --player Bo``): as many
players as names, in the rulebook's seat order (the first name takes the first seat's powers), when the game is
played by that many and the options name nobody yet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def seat_by_names(counts: range) -> Callable[[dict[str, Any], Sequence[str]], dict[str, Any]]:
    def seat(options: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        if options.get("names") or len(names) not in counts or options.get("players", len(names)) != len(names):
            return options  # names already chosen, or not one per seat: they join as people who play no power
        return {**options, "players": len(names), "names": list(names)}

    return seat
