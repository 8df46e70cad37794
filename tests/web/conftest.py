"""Web fixtures: a Flask test client over the test game, and a real server + Chromium for browser tests."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.toygame.game import GAME as TOY

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def toy_registry() -> KindRegistry:
    reg = KindRegistry()
    reg.register(TOY)
    return reg


@pytest.fixture
def web_assistant(tmp_path):
    store = EventStore(tmp_path / "web.sqlite3")
    yield Assistant(store, toy_registry())
    store.close()


@pytest.fixture
def flask_app(web_assistant):
    return create_app(web_assistant, testing=True)


class Client:
    """A test client that knows the session's CSRF token and speaks htmx when asked."""

    def __init__(self, app):
        self.http = app.test_client()
        self.csrf = ""

    def get(self, url, htmx=False, headers=None, **kw):
        response = self.http.get(url, headers={**({"HX-Request": "true"} if htmx else {}), **(headers or {})}, **kw)
        found = re.search(rb'name="csrf" value="([^"]+)"', response.data)
        if found:
            self.csrf = found.group(1).decode()
        return response

    def post(self, url, data=None, htmx=False, csrf=True, headers=None, **kw):
        data = dict(data or {})
        if csrf:
            if not self.csrf:
                self.get("/")
            data.setdefault("csrf", self.csrf)
        return self.http.post(url, data=data, headers={**({"HX-Request": "true"} if htmx else {}), **(headers or {})},
                              **kw)

    def do(self, game_id, type_, htmx=True, headers=None, **fields):
        fields.setdefault("command_id", os.urandom(8).hex())
        return self.post(f"/g/{game_id}/do", {"type": type_, **fields}, htmx=htmx, headers=headers)


@pytest.fixture
def client(flask_app):
    return Client(flask_app)


@pytest.fixture
def real(tmp_path):
    """The installed games (not the test game) and a test client over them."""
    store = EventStore(tmp_path / "real.sqlite3")
    assistant = Assistant(store, KindRegistry())
    yield assistant, Client(create_app(assistant, testing=True))
    store.close()


@pytest.fixture
def toy_id(web_assistant):
    gid = web_assistant.new_game("toy", {"treasury": 12}, title="Friday skirmish")
    web_assistant.handle(gid, '{"type": "toy.end_phase"}')
    return gid


# ---------------------------------------------------------------- browser


class LiveServer:
    def __init__(self, app):
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture
def live_server(flask_app):
    with LiveServer(flask_app) as server:
        yield server


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def aa_table(tmp_path):
    """A live server over the installed games and its application layer (to set a game up or play the other
    device's part directly)."""
    store = EventStore(tmp_path / "table.sqlite3")
    app = Assistant(store, KindRegistry())
    with LiveServer(create_app(app)) as server:
        yield server, app
    store.close()
