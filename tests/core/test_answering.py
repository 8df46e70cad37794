"""The running table server answers the command line's reads (``assistant.answering``): byte for byte what the
command line prints itself, and only when everything the answer depends on is the same; anything else is left to
the command line, which then runs the command itself."""

from __future__ import annotations

import importlib
import marshal
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from freezegun import freeze_time

from assistant import cli, kinds
from assistant.answering import address, ask
from assistant.answering import listen
from assistant.answering.listen import Answering
from assistant.application import Assistant
from events.store import EventStore


@pytest.fixture(autouse=True)
def toy_kind(monkeypatch):
    found = kinds.installed()
    monkeypatch.setattr(kinds, "installed", lambda: {**found, "toy": "tests.toygame.game:GAME"})


@pytest.fixture
def runtime(monkeypatch):
    """A folder for the sockets of this test alone, with a short name (a socket's path is at most 107 bytes)."""
    folder = tempfile.mkdtemp(prefix="tt")
    monkeypatch.setenv("XDG_RUNTIME_DIR", folder)
    monkeypatch.delenv("TABLETOP_ASK_SERVER", raising=False)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def run(capsys, *words):
    code = cli.main(list(words))
    out, err = capsys.readouterr()
    return code, out.encode(), err.encode()


@pytest.fixture
def served(tmp_path, capsys, runtime):
    """A toy game of a few turns in a real SQLite file, and a server's answering listening on it."""
    db = str(tmp_path / "t.sqlite3")
    with freeze_time("2026-11-21 19:30:00"):
        code, out, _ = run(capsys, "--db", db, "new", "toy", "--option", "treasury=9", "--player", "Ann")
        gid = out.decode().strip()
        for command in ('{"type":"toy.end_phase"}', '{"type":"toy.buy","count":2}', '{"type":"core.undo"}',
                        '{"type":"toy.buy","count":1}'):
            assert run(capsys, "--db", db, "do", gid, command)[0] == 0
    store = EventStore(db)
    answering = Answering(Assistant(store, kinds.KindRegistry()), db)
    assert answering.start()
    yield answering, db, gid
    answering.close()
    store.close()


def ask_server(answering, words, cwd=None):
    return answering.reply(marshal.dumps(ask.request(words, cwd or os.getcwd())))


READS = [
    ["state", "{gid}"], ["state", "{gid}", "--json"], ["state", "{gid}", "--at", "3"],
    ["state", "{gid}", "--at", "3", "--json"], ["log", "{gid}"], ["log", "{gid}", "--json"], ["games"],
    ["games", "--json"], ["players", "{gid}"], ["moves", "{gid}"], ["moves", "{gid}", "--at", "2", "--json"],
    # refusals and errors: the same words, the same exit status, on the same stream
    ["state", "nope"], ["state", "{gid}", "--at", "99"], ["state", "{gid}", "--at", "99", "--json"],
    ["log", "nope", "--json"], ["moves", "{gid}", "--at", "0"],
]


@pytest.mark.parametrize("words", READS, ids=" ".join)
def test_a_read_is_answered_byte_for_byte_as_the_command_line_prints_it(served, capsys, words):
    answering, db, gid = served
    words = ["--db", db] + [w.replace("{gid}", gid) for w in words]
    reply = ask_server(answering, words)
    assert set(reply) == {"exit", "out", "err"}, reply
    assert (reply["exit"], reply["out"], reply["err"]) == run(capsys, *words)
    assert reply["out"] or reply["err"]


def test_the_database_may_be_named_any_way(served, capsys, tmp_path, monkeypatch):
    answering, db, gid = served
    expected = run(capsys, "--db", db, "state", gid)
    assert ask_server(answering, ["state", gid, f"--db={db}"])["out"] == expected[1]
    assert ask_server(answering, ["--db", "t.sqlite3", "state", gid], cwd=str(tmp_path))["out"] == expected[1]
    monkeypatch.setenv("TABLETOP_DB", db)
    assert ask_server(answering, ["state", gid])["out"] == expected[1]


