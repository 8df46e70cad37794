"""Which games the assistant can play: found through the ``tabletop.games`` entry-point group, loaded on first use.

A game package declares itself in its distribution's metadata, as pytest plug-ins and Flask extensions do::

    [project.entry-points."tabletop.games"]
    my_game = "my_package.game:GAME"

and keeps a ``game.toml`` (``title``, ``namespace``) beside its modules, so that listing the games reads two
short files instead of importing every game's rules. No file of the core names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import zlib
from collections import namedtuple
from functools import cached_property

from assistant import cachefile, collector

# Listing the games imports neither msgspec, the log, any game nor even ``typing`` (some 3 ms): these names are
# for type checkers only.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from assistant.decider import GameKind
    from events.catalogue import Catalogue

GROUP = "tabletop.games"


class UnknownKind(Exception):
    pass


class About(namedtuple("About", ["name", "title", "namespace"])):
    """What a game says of itself without being imported (its ``game.toml``): three strings, its ``name`` (the
    entry point's), ``title`` and ``namespace``. (A plain named tuple: ``typing.NamedTuple`` turns each annotation
    into a forward reference, and the first one sets up the compiler's AST types, 2 ms of listing the games.)"""

    __slots__ = ()


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
    environment and import path, valid while the distributions on that path stay the same (``_unchanged``).
    """
    path = list(sys.path)
    name = kept_name(path)
    kept = cachefile.load(name, path)
    if isinstance(kept, dict) and isinstance(kept.get("games"), dict):
        folders = _unchanged(kept.get("folders"))
        if folders is not None:
            if folders is not kept["folders"]:  # a folder changed, not its distributions: keep its new time
                cachefile.save(name, path, {"games": kept["games"], "folders": folders})
            return kept["games"]
    from importlib.metadata import entry_points

    folders = [_folder(folder) for folder in path]
    games = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    cachefile.save(name, path, {"games": games, "folders": folders})
    return games


def kept_name(path: list[str]) -> str:
    """The kept list's name, one per import path: ``tabletop`` and ``python -m assistant`` run from a checkout see
    different import paths (the checkout first, or last), and would otherwise overwrite each other's answer on
    every run. The folders' order counts: the first distribution of a name found wins."""
    return f"games-{zlib.crc32(repr(list(dict.fromkeys(path))).encode()):08x}"


def _unchanged(folders: object) -> list[list[object]] | None:
    """The folders of the import path as kept (or with their new times, where a folder changed but not the
    distributions in it), or None if a distribution was installed, upgraded, reinstalled or removed since.

    One ``stat`` per folder: installing, upgrading, reinstalling or removing a distribution adds or removes its
    metadata folder, which changes the time of the folder holding it. Only a folder whose time changed is listed
    again (the current folder of ``python -m`` changes whenever a file is made in it, a database's journal say);
    listing every folder read the whole standard library's: a millisecond of every command."""
    if not isinstance(folders, list):
        return None
    fresh = folders
    for i, entry in enumerate(folders):
        if not (isinstance(entry, list) and len(entry) == 3):
            return None
        folder, when, dists = entry
        now = _folder_time(str(folder))
        if now == when:
            continue
        listed = _folder(str(folder))
        if listed[2] != dists:
            return None
        fresh = fresh if fresh is not folders else list(folders)
        fresh[i] = listed
    return fresh


def _folder_time(folder: str) -> int | None:
    try:
        return os.stat(folder or ".").st_mtime_ns
    except OSError:  # not there (yet): it holds nothing
        return None


def _folder(folder: str) -> list[object]:
    """[folder, its time, [[metadata folder, its time], ...]]: the distributions a folder of the import path holds
    (where the metadata reader looks for entry points)."""
    when = _folder_time(folder)  # before the listing: a change made meanwhile shows as a new time next run
    dists: list[list[object]] = []
    try:
        with os.scandir(folder or ".") as entries:
            dists = sorted([e.name, e.stat().st_mtime_ns] for e in entries
                           if e.name.endswith((".dist-info", ".egg-info")))
    except OSError:
        pass
    return [folder, when, dists]


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
