"""`tabletop`: the command line, an entry point onto the same application layer as the web UI.

Every command takes --db PATH (default: the user data directory) and --json.
Bad input exits non-zero with one clear line and writes nothing.

Start-up is part of every command's time: modules are imported where a command needs them, so that listing the
games reads their ``game.toml`` files and nothing else (no database, no game, no msgspec).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.club.cli import add_commands as add_club_commands
from assistant.kinds import KindRegistry, UnknownKind

if TYPE_CHECKING:
    from assistant.application import Assistant, Expected
    from assistant.decider import Ref

EXIT_REFUSED = 1
EXIT_ERROR = 2


def default_db() -> Path | str:
    """$TABLETOP_DB (a file or a postgresql:// URL), else games.sqlite3 in the user's data directory."""
    from events.stores import is_postgres

    if os.environ.get("TABLETOP_DB"):
        given = os.environ["TABLETOP_DB"]
        return given if is_postgres(given) else Path(given)
    import platformdirs

    return Path(platformdirs.user_data_dir("tabletop", appauthor=False)) / "games.sqlite3"


def db_target(db: str | None) -> Path | str:
    """--db as given (a SQLite file or a club database's URL), else the default."""
    from events.stores import is_postgres

    if not db:
        return default_db()
    return db if is_postgres(db) else Path(db)


def open_assistant(db: str | None) -> Assistant:
    from assistant.application import Assistant
    from events.stores import open_store

    return Assistant(open_store(db_target(db), create_dir=db is None), KindRegistry())


def _builtins(data: Any) -> Any:
    """Plain data with every set sorted and every mapping in key order: the same database prints the same bytes
    in every process (sets would otherwise come out in hash order)."""
    import msgspec

    return msgspec.to_builtins(data, order="deterministic")


def _json_text(data: Any, indent: int) -> str:
    """``json.dumps(_builtins(data), ensure_ascii=False, indent=indent or None)``, the same text, through msgspec: a
    hundred times faster on a whole game's state."""
    import msgspec

    return msgspec.json.format(msgspec.json.encode(_builtins(data)), indent=indent).decode()


def _print(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        sys.stdout.write(_json_text(data, 0) + "\n")
    else:
        sys.stdout.write(text.rstrip("\n") + "\n")


def one_line(text: str) -> str:
    """Text kept on its line: line breaks and other control characters shown escaped, never obeyed."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _json_line(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")


def _option_pairs(pairs: list[str]) -> dict[str, Any]:
    """--option key=value; the value is read as JSON when it parses (numbers, lists, true), else as text."""
    from assistant.decider import Refused

    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refused(f"options are written key=value, not {pair!r}")
        out[key] = _json_or_text(value, f"option {key}")
    return out


def _json_or_text(value: str, what: str) -> Any:
    from assistant.decider import Refused
    from assistant.option_files import MAX_OPTION_FILE
    from events.bounds import MAX_FILE_JSON_DEPTH, InputError, checked_json

    try:
        checked = checked_json(value, what=what, max_bytes=MAX_OPTION_FILE, max_depth=MAX_FILE_JSON_DEPTH)
    except InputError as exc:
        raise Refused(str(exc)) from None
    try:
        return json.loads(checked)
    except json.JSONDecodeError:
        return value


# ---------------------------------------------------------------- commands
def cmd_kinds(app: Assistant | None, args: argparse.Namespace) -> int:
    registry = KindRegistry()  # the games' game.toml files only: no database, no game imported
    kinds = [(name, registry.about(name).title) for name in registry.names()]
    _print(args, [{"kind": k, "title": t} for k, t in kinds], "\n".join(f"{k}\t{t}" for k, t in kinds))
    return 0


def _option_files(pairs: list[str]) -> dict[str, Any]:
    """--option-file key=PATH; the file (TOML or JSON, by its extension) becomes the option's value."""
    from assistant.decider import Refused
    from assistant.option_files import read_option_file

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
    from assistant.decider import Refused

    options = _option_pairs(args.option or [])
    if args.options:
        given = _json_or_text(args.options, "--options")
        if not isinstance(given, dict):
            raise Refused("--options is not a JSON object such as '{\"players\": 3}'")
        options.update(given)
    options.update(_option_files(args.option_file or []))
    gid = app.new_game(args.kind, options, title=args.title, actor=args.actor, players=args.player or ())
    _print(args, {"game_id": gid}, gid)
    return 0


def cmd_add_player(app: Assistant, args: argparse.Namespace) -> int:
    from events.core import AddPlayer

    out = app.handle(args.game, AddPlayer(name=args.name, plays=tuple(args.plays or ())), actor=args.actor,
                     command_id=args.command_id)
    loaded = app.kind_of(args.game)
    _print(args, {"first_seq": out.first_seq, "last_seq": out.last_seq, "duplicate": out.duplicate},
           "\n".join(f"{r.seq}\t{one_line(app.sentence(loaded, r.event))}" for r in out.events))
    return 0


def cmd_players(app: Assistant, args: argparse.Namespace) -> int:
    players = app.players(args.game)
    actors = app.actors(args.game)
    named = {name.casefold() for name, _ in players}
    sides = [a for a in actors[1:] if a.casefold() not in named]
    lines = ["table"] + [f"{name}\t{', '.join(plays) or '(notes only)'}" for name, plays in players]
    lines.append(f"powers and sides: {', '.join(sides) or 'none'}")
    _print(args, {"table": "table", "players": [{"name": n, "plays": list(p)} for n, p in players],
                  "actors": list(actors), "sides": sides}, "\n".join(lines))
    return 0


def cmd_games(app: Assistant, args: argparse.Namespace) -> int:
    rows = app.games()
    _print(
        args,
        [{"game_id": g.game_id, "kind": g.kind, "title": g.title, "created_at": g.created_at, "events": g.head} for g in rows],
        "\n".join(f"{g.game_id}\t{g.kind}\t{g.head} events\t{g.title}" for g in rows) or "no games yet",
    )
    return 0


def _expected(args: argparse.Namespace) -> Expected | None:
    from assistant.application import Expected
    from assistant.decider import Refused

    seq = getattr(args, "expect_seq", None)
    answers = getattr(args, "answers", None) or ""
    if seq is None:
        if answers:
            raise Refused("--answers needs --expect-seq: the log position the command was prepared at")
        return None
    return Expected(seq, answers)


def cmd_do(app: Assistant, args: argparse.Namespace) -> int:
    out = app.handle(args.game, args.command, actor=args.actor, command_id=args.command_id, expect=_expected(args))
    loaded = app.kind_of(args.game)
    lines = [f"{r.seq}\t{one_line(app.sentence(loaded, r.event))}" for r in out.events]
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
    _print(
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
    body = _json_text({n: view.read(n) for n in view.names if n != "clock"}, 2)
    _print(args, data, f"{head}\n{body}")
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
    from assistant.decider import Refused

    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        raise Refused(f"cannot read {args.file}: {exc.strerror}") from None
    gid = app.import_game(data)
    _print(args, {"game_id": gid}, gid)
    return 0


def cmd_verify(app: Assistant | None, args: argparse.Namespace) -> int:
    from events.exchange import read_lines

    target = Path(args.target)
    if target.is_file():
        rows = read_lines(target.read_bytes())  # raises GameFileError naming the line
        _print(args, {"ok": True, "events": len(rows)}, f"ok: {len(rows)} events, hash chain intact")
        return 0
    assert app is not None
    finding = app.verify(args.target)
    if finding is None:
        n = app.head(args.target)
        _print(args, {"ok": True, "events": n}, f"ok: {n} events, hash chain intact, seals hold")
        return 0
    from events.integrity import Behind

    if isinstance(finding, Behind):  # whole and sealed, but older than this installation saw: a restore
        _print(args, {"ok": False, "first_bad_seq": finding.seq, "problem": finding.problem, "behind": True,
                      "file_head": list(finding.file), "seen_head": list(finding.seen)},
               f"BEHIND: {finding} (accept it with `tabletop accept-restore {args.target}`)")
        return EXIT_REFUSED
    _print(args, {"ok": False, "first_bad_seq": finding.seq, "problem": finding.problem}, f"TAMPERED: {finding}")
    return EXIT_REFUSED


def cmd_accept_restore(app: Assistant, args: argparse.Namespace) -> int:
    seq = app.accept_restore(args.game)
    _print(args, {"ok": True, "game_id": app.game(args.game).game_id, "head": seq},
           f"accepted: the game continues from event {seq} of this copy")
    return 0


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
    _print(args, report, report["message"])
    return 0


def cmd_migrate(app: Assistant | None, args: argparse.Namespace) -> int:
    from assistant.club.database import migrate

    moved = migrate(Path(args.source), args.target)
    lines = [f"{m['game_id']}\t{m['events']} events\t{m['result']}\t{m['title']}" for m in moved]
    _print(args, moved, "\n".join(lines) or "no games in " + args.source)
    return 0 if all(m["verified"] for m in moved) else EXIT_REFUSED


def cmd_report(app: Assistant, args: argparse.Namespace) -> int:
    from assistant.analysis.reports import chart_file, report_command
    from assistant.decider import Refused

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
    from assistant.decider import Ref

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
def _formatter() -> Any:
    """argparse's help layout for the terminal's width, asked once: argparse asks the terminal again for every
    argument it adds (a system call each, a tenth of a short command's time)."""
    import shutil

    width = shutil.get_terminal_size().columns - 2
    return lambda prog: argparse.HelpFormatter(prog, width=width)


def build_parser() -> argparse.ArgumentParser:
    layout = _formatter()

    def shared(defaults: bool) -> argparse.ArgumentParser:
        # The same flags work before or after the command name; only the top level sets defaults.
        p = argparse.ArgumentParser(add_help=False, formatter_class=layout)
        keep = {} if defaults else {"default": argparse.SUPPRESS}
        p.add_argument("--db", help="SQLite file or postgresql:// URL of a club database "
                       "(default: $TABLETOP_DB, else games.sqlite3 in the user data directory)",
                       **({"default": None} if defaults else keep))
        p.add_argument("--json", action="store_true", help="machine-readable output", **keep)
        p.add_argument("--as", dest="actor", help="who is acting: the table (default), a player of the game "
                       "(see `players`) or one of its powers or sides",
                       **({"default": "table"} if defaults else keep))
        return p

    common = shared(False)
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__.splitlines()[0], parents=[shared(True)],
                                     formatter_class=layout)
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_, parents=[common], description=help_, formatter_class=layout)

    add("kinds", "list the games the assistant can play").set_defaults(func=cmd_kinds)
    p = add("new", "start a new game; prints its id")
    p.add_argument("kind", help="game kind (see `tabletop kinds`)")
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--options", metavar="JSON", help="all options as one JSON object")
    p.add_argument("--option-file", action="append", metavar="KEY=FILE",
                   help="an option read from a .toml or .json file, e.g. board=board.toml (repeatable)")
    p.add_argument("--title")
    p.add_argument("--player", action="append", metavar="NAME",
                   help="someone at the table, so commands can be recorded --as them (repeatable)")
    p.set_defaults(func=cmd_new)
    add("games", "list games").set_defaults(func=cmd_games)
    p = add("do", "send one command (JSON) to a game")
    p.add_argument("game")
    p.add_argument("command", help="""e.g. '{"type": "core.undo"}'""")
    p.add_argument("--command-id", help="idempotency key: sending the same id twice writes nothing new")
    p.add_argument("--expect-seq", type=int, metavar="SEQ",
                   help="the log position the command was prepared at: refused, writing nothing, if the table "
                        "changed since (notes aside)")
    p.add_argument("--answers", metavar="TEXT", help="with --expect-seq: the throw or decision the command answers "
                   "(as `tabletop moves` names it); refused if it was already answered")
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
    p = add("players", "who a command of this game may be recorded as (--as): the table, its players, its powers")
    p.add_argument("game")
    p.set_defaults(func=cmd_players)
    p = add("add-player", "name someone at the table (with --plays, the powers or sides they play)")
    p.add_argument("game")
    p.add_argument("name")
    p.add_argument("--plays", action="append", metavar="POWER", help="a power or side they play (repeatable)")
    p.add_argument("--command-id", help="idempotency key: sending the same id twice writes nothing new")
    p.set_defaults(func=cmd_add_player)
    p = add("accept-restore", "accept an older copy of a game restored on purpose (checked in full first)")
    p.add_argument("game")
    p.set_defaults(func=cmd_accept_restore)
    p = add("serve", "start the web companion (127.0.0.1 unless --lan)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5173)
    p.add_argument("--lan", action="store_true", help="share on the local network behind a join code")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.add_argument("--workers", type=int, default=2, help="club mode: server processes (default 2)")
    p.add_argument("--threads", type=int, default=128, help="club mode: threads per process (default 128)")
    p.set_defaults(func=cmd_serve)
    add_club_commands(add)
    p = add("db", "the database itself: `db upgrade` applies the schema migrations a club database lacks")
    p.add_argument("action", choices=["upgrade"])
    p.add_argument("--app-role", metavar="ROLE",
                   help="PostgreSQL role the servers connect as: granted what they need, never UPDATE or DELETE of events")
    p.set_defaults(func=cmd_db_upgrade)
    p = add("migrate", "copy every game of a SQLite file into a club database, hashes intact, verified on both sides")
    p.add_argument("--from", dest="source", required=True, metavar="SQLITE_FILE")
    p.add_argument("--to", dest="target", required=True, metavar="postgresql://...")
    p.set_defaults(func=cmd_migrate)
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


NO_DB = {cmd_serve, cmd_bench, cmd_db_upgrade, cmd_migrate, cmd_kinds}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    words = sys.argv[1:] if argv is None else argv
    for word in words:
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # the shell passed bytes that are not UTF-8 (decoded as surrogates)
            sys.stderr.write(f"refused: an argument is not valid UTF-8 text: {word.encode('utf-8', 'replace').decode()!r}\n")
            return EXIT_REFUSED
    args = parser.parse_args(words)
    try:
        if args.func in NO_DB:
            return args.func(None, args)
        if args.func is cmd_verify and Path(args.target).is_file():
            return cmd_verify(None, args)
        app = open_assistant(args.db)
        return args.func(app, args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        return _failure(exc, args)


def _failure(exc: Exception, args: argparse.Namespace) -> int:
    """One clear line for a refusal or a store, file or kind error (their modules imported only now); anything
    else is a defect, still one line for the player (never a traceback), and nothing more was written."""
    from assistant.application import Stale
    from assistant.decider import Refused
    from events.exchange import GameFileError
    from events.store import StoreError

    if isinstance(exc, Refused):
        if args.json:
            _json_line({"refused": exc.reason, "rule": exc.rule, "stale": isinstance(exc, Stale)})
        else:
            sys.stderr.write(f"refused: {exc.message}\n")
        return EXIT_REFUSED
    if isinstance(exc, GameFileError):  # a tampered, truncated or reordered game file: refused, like a tampered log
        if args.json:
            _json_line({"ok": False, "refused": f"the game file cannot be trusted: {exc}", "rule": None, "stale": False})
        else:
            sys.stderr.write(f"refused: the game file cannot be trusted: {exc}\n")
        return EXIT_REFUSED
    if isinstance(exc, (StoreError, UnknownKind)):
        if args.json:
            _json_line({"error": str(exc)})
        else:
            sys.stderr.write(f"error: {exc}\n")
        return EXIT_ERROR
    # a defect: one line for the player, never a traceback
    sys.stderr.write(f"error: the assistant could not do that ({type(exc).__name__}: {one_line(str(exc))}); "
                     "nothing more was written\n")
    return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
