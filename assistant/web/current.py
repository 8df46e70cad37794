"""The request a page answers: this server's application layer, the game it names, its arguments, who acts,
and a redirect htmx follows. Every page module (``games_pages``, ``table_pages``, ``commands``, ``review``) builds
on these and on the ``web`` blueprint they all add their routes to.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, g, make_response, redirect, request, session

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.web import viewer
from assistant.web.forms import whole_number
from events.store import GameNotFound, RolledBack, Tampered

web = Blueprint("web", __name__)
web.url_value_preprocessor(viewer.resolve)


def assistant() -> Assistant:
    return current_app.extensions["assistant"]


def is_htmx() -> bool:
    return bool(request.headers.get("HX-Request")) and not request.headers.get("HX-History-Restore-Request")


def int_arg(name: str) -> int | None:
    raw = request.args.get(name, "").strip()
    if not raw:
        return None
    number = whole_number(raw.removeprefix("-"))
    if number is None:
        abort(400, f"{name} must be a whole number of at most 12 digits")
    return -number if raw.startswith("-") else number


def open_game(game_id: str) -> str:
    try:
        return assistant().game(game_id).game_id
    except GameNotFound:
        abort(404, f"There is no game {game_id!r} here.")
    except Refused as exc:
        abort(404, exc.message)
    except RolledBack:
        raise  # its own page, where the host may accept the older copy
    except Tampered as exc:
        abort(409, str(exc))


def actor() -> str:
    """Who this request acts as: the club member, else the player this device joined as, else the table."""
    if g.get("member") is not None:
        return g.member.name
    return session.get("player") or "table"  # the host's computer is the table's own screen


def message(exc: Exception) -> str:
    if isinstance(exc, Refused):
        return exc.message
    return str(exc)


def go(url: str):
    """Redirect; htmx follows ``HX-Redirect`` instead of swapping a redirected page into a fragment."""
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)


def local_path(target: str) -> str:
    """Where to go next, only ever a page of this server (never another site).

    Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so ``/%09/evil.example`` and
    ``/\\evil.example`` lead to another site: only printable paths without backslashes starting with one slash.
    """
    if (not target.startswith("/") or target.startswith("//") or "\\" in target
            or not target.isprintable()):
        return "/"
    return target
