"""The table server's side: answer the command line's reads of the database it serves (``assistant.answering``).

Each question is answered in a thread of its own, a few at once (more are declined at once: the command line then
answers itself). A question is declined unless everything an answer depends on is the same as in the command
line's own process: this user, the same database file, the same interpreter and ``assistant`` package, the same
configuration folder, and no module changed on the disk since the server loaded it. The words are parsed by the
command line's own grammar and run through its own ``answer``, which prints to this question's streams only
(``output.captured``).
"""

from __future__ import annotations

import io
import marshal
import os
import socket
import struct
import sys
import threading
from typing import TYPE_CHECKING, Any

from assistant.answering import address
from assistant.answering.ask import SETTINGS, VERSION, code_folder

if TYPE_CHECKING:
    from assistant.application import Assistant

# The functions of the commands answered: each only reads (the words could name any command)
READ_COMMANDS = frozenset({"play:cmd_games", "play:cmd_log", "play:cmd_moves", "play:cmd_state",
                           "players:cmd_players"})
_LARGEST_QUESTION = 64 * 1024
_AT_ONCE = 4
_WAIT_S = 10.0  # for the question to arrive; the answer may take longer to send (a whole log to a slow reader)
_SEND_WAIT_S = 120.0


class Declined(Exception):
    """Why a question is left to the command line (shown by no one: the command line then runs it itself)."""


