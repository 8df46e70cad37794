"""The club's web app on a real PostgreSQL: members Ann (administrator), Bob, Cy and Dee; signed-in clients."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from assistant.application import Assistant
from assistant.club.accounts import Club
from assistant.club.live import Heads
from assistant.kinds import KindRegistry
from assistant.web import create_app
from tests.toygame.game import GAME as TOY
from tests.web.conftest import Client

PASSWORD = "correct horse battery"


@pytest.fixture
def club_env(pg_store, pg_dsn):
    registry = KindRegistry()
    registry.register(TOY)
    club = Club(pg_store)
    heads = Heads(pg_dsn)
    assistant = Assistant(pg_store, registry)
    app = create_app(assistant, testing=True, club=club, heads=heads)
    members = {name: club.add_member(name, admin=name == "Ann", password=PASSWORD) for name in ("Ann", "Bob", "Cy", "Dee")}
    yield SimpleNamespace(app=app, club=club, assistant=assistant, members=members, heads=heads, dsn=pg_dsn)
    heads.stop()


def sign_in(app, name: str, password: str = PASSWORD) -> Client:
    client = Client(app)
    client.get("/signin")
    response = client.post("/signin", {"name": name, "password": password})
    assert response.status_code == 303, response.data.decode()[:300]
    client.get("/")  # signing in starts a new session, with a new CSRF token
    return client


@pytest.fixture
def skirmish(club_env):
    """A toy game hosted by Ann; Bob plays red, Cy blue; Dee has no seat. Red is buying in round 1."""
    ann = sign_in(club_env.app, "Ann")
    response = ann.post("/new", {"kind": "toy", "title": "Club skirmish", "command_id": "new-1", "treasury": "12"})
    assert response.status_code == 303, response.data.decode()[:500]
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    club_env.club.set_seat(game_id, club_env.members["Bob"].member_id, ("red",))
    club_env.club.set_seat(game_id, club_env.members["Cy"].member_id, ("Blue",))
    club_env.assistant.handle(game_id, '{"type": "toy.end_phase"}')
    return game_id, ann
