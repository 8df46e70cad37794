"""Game files: the whole log (JSON Lines) out and in, and the files a game writes from its state."""

from __future__ import annotations

import msgspec

from assistant.application.opening import Parts
from assistant.application.outcomes import GameFile
from assistant.decider import Refused
from assistant.kinds import UnknownKind
from events.core import GameCreated


class GameFiles(Parts):
    """Game files out and in."""

    def export(self, game_id: str) -> bytes:
        from events.exchange import export_lines  # game files: imported when one is written or read

        return export_lines(self.checked_rows(game_id))

    def parts(self, game_id: str) -> tuple[str, ...]:
        """The files a game's kind can write besides its log (``GameKind.files``), e.g. "board"."""
        return tuple(self.kind_of(game_id).kind.files)

    def export_part(self, game_id: str, part: str, at: int | None = None) -> GameFile:
        """One such file, written from the game's state now (or at event ``at``)."""
        files = self.kind_of(game_id).kind.files
        write = files.get(part)
        if write is None:
            offered = ", ".join(files) or "none"
            raise Refused(f"this game has no part {part!r} to export (its parts: {offered})")
        name, content, media_type = write(self.view(game_id, at=at).game)
        return GameFile(name, content.encode("utf-8") if isinstance(content, str) else content, media_type)

    def import_game(self, data: bytes) -> str:
        from events.exchange import read_lines

        rows = read_lines(data)
        created = msgspec.json.decode(rows[0].payload, type=GameCreated)
        try:
            loaded = self.registry.get(created.kind)
        except UnknownKind as exc:
            raise Refused(str(exc)) from None
        for number, row in enumerate(rows, start=1):
            try:
                loaded.catalogue.decode_event(row.type, row.version, row.payload)
            except Exception as exc:  # an unreadable event would break replay later; refuse now
                raise Refused(f"line {number}: {row.type} cannot be read ({exc})") from None
        self.store.import_rows(rows, created.kind, created.title)
        return rows[0].game_id
