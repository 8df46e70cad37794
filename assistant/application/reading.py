"""Reading a game: the table at any event, the moves possible, the log in plain sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.application.opening import Parts
from assistant.application.outcomes import LogEntry, one_stop, with_correction
from assistant.decider import Refused
from assistant.kinds import LoadedKind
from assistant.replay import View, read_cancels
from events.base import Command, Event, tag_of
from events.core import CorrectDice, DiceCorrected, NoteAdded
from events.store import Tampered
from projections.cancellation import cancelled_set

if TYPE_CHECKING:
    from assistant.moments import Possible


class Reading(Parts):
    """The table now or at any event, what may be done, the log."""

    def view(self, game_id: str, at: int | None = None) -> View:
        try:
            return self._view(game_id, at)
        except Tampered as exc:  # an event read for this view failed its check
            self._refuse(exc)
            raise

    def _view(self, game_id: str, at: int | None) -> View:
        game = self._open(game_id)
        head = self.store.head(game.row.game_id)
        verified = getattr(self.store, "verified", None)
        if verified is not None and verified.get(game.row.game_id, (0, ""))[0] != head:
            self._check(game.row.game_id)  # another process wrote, or the file was edited: check what is new
        if at is not None:
            if not 1 <= at <= head:
                raise Refused(f"event {at} does not exist; this game's log runs from 1 to {head}")
            known = [game.head] if game.head is not None else []
            stones: list[View] = []
            view = game.timeline.view_at(at, known + game.travelled.views(), stones)
            game.travelled.keep([*stones, view])
            return view
        with game.lock:
            if game.head is None or game.head.seq != head:
                known = [game.head] if game.head is not None else []
                game.head = game.timeline.view_at(head, known)
            return game.head

    def moves(self, game_id: str, at: int | None = None) -> list[Possible]:
        """The commands possible at this moment of the game (or at event ``at``), with their choices; while a throw
        entered at the table can be corrected, ``core.correct_dice`` too, offering those throws by name, newest
        first."""
        from assistant.moments import Possible, possible_moves  # the moves: not imported to look at the table

        out = possible_moves(self.kind_of(game_id).kind, self.view(game_id, at))
        if at is not None and at < self.head(game_id):
            return out  # a correction is appended now: looking back at a moment offers none
        throws = self.correctable(game_id)  # type: ignore[attr-defined]  # TakingBack's
        if throws:
            out.append(Possible(tag_of(CorrectDice), CorrectDice, "Correct a throw entered at the table",
                                {"throw": tuple(t.name for t in throws)}))
        return out

    def head(self, game_id: str) -> int:
        return self.store.head(self._open(game_id).row.game_id)

    def position(self, game_id: str) -> int:
        """The log position a form is drawn at: the last event that changed the table (a note changes nothing,
        so a form drawn before it still answers the table as it is)."""
        gid = self._open(game_id).row.game_id
        note = tag_of(NoteAdded)
        return next((seq for seq, type_, _ in self.store.meta_newest_first(gid, 0) if type_ != note), 1)

    def log(self, game_id: str, after: int = 0, limit: int | None = None) -> list[LogEntry]:
        game = self._open(game_id)
        gid = game.row.game_id
        catalogue = game.loaded.catalogue
        head = self.store.head(gid)
        self._checked_from(gid, after)
        cancelled = self._cancelled(gid, head)
        corrections: dict[int, tuple[int, ...]] = {}
        entries: list[LogEntry] = []
        rows = self.store.rows(gid, after, None if limit is None else after + limit)
        for row in rows:
            event = catalogue.decode_event(row.type, row.version, row.payload)
            if isinstance(event, DiceCorrected) and row.seq not in cancelled:
                corrections[event.dice_seq] = event.faces
            entries.append(
                LogEntry(
                    row.seq, row.type, event, row.actor, row.recorded_at, row.command_id,
                    self.sentence(game.loaded, event), row.seq in cancelled,
                )
            )
        if corrections:
            entries = [with_correction(e, corrections.get(e.seq)) for e in entries]
        return entries

    def sentence(self, loaded: LoadedKind, event: Event) -> str:
        """The game's own sentence (it may word core events in its terms), else the core's."""
        said = loaded.kind.describe(event)
        if not said:
            tag = tag_of(type(event))
            from assistant.describe import describe_core  # the log's words: not imported to look at the table

            said = describe_core(event) if tag.startswith("core.") else f"{tag}."
        return one_stop(said)

    def guidance(self, game_id: str) -> str:
        game = self._open(game_id)
        view = self.view(game_id)
        if game.loaded.kind.guidance is None:
            return ""
        return game.loaded.kind.guidance(view.game)

    def answers(self, game_id: str, command: type[Command], fields: dict[str, Any], at: int | None = None) -> str:
        """The throw or decision ``command`` answers now (or at event ``at``), as its move declares ("" if none)."""
        kind = self.kind_of(game_id).kind
        move = kind.moves_by_command().get(command)
        if move is None or move.answers is None:
            return ""
        return move.answers(self.view(game_id, at).game, fields)

    def _cancelled(self, gid: str, head: int) -> set[int]:
        try:
            return cancelled_set((s, targets) for s, _rw, targets in read_cancels(self.store, gid, head))
        except Tampered as exc:
            self._refuse(exc)
            raise
