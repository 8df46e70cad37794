"""The registry of game kinds: which games the assistant can play, loaded on first use."""

from __future__ import annotations

import importlib
from functools import cached_property

from assistant.decider import GameKind
from events.catalogue import Catalogue

# name -> "module:attribute" of its GameKind declaration. Adding a game is one line here.
BUILTIN: dict[str, str] = {
    "aa_classic": "assistant.games.aa_classic.game:GAME",
    "europe_engulfed": "assistant.games.europe_engulfed.game:GAME",
}


class UnknownKind(Exception):
    pass


class LoadedKind:
    """A game kind with its catalogue (tags, decoders) built once."""

    def __init__(self, kind: GameKind):
        self.kind = kind

    @cached_property
    def catalogue(self) -> Catalogue:
        return Catalogue(self.kind.events, self.kind.commands, self.kind.extra.get("upcasters", ()))


class KindRegistry:
    def __init__(self, builtin: dict[str, str] | None = None):
        self._paths = dict(BUILTIN if builtin is None else builtin)
        self._loaded: dict[str, LoadedKind] = {}

    def register(self, kind: GameKind) -> None:
        self._loaded[kind.name] = LoadedKind(kind)
        self._paths.setdefault(kind.name, "")

    def names(self) -> list[str]:
        return sorted(name for name in self._paths if self._available(name))

    def _available(self, name: str) -> bool:
        try:
            self.get(name)
            return True
        except UnknownKind:
            return False

    def get(self, name: str) -> LoadedKind:
        if name in self._loaded:
            return self._loaded[name]
        path = self._paths.get(name)
        if not path:
            known = ", ".join(n for n in sorted(self._paths) if n in self._loaded or self._paths[n])
            raise UnknownKind(f"unknown game kind {name!r}; known: {known}")
        module_name, _, attr = path.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                raise UnknownKind(f"game kind {name!r} is not installed") from None
            raise
        loaded = LoadedKind(getattr(module, attr))
        self._loaded[name] = loaded
        return loaded
