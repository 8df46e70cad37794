"""Who a command may be recorded as: the table, the game's players (named at `new` or with `add-player`) and its
powers or sides."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from assistant.cli.output import one_line, say

if TYPE_CHECKING:
    from assistant.application import Assistant


def cmd_add_player(app: Assistant, args: argparse.Namespace) -> int:
    from events.core import AddPlayer

    out = app.handle(args.game, AddPlayer(name=args.name, plays=tuple(args.plays or ())), actor=args.actor,
                     command_id=args.command_id)
    loaded = app.kind_of(args.game)
    say(args, {"first_seq": out.first_seq, "last_seq": out.last_seq, "duplicate": out.duplicate},
        "\n".join(f"{r.seq}\t{one_line(app.sentence(loaded, r.event))}" for r in out.events))
    return 0


def cmd_players(app: Assistant, args: argparse.Namespace) -> int:
    players = app.players(args.game)
    actors = app.actors(args.game)
    named = {name.casefold() for name, _ in players}
    sides = [a for a in actors[1:] if a.casefold() not in named]
    lines = ["table"] + [f"{name}\t{', '.join(plays) or '(notes only)'}" for name, plays in players]
    lines.append(f"powers and sides: {', '.join(sides) or 'none'}")
    say(args, {"table": "table", "players": [{"name": n, "plays": list(p)} for n, p in players],
               "actors": list(actors), "sides": sides}, "\n".join(lines))
    return 0
