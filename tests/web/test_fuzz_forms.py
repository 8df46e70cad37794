"""1,000 bad form posts (Hypothesis) against the web companion of every installed game: forged or missing fields,
huge numbers, control characters, markup, deep JSON in JSON fields, wrong command types, oversized values, bad
``next`` targets and player names, under a memory cap. None may answer HTTP 500 or show a traceback, and a refused post leaves the
game exactly as it was."""

from __future__ import annotations

import re
from collections import Counter

import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import Client

POSTS = 250  # per game: 4 games, 1,000 posts

WORDS = st.sampled_from(["", " ", "0", "-1", "1e309", "99999999999999999999999", "NaN", "infantry=1e99",
                         "infantry=999999999999", "a\nb", "\x00", "<script>alert(1)</script>", "x" * 5000,
                         "Atlantis", "[" * 3000 + "]" * 3000, '{"a": ' * 100 + "1" + "}" * 100, "\u202e",
                         "3 1 6 9 0 7", "germany", "usa=100000000000000000000", "//evil.example", "/%09/evil"])
VALUES = st.one_of(WORDS, st.text(max_size=40))


@st.composite
def bad_post(draw, catalogue):
    tags = sorted(catalogue.commands)
    tag = draw(st.one_of(st.sampled_from(tags), WORDS))
    form = {"type": tag}
    cls = catalogue.commands.get(tag)
    if cls is not None:
        for field in mi.type_info(cls).fields:
            if draw(st.booleans()):
                form[field.encode_name] = draw(VALUES)
    for _ in range(draw(st.integers(0, 2))):
        form[draw(st.sampled_from(["power", "units.infantry", "path", "roll_for_me", "command_id", "__at",
                                   "origin", "zzz"]))] = draw(VALUES)
    return form


def _game_app(tmp_path, kind):
    assistant = Assistant(EventStore(tmp_path / f"{kind}.sqlite3"), KindRegistry())
    gid = assistant.new_game(kind)
    return assistant, gid, create_app(assistant, testing=True)


@pytest.mark.parametrize("kind", KindRegistry().names())
def test_bad_form_posts_never_answer_500_nor_change_a_refused_game(kind, tmp_path, memory_cap):
    assistant, gid, app = _game_app(tmp_path, kind)
    app.testing = False  # as served: unexpected errors become pages, which the test then counts as failures
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = Client(app)
    client.get(f"/g/{gid}")
    catalogue = assistant.kind_of(gid).catalogue
    seen: Counter = Counter()
    failures: list[str] = []

    @settings(max_examples=POSTS, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(bad_post(catalogue), st.booleans(), st.sampled_from(["do", "player", "join", "new"]))
    def post(form, htmx, where):
        seen["posts"] += 1
        head = assistant.store.head(gid)
        url = {"do": f"/g/{gid}/do", "player": "/player", "join": "/join", "new": "/new"}[where]
        data = form if where == "do" else {"player": form.get("type", ""), "next": form.get("zzz", "/"),
                                           "code": form.get("type", ""), "kind": form.get("type", "")}
        response = client.post(url, data, htmx=htmx)
        body = response.get_data(as_text=True)
        seen[response.status_code] += 1
        if response.status_code >= 500 or "Traceback" in body or "Something went wrong" in body:
            failures.append(f"{response.status_code} for {url} {form!r:.200}: {re.sub(r'<[^>]+>', ' ', body)[:300]}")
        if response.status_code >= 400 and assistant.store.head(gid) != head:
            failures.append(f"refused ({response.status_code}) but the game changed: {form!r:.200}")
        location = response.headers.get("Location", "")
        if location and not location.startswith("/") or location.startswith("//"):
            failures.append(f"redirected off the site to {location!r}")

    post()
    print(f"\n{kind}: {seen['posts']} bad posts, answers {dict((k, v) for k, v in seen.items() if k != 'posts')}, "
          f"{len(failures)} failures")
    assert seen["posts"] == POSTS
    assert not failures, "\n".join(failures[:10])
