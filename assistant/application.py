"""The application layer: commands in, events out, for the CLI and the web alike.

It owns what is the same for every game: creating games, idempotent command
handling, undo/redo/roll back/dice corrections/notes, reading views at any
point of the log, game files and verification. Rules are the games' own
(``GameKind.decide``); this layer never second-guesses them.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import msgspec

from assistant.actors import checked_actor, checked_title
from assistant.decider import Context, DiceRoller, Refused, validate_faces
from assistant.describe import describe_core
from assistant.kinds import KindRegistry, LoadedKind, UnknownKind
from assistant.moments import Possible, possible_moves
from assistant.replay import CANCEL_TAG, Timeline, View, decode_cancel, read_cancels
from events.base import Command, Event, tag_of
from events.bounds import MAX_FILE_JSON_DEPTH, InputError, checked_json
from events.core import (
    AddNote,
    CorrectDice,
    DiceCorrected,
    DiceRolled,
    EventsCancelled,
    GameCreated,
    NoteAdded,
    Redo,
    RollBack,
    Undo,
)
from events.exchange import export_lines, read_lines, verify_rows
from events.integrity import Finding
from events.store import EventStore, GameNotFound, GameRow, NewEvent, Tampered, refusal
from projections.base import Recorded
from projections.cancellation import cancelled_set

Clock = Callable[[], datetime]
MAX_OPTIONS_BYTES = 4 * 1024 * 1024  # options with a whole board entered; the bundled boards are under 100 KiB


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def timestamp(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Outcome:
    """What a command did: the events it appended (or, for a repeated command id, had appended)."""

    game_id: str
    first_seq: int
    last_seq: int
    events: tuple[Recorded, ...]
    duplicate: bool = False

    @property
    def seqs(self) -> range:
        return range(self.first_seq, self.last_seq + 1)


@dataclass(frozen=True)
class Expected:
    """The moment a command was prepared for: the log position its form (or script) saw, and the throw or
    decision it answers there (``Move.answers``; "" when the form names none)."""

    seq: int
    answers: str = ""


class Stale(Refused):
    """A command prepared for an earlier moment of the table than the log's: refused, nothing written."""


@dataclass(frozen=True)
class GameFile:
    """A file a game writes from its state (a board, a scenario), for players to reuse in later games."""

    name: str
    content: bytes
    media_type: str


@dataclass(frozen=True)
class LogEntry:
    seq: int
    type: str
    event: Event
    actor: str
    recorded_at: str
    command_id: str
    sentence: str
    cancelled: bool
    corrected_faces: tuple[int, ...] | None = None


class _Game:
    """What the application keeps in memory per open game."""

    def __init__(self, row: GameRow, loaded: LoadedKind, timeline: Timeline):
        self.row = row
        self.loaded = loaded
        self.timeline = timeline
        self.head: View | None = None
        self.lock = threading.Lock()


