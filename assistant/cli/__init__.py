"""`tabletop`: the command line, an entry point onto the same application layer as the web UI.

Every command takes --db PATH (default: the user data directory) and --json.
Bad input exits non-zero with one clear line and writes nothing.

Start-up is part of every command's time: modules are imported where a command needs them, so that listing the
games reads their ``game.toml`` files and nothing else (no database, no game, no msgspec). The package holds one
file per job: the grammar (``parser.py``), the commands by theme (``play.py``, ``files.py``, ``servers.py``,
``figures.py``), what they read and print (``inputs.py``, ``output.py``) and which database (``database.py``);
a command's module is imported only when that command runs.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable

from assistant import collector
from assistant.cli.output import EXIT_ERROR, EXIT_REFUSED, json_line, one_line, stderr
from assistant.cli.parser import COLLECTING, NO_DB, build_parser, command_word
from assistant.kinds import UnknownKind

__all__ = ["EXIT_ERROR", "EXIT_REFUSED", "answer", "build_parser", "main"]

TYPE_CHECKING = False  # typing is for type checkers only (assistant/kinds.py)
if TYPE_CHECKING:
    from assistant.application import Assistant


def _command(func: str | Callable[..., int]) -> Callable[..., int]:
    """A command's function: "module:function" of this package (imported now), or the function itself."""
    if callable(func):
        return func
    module, name = func.split(":")
    return getattr(importlib.import_module(f"assistant.cli.{module}"), name)


def _name(func: str | Callable[..., int]) -> str:
    return func if isinstance(func, str) else f"{func.__module__}:{func.__name__}"


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    for word in words:
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # the shell passed bytes that are not UTF-8 (decoded as surrogates)
            sys.stderr.write(f"refused: an argument is not valid UTF-8 text: {word.encode('utf-8', 'replace').decode()!r}\n")
            return EXIT_REFUSED
    args = build_parser(only=command_word(words)).parse_args(words)
    try:
        with collector.paused(keep=True):  # the command's modules and the application layer, loaded once for good
            run = _command(args.func)
            if args.func in NO_DB or (args.func == "files:cmd_verify" and os.path.isfile(args.target)):
                app = None
            else:
                from assistant.cli.database import open_assistant

                app = open_assistant(args.db)
        try:
            return _run(run, app, args)
        finally:
            if app is not None:
                # closed, not left to the process's end: closing merges SQLite's write-ahead log into the database
                # file, so the file alone holds every event (a copy of it, carried to another machine, is whole)
                app.store.close()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        return _failure(exc, args)


def answer(app: Assistant, args: argparse.Namespace) -> int:
    """A parsed command on an assistant already open (a running table server answering the command line): what
    it prints goes to ``output.stdout()`` and ``output.stderr()``, its exit status is returned; ``app`` stays open."""
    try:
        return _run(_command(args.func), app, args)
    except Exception as exc:
        return _failure(exc, args)


def _run(run: Callable[..., int], app: Assistant | None, args: argparse.Namespace) -> int:
    if _name(args.func) in COLLECTING:
        collector.release()  # held since start-up (``assistant/entry.py``): this command runs on
        return run(app, args)
    with collector.paused():  # a short command: reference counting frees what it makes (see COLLECTING)
        return run(app, args)


def _failure(exc: Exception, args: argparse.Namespace) -> int:
    """One clear line for a refusal or a store, file or kind error (their modules imported only now); anything
    else is a defect, still one line for the player (never a traceback), and nothing more was written."""
    from assistant.application import Stale
    from assistant.decider import Refused
    from events.exchange import GameFileError
    from events.store import StoreError

    if isinstance(exc, Refused):
        if args.json:
            json_line({"refused": exc.reason, "rule": exc.rule, "stale": isinstance(exc, Stale)})
        else:
            stderr().write(f"refused: {exc.message}\n")
        return EXIT_REFUSED
    if isinstance(exc, GameFileError):  # a tampered, truncated or reordered game file: refused, like a tampered log
        if args.json:
            json_line({"ok": False, "refused": f"the game file cannot be trusted: {exc}", "rule": None, "stale": False})
        else:
            stderr().write(f"refused: the game file cannot be trusted: {exc}\n")
        return EXIT_REFUSED
    if isinstance(exc, (StoreError, UnknownKind)):
        if args.json:
            json_line({"error": str(exc)})
        else:
            stderr().write(f"error: {exc}\n")
        return EXIT_ERROR
    # a defect: one line for the player, never a traceback
    stderr().write(f"error: the assistant could not do that ({type(exc).__name__}: {one_line(str(exc))}); "
                   "nothing more was written\n")
    return EXIT_ERROR

