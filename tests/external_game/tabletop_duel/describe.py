"""Each event as the table would say it."""

from __future__ import annotations

from typing import Any

from tabletop_duel.events import DuelWon, PointScored


def describe(event: Any) -> str:
    if isinstance(event, PointScored):
        return f"{event.side} scores ({event.high} against {event.low})."
    if isinstance(event, DuelWon):
        return f"{event.side} wins the duel" + (" by concession." if event.how == "concession" else ".")
    return ""
