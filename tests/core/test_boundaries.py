"""The layering the architecture promises, checked over the whole tree (docs/architecture.md):

* a game imports its own package, any family and the core, never another game;
* a family imports the core (and itself), never a game;
* the core (``events/``, ``projections/``, ``assistant/`` outside ``games/`` and ``families/``) imports no game and
  no family, and its code, templates and styles name no installed game (neither its name nor its namespace);
* a game's template includes its own templates or the shared ones, never another game's.
"""

from __future__ import annotations

import re
from pathlib import Path

from assistant.kinds import KindRegistry
from tests.core.test_vocabulary import imported_modules

ROOT = Path(__file__).resolve().parents[2]
CORE_CODE = ("events", "projections", "assistant")
JINJA_REF = re.compile(r"""{%-?\s*(?:include|extends|import|from)\s+["']([^"']+)["']""")


def _folders(root: Path, kind: str) -> list[str]:
    base = root / "assistant" / kind
    return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))) if base.is_dir() else []


def _core_files(root: Path, suffixes: tuple[str, ...]) -> list[Path]:
    out = []
    for top in (*CORE_CODE, "templates", "static"):
        for path in sorted((root / top).rglob("*")):
            rel = path.relative_to(root).parts
            if path.suffix in suffixes and rel[:2] not in (("assistant", "games"), ("assistant", "families")):
                if "vendor" not in rel:
                    out.append(path)
    return out


def boundary_breaks(root: Path) -> list[str]:
    games, families = _folders(root, "games"), _folders(root, "families")
    found = []

    def check(path: Path, forbidden: list[str], who: str) -> None:
        for line, name in imported_modules(path, root):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                found.append(f"{path.relative_to(root)}:{line} ({who}) imports {name}")

    for game in games:
        others = [f"assistant.games.{g}" for g in games if g != game]
        for path in sorted((root / "assistant" / "games" / game).rglob("*.py")):
            check(path, others, game)
        for path in sorted((root / "assistant" / "games" / game).rglob("*.html")):
            for n, text in enumerate(path.read_text().splitlines(), 1):
                for ref in JINJA_REF.findall(text):
                    if ref.split("/", 1)[0] in games and ref.split("/", 1)[0] != game:
                        found.append(f"{path.relative_to(root)}:{n} ({game}) includes {ref}")
    for family in families:
        for path in sorted((root / "assistant" / "families" / family).rglob("*.py")):
            check(path, ["assistant.games"], f"family {family}")
    for path in _core_files(root, (".py",)):
        check(path, ["assistant.games", "assistant.families"], "core")
    return found


def test_games_families_and_core_keep_to_their_layers():
    assert _folders(ROOT, "games") and _folders(ROOT, "families")
    assert boundary_breaks(ROOT) == []


def test_the_boundary_check_catches_each_kind_of_crossing(tmp_path):
    def write(rel: str, text: str = "") -> None:
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)

    for game in ("alpha", "beta"):
        write(f"assistant/games/{game}/__init__.py")
    write("assistant/families/dice/__init__.py", "from assistant.games.alpha import state\n")
    write("assistant/games/alpha/rules.py", "from ..beta import state\nfrom assistant.families.dice import roll\n")
    write("assistant/games/alpha/templates/page.html", '{% include "beta/panel.html" %}{% include "alpha/x.html" %}\n')
    write("assistant/web/page.py", "import assistant.families.dice\n")
    write("events/store.py", "from assistant.games import beta\n")
    write("projections/clock.py", "import events.core\n")
    assert boundary_breaks(tmp_path) == [
        "assistant/games/alpha/rules.py:1 (alpha) imports assistant.games.beta",
        "assistant/games/alpha/rules.py:1 (alpha) imports assistant.games.beta.state",
        "assistant/games/alpha/templates/page.html:1 (alpha) includes beta/panel.html",
        "assistant/families/dice/__init__.py:1 (family dice) imports assistant.games.alpha",
        "assistant/families/dice/__init__.py:1 (family dice) imports assistant.games.alpha.state",
        "events/store.py:1 (core) imports assistant.games",
        "events/store.py:1 (core) imports assistant.games.beta",
        "assistant/web/page.py:1 (core) imports assistant.families.dice",
    ]


def game_words(root: Path, registry: KindRegistry) -> list[str]:
    """Where the core names an installed game: its name, or a tag of its namespace (``"aa.purchase"``)."""
    found = []
    for name in registry.names():
        namespace = registry.about(name).namespace
        pattern = re.compile(rf"\b{re.escape(name)}\b|[\"'`]{re.escape(namespace)}\.[a-z_]+")
        for path in _core_files(root, (".py", ".html", ".css", ".js", ".toml", ".md")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{n} names {name}")
    return found


def test_nothing_game_specific_remains_in_the_core():
    registry = KindRegistry()
    assert {"aa_classic", "europe_engulfed"} <= set(registry.names())
    assert game_words(ROOT, registry) == []


def test_the_name_check_sees_a_game_named_in_the_core(tmp_path):
    (tmp_path / "assistant" / "web").mkdir(parents=True)
    (tmp_path / "assistant" / "web" / "x.py").write_text('KIND = "aa_classic"\nTAG = "aa.purchase"\nOK = "aaa"\n')
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.html").write_text("{{ 'ee.move' }}\n")
    for top in ("events", "projections", "static"):
        (tmp_path / top).mkdir()
    assert game_words(tmp_path, KindRegistry()) == [
        "assistant/web/x.py:1 names aa_classic", "assistant/web/x.py:2 names aa_classic",
        "templates/t.html:1 names europe_engulfed",
    ]
