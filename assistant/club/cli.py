"""`tabletop club ...`: members and invitations from the command line (the first administrator starts here)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_commands(add: Any) -> None:
    p = add("club", "club members: `club add NAME [--admin]`, `club invite NAME`, `club members`; "
                    "`club load` measures a club evening on an empty scratch database (loopback only)")
    p.add_argument("action", choices=["add", "invite", "members", "load"])
    p.add_argument("name", nargs="?", help="the member's name")
    p.add_argument("--admin", action="store_true", help="the member manages members (add, invite)")
    p.add_argument("--url", default="", metavar="BASE",
                   help="the club server's address, to print whole invitation links (e.g. http://club.local:5173)")
    p.add_argument("--tables", type=int, default=50, help="load: tables (default 50)")
    p.add_argument("--devices", type=int, default=4, help="load: devices per table (default 4)")
    p.add_argument("--servers", type=int, default=2, help="load: server processes (default 2)")
    p.add_argument("--seconds", type=float, default=120.0, help="load: how long (default 120)")
    p.add_argument("--pause", type=float, default=15.0,
                   help="load: seconds between two commands of a table, varied ±50%% (default 15; 0: as fast as served)")
    p.add_argument("--kind", help="load: the game kind to play (default: the first with a club_load.toml)")
    p.set_defaults(func=cmd_club)


def cmd_club(app: Any, args: argparse.Namespace) -> int:
    from assistant.decider import Refused
    from events.store import StoreError

    try:  # the club's libraries load only when a club command runs, and may not be installed
        from assistant.club.accounts import Club
        from events.pgstore import PostgresStore
    except ModuleNotFoundError as exc:
        raise StoreError(f"the club mode needs {exc.name}: pip install 'tabletop-assistant[club]'") from None
    if not isinstance(app.store, PostgresStore):
        raise StoreError("members live in a club database: give --db postgresql://... (or TABLETOP_DB)")
    club = Club(app.store)
    if args.action == "load":
        import json

        from assistant.club.load import run

        figures = run(app.store.dsn, tables=args.tables, devices=args.devices, servers=args.servers,
                      seconds=args.seconds, kind=args.kind, pause=args.pause)
        sys.stdout.write(json.dumps(figures, indent=2) + "\n" if args.json else
                         "".join(f"{key}: {value}\n" for key, value in figures.items()))
        return 0
    if args.action == "members":
        rows = club.members()
        sys.stdout.write("\n".join(f"{m.name}\t{'admin' if m.admin else 'member'}\t"
                                   f"{'signed up' if m.has_password else 'invited'}" for m in rows) or "no members yet")
        sys.stdout.write("\n")
        return 0
    if not args.name:
        raise Refused(f"club {args.action} needs the member's name")
    member = club.add_member(args.name, admin=args.admin) if args.action == "add" else club.find(args.name)
    link = f"{args.url.rstrip('/')}/invite/{club.invite(member.member_id)}"
    sys.stdout.write(f"{member.name}: invitation link (works once, for a week): {link}\n")
    return 0
