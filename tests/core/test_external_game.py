"""A game from another distribution (``tests/external_game``, the "Duel") plugs in with no edit to this project.

It is built and installed with pip into the test environment, exactly as a player would install a published game;
then it is listed, played through the CLI and through the web table. Nothing outside its folder names it.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.application import Assistant
from assistant.kinds import KindRegistry
from assistant.web import create_app
from events.store import EventStore
from tests.web.conftest import Client

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tests" / "external_game"


@pytest.fixture(scope="session")
def duel(tmp_path_factory):
    """pip-installs the example game (a copy, so the build leaves nothing behind in the tree)."""
    source = tmp_path_factory.mktemp("duel") / "external_game"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--no-deps", "--no-build-isolation", str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    importlib.invalidate_caches()
    return "duel"


def tabletop(db: Path, *args: str, ok: bool = True) -> str:
    done = subprocess.run([sys.executable, "-m", "assistant", "--db", str(db), *args], capture_output=True,
                          text=True, cwd=db.parent)
    assert (done.returncode == 0) == ok, done.stderr
    return done.stdout if ok else done.stderr


def test_the_installed_game_plays_through_the_cli(duel, tmp_path):
    db = tmp_path / "club.sqlite3"
    assert "duel\tDuel (example game)" in tabletop(db, "kinds")
    gid = tabletop(db, "new", "duel").strip()
    assert tabletop(db, "moves", gid).startswith("duel.start\tStart the duel")
    tabletop(db, "do", gid, '{"type": "duel.start"}')
    tabletop(db, "undo", gid)
    tabletop(db, "do", gid, '{"type": "duel.start"}')
    moves = json.loads(tabletop(db, "--json", "moves", gid))
    assert [m["type"] for m in moves] == ["duel.roll", "duel.concede"]
    assert moves[0]["choices"] == {"side": ["north", "south"]}
    tabletop(db, "do", gid, '{"type": "duel.roll", "side": "north", "faces": [5]}')
    assert json.loads(tabletop(db, "--json", "moves", gid))[0]["choices"] == {"side": ["south"]}
    refused = tabletop(db, "do", gid, '{"type": "duel.roll", "side": "north", "faces": [2]}', ok=False)
    assert refused.strip() == "refused: north has already rolled this round (Duel 2)"
    tabletop(db, "do", gid, '{"type": "duel.roll", "side": "south", "faces": [2]}')
    log = tabletop(db, "log", gid)
    assert "north scores (5 against 2)." in log and "Undo: event 2" in log and "    2 x table" in log
    head = int(log.strip().splitlines()[-1].split()[0])
    assert json.loads(tabletop(db, "--json", "state", gid))["score_sheet"]["points"] == {"north": 1, "south": 0}
    before = json.loads(tabletop(db, "--json", "state", gid, "--at", str(head - 3)))
    assert before["score_sheet"]["points"] == {"north": 0, "south": 0}
    exported = tmp_path / "duel.jsonl"
    tabletop(db, "export", gid, "-o", str(exported))
    other = tmp_path / "elsewhere.sqlite3"
    copy = tabletop(other, "import", str(exported)).strip()
    assert tabletop(other, "verify", copy) == tabletop(db, "verify", gid)
    assert json.loads(tabletop(other, "--json", "state", copy))["game"] == json.loads(
        tabletop(db, "--json", "state", gid))["game"]
    report = tabletop(db, "report", gid)
    assert report.startswith("# Duel (example game)")
    luck = report.split("## Dice luck", 1)[1]
    assert re.search(r"^\| north \| 1 \|", luck, re.M) and re.search(r"^\| south \| 1 \|", luck, re.M)  # who threw


def test_the_installed_game_has_a_web_table(duel, tmp_path):
    store = EventStore(tmp_path / "web.sqlite3")
    app = Assistant(store, KindRegistry())
    client = Client(create_app(app, testing=True))
    gid = app.new_game("duel", {"sides": ["ann", "bob"], "target": 1})
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "/games/duel/static/duel.css" in page and 'value="duel.start"' in page and 'value="duel.roll"' not in page
    assert client.get("/games/duel/static/duel.css").status_code == 200
    assert client.do(gid, "duel.start").status_code == 200
    fragment = client.get(f"/g/{gid}", htmx=True).get_data(as_text=True)
    assert fragment.lstrip().startswith('<div id="table"') and 'value="duel.roll"' in fragment
    assert re.search(r'<option value="ann">', fragment) and "Score (first to 1)" in fragment
    assert client.do(gid, "duel.roll", side="ann", faces="6").status_code == 200
    assert client.do(gid, "duel.roll", side="bob", faces="1").status_code == 200
    now = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "ann wins the duel." in now
    past = client.get(f"/g/{gid}?at=2").get_data(as_text=True)
    assert "ann wins the duel." not in past and "<strong>ann</strong> 0" in past
    watch = re.search(r'value="(http://[^"]+/watch/[^"]+)"', now).group(1).split("localhost", 1)[1]
    spectator = client.get(watch).get_data(as_text=True)
    assert "Spectator view: read-only." in spectator and "ann wins the duel." in spectator
    assert 'value="duel.roll"' not in spectator
    store.close()


def test_nothing_outside_the_package_names_it():
    """Zero edits: no file of the project outside ``tests/external_game`` mentions the game, except this test and
    the architecture guide whose walkthrough points at it as the example to copy."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    if not tracked:
        pytest.fail("git ls-files listed nothing: run the tests from a checkout")
    mentions = []
    for rel in tracked:
        if rel.startswith("tests/external_game/") or rel in ("tests/core/test_external_game.py",
                                                                 "docs/architecture.md"):
            continue
        path = ROOT / rel
        if path.is_file() and path.suffix not in (".png", ".ico"):
            text = path.read_text(errors="replace")
            if re.search(r"\bduel\b|tabletop_duel|tabletop-duel", text, re.I):
                mentions.append(rel)
    assert mentions == []