class Answering:
    """Answers the command line's reads of ``db`` with ``app`` (the server's own assistant, already open)."""

    def __init__(self, app: Assistant, db: str | os.PathLike[str]):
        self._app = app
        self._db = os.path.realpath(db)
        self._path = address.socket_path(self._db)
        self._listener: socket.socket | None = None
        self._made: tuple[int, int] | None = None  # the socket file's (device, inode): removed only if ours
        self._slots = threading.BoundedSemaphore(_AT_ONCE)
        self._code = CodeWatch()

    @property
    def path(self) -> str | None:
        """The socket listened on, None when not listening."""
        return self._path if self._listener is not None else None

    def start(self) -> bool:
        """Listen, unless this system has no such sockets, the folder is not this user's alone, or another server
        already answers for this database (it goes on doing so)."""
        if self._path is None or not hasattr(socket, "AF_UNIX"):
            return False
        if not address.private(os.path.dirname(self._path), create=True):
            return False
        if os.path.lexists(self._path):
            if _answers(self._path):
                return False
            try:
                os.unlink(self._path)  # left by a server that was killed
            except OSError:
                return False
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            listener.bind(self._path)
            os.chmod(self._path, 0o600)
            listener.listen(16)
            st = os.lstat(self._path)
        except OSError:
            listener.close()
            return False
        self._listener, self._made = listener, (st.st_dev, st.st_ino)
        self._code.changed()  # the modules as they are now, loaded from the disk before any question
        threading.Thread(target=self._accept, name="tabletop-answering", daemon=True).start()
        return True

    def close(self) -> None:
        listener, self._listener = self._listener, None
        if listener is None:
            return
        try:
            st = os.lstat(self._path)
            if (st.st_dev, st.st_ino) == self._made:  # not a later server's socket of the same name
                os.unlink(self._path)
        except OSError:
            pass
        try:
            listener.shutdown(socket.SHUT_RDWR)  # wakes the thread waiting in accept (closing alone may not)
        except OSError:
            pass
        listener.close()

    def _accept(self) -> None:
        while (listener := self._listener) is not None:
            try:
                conn, _ = listener.accept()
            except OSError:
                return  # closed
            if not self._slots.acquire(blocking=False):
                conn.settimeout(1.0)
                try:
                    _send(conn, {"declined": "busy"})
                except OSError:
                    pass
                continue
            threading.Thread(target=self._one, args=(conn,), name="tabletop-answer", daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        try:
            with conn:
                conn.settimeout(_WAIT_S)
                if _peer_uid(conn) not in (None, os.getuid()):
                    return
                reply = self.reply(_received(conn))
                conn.settimeout(_SEND_WAIT_S)
                conn.sendall(marshal.dumps(reply))
        except OSError:
            pass  # the command line gave up: it runs the command itself
        finally:
            self._app.store.close()  # this thread's connection
            self._slots.release()

    def reply(self, question: bytes) -> dict[str, Any]:
        """The answer to a question as the command line sent it: its exit status and what it printed, or why it
        is left to the command line."""
        try:
            return self._answer(question)
        except Declined as why:
            return {"declined": str(why)}
        except Exception as exc:  # a defect here: the command line runs the command itself, as if no server ran
            return {"declined": f"the server could not answer ({type(exc).__name__})"}

    def _answer(self, question: bytes) -> dict[str, Any]:
        from assistant import cli, userdirs
        from assistant.cli import output
        from assistant.cli.parser import GrammarError, build_parser, command_word
        from events.stores import is_postgres

        asked = _question(question)
        if (asked["prefix"], asked["python"], asked["code"]) != (sys.prefix, sys.version, code_folder()):
            raise Declined("another interpreter, environment or copy of the assistant")
        if asked["settings"] != [os.environ.get(name) for name in SETTINGS]:
            raise Declined("another configuration folder (TABLETOP_CONFIG_DIR, XDG_CONFIG_HOME or HOME)")
        changed = self._code.changed()
        if changed:
            raise Declined(f"{changed} changed since the server started")
        words = asked["words"]
        try:
            for word in words:
                word.encode("utf-8")
            args = build_parser(only=command_word(words), printing=False).parse_args(words)
        except (UnicodeEncodeError, GrammarError):
            raise Declined("not a command the server answers as the command line would") from None
        if args.func not in READ_COMMANDS:
            raise Declined(f"{args.cmd} is not one of the reads the server answers")
        target = args.db or asked["tabletop_db"] or userdirs.user_db()
        if is_postgres(target):
            raise Declined("a club database")
        try:
            same = os.path.samefile(os.path.join(asked["cwd"], target), self._db)
        except OSError:
            same = False
        if not same:
            raise Declined("another database")
        out, err = io.BytesIO(), io.BytesIO()
        out_text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        err_text = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
        with output.captured(out_text, err_text):
            status = cli.answer(self._app, args)
        out_text.flush()
        err_text.flush()
        return {"exit": status, "out": out.getvalue(), "err": err.getvalue()}


class CodeWatch:
    """The files of the modules this process has loaded, as they were when first seen (size, modification time):
    a file changed since (an edit, an upgrade) means the server's answers may not be what the command line would
    print. The standard library's are left out (it changes only with the interpreter, which is compared)."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[int, int] | None] = {}
        self._stdlib = os.path.dirname(os.__file__) + os.sep

    def changed(self) -> str | None:
        """A loaded module's file that changed since first seen, else None."""
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if not isinstance(path, str) or (path.startswith(self._stdlib) and "-packages" not in path):
                continue
            try:
                st = os.stat(path)
                now: tuple[int, int] | None = (st.st_size, st.st_mtime_ns)
            except OSError:
                now = None
            if self._seen.setdefault(path, now) != now:
                return path
        return None


def _question(raw: bytes) -> dict[str, Any]:
    try:
        asked = marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        raise Declined("not a question") from None
    shape = {"version": int, "words": list, "cwd": str, "tabletop_db": (str, type(None)), "code": str,
             "prefix": str, "python": str, "settings": list}
    if not isinstance(asked, dict) or asked.keys() != shape.keys() or not all(
            isinstance(asked[k], t) for k, t in shape.items()):
        raise Declined("not a question")
    if asked["version"] != VERSION:
        raise Declined(f"asked in version {asked['version']}, answered in {VERSION}")
    if not all(isinstance(w, str) for w in asked["words"]) or not os.path.isabs(asked["cwd"]):
        raise Declined("not a question")
    return asked


def _received(conn: socket.socket) -> bytes:
    chunks, size = [], 0
    while chunk := conn.recv(65536):
        size += len(chunk)
        if size > _LARGEST_QUESTION:
            return b""  # declined as not a question
        chunks.append(chunk)
    return b"".join(chunks)


def _send(conn: socket.socket, reply: dict[str, Any]) -> None:
    with conn:
        conn.sendall(marshal.dumps(reply))


def _answers(path: str) -> bool:
    """Whether a server listens at ``path`` now."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def _peer_uid(conn: socket.socket) -> int | None:
    """The user id of the process at the other end (Linux), None where the system does not tell."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i")))
    return uid
