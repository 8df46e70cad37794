"""Club servers and devices for measurements and tests, on this machine's loopback only.

``Servers`` starts ``tabletop serve --db postgresql://...`` processes (each a gunicorn master with its workers)
on free 127.0.0.1 ports and stops them. ``Device`` is what a phone does: it signs in (keeping the signed
session cookie and the CSRF token), sends commands through the table's forms, and follows a game's event stream.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


class Servers:
    """``count`` server processes behind one club database, each with ``workers`` gunicorn workers."""

    def __init__(self, dsn: str, count: int = 2, workers: int = 1, threads: int = 128):
        self.dsn, self.count, self.workers, self.threads = dsn, count, workers, threads
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []

    def __enter__(self) -> Servers:
        root = Path(__file__).resolve().parents[2]
        for _ in range(self.count):
            port = free_port()
            proc = subprocess.Popen(
                [sys.executable, "-m", "assistant", "serve", "--db", self.dsn, "--host", LOOPBACK, "--port", str(port),
                 "--workers", str(self.workers), "--threads", str(self.threads), "--no-browser"],
                cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
            )
            self.procs.append(proc)
            self.ports.append(port)
        for proc, port in zip(self.procs, self.ports):
            self._wait(proc, port)
        return self

    def _wait(self, proc: subprocess.Popen[bytes], port: int) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the club server stopped: {proc.stderr.read().decode()[-800:]}")
            try:
                conn = http.client.HTTPConnection(LOOPBACK, port, timeout=20)  # the stream says something every 15 s
                conn.request("GET", "/signin")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the club server on port {port} did not answer within 60 s")

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)

    def memory_kib(self) -> int:
        """Resident memory of every server process (masters and workers), in KiB."""
        total = 0
        for proc in self.procs:
            for pid in [proc.pid, *_children(proc.pid)]:
                try:
                    status = Path(f"/proc/{pid}/status").read_text()
                except OSError:
                    continue
                found = re.search(r"VmRSS:\s+(\d+) kB", status)
                total += int(found.group(1)) if found else 0
        return total


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


class Refusal(Exception):
    def __init__(self, status: int, text: str):
        super().__init__(f"{status}: {text[:200]}")
        self.status = status


class Device:
    """One signed-in device talking to one server process."""

    def __init__(self, port: int, timeout: float = 30.0):
        self.port, self.timeout = port, timeout
        self.cookie = ""
        self.csrf = ""
        self._conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        sent = {"Cookie": self.cookie} if self.cookie else {}
        sent.update(headers or {})
        body = None
        if form is not None:
            body = urlencode({**form, "csrf": self.csrf})
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):  # a kept-alive connection the server closed is opened again once
            if self._conn is None:
                self._conn = http.client.HTTPConnection(LOOPBACK, self.port, timeout=self.timeout)
            try:
                self._conn.request(method, path, body=body, headers=sent)
                response = self._conn.getresponse()
                text = response.read().decode()
                break
            except (http.client.HTTPException, ConnectionError):
                self._conn.close()
                self._conn = None
                if attempt == 2:
                    raise
        for value in response.headers.get_all("Set-Cookie") or []:
            if value.startswith("session="):
                self.cookie = value.split(";", 1)[0]
        found = re.search(r'name="csrf" value="([^"]+)"', text)
        if found:
            self.csrf = found.group(1)
        return response.status, dict(response.headers), text

    def sign_in(self, name: str, password: str) -> None:
        self.request("GET", "/signin")
        status, _, text = self.request("POST", "/signin", {"name": name, "password": password, "next": "/"})
        if status != 303:
            raise Refusal(status, text)
        self.request("GET", "/")  # the new session's CSRF token

    def command(self, game_id: str, fields: dict[str, str], command_id: str) -> int:
        """Send one command as the table's forms do (htmx); the HTTP status (200 done, 422 refused, 403 not yours)."""
        status, _, _ = self.request("POST", f"/g/{game_id}/do", {**fields, "command_id": command_id},
                                    headers={"HX-Request": "true"})
        return status

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()


def follow(port: int, cookie: str, path: str, on_change: Callable[[int, float], None], stop: threading.Event,
           known: int = 0, fetch: Callable[[int], object] | None = None) -> threading.Thread:
    """Read a game's event stream in a thread, calling ``on_change(head, monotonic time)`` for each change, after
    ``fetch(head)`` when given (what a browser does: fetch the table's changed fragment)."""

    def run() -> None:
        last = known
        while not stop.is_set():
            conn = http.client.HTTPConnection(LOOPBACK, port, timeout=20)  # the stream says something every 15 s
            try:
                conn.request("GET", f"{path}?seq={last}", headers={"Cookie": cookie, "Accept": "text/event-stream",
                                                                     "Last-Event-ID": str(last)})
                response = conn.getresponse()
                while not stop.is_set():
                    line = response.readline()
                    if not line:
                        break
                    if line.startswith(b"data: "):
                        last = int(line[6:])
                        if fetch is not None:
                            fetch(last)
                        on_change(last, time.monotonic())
            except (OSError, http.client.HTTPException, ValueError):
                stop.wait(0.5)  # the browser's EventSource reconnects too
            finally:
                conn.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread
