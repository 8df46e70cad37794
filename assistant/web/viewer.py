"""Who is looking: a device at the table, or a spectator through a read-only link.

Every read-only page is written once and answers at two addresses: ``/g/<game_id>/...`` for the table's devices
and ``/watch/<game_id>/<token>/...`` for spectators. The token is checked once per request, before the page runs
(``resolve``), and the page asks ``spectator()``; ``url_for(endpoint, game_id=..., token=...)`` builds the
spectator's address of the same page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, current_app, g

from assistant.web import security


def pages(bp: Blueprint, rule: str = "") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a read-only page (GET) at ``/g/<game_id>{rule}`` and ``/watch/<game_id>/<token>{rule}``."""

    def register(view: Callable[..., Any]) -> Callable[..., Any]:
        bp.add_url_rule(f"/g/<game_id>{rule}", view.__name__, view, methods=["GET"])
        bp.add_url_rule(f"/watch/<game_id>/<token>{rule}", view.__name__, view, methods=["GET"])
        return view

    return register


def resolve(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """A blueprint's ``url_value_preprocessor``: check a spectator's token once and remember it for the request."""
    if values and "token" in values:
        token = values.pop("token")
        security.check_spectator(current_app.extensions["tabletop"]["watch_secret"], values.get("game_id", ""), token)
        g.spectator = token


def spectator() -> str | None:
    """The read-only link's token when a spectator is looking; None for the table's own devices."""
    return g.get("spectator")
