"""For running the club under another WSGI server setup: ``gunicorn 'assistant.club.wsgi:app()'`` with
``TABLETOP_DB=postgresql://...`` in the environment (``tabletop serve --db postgresql://...`` does this for you)."""

from __future__ import annotations

import os

from flask import Flask

from assistant.club.server import build_app


def app() -> Flask:
    dsn = os.environ.get("TABLETOP_DB", "")
    if not dsn.startswith(("postgresql://", "postgres://")):
        raise SystemExit("TABLETOP_DB must name the club database (postgresql://...)")
    return build_app(dsn)
