"""Where a what-if fork came from, for the headers of its table, report and replay: the original game and the
event it starts from, linked when the original is still in this database."""

from __future__ import annotations

from typing import Any

from flask import current_app

from assistant.analysis import fork
from assistant.web.current import assistant
from assistant.web.memo import Memo


def origin_of(gid: str) -> tuple[str, int] | None:
    """(original game, event) when ``gid`` is a what-if fork; read once per game (the link note never moves)."""
    kept = current_app.extensions["tabletop"].setdefault("origins", Memo(256))  # game -> (original, event) | None
    return kept.get(gid, lambda: fork.fork_origin(assistant(), gid))


def origin_link(gid: str) -> dict[str, Any] | None:
    found = origin_of(gid)
    if found is None:
        return None
    original, seq = found
    try:
        title = assistant().game(original).title
    except Exception:  # the original was deleted or lives in another database: say so, without a link
        return {"game_id": original, "seq": seq, "title": "", "exists": False}
    return {"game_id": original, "seq": seq, "title": title, "exists": True}
