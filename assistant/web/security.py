"""Who may do what: CSRF tokens, the LAN join code, read-only spectator links, the host check.

* Every state-changing request (POST) carries the session's CSRF token (hidden field ``csrf`` or header
  ``X-CSRF-Token``, which htmx sends from ``hx-headers``); others are refused with 403.
* In every mode the server only answers requests addressed to a name it serves: localhost, and on the LAN this
  machine's address and host name (a page on another site cannot reach it through DNS rebinding, whichever
  device's browser runs it). On the LAN a device that is not the host's own browser must first type the join
  code shown on the host's screen (``joining.py`` keeps it from being guessed).
* A spectator link carries an HMAC of the game id; it opens a read-only table and nothing else.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import abort, request, session

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


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


def host_name(host: str) -> str:
    """The name part of a Host header (without the port), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host.split("]")[0] + "]"
    return host.rsplit(":", 1)[0]


def host_allowed(allowed: frozenset[str]) -> bool:
    return host_name(request.host or "") in allowed


def lan_address() -> str:
    """This machine's address on the local network (the one other devices type), without sending anything."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def served_names(lan: bool, bound: str = "127.0.0.1") -> frozenset[str]:
    """The names this server answers to: localhost always; on the LAN this machine's address and host name."""
    names = set(LOCAL_HOSTS)
    if lan:
        import socket

        hostname = socket.gethostname().lower()
        names |= {lan_address(), hostname, f"{hostname}.local", f"{hostname.split('.')[0]}.local"}
        if bound not in ("0.0.0.0", "::", ""):
            names.add(host_name(bound) if not bound.startswith("[") and ":" not in bound else f"[{bound.strip('[]')}]")
    return frozenset(n for n in names if n)


def spectator_token(secret: bytes, game_id: str) -> str:
    return hmac.new(secret, f"watch:{game_id}".encode(), hashlib.sha256).hexdigest()[:24]


def check_spectator(secret: bytes, game_id: str, token: str) -> None:
    if not hmac.compare_digest(spectator_token(secret, game_id), token):
        abort(404, "This spectator link is not valid (the server may have been restarted: ask for a new link).")
