"""A regular install (``pip install .``, a published wheel) carries everything the assistant reads at run time.

The project's own wheel is built (``pip wheel``, without build isolation: no network) and unpacked in a folder of
its own. A process whose import path starts there plays, serves its pages and static files and writes a report
from what the wheel holds: ``templates/`` and ``static/`` sit at the project's root, which a wheel does not have,
so it carries them inside the package (``pyproject.toml``, ``assistant/site_folders.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
                           "--no-deps", "--no-build-isolation", "-w", str(out), str(ROOT)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("*.whl")
    return built


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_wheel_holds_every_template_static_file_and_game_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for site in ("templates", "static"):
        carried = {n.removeprefix(f"assistant/_site/{site}/") for n in names
                   if n.startswith(f"assistant/_site/{site}/")}
        assert carried == _files(ROOT / site)
    for package in ("assistant", "events", "projections"):
        assert {f"{package}/{f}" for f in _files(ROOT / package)} <= names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    declared = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[tabletop.games]" in declared and "aa_classic = assistant.games.aa_classic.game:GAME" in declared


WEB = """
import json, sys
from pathlib import Path
import assistant
from assistant.application import Assistant
from assistant.web import create_app
from events.store import EventStore

db, game_id = sys.argv[1], sys.argv[2]
client = create_app(Assistant(EventStore(Path(db))), testing=True).test_client()
pages = {path: client.get(path) for path in ("/", f"/g/{game_id}", "/static/app.css")}
print(json.dumps({"package": assistant.__file__,
                  "status": {path: r.status_code for path, r in pages.items()},
                  "games": pages["/"].get_data(as_text=True),
                  "table": pages[f"/g/{game_id}"].get_data(as_text=True),
                  "css": pages["/static/app.css"].get_data(as_text=True)}))
"""


def test_an_installed_wheel_plays_serves_its_pages_and_writes_a_report(wheel, tmp_path):
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "TABLETOP_CONFIG_DIR": str(tmp_path / "config")}
    db = tmp_path / "games.sqlite3"

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    game_id = run("-m", "assistant", "--db", str(db), "new", "aa_classic", "--player", "Ann",
                  "--player", "Bo").strip()
    report = tmp_path / "game.html"
    run("-m", "assistant", "--db", str(db), "report", game_id, "--format", "html", "-o", str(report))
    assert "<svg" in report.read_text() or "<table" in report.read_text()
    seen = json.loads(run("-c", WEB, str(db), game_id))
    assert Path(seen["package"]).is_relative_to(site)  # the wheel's copy ran, not the checkout's
    assert seen["status"] == {"/": 200, f"/g/{game_id}": 200, "/static/app.css": 200}
    assert game_id in seen["games"] and 'id="map"' in seen["table"]
    assert seen["css"] == (ROOT / "static" / "app.css").read_text()
