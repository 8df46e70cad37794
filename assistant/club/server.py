"""Serving the club: the Flask app on a PostgreSQL store, run by gunicorn in several processes.

gunicorn's ``gthread`` workers: each process is a pool of threads, so a device's long-lived event stream holds
one thread and not a whole process, the store's connection pool is shared by those threads, and one LISTEN
connection per process hears every game. Processes share nothing but the database (sessions are signed with
keys kept there), so a change written through one reaches devices connected to another.
"""

from __future__ import annotations

import sys
from typing import Any

from flask import Flask

from assistant.application import Assistant
from assistant.club.accounts import Club
from assistant.club.live import Heads
from assistant.kinds import KindRegistry
from assistant.web import parts
from assistant.web.app import create_app
from events.pgstore import PostgresStore, shown

WORKERS = 2
THREADS = 128  # event streams and requests of one process; ~100 devices per process with room for commands


def build_app(dsn: str, *, pool_size: int = 12) -> Flask:
    """One server process's app: its own connection pool and its own listener (built after the fork)."""
    store = PostgresStore(dsn, pool_size=pool_size)
    return create_app(Assistant(store, KindRegistry()), club=Club(store), heads=Heads(dsn))


def serve_club(dsn: str, host: str = "127.0.0.1", port: int = 5173, workers: int = WORKERS,
               threads: int = THREADS) -> None:
    from gunicorn.app.base import BaseApplication

    PostgresStore(dsn).shutdown()  # a wrong URL or an old schema: one clear line before any process starts

    class ClubServer(BaseApplication):
        def load_config(self) -> None:
            options: dict[str, Any] = {
                "bind": f"{host}:{port}", "workers": workers, "worker_class": "gthread", "threads": threads,
                "timeout": 60, "graceful_timeout": 5, "keepalive": 5, "loglevel": "warning",
                # a device names the parts of the page it holds in one header (every space of a map among them):
                # gunicorn's default (8,190 bytes) would refuse a big board's; the app reads up to MAX_HEADER
                "limit_request_field_size": parts.MAX_HEADER + 1024,
            }
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Flask:
            return build_app(dsn)

    sys.stdout.write(f"Tabletop club on {shown(dsn)}: http://{host}:{port}/ ({workers} processes × {threads} threads)\n"
                     "Press Ctrl+C to stop.\n")
    sys.stdout.flush()
    ClubServer().run()
