"""Whose hidden blocks a device sees at a Europe Engulfed table: the side chosen on the map ("seen by"), the side a
club seat or a LAN player's name holds, or none for spectators. The hiding itself is the read model's
(``assistant.games.europe_engulfed.read_models.table.board``)."""

from __future__ import annotations

from flask import request, session

from assistant.web.presenter import Table

SEEN_BY = ("all", "Axis", "Allied")  # whose hidden blocks this device may see ("all": a screen shared by both)
SPECTATORS = "spectators"  # any name that is no side: every unrevealed block stays hidden


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
    """Whose hidden blocks this device sees: the side chosen on the map ("seen by", kept per game in the session),
    "" for a screen both sides share; spectators see no side's hidden blocks. The hiding itself is the read
    model's (``assistant.games.europe_engulfed.read_models.table.board``)."""
    if table.spectator:
        return SPECTATORS
    if table.seat_powers is not None:  # the club decides from the seat; the device has no say
        held = {p.casefold() for p in table.seat_powers}
        sides = [side for side in SEEN_BY[1:] if side.casefold() in held]
        if len(sides) == 1:
            return sides[0]
        return "" if sides or table.host else SPECTATORS
    joined = lan_seat(table)
    if joined is not None:
        return joined
    chosen = session.get("ee_seen_by", {})
    asked = request.args.get("seen", "")
    if asked in SEEN_BY and chosen.get(table.game_id) != asked:
        session["ee_seen_by"] = {**chosen, table.game_id: asked}
        chosen = session["ee_seen_by"]
    seen = chosen.get(table.game_id, "all")
    return "" if seen == "all" else seen

