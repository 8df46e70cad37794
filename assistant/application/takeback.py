"""Taking back: undo, undo to an event, roll back past dice, redo, and dice corrections, for every game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from assistant.application.opening import OpenGame, Parts
from assistant.decider import Refused, validate_faces
from assistant.replay import CANCEL_TAG, decode_cancel
from events.base import tag_of
from events.core import CorrectDice, DiceCorrected, DiceRolled, EventsCancelled, NoteAdded, RollBack


LAST_THROW = "the last throw"  # what a correction may call the newest throw it can correct
SHOWN_IN_REFUSALS = 5
RECENT_THROWS = 40  # the throws a correction may name, among the last RECENT_EVENTS events; older ones by number
RECENT_EVENTS = 1_000


class Correctable(msgspec.Struct, frozen=True):
    """A physical throw a correction may name: ``name`` in plain words (its purpose and its faces now, with its
    event number when another throw reads the same), ``seq`` its event. (A Struct: a NamedTuple class took
    every command a third of a millisecond to build.)"""

    name: str
    seq: int
    purpose: str


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

    def correctable(self, game_id: str, at: int | None = None) -> list[Correctable]:
        """The throws entered at the table that a correction may name now (or at event ``at``), newest first."""
        game = self._open(game_id)
        return self._correctable(game, self.store.head(game.row.game_id) if at is None else at)

    def _correctable(self, game: OpenGame, head: int) -> list[Correctable]:
        """The newest ``RECENT_THROWS`` throws of the last ``RECENT_EVENTS`` events before ``head`` (a long game's
        earlier throws are still corrected by event number, ``dice_seq``, as the log's own correction form does):
        listing the moves of a 100,000-event game, now or at an earlier event, reads and checks no more than that."""
        gid = game.row.game_id
        after = max(head - RECENT_EVENTS, 0)
        self._checked_from(gid, after)
        cancelled = self._cancelled(gid, head)
        rolled, corrected = tag_of(DiceRolled), tag_of(DiceCorrected)
        rows = [r for r in self.store.rows(gid, after, head)
                if r.type in (rolled, corrected) and r.seq not in cancelled]
        decode = game.loaded.catalogue.decode_event
        throws: dict[int, tuple[str, tuple[int, ...]]] = {}
        for row in [r for r in rows if r.type == rolled][-RECENT_THROWS:]:
            thrown = decode(row.type, row.version, row.payload)
            if isinstance(thrown, DiceRolled) and thrown.source == "physical":
                purpose = thrown.purpose.strip() or f"the throw of event {row.seq}"
                throws[row.seq] = (purpose[:1].upper() + purpose[1:], thrown.faces)
        for row in rows:  # the faces as corrected since, in log order
            if row.type == corrected:
                fix = decode(row.type, row.version, row.payload)
                if isinstance(fix, DiceCorrected) and fix.dice_seq in throws:
                    throws[fix.dice_seq] = (throws[fix.dice_seq][0], fix.faces)
        named = {seq: f"{purpose}: {' '.join(map(str, faces))}" for seq, (purpose, faces) in throws.items()}
        twice = {n for n in named.values() if list(named.values()).count(n) > 1}
        return [Correctable(f"{named[seq]} (event {seq})" if named[seq] in twice else named[seq], seq, throws[seq][0])
                for seq in sorted(throws, reverse=True)]

    def _named_throw(self, game: OpenGame, head: int, command: CorrectDice) -> int:
        """The event of the throw ``command`` names: by its event number (the older form) or by its name."""
        wanted = " ".join(command.throw.split())
        if command.dice_seq is not None:
            if wanted:
                raise Refused(f"name the throw to correct once: throw {wanted!r} or event {command.dice_seq} "
                              "(dice_seq), not both")
            return command.dice_seq
        if not wanted:
            raise Refused(f"name the throw to correct (throw): {LAST_THROW!r} or one of those offered")
        throws = self._correctable(game, head)
        if not throws:
            raise Refused("no throw entered at the table can be corrected (dice the assistant rolled cannot be, "
                          "nor throws taken back)")
        key = wanted.casefold()
        if key in (LAST_THROW, "last throw", "last"):
            return throws[0].seq
        found = [t for t in throws if t.name.casefold() == key] or [t for t in throws if t.purpose.casefold() == key]
        if len(found) == 1:
            return found[0].seq
        if found:
            raise Refused(f"{len(found)} throws are named {wanted!r}; name one with its faces: "
                          + "; ".join(t.name for t in found[:SHOWN_IN_REFUSALS]))
        shown = "; ".join(t.name for t in throws[:SHOWN_IN_REFUSALS])
        more = f" (and {len(throws) - SHOWN_IN_REFUSALS} older)" if len(throws) > SHOWN_IN_REFUSALS else ""
        raise Refused(f"no throw that can be corrected is named {wanted!r}; those that can be, newest first: "
                      f"{shown}{more}")

    def _correction(self, game: OpenGame, head: int, command: CorrectDice) -> DiceCorrected:
        gid = game.row.game_id
        if not command.reason.strip():
            raise Refused("a dice correction needs a reason")
        dice_seq = self._named_throw(game, head, command)
        if not 1 <= dice_seq <= head:
            raise Refused(f"event {dice_seq} does not exist; this game's log runs from 1 to {head}")
        self._checked_from(gid, dice_seq - 1)
        row = next(iter(self.store.rows(gid, dice_seq - 1, dice_seq)))
        if row.type != tag_of(DiceRolled):
            raise Refused(f"event {dice_seq} is not a dice throw")
        if dice_seq in self._cancelled(gid, head):
            raise Refused(f"the throw at event {dice_seq} was taken back")
        throw = game.loaded.catalogue.decode_event(row.type, row.version, row.payload)
        assert isinstance(throw, DiceRolled)
        if throw.source != "physical":
            raise Refused("the assistant rolled these dice; only dice entered from the table can be corrected")
        faces = validate_faces(command.faces, len(throw.faces), throw.sides)
        return DiceCorrected(
            dice_seq=dice_seq, faces=faces, reason=command.reason.strip(),
            original=throw.faces, purpose=throw.purpose, ref=throw.ref, targets=throw.targets,
        )
