"""Whose hidden blocks a device sees at a Europe Engulfed table: the side chosen on the map ("seen by"), the side a
club seat or a LAN player's name holds, or none for spectators. The hiding itself is the read model's
(``assistant.games.europe_engulfed.read_models.table.board``)."""

from __future__ import annotations

from flask import session

from assistant.families.engulfed import seen_by
from assistant.families.engulfed.seen_by import SPECTATORS
from assistant.web.presenter import Table

SEEN_BY = ("all", "Axis", "Allied")  # whose hidden blocks this device may see ("all": a screen shared by both)


def lan_seat(table: Table) -> str | None:
    """A LAN device that joined the table under the name the game gives a side's player (``players`` option)
    sees that side's hidden blocks only; one that joined under another name watches (no hidden block). The
    host's own screen has not joined: None, it chooses on the map."""
    if not session.get("joined"):
        return None
    name = (session.get("player") or "").strip().casefold()
    players = table.view.game.options.players
    for side in SEEN_BY[1:]:
        if name and players.get(side, "").strip().casefold() == name:
            return side
    return SPECTATORS


def viewer(table: Table) -> str:
    """Whose hidden blocks this device sees: a LAN device's by the name it joined under (``lan_seat``), else the
    family's choice (the club seat, the side chosen on the map and kept in the session, "" for a screen both sides
    share, none for spectators). The hiding itself is the read model's
    (``assistant.games.europe_engulfed.read_models.table.board``)."""
    if not table.spectator and table.seat_powers is None:
        joined = lan_seat(table)
        if joined is not None:
            return joined
    return seen_by.viewer(table, "ee_seen_by", SEEN_BY)
