"""`tabletop serve` as the CLI calls it: a real process serving the database, local-only or behind a join code."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(db: Path, port: int, lan: bool) -> subprocess.Popen:
    code = (
        "from assistant.web.server import serve; "
        f"serve({str(db)!r}, host='127.0.0.1', port={port}, lan={lan}, open_browser=False)"
    )
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _wait(url: str, proc: subprocess.Popen) -> None:
    for _ in range(100):
        if proc.poll() is not None:
            raise AssertionError(f"serve stopped: {proc.stderr.read()}")
        try:
            _get(url)
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("serve did not answer")


def test_serve_creates_the_database_and_answers_on_localhost_only(tmp_path):
    db = tmp_path / "new-folder" / "games.sqlite3"
    port = _free_port()
    proc = _start(db, port, lan=False)
    try:
        _wait(f"http://127.0.0.1:{port}/", proc)
        status, page = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "New Axis &amp; Allies (2nd edition)" in page
        assert db.exists()
        assert _get(f"http://127.0.0.1:{port}/", host="evil.example")[0] == 403
    finally:
        proc.terminate()
        out, _err = proc.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in out


def test_serve_on_the_lan_prints_the_join_code(tmp_path):
    port = _free_port()
    proc = _start(tmp_path / "games.sqlite3", port, lan=True)
    try:
        _wait(f"http://127.0.0.1:{port}/", proc)
        status, page = _get(f"http://127.0.0.1:{port}/")
        code = page.split("Join code <strong>", 1)[1][:9]
        assert status == 200 and re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}", code)
    finally:
        proc.terminate()
        out, _err = proc.communicate(timeout=10)
    assert f"join code {code}" in out
