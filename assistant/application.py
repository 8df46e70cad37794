"""The application layer: commands in, events out, for the CLI and the web alike.

It owns what is the same for every game: creating games, idempotent command
handling, undo/redo/roll back/dice corrections/notes, reading views at any
point of the log, game files and verification. Rules are the games' own
(``GameKind.decide``); this layer never second-guesses them.
"""

from __future__ import annotations

import secrets
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import msgspec

from assistant.decider import Context, DiceRoller, Refused, validate_faces
from assistant.describe import describe_core
from assistant.kinds import KindRegistry, LoadedKind, UnknownKind
from assistant.moments import Possible, possible_moves
from assistant.replay import CANCEL_TAG, Timeline, View, decode_cancel
from events.base import Command, Event, tag_of
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
from events.store import EventStore, GameNotFound, GameRow, NewEvent
from projections.base import Recorded
from projections.cancellation import cancelled_set

Clock = Callable[[], datetime]


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
        try:
            loaded = self.registry.get(kind_name)
        except UnknownKind as exc:
            raise Refused(str(exc)) from None
        kind = loaded.kind
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
            command_id=command_id or uuid.uuid4().hex,
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

    # ------------------------------------------------------------------ reading
    def view(self, game_id: str, at: int | None = None) -> View:
        game = self._open(game_id)
        head = self.store.head(game.row.game_id)
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

    def log(self, game_id: str, after: int = 0, limit: int | None = None) -> list[LogEntry]:
        game = self._open(game_id)
        gid = game.row.game_id
        catalogue = game.loaded.catalogue
        head = self.store.head(gid)
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
        if said:
            return said
        tag = tag_of(type(event))
        return describe_core(event) if tag.startswith("core.") else f"{tag}."

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
    ) -> Outcome:
        game = self._open(game_id)
        gid = game.row.game_id
        catalogue = game.loaded.catalogue
        if isinstance(command, (str, bytes)):
            command = self.parse_command(game_id, command)
        elif tag_of(type(command)) not in catalogue.commands:
            raise Refused(f"{tag_of(type(command))} is not a command of {game.loaded.kind.title}")
        command_id = command_id or uuid.uuid4().hex
        span = self.store.command_span(gid, command_id)
        if span is not None:
            return self._outcome(game, span[0], span[1], duplicate=True)

        view = self.view(gid)
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

    def parse_command(self, game_id: str, raw: str | bytes) -> Command:
        catalogue = self._open(game_id).loaded.catalogue
        try:
            return catalogue.decode_command(raw)
        except msgspec.DecodeError as exc:
            raise Refused(f"the command is not valid JSON ({exc})") from None
        except msgspec.ValidationError as exc:
            raise Refused(f"bad command: {exc}") from None

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
        return cancelled_set((s, decode_cancel(p).targets) for s, _rw, p in self.store.rewinding(gid, head))

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
        first, final = self.store.command_span(gid, last[2]) or (last[0], last[0])
        command = [m for m in self._active_meta(gid, first - 1, head) if m[0] <= final and m[1] != CANCEL_TAG]
        self._refuse_dice(command, "undoing the last command")
        seqs = tuple(sorted(s for s, _, _ in command))
        return EventsCancelled(targets=seqs, mode="undo", rewinds_to=seqs[0])

    def _after(self, gid: str, head: int, to_seq: int) -> list[tuple[int, str, str]]:
        if not 1 <= to_seq <= head:
            raise Refused(f"event {to_seq} does not exist; this game's log runs from 1 to {head}")
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
        return export_lines(self.store.rows(self._open(game_id).row.game_id))

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

    def verify(self, game_id: str) -> int | None:
        """The first bad sequence number of a stored game, or None when its chain is intact."""
        return verify_rows(self.store.rows(self._open(game_id).row.game_id))


def _with_correction(entry: LogEntry, faces: tuple[int, ...] | None) -> LogEntry:
    if faces is None:
        return entry
    return LogEntry(**{**entry.__dict__, "corrected_faces": faces})
