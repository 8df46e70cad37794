"""Renders of a table's slow parts kept while the table stays where it is, per device.

The forms, ledgers, map and guidance are drawn from the game's state, which only an event other than a note
changes: the application layer calls the last such event the table's position (``Assistant.position``; a form
drawn before a note still answers the table). So while the position stays, a live poll or a page after a note
reuses what it drew before instead of drawing the map again. What a device sees also depends on who it is
(a spectator, a club seat, the side a device sees for, kept in its session, a choice in the address), so those
are part of the key; time travel keys by the event shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from flask import current_app, g, request, session
from markupsafe import Markup

from assistant.web.memo import Memo
from assistant.web.presenter import Table

CORE_ARGS = frozenset({"seq", "at", "play"})  # the core's own query arguments: the key has ``at`` already

RENDERS, ENTRIES = "renders", "entries"  # each app's own memos (a test process builds many apps on one game id)


def memo(name: str) -> Memo:
    return current_app.extensions["tabletop"][name]


def memos() -> dict[str, Memo]:
    """The memos an app keeps (``create_app``)."""
    return {RENDERS: Memo(size=256), ENTRIES: Memo(size=4096)}


def viewer_key(table: Table) -> tuple[Any, ...]:
    """Everything besides the table's position that a presenter may read to draw a part."""
    args = tuple(sorted((k, v) for k, v in request.args.items(multi=True) if k not in CORE_ARGS))
    return (table.readonly, table.spectator, table.seat_powers, table.host, request.host_url, args,
            msgspec.json.encode(dict(session), order="sorted"))


def position(table: Table) -> int:
    """The table's position (the last event that changed it), read once per request."""
    known = g.setdefault("positions", {})
    key = (table.game_id, table.head)
    if key not in known:
        known[key] = table.assistant.position(table.game_id)
    return known[key]


def drawn(table: Table, name: str, draw: Callable[[], Any]) -> Any:
    """``draw()``, or what it gave for this game, part, position and device (time travel: the event shown)."""
    if table.at:
        where = table.view.seq
    else:
        where = position(table)
        if where > table.view.seq:  # another device moved the table on since this view was read: not kept
            return draw()
    key = (table.game_id, name, table.head if table.at else None, where, viewer_key(table))
    return memo(RENDERS).get(key, draw)


def entry_html(e: Any, game_id: str, base_url: str, readonly: bool, at: int | None, parts: bool) -> Markup:
    """One event of the log as the table shows it. An event never changes once written, only whether it was
    cancelled or its dice corrected: a page of the log drawn after a new event draws that one only."""
    key = (game_id, e.seq, e.type, e.cancelled, e.corrected_faces, e.actor, base_url, bool(readonly),
           at == e.seq, bool(at), bool(parts))
    # drawn by the template alone: the app's context processors (the session's token, the game's stylesheet...)
    # are for pages, and would run again for each of the forty entries
    template = current_app.jinja_env.get_template("_entry.html")
    return memo(ENTRIES).get(key, lambda: Markup(template.render(
        e=e, game_id=game_id, base_url=base_url, readonly=readonly, at=at, parts=parts)))
