"""`tabletop`: the command line, an entry point onto the same application layer as the web UI.

Every command takes --db PATH (default: the user data directory) and --json.
Bad input exits non-zero with one clear line and writes nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import msgspec

from assistant.application import Assistant
from assistant.decider import Refused
from assistant.decider import Ref
from assistant.kinds import KindRegistry, UnknownKind
from assistant.option_files import read_option_file
from events.exchange import GameFileError, read_lines
from events.store import EventStore, StoreError

EXIT_REFUSED = 1
EXIT_ERROR = 2


def default_db() -> Path:
    """$TABLETOP_DB, else games.sqlite3 in the user's data directory."""
    if os.environ.get("TABLETOP_DB"):
        return Path(os.environ["TABLETOP_DB"])
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False)) / "games.sqlite3"


def open_assistant(db: str | None) -> Assistant:
    path = Path(db) if db else default_db()
    store = EventStore(path, create_dir=db is None)
    return Assistant(store, KindRegistry())


def _print(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        sys.stdout.write(json.dumps(msgspec.to_builtins(data), ensure_ascii=False, indent=None) + "\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


def _option_pairs(pairs: list[str]) -> dict[str, Any]:
    """--option key=value; the value is read as JSON when it parses (numbers, lists, true), else as text."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(f"options are written key=value, not {pair!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


# ---------------------------------------------------------------- commands
def cmd_kinds(app: Assistant, args: argparse.Namespace) -> int:
    kinds = app.kinds()
    _print(args, [{"kind": k, "title": t} for k, t in kinds], "\n".join(f"{k}\t{t}" for k, t in kinds))
    return 0


def _option_files(pairs: list[str]) -> dict[str, Any]:
    """--option-file key=PATH; the file (TOML or JSON, by its extension) becomes the option's value."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, path = pair.partition("=")
        if not sep or not key or not path:
            raise Refused(f"option files are written key=PATH, not {pair!r}")
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise Refused(f"option {key}: cannot read {path}: {exc.strerror}") from None
        out[key] = read_option_file(key, path, data)
    return out


def cmd_new(app: Assistant, args: argparse.Namespace) -> int:
    options = _option_pairs(args.option or [])
    if args.options:
        try:
            options.update(json.loads(args.options))
        except json.JSONDecodeError as exc:
            raise Refused(f"--options is not valid JSON ({exc.msg})") from None
    options.update(_option_files(args.option_file or []))
    gid = app.new_game(args.kind, options, title=args.title, actor=args.actor)
    _print(args, {"game_id": gid}, gid)
    return 0


def cmd_games(app: Assistant, args: argparse.Namespace) -> int:
    rows = app.games()
    _print(
        args,
        [{"game_id": g.game_id, "kind": g.kind, "title": g.title, "created_at": g.created_at, "events": g.head} for g in rows],
        "\n".join(f"{g.game_id}\t{g.kind}\t{g.head} events\t{g.title}" for g in rows) or "no games yet",
    )
    return 0


def cmd_do(app: Assistant, args: argparse.Namespace) -> int:
    out = app.handle(args.game, args.command, actor=args.actor, command_id=args.command_id)
    loaded = app.kind_of(args.game)
    lines = [f"{r.seq}\t{app.sentence(loaded, r.event)}" for r in out.events]
    if out.duplicate:
        lines.insert(0, "(already done: this command id was handled before; nothing new written)")
    _print(
        args,
        {"first_seq": out.first_seq, "last_seq": out.last_seq, "duplicate": out.duplicate,
         "events": [r.event for r in out.events]},
        "\n".join(lines),
    )
    return 0


def cmd_undo(app: Assistant, args: argparse.Namespace) -> int:
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
    _print(
        args,
        [
            {"seq": e.seq, "type": e.type, "actor": e.actor, "recorded_at": e.recorded_at, "cancelled": e.cancelled,
             "corrected_faces": e.corrected_faces, "sentence": e.sentence, "event": e.event}
            for e in entries
        ],
        "\n".join(
            f"{e.seq:>5} {'x' if e.cancelled else ' '} {e.actor:<10} {e.sentence}"
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
    body = json.dumps(msgspec.to_builtins({n: view.read(n) for n in view.names if n != "clock"}), indent=2,
                      ensure_ascii=False)
    _print(args, data, f"{head}\n{body}")
    return 0


def cmd_moves(app: Assistant, args: argparse.Namespace) -> int:
    """The commands possible now (or at event --at), each with its fields and the choices the state offers."""
    moves = app.moves(args.game, at=args.at)
    data = [{"type": p.tag, "label": p.label,
             "fields": [f for f in p.command.__struct_fields__ if f != "command_id"],
             "choices": {k: list(v) for k, v in p.choices.items()}} for p in moves]
    lines = []
    for p, row in zip(moves, data):
        lines.append(f"{p.tag}\t{p.label}" + (f"\t({', '.join(row['fields'])})" if row["fields"] else ""))
        for name, values in p.choices.items():
            shown = ", ".join(values[:12]) + (f", … {len(values) - 12} more" if len(values) > 12 else "")
            lines.append(f"  {name}: {shown or 'none'}")
    _print(args, data, "\n".join(lines) or "nothing to do now")
    return 0


def cmd_export(app: Assistant, args: argparse.Namespace) -> int:
    data = app.export_part(args.game, args.part).content if args.part else app.export(args.game)
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
        _print(args, {"file": args.output, "bytes": len(data)}, f"wrote {args.output} ({len(data)} bytes)")
    else:
        sys.stdout.buffer.write(data)
    return 0


def cmd_import(app: Assistant, args: argparse.Namespace) -> int:
    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        raise Refused(f"cannot read {args.file}: {exc.strerror}") from None
    gid = app.import_game(data)
    _print(args, {"game_id": gid}, gid)
    return 0


def cmd_verify(app: Assistant | None, args: argparse.Namespace) -> int:
    target = Path(args.target)
    if target.is_file():
        rows = read_lines(target.read_bytes())  # raises GameFileError naming the line
        _print(args, {"ok": True, "events": len(rows)}, f"ok: {len(rows)} events, hash chain intact")
        return 0
    assert app is not None
    bad = app.verify(args.target)
    if bad is None:
        n = app.head(args.target)
        _print(args, {"ok": True, "events": n}, f"ok: {n} events, hash chain intact")
        return 0
    _print(args, {"ok": False, "first_bad_seq": bad}, f"TAMPERED: event {bad} does not match the hash chain")
    return EXIT_REFUSED


def cmd_serve(app: Assistant | None, args: argparse.Namespace) -> int:
    from assistant.web.server import serve

    path = Path(args.db) if args.db else default_db()
    serve(path, host=args.host, port=args.port, lan=args.lan, open_browser=not args.no_browser)
    return 0


def cmd_report(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.analysis.reports import chart_file, report_command

    if args.chart:
        if args.format not in ("svg", "png"):
            raise Refused("a chart is exported as --format svg or png")
        try:
            out: str | bytes = chart_file(app, args.game, args.chart, args.format)
        except ValueError as exc:
            raise Refused(str(exc)) from None
    elif args.format in ("svg", "png"):
        raise Refused("svg and png export one chart: add --chart METRIC (the report lists its charts)")
    else:
        out = report_command(app, args.game, args.format)
    data = out if isinstance(out, bytes) else out.encode()
    if args.output and args.output != "-":
        Path(args.output).write_bytes(data)
        sys.stdout.write(f"wrote {args.output} ({len(data)} bytes)\n")
    else:
        sys.stdout.buffer.write(data if data.endswith(b"\n") or isinstance(out, bytes) else data + b"\n")
    return 0


def _benches() -> dict[str, Ref[Any]]:
    """The core's figures, then each installed game's (``GameKind.benches``)."""
    out: dict[str, Ref[Any]] = {"core": Ref("assistant.bench:run")}
    for loaded in KindRegistry().loaded():
        out.update(loaded.kind.benches)
    return out


def cmd_bench(app: Assistant | None, args: argparse.Namespace) -> int:
    results: dict[str, Any] = {}
    benches = _benches()
    unknown = sorted(set(args.only or ()) - set(benches))
    if unknown:
        raise UnknownKind(f"no benchmark named {', '.join(unknown)}; there are: {', '.join(benches)}")
    for name, ref in benches.items():
        if args.only and name not in args.only:
            continue
        try:
            run = ref.load()
        except ModuleNotFoundError:  # an optional dependency of that bench is not installed
            continue
        if not args.json:
            sys.stdout.write(f"== {name}\n")
            sys.stdout.flush()
        figures = run()
        results[name] = figures
        if not args.json:
            for key, value in figures.items():
                sys.stdout.write(f"  {key}: {value}\n")
            sys.stdout.flush()
    if args.json:
        sys.stdout.write(json.dumps(results, indent=2) + "\n")
    return 0


# ---------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    def shared(defaults: bool) -> argparse.ArgumentParser:
        # The same flags work before or after the command name; only the top level sets defaults.
        p = argparse.ArgumentParser(add_help=False)
        keep = {} if defaults else {"default": argparse.SUPPRESS}
        p.add_argument("--db", help="SQLite file (default: games.sqlite3 in the user data directory, or $TABLETOP_DB)",
                       **({"default": None} if defaults else keep))
        p.add_argument("--json", action="store_true", help="machine-readable output", **keep)
        p.add_argument("--as", dest="actor", help="who is acting (player or power); default 'table'",
                       **({"default": "table"} if defaults else keep))
        return p

    common = shared(False)
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__.splitlines()[0], parents=[shared(True)])
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_, parents=[common], description=help_)

    add("kinds", "list the games the assistant can play").set_defaults(func=cmd_kinds)
    p = add("new", "start a new game; prints its id")
    p.add_argument("kind", help="game kind, e.g. aa_classic (see `tabletop kinds`)")
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--options", metavar="JSON", help="all options as one JSON object")
    p.add_argument("--option-file", action="append", metavar="KEY=FILE",
                   help="an option read from a .toml or .json file, e.g. board=board.toml (repeatable)")
    p.add_argument("--title")
    p.set_defaults(func=cmd_new)
    add("games", "list games").set_defaults(func=cmd_games)
    p = add("do", "send one command (JSON) to a game")
    p.add_argument("game")
    p.add_argument("command", help="""e.g. '{"type": "core.undo"}'""")
    p.add_argument("--command-id", help="idempotency key: sending the same id twice writes nothing new")
    p.set_defaults(func=cmd_do)
    p = add("undo", "undo the last command, or everything after --to SEQ (with --reason: roll back past dice)")
    p.add_argument("game")
    p.add_argument("--to", type=int, metavar="SEQ")
    p.add_argument("--reason", help="roll back past dice; the reason is recorded")
    p.set_defaults(func=cmd_undo)
    p = add("log", "the whole log, one event per line (x = cancelled)")
    p.add_argument("game")
    p.set_defaults(func=cmd_log)
    p = add("state", "the table now, or as it was at event --at SEQ")
    p.add_argument("game")
    p.add_argument("--at", type=int, metavar="SEQ")
    p.set_defaults(func=cmd_state)
    p = add("moves", "the commands possible now (or at event --at SEQ), with their choices")
    p.add_argument("game")
    p.add_argument("--at", type=int, metavar="SEQ")
    p.set_defaults(func=cmd_moves)
    p = add("export", "write the game file (JSON Lines), or with --part one file the game offers (e.g. its board)")
    p.add_argument("game")
    p.add_argument("--part", metavar="NAME", help="e.g. board or scenario (Europe Engulfed); a wrong name lists them")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func=cmd_export)
    p = add("import", "load a game file (verified first)")
    p.add_argument("file")
    p.set_defaults(func=cmd_import)
    p = add("verify", "check the hash chain of a stored game or a game file")
    p.add_argument("target", metavar="GAME|FILE")
    p.set_defaults(func=cmd_verify)
    p = add("serve", "start the web companion (127.0.0.1 unless --lan)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5173)
    p.add_argument("--lan", action="store_true", help="share on the local network behind a join code")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.set_defaults(func=cmd_serve)
    p = add("report", "post-game report (or one of its charts with --chart)")
    p.add_argument("game")
    p.add_argument("--format", choices=["html", "md", "json", "svg", "png"], default="md")
    p.add_argument("--chart", metavar="METRIC", help="export one chart (svg or png): production, treasury, units, unit_value, territories; Engulfed: see the report")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func=cmd_report)
    p = add("bench", "measure speed (figures for the team's notes)")
    p.add_argument("--only", action="append", metavar="NAME", help="run only these benchmarks (core, or a game's)")
    p.set_defaults(func=cmd_bench)
    return parser


NO_DB = {cmd_serve, cmd_bench}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.func in NO_DB:
            return args.func(None, args)
        if args.func is cmd_verify and Path(args.target).is_file():
            return cmd_verify(None, args)
        app = open_assistant(args.db)
        return args.func(app, args)
    except Refused as exc:
        sys.stderr.write(f"refused: {exc.message}\n")
        return EXIT_REFUSED
    except (StoreError, GameFileError, UnknownKind) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