class Assistant:
    def __init__(
        self,
        store: EventStore,
        registry: KindRegistry | None = None,
        *,
        clock: Clock = utc_now,
        dice: DiceRoller | None = None,
        checkpoint_every: int = 1000,
    ):
        self.store = store
        self.registry = registry or KindRegistry()
        self.clock = clock
        self.dice = dice or DiceRoller()
        self.checkpoint_every = checkpoint_every
        self._games: dict[str, _Game] = {}

    # ------------------------------------------------------------------ games
    def kinds(self) -> list[tuple[str, str]]:
        """Every installed game with its title, read without importing the games."""
        return [(name, self.registry.about(name).title) for name in self.registry.names()]

    def games(self) -> list[GameRow]:
        return self.store.games()

    def game(self, game_id: str) -> GameRow:
        return self._open(game_id).row

    def kind_of(self, game_id: str) -> LoadedKind:
        return self._open(game_id).loaded

    def definition(self, game_id: str) -> dict[str, Any]:
        return self._open(game_id).timeline.definition

    def new_game(
        self,
        kind_name: str,
        options: dict[str, Any] | None = None,
        *,
        title: str | None = None,
        actor: str = "table",
        command_id: str | None = None,
        game_id: str | None = None,
    ) -> str:
        checked_actor(actor)
        try:
            loaded = self.registry.get(kind_name)
        except UnknownKind as exc:
            raise Refused(str(exc)) from None
        kind = loaded.kind
        title = checked_title(title)
        try:
            checked_json(msgspec.json.encode(options or {}), what="the options", max_bytes=MAX_OPTIONS_BYTES,
                         max_depth=MAX_FILE_JSON_DEPTH)
        except (InputError, TypeError, OverflowError) as exc:
            raise Refused(str(exc) if isinstance(exc, InputError) else f"bad options for {kind_name}: {exc}") from None
        try:
            chosen = msgspec.convert(options or {}, kind.options_type)
        except msgspec.ValidationError as exc:
            raise Refused(f"bad options for {kind_name}: {exc}") from None
        definition = msgspec.json.decode(msgspec.json.encode(kind.setup(chosen)))
        game_id = game_id or secrets.token_hex(6)
        created = GameCreated(kind=kind.name, title=title or kind.title, definition=definition)
        self.store.append(
            game_id,
            0,
            [NewEvent(tag_of(GameCreated), GameCreated.schema_version, msgspec.json.encode(created))],
            actor=actor,
            command_id=command_id or _new_id(),
            recorded_at=timestamp(self.clock()),
            kind=kind.name,
            title=created.title,
        )
        return game_id

    def archive(self, game_id: str) -> None:
        self.store.set_archived(self._open(game_id).row.game_id, True)

    def _open(self, game_id: str) -> _Game:
        game = self._games.get(game_id)
        if game is not None:
            return game
        row = self.store.find_game(game_id)
        game = self._games.get(row.game_id)
        if game is not None:
            return game
        self._check(row.game_id)
        first = next(iter(self.store.rows(row.game_id, 0, 1)), None)
        if first is None or first.type != tag_of(GameCreated):
            raise GameNotFound(f"game {row.game_id} has no creation event")
        created = msgspec.json.decode(first.payload, type=GameCreated)
        try:
            loaded = self.registry.get(created.kind)
        except UnknownKind as exc:
            raise Refused(str(exc)) from None
        timeline = Timeline(self.store, loaded, row.game_id, created.definition, self.checkpoint_every)
        game = _Game(row, loaded, timeline)
        self._games[row.game_id] = game
        return game

    def _check(self, gid: str) -> None:
        """Refuse a game whose file was changed behind the assistant's back (the seals, and the chain since the
        verified point: ``events/selfcheck.py``).

        A store without ``check`` (the club's PostgreSQL, whose server refuses such edits itself) is trusted."""
        check = getattr(self.store, "check", None)
        finding = check(gid) if check is not None else None
        if finding is not None:
            self._refuse(refusal(gid, finding))

    def _checked_from(self, gid: str, seq: int) -> None:
        """Check the stored events after ``seq`` before reading them (the SQLite store; others are trusted)."""
        check_from = getattr(self.store, "check_from", None)
        finding = check_from(gid, max(seq, 0)) if check_from is not None else None
        if finding is not None:
            self._refuse(refusal(gid, finding))

    def _refuse(self, tampered: Tampered) -> None:
        """Forget what was kept of a tampered game, remember the finding (it stays refused here) and refuse it."""
        self._games.pop(tampered.game_id, None)
        remember = getattr(self.store, "remember_finding", None)
        if remember is not None:
            remember(tampered.game_id, tampered.finding)
        raise tampered

    def checked_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> Iterator[Any]:
        """The stored rows of a game, checked first (what a fork copies)."""
        gid = self._open(game_id).row.game_id
        self._checked_from(gid, after)
        return self.store.rows(gid, after, upto)

    # ------------------------------------------------------------------ reading
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
            return game.timeline.view_at(at, known)
        with game.lock:
            if game.head is None or game.head.seq != head:
                known = [game.head] if game.head is not None else []
                game.head = game.timeline.view_at(head, known)
            return game.head

    def moves(self, game_id: str, at: int | None = None) -> list[Possible]:
        """The commands possible at this moment of the game (or at event ``at``), with their choices."""
        return possible_moves(self.kind_of(game_id).kind, self.view(game_id, at))

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
            entries = [_with_correction(e, corrections.get(e.seq)) for e in entries]
        return entries

    def sentence(self, loaded: LoadedKind, event: Event) -> str:
        """The game's own sentence (it may word core events in its terms), else the core's."""
        said = loaded.kind.describe(event)
        if not said:
            tag = tag_of(type(event))
            said = describe_core(event) if tag.startswith("core.") else f"{tag}."
        return _one_stop(said)

    def guidance(self, game_id: str) -> str:
        game = self._open(game_id)
        view = self.view(game_id)
        if game.loaded.kind.guidance is None:
            return ""
        return game.loaded.kind.guidance(view.game)

    # ------------------------------------------------------------------ writing
    def handle(
        self,
        game_id: str,
        command: Command | str | bytes,
        *,
        actor: str = "table",
        command_id: str | None = None,
        dice: DiceRoller | None = None,
        authorize: Callable[[LoadedKind, Command, View], None] | None = None,
        expect: Expected | None = None,
    ) -> Outcome:
        """Decide and append one command. ``authorize`` (the club's seat rule) may refuse it, seeing the table.
        With ``expect``, the command must answer the table as it was at ``expect.seq``: anything entered since
        (notes aside), or a throw or decision already answered, refuses it as ``Stale``."""
        checked_actor(actor)
        game = self._open(game_id)
        gid = game.row.game_id
        catalogue = game.loaded.catalogue
        if isinstance(command, (str, bytes)):
            command = self.parse_command(game_id, command)
        elif tag_of(type(command)) not in catalogue.commands:
            raise Refused(f"{tag_of(type(command))} is not a command of {game.loaded.kind.title}")
        command_id = command_id or _new_id()
        span = self.store.command_span(gid, command_id)
        if span is not None:
            self._checked_span(gid, command_id, span)
            return self._outcome(game, span[0], span[1], duplicate=True)

        view = self.view(gid)
        if authorize is not None:
            authorize(game.loaded, command, view)
        if expect is not None:
            self._check_moment(game, command, view, expect)
        ctx = Context(actor=actor, dice=dice or self.dice)
        events = self._decide(game, command, view, ctx)
        if not events:
            raise Refused("this command changes nothing")
        new = []
        for ev in events:
            tag = tag_of(type(ev))
            if tag not in catalogue.events:
                raise TypeError(f"{game.loaded.kind.name} produced an event outside its vocabulary: {tag}")
            rewinds = ev.rewinds_to if isinstance(ev, EventsCancelled) else None
            new.append(NewEvent(tag, type(ev).schema_version, msgspec.json.encode(ev), rewinds))
        done = self.store.append(
            gid, view.seq, new, actor=actor, command_id=command_id, recorded_at=timestamp(self.clock())
        )
        return self._outcome(game, done.first_seq, done.last_seq, duplicate=done.duplicate)

    def answers(self, game_id: str, command: type[Command], fields: dict[str, Any], at: int | None = None) -> str:
        """The throw or decision ``command`` answers now (or at event ``at``), as its move declares ("" if none)."""
        kind = self.kind_of(game_id).kind
        move = kind.moves_by_command().get(command)
        if move is None or move.answers is None:
            return ""
        return move.answers(self.view(game_id, at).game, fields)

    def _check_moment(self, game: _Game, command: Command, view: View, expect: Expected) -> None:
        if not 1 <= expect.seq <= view.seq:
            raise Refused(f"event {expect.seq} is not in this game's log (it runs from 1 to {view.seq})")
        move = game.loaded.kind.moves_by_command().get(type(command))
        now = ""
        if move is not None and move.answers is not None:
            now = move.answers(view.game, msgspec.to_builtins(command))
        since = self._changes_since(game, expect.seq, view.seq)
        throw = next((e for e in since if e.type == tag_of(DiceRolled)), None)
        if expect.answers and now != expect.answers:
            said = f" (event {throw.seq}: {throw.sentence.rstrip('.')})" if throw else ""
            asks = f"; the table now asks for {now}" if now else ""
            raise Stale(f"This form was for {expect.answers}, which was already entered on another device{said}"
                        f"{asks}. Nothing was booked.")
        if throw is not None:
            raise Stale(f"Dice were entered on another device since this form was shown (event {throw.seq}: "
                        f"{throw.sentence.rstrip('.')}). Nothing was booked.")
        if since:
            first = since[0]
            raise Stale(f"The table changed on another device since this form was shown (event {first.seq}: "
                        f"{first.sentence.rstrip('.')}). Nothing was booked.")

    def _changes_since(self, game: _Game, seq: int, head: int, look: int = 50) -> list[LogEntry]:
        """The first ``look`` events after ``seq`` that changed the table (notes change nothing)."""
        if seq >= head:
            return []
        entries = self.log(game.row.game_id, after=seq, limit=min(look, head - seq))
        return [e for e in entries if e.type != tag_of(NoteAdded)]

    def parse_command(self, game_id: str, raw: str | bytes) -> Command:
        catalogue = self._open(game_id).loaded.catalogue
        try:
            return catalogue.decode_command(raw)
        except InputError as exc:
            raise Refused(str(exc)) from None
        except msgspec.ValidationError as exc:  # a subclass of DecodeError: catch it first
            raise Refused(f"bad command: {exc}") from None
        except msgspec.DecodeError as exc:
            raise Refused(f"the command is not valid JSON ({exc})") from None

    def _checked_span(self, gid: str, command_id: str, span: tuple[int, int]) -> None:
        """A handled command's span, read from the table of handled commands, is its events' (checked first)."""
        first, last = span
        self._checked_from(gid, first - 2)
        ids = {seq: cid for seq, _t, cid in self.store.meta_newest_first(gid, first - 2) if seq <= last + 1}
        if not (1 <= first <= last and all(ids.get(s) == command_id for s in range(first, last + 1))
                and ids.get(first - 1) != command_id and ids.get(last + 1) != command_id):
            self._refuse(Tampered(gid, Finding(f"the record of handled commands was changed (command {command_id})",
                                               first)))

    def _outcome(self, game: _Game, first: int, last: int, duplicate: bool) -> Outcome:
        catalogue = game.loaded.catalogue
        recs = tuple(
            Recorded(r.seq, catalogue.decode_event(r.type, r.version, r.payload), r.recorded_at, r.actor, r.command_id)
            for r in self.store.rows(game.row.game_id, first - 1, last)
        )
        return Outcome(game.row.game_id, first, last, recs, duplicate)

    def _decide(self, game: _Game, command: Command, view: View, ctx: Context) -> Sequence[Event]:
        gid = game.row.game_id
        if isinstance(command, Undo):
            return [self._undo(gid, view.seq, command.to_seq)]
        if isinstance(command, RollBack):
            return [self._roll_back(gid, view.seq, command)]
        if isinstance(command, Redo):
            return [self._redo(gid, view.seq)]
        if isinstance(command, AddNote):
            if not command.text.strip():
                raise Refused("a note needs some text")
            if any(not c.isprintable() and c not in "\n\t" for c in command.text):
                raise Refused("a note may hold line breaks and tabs but no other control characters")
            if not 1 <= command.about_seq <= view.seq:
                raise Refused(f"event {command.about_seq} does not exist")
            return [NoteAdded(about_seq=command.about_seq, text=command.text.strip(), author=ctx.actor,
                              arrow_from=command.arrow_from, arrow_to=command.arrow_to)]
        if isinstance(command, CorrectDice):
            correction = self._correction(game, view.seq, command)
            follow = game.loaded.kind.after_dice_corrected
            return [correction, *(follow(view.game, correction) if follow else ())]
        return list(game.loaded.kind.decide(command, view.game, ctx))

    # -------------------------------------------------------- undo family
    def _cancelled(self, gid: str, head: int) -> set[int]:
        try:
            return cancelled_set((s, targets) for s, _rw, targets in read_cancels(self.store, gid, head))
        except Tampered as exc:
            self._refuse(exc)
            raise

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

    def _correction(self, game: _Game, head: int, command: CorrectDice) -> DiceCorrected:
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

    # ------------------------------------------------------------------ files
    def export(self, game_id: str) -> bytes:
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

    def accept_restore(self, game_id: str) -> int:
        """The players restored an older copy of this game on purpose: once it checks in full (whole, sealed, only
        older), its head becomes the last one this installation saw and it is served again. Returns that head."""
        gid = self.store.find_game(game_id).game_id
        accept = getattr(self.store, "accept_restore", None)
        if accept is None:
            raise Refused("this database keeps no record of the heads seen: there is no restore to accept")
        self._games.pop(gid, None)
        finding = accept(gid)
        if finding is not None:
            raise Tampered(gid, finding)
        return self.store.head(gid)

    def verify(self, game_id: str) -> Finding | None:
        """What is wrong with a stored game (``finding.seq``: the first event concerned), or None: every event,
        the hash chain, the seals of its head and of the list of games, its record and its handled commands.
        A store without its own full check (the club's PostgreSQL) is checked here: the chain, and that it ends
        where the store's head commitment says (events missing at the end show as the first missing number)."""
        gid = self.store.find_game(game_id).game_id
        check = getattr(self.store, "check", None)
        if check is not None:
            return check(gid, full=True)
        rows = list(self.store.rows(gid))
        bad = verify_rows(rows)
        if bad is not None:
            return Finding(f"event {bad} does not match the hash chain", bad)
        last = (rows[-1].seq, rows[-1].hash) if rows else None
        committed = self.store.head_commitment(gid)
        if last is not None and committed != last:
            seq = min(last[0], committed[0]) + 1 if committed[0] != last[0] else last[0]
            return Finding(f"the log does not end where its head commitment says (event {committed[0]})", seq)
        return None


def _one_stop(sentence: str) -> str:
    """A sentence ends with one full stop, even when a player's reason or a rule's words already had one."""
    text = sentence.rstrip()
    while text.endswith("..") and not text.endswith("..."):
        text = text[:-1]
    return text


def _with_correction(entry: LogEntry, faces: tuple[int, ...] | None) -> LogEntry:
    if faces is None:
        return entry
    return LogEntry(**{**entry.__dict__, "corrected_faces": faces})


def _new_id() -> str:
    import uuid  # loaded by the first command, not by every reading one

    return uuid.uuid4().hex