@pytest.mark.parametrize("words, why", [
    (["do", "{gid}", '{"type":"toy.end_phase"}'], "do is not one of the reads"),
    (["undo", "{gid}"], "undo is not one of the reads"),
    (["add-player", "{gid}", "Bob"], "add-player is not one of the reads"),
    (["new", "toy", "--title", "state"], "new is not one of the reads"),
    (["export", "{gid}"], "export is not one of the reads"),
    (["state", "--help"], "not a command the server answers"),
    (["state", "{gid}", "--at", "x"], "not a command the server answers"),
    (["stat", "{gid}"], "not a command the server answers"),
    (["state", "{gid}", "\udcff"], "not a command the server answers"),
])
def test_what_is_not_a_read_is_declined_and_nothing_is_written(served, words, why):
    answering, db, gid = served
    before = EventStore(db)
    head, games = before.head(gid), len(before.games())
    reply = ask_server(answering, ["--db", db] + [w.replace("{gid}", gid) for w in words])
    assert reply.keys() == {"declined"} and why in reply["declined"]
    assert (before.head(gid), len(before.games())) == (head, games)
    before.close()


def test_another_database_interpreter_or_copy_of_the_code_is_declined(served, tmp_path, monkeypatch):
    answering, db, gid = served
    other = tmp_path / "other.sqlite3"
    EventStore(str(other)).close()
    assert ask_server(answering, ["--db", str(other), "state", gid]) == {"declined": "another database"}
    missing = str(tmp_path / "none.sqlite3")
    assert ask_server(answering, ["--db", missing, "state", gid]) == {"declined": "another database"}
    assert ask_server(answering, ["--db", "postgresql://h/club", "state", gid]) == {"declined": "a club database"}
    for field, value in (("prefix", "/elsewhere"), ("python", "3.99"), ("code", "/elsewhere")):
        question = {**ask.request(["--db", db, "state", gid], os.getcwd()), field: value}
        assert answering.reply(marshal.dumps(question)) == {
            "declined": "another interpreter, environment or copy of the assistant"}
    for name in ask.SETTINGS:  # the configuration folder: the installation's key, the record of heads seen
        with monkeypatch.context() as elsewhere:
            elsewhere.setenv(name, "/elsewhere")
            question = ask.request(["--db", db, "state", gid], os.getcwd())
        assert answering.reply(marshal.dumps(question)) == {
            "declined": "another configuration folder (TABLETOP_CONFIG_DIR, XDG_CONFIG_HOME or HOME)"}
    question = {**ask.request(["--db", db, "state", gid], os.getcwd()), "version": 2}
    assert answering.reply(marshal.dumps(question)) == {"declined": "asked in version 2, answered in 1"}


@pytest.mark.parametrize("raw", [b"", b"\x00garbage", marshal.dumps([1, 2]), marshal.dumps({"words": ["state"]}),
                                 marshal.dumps({**ask.request(["state"], "/"), "words": [1]}),
                                 marshal.dumps({**ask.request(["state"], "/"), "cwd": "relative"})])
def test_a_question_that_is_not_one_is_declined(served, raw):
    answering, _, _ = served
    assert answering.reply(raw) == {"declined": "not a question"}


def test_a_module_changed_since_the_server_started_is_declined(served, tmp_path, monkeypatch, capsys):
    answering, db, gid = served
    module = tmp_path / "pieces_rules.py"
    module.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("pieces_rules")  # a module the server has loaded

    assert "exit" in ask_server(answering, ["--db", db, "state", gid])
    module.write_text("VALUE = 22\n")
    try:
        assert ask_server(answering, ["--db", db, "state", gid]) == {
            "declined": f"{module} changed since the server started"}
    finally:
        del sys.modules["pieces_rules"]


