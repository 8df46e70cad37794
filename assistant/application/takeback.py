"""Taking back: undo, undo to an event, roll back past dice, redo, and dice corrections, for every game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from assistant.application.opening import OpenGame, Parts
from assistant.decider import Refused, validate_faces
from assistant.replay import CANCEL_TAG, decode_cancel
from events.base import tag_of
from events.core import CorrectDice, DiceCorrected, DiceRolled, EventsCancelled, NoteAdded, RollBack


class TakingBack(Parts):
    """The undo family and dice corrections: decided here, the same for every game."""

    def _active_meta(self, gid: str, after: int, head: int) -> Iterator[tuple[int, str, str]]:
        """(seq, type, command_id) of events after ``after`` still active now, newest first, lazily."""
        cancelled = self._cancelled(gid, head)
        return (r for r in self.store.meta_newest_first(gid, after) if r[0] not in cancelled)

    @staticmethod
    def _refuse_dice(metas: Sequence[tuple[int, str, str]], what: str) -> None:
        rolled = sorted(s for s, t, _ in metas if t == tag_of(DiceRolled))
        if rolled:
            raise Refused(
                f"{what} would take back dice already rolled (event {rolled[0]}); take-backs stop at dice: "
                "use 'roll back to here' with a reason, or correct a mistyped die"
            )

    def _undo(self, gid: str, head: int, to_seq: int | None) -> EventsCancelled:
        if to_seq is not None:
            targets = self._after(gid, head, to_seq)
            self._refuse_dice(targets, f"undoing everything after event {to_seq}")
            return EventsCancelled(targets=tuple(sorted(s for s, _, _ in targets)), mode="undo_to",
                                   rewinds_to=min(s for s, _, _ in targets))
        last = next((m for m in self._active_meta(gid, 1, head) if m[1] != CANCEL_TAG), None)
        if last is None:
            raise Refused("nothing to undo")
        span = self.store.command_span(gid, last[2]) or (last[0], last[0])
        self._checked_span(gid, last[2], span)  # checks every event read back to it
        first, final = span
        command = [m for m in self._active_meta(gid, first - 1, head) if m[0] <= final and m[1] != CANCEL_TAG]
        self._refuse_dice(command, "undoing the last command")
        seqs = tuple(sorted(s for s, _, _ in command))
        return EventsCancelled(targets=seqs, mode="undo", rewinds_to=seqs[0])

    def _after(self, gid: str, head: int, to_seq: int) -> list[tuple[int, str, str]]:
        if not 1 <= to_seq <= head:
            raise Refused(f"event {to_seq} does not exist; this game's log runs from 1 to {head}")
        self._checked_from(gid, to_seq)
        keep = {CANCEL_TAG, tag_of(NoteAdded)}
        targets = [m for m in self._active_meta(gid, to_seq, head) if m[1] not in keep]
        if not targets:
            raise Refused(f"nothing after event {to_seq} to take back")
        return targets

    def _roll_back(self, gid: str, head: int, command: RollBack) -> EventsCancelled:
        if not command.reason.strip():
            raise Refused("rolling back past dice needs a stated reason")
        targets = self._after(gid, head, command.to_seq)
        return EventsCancelled(targets=tuple(sorted(s for s, _, _ in targets)), mode="roll_back",
                               rewinds_to=min(s for s, _, _ in targets), reason=command.reason.strip())

    def _redo(self, gid: str, head: int) -> EventsCancelled:
        for seq, type_, _cid in self._active_meta(gid, 1, head):
            if type_ == tag_of(NoteAdded):
                continue
            if type_ != CANCEL_TAG:
                break
            self._checked_from(gid, seq - 1)
            row = next(iter(self.store.rows(gid, seq - 1, seq)))
            cancel = decode_cancel(row.payload)
            if cancel.mode == "redo":
                continue
            return EventsCancelled(targets=(seq,), mode="redo", rewinds_to=cancel.rewinds_to)
        raise Refused("nothing to redo (redo works right after an undo)")

    def _correction(self, game: OpenGame, head: int, command: CorrectDice) -> DiceCorrected:
        gid = game.row.game_id
        if not command.reason.strip():
            raise Refused("a dice correction needs a reason")
        if not 1 <= command.dice_seq <= head:
            raise Refused(f"event {command.dice_seq} does not exist")
        self._checked_from(gid, command.dice_seq - 1)
        row = next(iter(self.store.rows(gid, command.dice_seq - 1, command.dice_seq)))
        if row.type != tag_of(DiceRolled):
            raise Refused(f"event {command.dice_seq} is not a dice throw")
        if command.dice_seq in self._cancelled(gid, head):
            raise Refused(f"the throw at event {command.dice_seq} was taken back")
        throw = game.loaded.catalogue.decode_event(row.type, row.version, row.payload)
        assert isinstance(throw, DiceRolled)
        if throw.source != "physical":
            raise Refused("the assistant rolled these dice; only dice entered from the table can be corrected")
        faces = validate_faces(command.faces, len(throw.faces), throw.sides)
        return DiceCorrected(
            dice_seq=command.dice_seq, faces=faces, reason=command.reason.strip(),
            original=throw.faces, purpose=throw.purpose, ref=throw.ref, targets=throw.targets,
        )
