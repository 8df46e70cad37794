"""The commands of a game at the table: kinds, new, games, do, undo, log, state, moves."""

from __future__ import annotations

import argparse

from assistant.cli.output import json_bytes, one_line, say
from assistant.kinds import KindRegistry

TYPE_CHECKING = False  # typing is for type checkers only (assistant/kinds.py)
if TYPE_CHECKING:
    from assistant.application import Assistant


def cmd_kinds(app: Assistant | None, args: argparse.Namespace) -> int:
    registry = KindRegistry()  # the games' game.toml files only: no database, no game imported
    kinds = [(name, registry.about(name).title) for name in registry.names()]
    say(args, [{"kind": k, "title": t} for k, t in kinds], "\n".join(f"{k}\t{t}" for k, t in kinds))
    return 0


def cmd_new(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.cli.inputs import json_or_text, option_files, option_pairs  # what `new` and `do` read
    from assistant.decider import Refused

    options = option_pairs(args.option or [])
    if args.options:
        given = json_or_text(args.options, "--options")
        if not isinstance(given, dict):
            raise Refused("--options is not a JSON object such as '{\"players\": 3}'")
        options.update(given)
    options.update(option_files(args.option_file or []))
    gid = app.new_game(args.kind, options, title=args.title, actor=args.actor, players=args.player or ())
    say(args, {"game_id": gid}, gid)
    return 0


def cmd_games(app: Assistant, args: argparse.Namespace) -> int:
    rows = app.games()
    say(
        args,
        [{"game_id": g.game_id, "kind": g.kind, "title": g.title, "created_at": g.created_at, "events": g.head} for g in rows],
        "\n".join(f"{g.game_id}\t{g.kind}\t{g.head} events\t{g.title}" for g in rows) or "no games yet",
    )
    return 0


def cmd_do(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.cli.inputs import expected_moment

    out = app.handle(args.game, args.command, actor=args.actor, command_id=args.command_id, expect=expected_moment(args))
    loaded = app.kind_of(args.game)
    lines = [f"{r.seq}\t{one_line(app.sentence(loaded, r.event))}" for r in out.events]
    if out.duplicate:
        lines.insert(0, "(already done: this command id was handled before; nothing new written)")
    say(
        args,
        {"first_seq": out.first_seq, "last_seq": out.last_seq, "duplicate": out.duplicate,
         "events": [r.event for r in out.events]},
        "\n".join(lines),
    )
    return 0


def cmd_undo(app: Assistant, args: argparse.Namespace) -> int:
    import json  # here, not for every command of this module (``state`` is one)

    from assistant.decider import Refused

    if args.reason:
        if args.to is None:
            raise Refused("roll back needs --to SEQ")
        raw = json.dumps({"type": "core.roll_back", "to_seq": args.to, "reason": args.reason})
    else:
        raw = json.dumps({"type": "core.undo", **({"to_seq": args.to} if args.to is not None else {})})
    args.command, args.command_id = raw, None
    return cmd_do(app, args)


def cmd_log(app: Assistant, args: argparse.Namespace) -> int:
    entries = app.log(args.game)
    say(
        args,
        [
            {"seq": e.seq, "type": e.type, "actor": e.actor, "recorded_at": e.recorded_at, "cancelled": e.cancelled,
             "corrected_faces": e.corrected_faces, "sentence": e.sentence, "event": e.event}
            for e in entries
        ],
        "\n".join(
            f"{e.seq:>5} {'x' if e.cancelled else ' '} {one_line(e.actor):<10} {one_line(e.sentence)}"
            + (f" [corrected to {' '.join(map(str, e.corrected_faces))}]" if e.corrected_faces else "")
            for e in entries
        ),
    )
    return 0


def cmd_state(app: Assistant, args: argparse.Namespace) -> int:
    view = app.view(args.game, at=args.at)
    data = {"game_id": view.game_id, "seq": view.seq, **{name: view.read(name) for name in view.names}}
    clock = view.clock
    head = f"Event {view.seq}: round {clock.round}, {clock.side or '-'}, {clock.phase or 'set-up'}"
    if args.at is None:
        guidance = app.guidance(args.game)
        head += f"\n{guidance}" if guidance else ""
    if args.json:
        say(args, data, head)
    else:
        say(args, data, head, json_bytes({n: view.read(n) for n in view.names if n != "clock"}, 2))
    return 0


def cmd_moves(app: Assistant, args: argparse.Namespace) -> int:
    """The commands possible now (or at event --at), each with its fields and the choices the state offers."""
    moves = app.moves(args.game, at=args.at)
    at = args.at if args.at is not None else app.position(args.game)
    data = [{"type": p.tag, "label": p.label,
             "fields": [f for f in p.command.__struct_fields__ if f != "command_id"],
             "choices": {k: list(v) for k, v in p.choices.items()}, "at": at} for p in moves]
    lines = []
    for p, row in zip(moves, data):
        lines.append(f"{p.tag}\t{p.label}" + (f"\t({', '.join(row['fields'])})" if row["fields"] else ""))
        for name, values in p.choices.items():
            shown = ", ".join(values[:12]) + (f", … {len(values) - 12} more" if len(values) > 12 else "")
            lines.append(f"  {name}: {shown or 'none'}")
    say(args, data, "\n".join(lines) or "nothing to do now")
    return 0