def test_the_command_line_prints_the_answer_and_falls_back_when_no_one_answers(served, capsys, monkeypatch):
    answering, db, gid = served
    expected, refused = run(capsys, "--db", db, "state", gid, "--json"), run(capsys, "--db", db, "state", "nope")
    assert ask.answered(["--db", db, "state", gid, "--json"]) == 0
    assert capsys.readouterr().out.encode() == expected[1]
    assert ask.answered(["--db", db, "state", "nope"]) == 2
    assert capsys.readouterr().err.encode() == refused[2] != b""
    assert ask.answered(["--db", db, "do", gid, '{"type":"toy.end_phase"}']) is None  # declined: run here
    monkeypatch.setenv("TABLETOP_ASK_SERVER", "0")
    assert ask.answered(["--db", db, "state", gid]) is None  # asking turned off
    monkeypatch.delenv("TABLETOP_ASK_SERVER")
    answering.close()
    assert ask.answered(["--db", db, "state", gid]) is None  # no server: run here
    assert not os.path.exists(address.socket_path(db))


def test_a_folder_others_may_open_is_never_used(served, runtime):
    answering, db, gid = served
    folder = os.path.dirname(answering.path)
    os.chmod(folder, 0o755)
    try:
        assert ask.answered(["--db", db, "state", gid]) is None
        assert not Answering(answering._app, db).start()
    finally:
        os.chmod(folder, 0o700)


def test_the_sockets_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert address.folder() == str(tmp_path / "tabletop")
    monkeypatch.setenv("TMPDIR", "/tmp")
    for unusable in (str(tmp_path / "missing"), "relative/run", ""):  # named but not there: the temporary folder
        monkeypatch.setenv("XDG_RUNTIME_DIR", unusable)
        assert address.folder() == f"/tmp/tabletop-{os.getuid()}"
    deep = tmp_path / ("r" * 100)
    deep.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(deep))
    assert address.socket_path("games.sqlite3") is None  # too long a path for a socket: no answering, no error


def test_a_second_server_leaves_the_first_answering(served):
    answering, db, gid = served
    second = Answering(answering._app, db)
    assert not second.start() and second.path is None
    second.close()
    assert os.path.exists(answering.path)
    assert "exit" in ask_server(answering, ["--db", db, "state", gid])


def test_a_busy_server_declines_and_the_command_line_runs_the_command(served, monkeypatch):
    answering, db, gid = served
    for _ in range(listen._AT_ONCE):
        assert answering._slots.acquire(blocking=False)
    try:
        assert over_the_socket(answering, None) == {"declined": "busy"}  # at once, before any question
        assert ask.answered(["--db", db, "state", gid]) is None
    finally:
        for _ in range(listen._AT_ONCE):
            answering._slots.release()
    assert set(over_the_socket(answering, ["--db", db, "state", gid])) == {"exit", "out", "err"}


def over_the_socket(answering, words):
    """The server's reply as the command line receives it, through the socket (``words`` None: nothing asked)."""
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(30)
        sock.connect(answering.path)
        if words is not None:
            sock.sendall(marshal.dumps(ask.request(words, os.getcwd())))
        sock.shutdown(socket.SHUT_WR)
        return marshal.loads(b"".join(iter(lambda: sock.recv(1 << 20), b"")))


# The installed command and a real server process


def _tabletop(*words: str) -> list[str]:
    return [sys.executable, "-m", "assistant", *words]


def _serve(env: dict[str, str], said: Path) -> subprocess.Popen:
    """``tabletop serve`` on a free port, what it prints written to ``said``."""
    with open(said, "w") as printed:
        return subprocess.Popen(_tabletop("serve", "--no-browser", "--port", "0"), env=env, stdout=printed,
                                stderr=subprocess.PIPE, text=True)


def _wait_for(path: str, proc: subprocess.Popen) -> None:
    for _ in range(600):
        if os.path.exists(path):
            return
        if proc.poll() is not None:
            raise AssertionError(f"serve stopped: {proc.stderr.read()}")
        time.sleep(0.05)
    raise AssertionError("serve did not listen")


CHECK = ("import sys\nfrom assistant import entry\nsys.argv = ['tabletop'] + sys.argv[1:]\nstatus = entry.main()\n"
         "sys.stderr.write('ran here' if 'assistant.cli' in sys.modules else 'answered')\nsys.exit(status)")


