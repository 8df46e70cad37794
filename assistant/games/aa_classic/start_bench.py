"""Benchmark: what a new process pays on a long Axis & Allies game (``tabletop bench --only aa_start``).

* ``state --at``: ``tabletop state G --at N`` on a 100,000-event game, the whole process (start-up, opening and
  checking the game, a view from the nearest checkpoint, printing), at random events; the children's processor
  time (user + system) beside the wall time, median of the runs (target: <= 0.12 s);
* ``state --at``, answered: the same commands while ``tabletop serve`` runs on the database, which answers the
  command line's reads (``assistant.answering``); the server's answer is first checked to be byte for byte what
  the command line prints itself;
* ``serve``: ``tabletop serve`` started on that database until its first table page of the game is answered
  (target: <= 0.8 s), wall and the server's processor time.

The game is the web benchmark's: a real A&A game annotated with notes up to 100,000 events. To time the commands
with another tool, make the database once with ``python -m assistant.games.aa_classic.start_bench FILE``: it
prints the game's id and its last event.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import platform
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

EVENTS = 100_000


def make_database(path: Path, events: int = EVENTS) -> tuple[str, int]:
    """A 100,000-event A&A game in a new SQLite file, its checkpoints written: (game id, last event)."""
    from assistant.application import Assistant
    from assistant.games.aa_classic.web_bench import _long_game
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    store = EventStore(path)
    app = Assistant(store, KindRegistry())
    game_id = _long_game(app, store, events)
    app.view(game_id)  # the checkpoints, as a played game has them
    head = store.head(game_id)
    store.close()
    return game_id, head


def _tabletop(*args: str) -> list[str]:
    """The command a player types: the installed ``tabletop`` script beside this interpreter (else ``python -m
    assistant``, which also pays for ``runpy``)."""
    script = Path(sys.executable).parent / "tabletop"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script), *args]
    return [sys.executable, "-m", "assistant", *args]


def compile_bytecode() -> str:
    """Write the bytecode cache of the project's packages, as ``pip install`` does, so every timed run reads it.

    An editable install leaves it to the first run, and with ``PYTHONDONTWRITEBYTECODE`` set (some shells, CI)
    no run writes it: every command would compile its sources again, some 30 ms of what is not a player's cost."""
    import compileall

    roots = {Path(importlib.util.find_spec(name).origin).parent for name in ("assistant", "events", "projections")}
    ok = all(compileall.compile_dir(str(root), quiet=1) for root in sorted(roots))
    return "compiled before timing" if ok else "could not be written: the sources are compiled at every run"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def state_at_process(db: Path, game_id: str, head: int, runs: int = 15) -> dict[str, Any]:
    """``state --at`` at random events, each run beside its peer (a bare ``python -c pass``, in turn), so a burst
    of other work on a shared machine falls on both."""
    env = {**os.environ, "TABLETOP_DB": str(db)}
    bytecode = compile_bytecode()
    subprocess.run(_tabletop("state", game_id, "--at", "1"), env=env, check=True, capture_output=True)  # warm
    walls, cpus, bare_walls, bare_cpus, interpreter_walls = _in_turn(env, game_id, head, runs, alone=True)
    return {"command": " ".join(Path(word).name if i == 0 else word
                                for i, word in enumerate(_tabletop("state", "G", "--at", "N"))),
            "bytecode_cache": bytecode,
            "state_at_process_s_median": round(statistics.median(walls), 3),
            "state_at_process_cpu_s_median": round(statistics.median(cpus), 3),
            "state_at_process_cpu_s_min": round(min(cpus), 3),
            "python_pass_s_median": round(statistics.median(bare_walls), 3),
            "python_pass_cpu_s_median": round(statistics.median(bare_cpus), 3),
            # the interpreter alone, without the site hooks (the .pth files of the environment: an editable install
            # is one line on the import path, pyproject.toml's package-dir, not an import hook loading pathlib)
            "python_S_pass_s_median": round(statistics.median(interpreter_walls), 3),
            # the machine's speed divided out: the target (0.12 s) was set where `python -c pass` took about 0.023 s
            "state_at_over_python_pass": round(statistics.median(walls) / statistics.median(bare_walls), 1),
            # msgspec imports typing_extensions when it is installed (the club's and the tests' extras bring it):
            # some 8 ms of every command that a player's own install does not pay
            "typing_extensions_installed": importlib.util.find_spec("typing_extensions") is not None,
            # the same code runs some 25% faster on an interpreter whose libpython is linked in and built with
            # profile-guided optimisation (Debian's python3) than on one built plain as a shared library (pyenv's
            # default): figures from two machines compare only with this line
            "interpreter": f"{sys.executable} (CPython {platform.python_version()}, libpython "
                           f"{'shared' if sysconfig.get_config_var('Py_ENABLE_SHARED') else 'linked in'})"}


