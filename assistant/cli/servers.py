"""Serving: the web companion (or a club server), and the club database's upgrade and migration."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.cli.output import EXIT_REFUSED, say
from assistant.userdirs import db_target

if TYPE_CHECKING:
    from assistant.application import Assistant


def cmd_serve(app: Assistant | None, args: argparse.Namespace) -> int:
    from events.stores import is_postgres

    target = db_target(args.db)
    if is_postgres(target):
        from assistant.club.server import serve_club

        serve_club(str(target), host="0.0.0.0" if args.lan and args.host == "127.0.0.1" else args.host,
                   port=args.port, workers=args.workers, threads=args.threads)
        return 0
    from assistant.web.server import serve

    serve(db_target(args.db), host=args.host, port=args.port, lan=args.lan, open_browser=not args.no_browser)
    return 0


def cmd_db_upgrade(app: Assistant | None, args: argparse.Namespace) -> int:
    from assistant.club.database import upgrade_database

    report = upgrade_database(db_target(args.db), args.app_role)
    say(args, report, report["message"])
    return 0


def cmd_migrate(app: Assistant | None, args: argparse.Namespace) -> int:
    from assistant.club.database import migrate

    moved = migrate(Path(args.source), args.target)
    lines = [f"{m['game_id']}\t{m['events']} events\t{m['result']}\t{m['title']}" for m in moved]
    say(args, moved, "\n".join(lines) or "no games in " + args.source)
    return 0 if all(m["verified"] for m in moved) else EXIT_REFUSED
