"""Who may do what: CSRF tokens, the LAN join code, read-only spectator links, the host check.

* Every state-changing request (POST) carries the session's CSRF token (hidden field ``csrf`` or header
  ``X-CSRF-Token``, which htmx sends from ``hx-headers``); others are refused with 403.
* Without ``--lan`` the server only answers requests addressed to localhost (a page on another site cannot
  reach it through DNS rebinding). With ``--lan`` a device that is not the host must first type the join code
  shown on the host's screen.
* A spectator link carries an HMAC of the game id; it opens a read-only table and nothing else.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import abort, request, session

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def new_join_code() -> str:
    """Six digits: easy to read across a table and to type on a phone."""
    return f"{secrets.randbelow(10**6):06d}"


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def check_csrf() -> None:
    if request.method in SAFE_METHODS:
        return
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf", "")
    expected = session.get("csrf", "")
    if not expected or not hmac.compare_digest(sent, expected):
        abort(403, "This form has expired (or came from another site). Reload the page and try again.")


def is_local_request() -> bool:
    return (request.remote_addr or "") in {"127.0.0.1", "::1"}


def host_allowed() -> bool:
    host = (request.host or "").rsplit(":", 1)[0] if not (request.host or "").startswith("[") else request.host.split("]")[0] + "]"
    return host in LOCAL_HOSTS


def spectator_token(secret: bytes, game_id: str) -> str:
    return hmac.new(secret, f"watch:{game_id}".encode(), hashlib.sha256).hexdigest()[:24]


def check_spectator(secret: bytes, game_id: str, token: str) -> None:
    if not hmac.compare_digest(spectator_token(secret, game_id), token):
        abort(404, "This spectator link is not valid (the server may have been restarted: ask for a new link).")
