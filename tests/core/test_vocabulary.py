"""Every game speaks its own namespaced vocabulary and never reaches into another game's modules."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import events
from assistant.decider import GameKind
from assistant.kinds import KindRegistry
from events.base import Command, Event, require_explicit_tag, tag_of
from events.catalogue import Catalogue
from events.core import CORE_COMMANDS, CORE_EVENTS
from tests.toygame.game import GAME as TOY

ROOT = Path(__file__).resolve().parents[2]


def _kinds() -> list[GameKind]:
    registry = KindRegistry()
    return [TOY, *(registry.get(name).kind for name in registry.names())]


def _subclasses(base: type) -> Iterator[type]:
    for cls in base.__subclasses__():
        yield cls
        yield from _subclasses(cls)


def _project_classes() -> list[type]:
    """Every command and event class of the project (all of events/ imported, plus every game that loads)."""
    for info in pkgutil.walk_packages(events.__path__, "events."):
        importlib.import_module(info.name)
    _kinds()
    return [c for base in (Event, Command) for c in _subclasses(base)
            if c.__module__.split(".")[0] in ("events", "assistant") or c.__module__.startswith("tests.toygame")]


@pytest.mark.parametrize("kind", _kinds(), ids=lambda k: k.name)
def test_every_class_of_a_kind_has_its_own_explicit_namespaced_tag(kind):
    Catalogue(kind.events, kind.declared_commands(), kind.upcasters)  # refuses duplicate and implicit tags
    for cls in (*kind.events, *kind.declared_commands()):
        tag = require_explicit_tag(cls)
        assert tag.startswith(kind.namespace + "."), f"{cls.__qualname__}: {tag!r} is outside namespace {kind.namespace!r}"
    assert not set(kind.events) & set(CORE_EVENTS) and not set(kind.declared_commands()) & set(CORE_COMMANDS)


def test_no_two_classes_of_the_project_share_a_tag_and_namespaces_are_distinct():
    owners: dict[str, type] = {}
    for cls in _project_classes():
        tag = require_explicit_tag(cls)
        other = owners.setdefault(tag, cls)
        assert other is cls, f"{tag!r} is used by {other.__module__}.{other.__qualname__} and {cls.__module__}.{cls.__qualname__}"
    namespaces = [k.namespace for k in _kinds()]
    assert len(namespaces) == len(set(namespaces)) and "core" not in namespaces


def test_every_event_and_command_a_game_defines_is_registered_with_its_kind():
    # A class left out of GameKind.events would be written by nobody and unreadable by replay.
    kinds = {k.name: k for k in _kinds()}
    for cls in _project_classes():
        game = _game_of_module(cls.__module__, kinds)
        if game is None:
            continue
        registered = (*kinds[game].events, *kinds[game].declared_commands())
        assert cls in registered, f"{cls.__module__}.{cls.__qualname__} ({tag_of(cls)}) is not in the {game} kind"


def _game_of_module(module: str, kinds: dict[str, GameKind]) -> str | None:
    parts = module.split(".")
    if parts[:2] == ["assistant", "games"] and len(parts) > 2:
        return parts[2] if parts[2] in kinds else None
    if parts[0] in ("events", "projections") and len(parts) > 1 and parts[1] in kinds:
        return parts[1]
    return None


# ---------------------------------------------------------------- architecture


def games_of(root: Path) -> list[str]:
    base = root / "assistant" / "games"
    return sorted(p.name for p in base.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


def files_of(root: Path, game: str) -> Iterator[Path]:
    for folder in (root / "assistant" / "games" / game, root / "events" / game, root / "projections" / game):
        if folder.is_dir():
            yield from sorted(folder.rglob("*.py"))
    single = root / "events" / f"{game}.py"
    if single.exists():
        yield single


def imported_modules(path: Path, root: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every module a file imports, relative imports resolved."""
    module = ".".join(path.relative_to(root).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    package = package.removesuffix(".__init__")
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            yield node.lineno, base
            for alias in node.names:  # ``from assistant.games import other_game`` imports a module too
                yield node.lineno, f"{base}.{alias.name}"


def foreign_imports(root: Path) -> list[str]:
    games = games_of(root)
    found = []
    for game in games:
        forbidden = [f"{top}.{other}" for other in games if other != game
                     for top in ("assistant.games", "events", "projections")]
        for path in files_of(root, game):
            for line, name in imported_modules(path, root):
                if any(name == f or name.startswith(f + ".") for f in forbidden):
                    found.append(f"{path.relative_to(root)}:{line} ({game}) imports {name}")
    return found


def test_no_game_imports_another_games_modules():
    assert games_of(ROOT), "the games folder was found"
    assert foreign_imports(ROOT) == []


def test_the_import_check_catches_absolute_relative_and_from_package_imports(tmp_path):
    def write(rel: str, text: str = "") -> None:
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)

    for game in ("alpha", "beta"):
        write(f"assistant/games/{game}/__init__.py")
    write("assistant/games/alpha/moves/fire.py",
          "from ...beta import state\nfrom . import helpers\nimport events.core\nfrom events.alpha import Shot\n")
    write("assistant/games/alpha/game.py", "from assistant.games import beta\n")
    write("events/alpha.py", "import projections.beta.ledger as ledger\n")
    write("projections/beta/ledger.py", "from events.alpha import Shot\nfrom events import beta\n")
    write("events/beta/__init__.py", "from .clock import Tick\nfrom ..alpha import Shot\n")
    assert foreign_imports(tmp_path) == [
        "assistant/games/alpha/game.py:1 (alpha) imports assistant.games.beta",
        "assistant/games/alpha/moves/fire.py:1 (alpha) imports assistant.games.beta",
        "assistant/games/alpha/moves/fire.py:1 (alpha) imports assistant.games.beta.state",
        "events/alpha.py:1 (alpha) imports projections.beta.ledger",
        "events/beta/__init__.py:2 (beta) imports events.alpha",
        "events/beta/__init__.py:2 (beta) imports events.alpha.Shot",
        "projections/beta/ledger.py:1 (beta) imports events.alpha",
        "projections/beta/ledger.py:1 (beta) imports events.alpha.Shot",
    ]


@pytest.mark.parametrize("kind", _kinds(), ids=lambda k: k.name)
def test_every_command_a_player_is_offered_says_what_it_does(kind):
    """`tabletop moves` and the table name each command by its move's label, else its docstring's first line:
    never by its bare tag."""
    from assistant.moments import _label

    moves = kind.moves_by_command()
    unnamed = [tag_of(c) for c in kind.declared_commands()
               if ((moves[c].label if c in moves else "") or _label(c)) == tag_of(c)]
    assert not unnamed, f"commands offered by their tag alone: {unnamed}"
