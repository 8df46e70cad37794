"""Numbers in addresses are bounded: every page and part of every installed game, asked with query values no
player types (5,000 digits, past what SQLite stores, negative, other scripts' digits), answers a clear refusal or
the page, never HTTP 500 ("Something went wrong")."""

from __future__ import annotations

import re

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import Client

VALUES = ["9" * 5000, "9" * 20, "-" + "9" * 20, "\u0663", "1e9", " 7 "]
# what each address reads of its query
ASKED = {"": ("at",), "/log": ("upto", "at"), "/teach": ("at",), "/summary": ("turn", "round"), "/live": ("seq",),
         "/part/odds": ("retreat", "attacker", "target", "modifier"), "/part/edit_status": ("unit",),
         "/report": ("at",)}


@pytest.mark.parametrize("kind", KindRegistry().names())
def test_query_numbers_never_answer_500(kind, tmp_path):
    assistant = Assistant(EventStore(tmp_path / "g.sqlite3"), KindRegistry())
    gid = assistant.new_game(kind)
    app = create_app(assistant, testing=True)
    app.testing = False  # as served: an unexpected error becomes a page, which this test counts
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = Client(app)
    failures = []
    for where, keys in ASKED.items():
        for key in keys:
            for value in VALUES:
                response = client.get(f"/g/{gid}{where}", query_string={key: value}, htmx=True)
                body = response.get_data(as_text=True)
                if response.status_code >= 500 or "Something went wrong" in body:
                    failures.append(f"{where}?{key}={value[:12]}: {re.sub(r'<[^>]+>', ' ', body)[:200]}")
    assert not failures, failures
    assert client.get(f"/g/{gid}/log", query_string={"upto": "9" * 20}).status_code == 400


def test_a_planned_retreat_is_a_small_whole_number(tmp_path):
    """A&A 2nd edition's battle panel: anything but 0–999 (or nothing, for never) is refused by name."""
    assistant = Assistant(EventStore(tmp_path / "g.sqlite3"), KindRegistry())
    gid = assistant.new_game("aa_classic", {"players": 5})
    for command in ('{"type": "aa.start"}', '{"type": "aa.purchase", "units": {"infantry": 3}}',
                    '{"type": "aa.end_step"}', '{"type": "aa.move", "path": ["Karelia S.S.R.", "Finland-Norway"], '
                    '"units": {"infantry": 2, "armour": 1}}', '{"type": "aa.end_step"}'):
        assistant.handle(gid, command)
    client = Client(create_app(assistant, testing=True))
    url = f"/g/{gid}/part/odds"
    for value in VALUES[:-1]:
        refused = client.get(url, query_string={"battle": "Finland-Norway", "retreat": value}, htmx=True)
        assert refused.status_code == 400
        assert "a whole number from 0 to 999, or nothing for never" in refused.get_data(as_text=True)
    planned = client.get(url, query_string={"battle": "Finland-Norway", "retreat": " 7 "}, htmx=True)
    assert planned.status_code == 200 and "retreating at 7 attackers or fewer" in planned.get_data(as_text=True)
    never = client.get(url, query_string={"battle": "Finland-Norway", "retreat": ""}, htmx=True)
    assert never.status_code == 200 and "retreating at" not in never.get_data(as_text=True)
