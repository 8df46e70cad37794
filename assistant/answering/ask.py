"""The command line's side: ask the table server running on the database for a read's answer, and print it.

Imported by ``tabletop`` before anything else (``assistant.entry``), so it keeps to what the interpreter has
loaded already: ``marshal`` speaks to the server (built in, and the server is this user's own process: the folder
proves it) and the socket is the C module ``_socket`` itself. ``import socket`` would cost some 15 ms (it
builds enumerations and imports ``selectors``), more than the server takes to answer.
"""

from __future__ import annotations

import marshal
import os
import sys

from assistant.answering import address

TYPE_CHECKING = False  # typing is for type checkers only (assistant/kinds.py)
if TYPE_CHECKING:
    from typing import Any

# The commands a server may answer: they read and print, never write (the server checks again, by the function
# its parser names: ``listen.READ_COMMANDS``)
READS = frozenset({"games", "log", "moves", "players", "state"})
# What else a command's answer depends on: the configuration folder (the installation's key that seals the games,
# the record of the heads seen) is found from these; a server that finds another declines
SETTINGS = ("TABLETOP_CONFIG_DIR", "XDG_CONFIG_HOME", "HOME")
VERSION = 1
_WAIT_S = 60.0  # for each step of the exchange; a server that stops answering leaves the command to the command line
_LARGEST_ANSWER = 1 << 30


def request(words: list[str], cwd: str) -> dict[str, Any]:
    """What the command line sends: its words, where it runs, and the code that would answer it here."""
    return {"version": VERSION, "words": list(words), "cwd": cwd, "tabletop_db": os.environ.get("TABLETOP_DB"),
            "code": code_folder(), "prefix": sys.prefix, "python": sys.version,
            "settings": [os.environ.get(name) for name in SETTINGS]}


def code_folder() -> str:
    """The folder of the ``assistant`` package this process runs: a server running other code declines."""
    return os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def answered(words: list[str]) -> int | None:
    """The exit status of ``tabletop WORDS`` answered by the table server running on its database, its output
    printed; None where no server answered (none runs there, the words are not a read, it declined): the command
    line then runs the command itself."""
    if os.environ.get("TABLETOP_ASK_SERVER") == "0" or READS.isdisjoint(words):
        return None
    out, err = sys.stdout, sys.stderr
    if not all(_utf8_bytes(stream) for stream in (out, err)):
        return None  # the answer is UTF-8 bytes, printed as they are
    db = _db_named(words) or os.environ.get("TABLETOP_DB")
    if db is None:
        from assistant import userdirs

        db = userdirs.default_db()
    if db.startswith(("postgresql:", "postgres:")):
        return None
    try:
        cwd = os.getcwd()
        path = address.socket_path(db, cwd)
        if path is None or not address.private(os.path.dirname(path)):
            return None
        reply = _exchange(path, marshal.dumps(request(words, cwd)))
    except Exception:  # nothing listens there (a server stopped), or it could not answer: run it here
        return None
    if reply is None:
        return None
    status, printed, warned = reply
    out.flush()
    out.buffer.write(printed)
    out.flush()
    err.flush()
    err.buffer.write(warned)
    err.flush()
    return status


def _exchange(path: str, sent: bytes) -> tuple[int, bytes, bytes] | None:
    import _socket

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.settimeout(_WAIT_S)
        sock.connect(path)
        sock.sendall(sent)
        sock.shutdown(_socket.SHUT_WR)
        chunks, size = [], 0
        while chunk := sock.recv(1 << 20):
            size += len(chunk)
            if size > _LARGEST_ANSWER:
                return None
            chunks.append(chunk)
    finally:
        sock.close()
    try:
        reply = marshal.loads(b"".join(chunks))
    except (EOFError, TypeError):  # cut short: the server stopped while answering
        return None
    if not isinstance(reply, dict) or reply.keys() != {"exit", "out", "err"}:
        return None  # it declined ({"declined": why}), or is not what it should be
    status, printed, warned = reply["exit"], reply["out"], reply["err"]
    if type(status) is not int or not (isinstance(printed, bytes) and isinstance(warned, bytes)):
        return None
    return status, printed, warned


def _db_named(words: list[str]) -> str | None:
    """The last --db given (argparse keeps the last), in either spelling; the server reads the words again."""
    named = None
    for i, word in enumerate(words):
        if word == "--db" and i + 1 < len(words):
            named = words[i + 1]
        elif word.startswith("--db="):
            named = word[5:]
    return named


def _utf8_bytes(stream: Any) -> bool:
    return hasattr(stream, "buffer") and (getattr(stream, "encoding", None) or "").lower().replace("-", "") == "utf8"