def _in_turn(env: dict[str, str], game_id: str, head: int, runs: int, alone: bool) -> tuple[list[float], ...]:
    """``state --at`` at random events (the same in every call), each run after its peers: a bare ``python -c
    pass`` and, with ``alone``, the interpreter without its site hooks. Walls and processor times, in lists."""
    rng = random.Random(11)
    walls: list[float] = []
    cpus: list[float] = []
    bare_walls: list[float] = []
    bare_cpus: list[float] = []
    interpreter_walls: list[float] = []
    for _ in range(runs):
        c0, t0 = _children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        bare_walls.append(time.perf_counter() - t0)
        bare_cpus.append(_children_cpu() - c0)
        if alone:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-S", "-c", "pass"], env=env, check=True)
            interpreter_walls.append(time.perf_counter() - t0)
        at = str(rng.randint(1, head))
        c0, t0 = _children_cpu(), time.perf_counter()
        subprocess.run(_tabletop("state", game_id, "--at", at), env=env, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - t0)
        cpus.append(_children_cpu() - c0)
    return walls, cpus, bare_walls, bare_cpus, interpreter_walls


def state_at_answered(db: Path, game_id: str, head: int, runs: int = 15) -> dict[str, Any]:
    """``state --at`` at random events while ``tabletop serve`` runs on the database, each run beside a bare
    ``python -c pass``; before the runs, the server's answers at the first and last events are checked to be the
    command line's own output, byte for byte (else this raises)."""
    from assistant.answering import address

    env = {**os.environ, "TABLETOP_DB": str(db)}
    env.pop("TABLETOP_ASK_SERVER", None)
    server = subprocess.Popen(_tabletop("serve", "--no-browser", "--port", str(_free_port())), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        path = address.socket_path(str(db))
        deadline = time.perf_counter() + 60
        while path is None or not os.path.exists(path):
            if path is None or time.perf_counter() > deadline or server.poll() is not None:
                raise RuntimeError("the server did not listen for the command line within 60 s")
            time.sleep(0.01)
        for at in ("1", str(head)):
            words = ["state", game_id, "--at", at]
            alone = subprocess.run(_tabletop(*words), env={**env, "TABLETOP_ASK_SERVER": "0"}, check=True,
                                   capture_output=True).stdout
            if _asked(path, ["--db", str(db), *words]) != alone:
                raise RuntimeError(f"the server's answer to `state --at {at}` is not the command line's own")
        subprocess.run(_tabletop("state", game_id, "--at", "1"), env=env, check=True, capture_output=True)  # warm
        walls, cpus, bare_walls, _, _ = _in_turn(env, game_id, head, runs, alone=False)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    return {"state_at_answered_s_median": round(statistics.median(walls), 3),
            # the command line's own processor time: the server's is not counted here
            "state_at_answered_cpu_s_median": round(statistics.median(cpus), 3),
            "state_at_answered_python_pass_s_median": round(statistics.median(bare_walls), 3),
            "state_at_answered_over_python_pass": round(statistics.median(walls) / statistics.median(bare_walls), 1)}


def _asked(path: str, words: list[str]) -> bytes | None:
    """What the server at ``path`` prints for ``words``, None if it declines."""
    from assistant.answering import ask

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(60)
        sock.connect(path)
        sock.sendall(marshal.dumps(ask.request(words, os.getcwd())))
        sock.shutdown(socket.SHUT_WR)
        reply = marshal.loads(b"".join(iter(lambda: sock.recv(1 << 20), b"")))
    return reply.get("out") if reply.get("exit") == 0 else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_of(pid: int) -> float:
    """User + system seconds of a running process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve_first_page(db: Path, game_id: str, runs: int = 5) -> dict[str, float]:
    walls, cpus = [], []
    for _ in range(runs):
        port = _free_port()
        env = {**os.environ, "TABLETOP_DB": str(db)}
        t0 = time.perf_counter()
        server = subprocess.Popen(_tabletop("serve", "--no-browser", "--port", str(port)), env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = t0 + 60
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/g/{game_id}", timeout=30) as response:
                        response.read()
                    break
                except OSError:
                    if time.perf_counter() > deadline or server.poll() is not None:
                        raise RuntimeError("the server did not answer within 60 s") from None
                    time.sleep(0.01)
            walls.append(time.perf_counter() - t0)
            cpus.append(_cpu_of(server.pid))
        finally:
            server.terminate()
            server.wait(timeout=10)
    return {"serve_first_page_s_median": round(statistics.median(walls), 3),
            "serve_first_page_cpu_s_median": round(statistics.median(cpus), 3),
            "serve_first_page_cpu_s_min": round(min(cpus), 3)}


def run(events: int = EVENTS) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tabletop-start-") as tmp:
        db = Path(tmp) / "games.sqlite3"
        game_id, head = make_database(db, events)
        return {"events": head, **state_at_process(db, game_id, head), **state_at_answered(db, game_id, head),
                **serve_first_page(db, game_id),
                "targets": "state --at <= 0.12 s, serve to a first page <= 0.8 s"}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m assistant.games.aa_classic.start_bench DATABASE_FILE")
    gid, last = make_database(Path(sys.argv[1]))
    print(gid, last)
