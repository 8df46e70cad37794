"""What a game brings to the web companion from its own folder: templates and static files.

A game's templates are reached as ``"<game>/<file>"`` (``GameKind.templates``); its static files under
``/games/<game>/static/<file>`` (``GameKind.static``), and a ``<game>.css`` there is linked on that game's pages.
The core names no game: both are found through the registry when a page asks for them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, request, send_from_directory, url_for
from jinja2 import BaseLoader, FileSystemLoader, TemplateNotFound

from assistant.kinds import KindRegistry, UnknownKind

games_static = Blueprint("games", __name__)


class GameTemplates(BaseLoader):
    """Jinja loader for ``"<game>/<file>"``: the file from that game's own templates folder."""

    def __init__(self, registry: KindRegistry):
        self.registry = registry
        self._loaders: dict[str, FileSystemLoader | None] = {}

    def _loader(self, name: str) -> FileSystemLoader | None:
        if name not in self._loaders:
            try:
                folder = self.registry.get(name).kind.templates
            except UnknownKind:
                folder = None
            self._loaders[name] = FileSystemLoader(str(folder)) if folder else None
        return self._loaders[name]

    def get_source(self, environment: Any, template: str):
        game, sep, rest = template.partition("/")
        loader = self._loader(game) if sep and game in self.registry.names() else None
        if loader is None:
            raise TemplateNotFound(template)
        return loader.get_source(environment, rest)


def _folder(registry: KindRegistry, game: str) -> str | os.PathLike[str] | None:
    try:
        return registry.get(game).kind.static if game in registry.names() else None
    except UnknownKind:
        return None


@games_static.get("/games/<game>/static/<path:filename>")
def static_file(game: str, filename: str):
    from assistant.web.current import assistant  # the application of this server

    folder = _folder(assistant().registry, game)
    if folder is None:
        abort(404, f"No static files for {game!r}.")
    return send_from_directory(folder, filename, max_age=3600)


def stylesheet(registry: KindRegistry) -> str | None:
    """The URL of the stylesheet of the game this page shows, if it has one."""
    args = request.view_args or {}
    game_id = args.get("game_id")
    if not game_id:
        return None
    from assistant.web.current import assistant

    try:
        kind = assistant().kind_of(str(game_id)).kind
    except Exception:  # an unknown game: the page itself says so
        return None
    if kind.static is None or not (Path(kind.static) / f"{kind.name}.css").exists():
        return None
    return url_for("games.static_file", game=kind.name, filename=f"{kind.name}.css")
