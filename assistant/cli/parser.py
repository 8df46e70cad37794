"""The command line's grammar: every command, its arguments and its help, and which function runs it.

A command names its function as "module:function" of this package, imported only when that command runs."""

from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False  # typing is for type checkers only (assistant/kinds.py)
if TYPE_CHECKING:
    from typing import Any

DESCRIPTION = "`tabletop`: the command line, an entry point onto the same application layer as the web UI."
# commands that open no database (or open it themselves)
NO_DB = {"servers:cmd_serve", "figures:cmd_bench", "servers:cmd_db_upgrade", "servers:cmd_migrate", "play:cmd_kinds"}
# commands that run on or make many reference cycles (a server, a measurement, charts, a copy of every game, a
# club evening): they run with the cyclic collector on. The others are short: they run without it (``main``).
COLLECTING = {"servers:cmd_serve", "figures:cmd_bench", "figures:cmd_report", "servers:cmd_migrate",
              "servers:cmd_db_upgrade", "assistant.club.cli:cmd_club"}


def _formatter() -> Any:
    """argparse's help layout for the terminal's width, asked once: argparse asks the terminal again for every
    argument it adds (a system call each, a tenth of a short command's time)."""
    width = _columns() - 2
    return lambda prog: argparse.HelpFormatter(prog, width=width)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it ($COLUMNS, else the terminal, else 80),
    without importing shutil (and the compression libraries it brings) on every command."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class GrammarError(Exception):
    """A command line ``build_parser(printing=False)`` would have answered with a message and an exit."""


class _Silent(argparse.ArgumentParser):
    """Never prints nor exits: a wrong command line, or one asking for help, raises ``GrammarError`` instead (a
    server asked to answer it declines, and the command line runs it itself: argparse's own message and exit)."""

    def error(self, message: str) -> Any:
        raise GrammarError(message)

    def exit(self, status: int = 0, message: str | None = None) -> Any:
        raise GrammarError(message or f"exit {status}")

    def _print_message(self, message: str, file: Any = None) -> None:
        raise GrammarError("the command line asks for help")