def test_a_real_server_answers_the_installed_command(tmp_path, runtime):
    db = str(tmp_path / "g.sqlite3")
    env = {**os.environ, "TABLETOP_DB": db, "XDG_RUNTIME_DIR": runtime}
    env.pop("TABLETOP_ASK_SERVER", None)
    gid = subprocess.run(_tabletop("new", "aa_classic"), env=env, capture_output=True, text=True,
                         check=True).stdout.strip()
    alone = subprocess.run(_tabletop("state", gid, "--at", "1"), env=env, capture_output=True, check=True)
    said = tmp_path / "serve.txt"
    server = _serve(env, said)
    socket_file = address.socket_path(db)
    try:
        _wait_for(socket_file, server)
        asked = subprocess.run([sys.executable, "-c", CHECK, "state", gid, "--at", "1"], env=env,
                               capture_output=True)
        assert asked.returncode == 0 and asked.stderr == b"answered"
        assert asked.stdout == alone.stdout
        told = "The command line's reads of this database (state, log, moves, games, players) are answered here.\n"
        for _ in range(600):  # printed just after the socket is made
            if told in said.read_text():
                break
            time.sleep(0.05)
        assert told in said.read_text()
        wrote = subprocess.run([sys.executable, "-c", CHECK, "do", gid, '{"type":"aa.start"}'], env=env,
                               capture_output=True)
        assert wrote.returncode == 0 and wrote.stderr == b"ran here"  # a write: never the server's
        refused = subprocess.run([sys.executable, "-c", CHECK, "state", "nope"], env=env, capture_output=True)
        assert (refused.returncode, refused.stderr) == (2, f"error: no game 'nope' in {db}\nanswered".encode())
        # killed, the server leaves its socket file: the command line runs the command itself
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        assert os.path.exists(socket_file)
        after = subprocess.run([sys.executable, "-c", CHECK, "state", gid, "--at", "1"], env=env,
                               capture_output=True)
        assert after.returncode == 0 and after.stderr == b"ran here" and after.stdout == alone.stdout
        # and the next server takes the place over
        server = _serve(env, tmp_path / "serve-again.txt")
        for _ in range(600):
            done = subprocess.run([sys.executable, "-c", CHECK, "state", gid, "--at", "1"], env=env,
                                  capture_output=True)
            if done.stderr == b"answered":
                break
            time.sleep(0.05)
        assert done.stderr == b"answered" and done.stdout == alone.stdout
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl+C
        server.wait(timeout=30)
    assert not os.path.exists(socket_file)  # a server stopped takes its socket with it


def test_a_defect_while_answering_leaves_the_command_to_the_command_line(served, monkeypatch):
    answering, db, gid = served
    monkeypatch.setattr(cli, "answer", lambda app, args: 1 / 0)
    assert ask_server(answering, ["--db", db, "state", gid]) == {
        "declined": "the server could not answer (ZeroDivisionError)"}
    assert ask.answered(["--db", db, "state", gid]) is None


def test_closing_ends_the_listening_thread(served):
    import threading

    answering, _, _ = served
    answering.close()
    for _ in range(100):
        if not any(t.name == "tabletop-answering" and t.is_alive() for t in threading.enumerate()):
            break
        time.sleep(0.01)
    assert not any(t.name == "tabletop-answering" and t.is_alive() for t in threading.enumerate())


def test_a_server_stopped_by_sigterm_closes_as_after_ctrl_c(tmp_path, runtime):
    """A service manager's stop (or ``kill``) ends the server cleanly: no socket left behind, the database whole."""
    db = str(tmp_path / "g.sqlite3")
    env = {**os.environ, "TABLETOP_DB": db, "XDG_RUNTIME_DIR": runtime}
    said = tmp_path / "serve.txt"
    server = _serve(env, said)
    socket_file = address.socket_path(db)
    try:
        _wait_for(socket_file, server)
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
    assert not os.path.exists(socket_file)
    assert said.read_text().endswith("\nStopped.\n")
    assert not os.path.exists(db + "-wal")  # closed: the write-ahead log merged into the file
