"""Whose hidden blocks a device sees, chosen per game and kept in the browser's session ("seen by")."""

from __future__ import annotations

from collections.abc import Sequence

from flask import request, session

from assistant.web.presenter import Table

SPECTATORS = "spectators"  # any name that is no side: every unrevealed block stays hidden


def viewer(table: Table, key: str, choices: Sequence[str]) -> str:
    """The side chosen (``?seen=`` in ``choices``, remembered under ``key``), "" for a screen both sides share
    ("all"); spectators see no side's hidden blocks. The hiding itself is each game's read model's."""
    if table.spectator:
        return SPECTATORS
    if table.seat_powers is not None:  # the club decides from the seat; the device has no say
        held = {p.casefold() for p in table.seat_powers}
        sides = [side for side in choices[1:] if side.casefold() in held]
        if len(sides) == 1:
            return sides[0]
        return "" if sides or table.host else SPECTATORS
    chosen = session.get(key, {})
    asked = request.args.get("seen", "")
    if asked in choices and chosen.get(table.game_id) != asked:
        session[key] = {**chosen, table.game_id: asked}
        chosen = session[key]
    seen = chosen.get(table.game_id, "all")
    return "" if seen == "all" else seen
