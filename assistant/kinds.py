"""Which games the assistant can play: found through the ``tabletop.games`` entry-point group, loaded on first use.

A game package declares itself in its distribution's metadata, as pytest plug-ins and Flask extensions do::

    [project.entry-points."tabletop.games"]
    my_game = "my_package.game:GAME"

and keeps a ``game.toml`` (``title``, ``namespace``) beside its modules, so that listing the games reads two
short files instead of importing every game's rules. No file of the core names a game.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from assistant import cachefile, collector

if TYPE_CHECKING:  # listing the games must not import msgspec, the log or any game
    from assistant.decider import GameKind
    from events.catalogue import Catalogue

GROUP = "tabletop.games"


class UnknownKind(Exception):
    pass


class About(NamedTuple):
    """What a game says of itself without being imported (its ``game.toml``)."""

    name: str
    title: str
    namespace: str


def read_about(package_dir: str | os.PathLike[str], name: str) -> About:
    """The ``game.toml`` of a game package (also read by the game's own declaration, so the title is said once).

    What it says is kept between runs (``cachefile``), keyed by the file's size and time: a command that opens one
    game then never imports the TOML reader."""
    path = os.path.join(package_dir, "game.toml")  # os.path, not pathlib: some 6 ms of every command
    stat = os.stat(path)
    key = [path, stat.st_size, stat.st_mtime_ns]
    kept = cachefile.load(f"about-{name}", key)
    if isinstance(kept, list) and len(kept) == 2 and all(isinstance(v, str) for v in kept):
        return About(name, kept[0], kept[1])
    import tomllib

    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    about = About(name=name, title=str(data["title"]), namespace=str(data["namespace"]))
    cachefile.save(f"about-{name}", key, [about.title, about.namespace])
    return about


class LoadedKind:
    """A game kind with its catalogue (tags, decoders) built once."""

    def __init__(self, kind: GameKind):
        self.kind = kind

    @cached_property
    def catalogue(self) -> Catalogue:
        from events.catalogue import Catalogue

        return Catalogue(self.kind.events, self.kind.declared_commands, self.kind.upcasters)


def installed() -> dict[str, str]:
    """name -> "module:attribute" of every installed game's declaration (read from package metadata only).

    Reading the metadata means importing ``importlib.metadata`` (with email, zipfile, csv...) and opening every
    installed distribution: a third of a short command's time. The answer is kept in a small file per Python
    environment, valid while the distributions on the import path stay the same (``_distributions``).
    """
    key = _distributions()
    name = kept_name(key)
    kept = cachefile.load(name, key)
    if isinstance(kept, dict):
        return kept
    from importlib.metadata import entry_points

    games = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    cachefile.save(name, key, games)
    return games


def kept_name(key: list[list[object]]) -> str:
    """The kept list's name, one per import path: ``tabletop`` and ``python -m assistant``
    run from a checkout see different import paths (the checkout first, or last), and would otherwise overwrite
    each other's answer on every run. The folders' order counts: the first distribution of a name found wins."""
    folders = list(dict.fromkeys(str(entry[0]) for entry in key))
    return "games-" + hashlib.blake2b(repr(folders).encode(), digest_size=6).hexdigest()


def _distributions() -> list[list[object]]:
    """Each folder on the import path (where the metadata reader looks for distributions' entry points) with its
    modification time. Installing, upgrading, reinstalling or removing a distribution adds or removes its metadata
    folder, which changes the time of the folder holding it; one ``stat`` each (listing them read the whole
    standard library's folder: a millisecond)."""
    found: list[list[object]] = []
    for folder in sys.path:
        try:
            found.append([folder, os.stat(folder or ".").st_mtime_ns])
        except OSError:  # not there (yet): it holds nothing
            continue
    return found


class KindRegistry:
    """The games of this installation; ``paths`` replaces discovery (tests pass ``{}`` and register their own)."""

    def __init__(self, paths: dict[str, str] | None = None):
        self._paths = installed() if paths is None else dict(paths)
        self._loaded: dict[str, LoadedKind] = {}

    def register(self, kind: GameKind) -> None:
        self._loaded[kind.name] = LoadedKind(kind)
        self._paths.setdefault(kind.name, "")

    def names(self) -> list[str]:
        return sorted(name for name in self._paths if name in self._loaded or self._paths[name])

    def about(self, name: str) -> About:
        """Title and namespace without importing the game (its ``game.toml``); a registered kind says it itself."""
        if name in self._loaded:
            k = self._loaded[name].kind
            return About(name=k.name, title=k.title, namespace=k.namespace)
        path = self._paths.get(name)
        if not path:
            raise UnknownKind(self._unknown(name))
        package = path.partition(":")[0].rpartition(".")[0]
        spec = importlib.util.find_spec(package) if package else None
        folders = list(spec.submodule_search_locations or ()) if spec else []
        for folder in folders:
            if os.path.exists(os.path.join(folder, "game.toml")):
                return read_about(folder, name)
        k = self.get(name).kind  # a game without game.toml: ask its declaration
        return About(name=k.name, title=k.title, namespace=k.namespace)

    def get(self, name: str) -> LoadedKind:
        if name in self._loaded:
            return self._loaded[name]
        path = self._paths.get(name)
        if not path:
            raise UnknownKind(self._unknown(name))
        module_name, _, attr = path.partition(":")
        try:
            with collector.paused(keep=True):  # thousands of classes and tables, no cycle to collect
                module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                raise UnknownKind(f"game kind {name!r} is not installed") from None
            raise
        kind = getattr(module, attr)
        if kind.name != name:
            raise UnknownKind(f"the entry point {name!r} declares a game named {kind.name!r}")
        loaded = LoadedKind(kind)
        self._loaded[name] = loaded
        return loaded

    def loaded(self) -> list[LoadedKind]:
        """Every available game, imported (for features that need each game's declaration, e.g. benches)."""
        return [self.get(n) for n in self.names()]

    def _unknown(self, name: str) -> str:
        return f"unknown game kind {name!r}; known: {', '.join(self.names())}"