class _Unused:
    """Stands for the parser of a command not being run: what is declared on it is dropped (see ``build_parser``)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        pass

    def set_defaults(self, **kwargs: Any) -> None:
        pass


def command_word(words: list[str]) -> str | None:
    """The command named in ``words`` (the first word that is neither a flag nor a flag's value), if any."""
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--db", "--as"):
            skip = True
        elif not word.startswith("-"):
            return word
    return None


def build_parser(only: str | None = None, printing: bool = True) -> argparse.ArgumentParser:
    """The whole grammar; with ``only``, the parser of that command alone (none if there is no such command);
    with ``printing=False``, parsers that raise ``GrammarError`` where they would print and exit.

    Building a command's parser costs a fifth of a millisecond and more (argparse looks up the translations of
    its help texts on the disk), so a command line that names its command builds that one: its words are read
    exactly as by the whole grammar. A mistyped command, or none, gets the whole grammar and its messages."""
    layout = _formatter()

    def flags(p: argparse.ArgumentParser, defaults: bool) -> argparse.ArgumentParser:
        # The same flags work before or after the command name; only the top level sets defaults.
        keep = {} if defaults else {"default": argparse.SUPPRESS}
        p.add_argument("--db", help="SQLite file or postgresql:// URL of a club database "
                       "(default: $TABLETOP_DB, else games.sqlite3 in the user data directory)",
                       **({"default": None} if defaults else keep))
        p.add_argument("--json", action="store_true", help="machine-readable output", **keep)
        p.add_argument("--as", dest="actor", help="who is acting: the table (default), a player of the game "
                       "(see `players`) or one of its powers or sides",
                       **({"default": "table"} if defaults else keep))
        return p

    top = argparse.ArgumentParser if printing else _Silent  # its commands' parsers are of its class
    parser = flags(top(prog="tabletop", description=DESCRIPTION, formatter_class=layout), True)
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    common: list[argparse.ArgumentParser] = []  # the commands' flags as a parent, built for the whole grammar

    def add(name: str, help_: str) -> Any:
        if only is not None and name != only:
            return _Unused()
        parser.built = True  # type: ignore[attr-defined]
        if only is not None:  # one command: its flags added to it (a parent would be one more parser to build)
            return flags(sub.add_parser(name, help=help_, description=help_, formatter_class=layout), False)
        if not common:
            common.append(flags(argparse.ArgumentParser(add_help=False, formatter_class=layout), False))
        return sub.add_parser(name, help=help_, parents=common, description=help_, formatter_class=layout)

    parser.built = False  # type: ignore[attr-defined]

    add("kinds", "list the games the assistant can play").set_defaults(func="play:cmd_kinds")
    p = add("new", "start a new game; prints its id")
    p.add_argument("kind", help="game kind (see `tabletop kinds`)")
    p.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--options", metavar="JSON", help="all options as one JSON object")
    p.add_argument("--option-file", action="append", metavar="KEY=FILE",
                   help="an option read from a .toml or .json file, e.g. board=board.toml (repeatable)")
    p.add_argument("--title")
    p.add_argument("--player", action="append", metavar="NAME",
                   help="someone at the table, so commands can be recorded --as them (repeatable)")
    p.set_defaults(func="play:cmd_new")
    add("games", "list games").set_defaults(func="play:cmd_games")
    p = add("do", "send one command (JSON) to a game")
    p.add_argument("game")
    p.add_argument("command", help="""e.g. '{"type": "core.undo"}'""")
    p.add_argument("--command-id", help="idempotency key: sending the same id twice writes nothing new")
    p.add_argument("--expect-seq", type=int, metavar="SEQ",
                   help="the log position the command was prepared at: refused, writing nothing, if the table "
                        "changed since (notes aside)")
    p.add_argument("--answers", metavar="TEXT", help="with --expect-seq: the throw or decision the command answers "
                   "(as `tabletop moves` names it); refused if it was already answered")
    p.set_defaults(func="play:cmd_do")
    p = add("undo", "undo the last command, or everything after --to SEQ (with --reason: roll back past dice)")
    p.add_argument("game")
    p.add_argument("--to", type=int, metavar="SEQ")
    p.add_argument("--reason", help="roll back past dice; the reason is recorded")
    p.set_defaults(func="play:cmd_undo")
    p = add("log", "the whole log, one event per line (x = cancelled)")
    p.add_argument("game")
    p.set_defaults(func="play:cmd_log")
    p = add("state", "the table now, or as it was at event --at SEQ")
    p.add_argument("game")
    p.add_argument("--at", type=int, metavar="SEQ")
    p.set_defaults(func="play:cmd_state")
    p = add("moves", "the commands possible now (or at event --at SEQ), with their choices")
    p.add_argument("game")
    p.add_argument("--at", type=int, metavar="SEQ")
    p.set_defaults(func="play:cmd_moves")
    p = add("export", "write the game file (JSON Lines), or with --part one file the game offers (e.g. its board)")
    p.add_argument("game")
    p.add_argument("--part", metavar="NAME", help="e.g. board or scenario (Europe Engulfed); a wrong name lists them")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func="files:cmd_export")
    p = add("import", "load a game file (verified first)")
    p.add_argument("file")
    p.set_defaults(func="files:cmd_import")
    p = add("verify", "check the hash chain of a stored game or a game file")
    p.add_argument("target", metavar="GAME|FILE")
    p.set_defaults(func="files:cmd_verify")
    p = add("players", "who a command of this game may be recorded as (--as): the table, its players, its powers")
    p.add_argument("game")
    p.set_defaults(func="players:cmd_players")
    p = add("add-player", "name someone at the table (with --plays, the powers or sides they play)")
    p.add_argument("game")
    p.add_argument("name")
    p.add_argument("--plays", action="append", metavar="POWER", help="a power or side they play (repeatable)")
    p.add_argument("--command-id", help="idempotency key: sending the same id twice writes nothing new")
    p.set_defaults(func="players:cmd_add_player")
    p = add("accept-restore", "accept an older copy of a game restored on purpose (checked in full first)")
    p.add_argument("game")
    p.set_defaults(func="files:cmd_accept_restore")
    p = add("serve", "start the web companion (127.0.0.1 unless --lan)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=5173)
    p.add_argument("--lan", action="store_true", help="share on the local network behind a join code")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.add_argument("--workers", type=int, default=2, help="club mode: server processes (default 2)")
    p.add_argument("--threads", type=int, default=128, help="club mode: threads per process (default 128)")
    p.set_defaults(func="servers:cmd_serve")
    if only in (None, "club"):  # the club's grammar lives with the club (imported only when it is wanted)
        from assistant.club.cli import add_commands as add_club_commands

        add_club_commands(add)
    p = add("db", "the database itself: `db upgrade` applies the schema migrations a club database lacks")
    p.add_argument("action", choices=["upgrade"])
    p.add_argument("--app-role", metavar="ROLE",
                   help="PostgreSQL role the servers connect as: granted what they need, never UPDATE or DELETE of events")
    p.set_defaults(func="servers:cmd_db_upgrade")
    p = add("migrate", "copy every game of a SQLite file into a club database, hashes intact, verified on both sides")
    p.add_argument("--from", dest="source", required=True, metavar="SQLITE_FILE")
    p.add_argument("--to", dest="target", required=True, metavar="postgresql://...")
    p.set_defaults(func="servers:cmd_migrate")
    p = add("report", "post-game report (or one of its charts with --chart)")
    p.add_argument("game")
    p.add_argument("--format", choices=["html", "md", "json", "svg", "png"], default="md")
    p.add_argument("--chart", metavar="METRIC", help="export one chart (svg or png): production, treasury, units, unit_value, territories; Engulfed: see the report")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func="figures:cmd_report")
    p = add("bench", "measure speed (figures for the team's notes)")
    p.add_argument("--only", action="append", metavar="NAME", help="run only these benchmarks (core, or a game's)")
    p.set_defaults(func="figures:cmd_bench")
    if only is not None and not parser.built:  # type: ignore[attr-defined]
        return build_parser(printing=printing)
    return parser
