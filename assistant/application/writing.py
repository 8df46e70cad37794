"""Writing: a new game, and one command decided and appended (idempotent, checked against the moment it was
prepared for, its actor checked against the game)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from assistant.actors import at_the_table, checked_actor, checked_title
from assistant.application.opening import OpenGame, Parts
from assistant.application.outcomes import Expected, LogEntry, MAX_OPTIONS_BYTES, Outcome, Stale, new_id, timestamp
from assistant.application.seating import set_up_players
from assistant.decider import Context, DiceRoller, Refused
from assistant.kinds import LoadedKind, UnknownKind
from assistant.replay import View
from events.base import Command, Event, tag_of
from events.bounds import InputError, MAX_FILE_JSON_DEPTH, checked_json
from events.core import (
    AddNote,
    AddPlayer,
    CorrectDice,
    DiceRolled,
    EventsCancelled,
    GameCreated,
    NoteAdded,
    PlayerAdded,
    Redo,
    RollBack,
    Undo,
)
from events.integrity import Finding
from events.store import NewEvent, Tampered
from projections.base import Recorded


class Writing(Parts):
    """Commands in, events out."""

    def new_game(
        self,
        kind_name: str,
        options: dict[str, Any] | None = None,
        *,
        title: str | None = None,
        actor: str = "table",
        command_id: str | None = None,
        game_id: str | None = None,
        players: Sequence[str] = (),
    ) -> str:
        """Start a game; ``players`` are named at once (``core.player_added``, in the creating command)."""
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
        named = tuple(dict.fromkeys(checked_actor(name) for name in players))
        if named and kind.seat_players is not None and isinstance(options or {}, dict):
            options = kind.seat_players(dict(options or {}), named)
        try:
            chosen = msgspec.convert(options or {}, kind.options_type)
        except msgspec.ValidationError as exc:
            raise Refused(f"bad options for {kind_name}: {exc}") from None
        definition = msgspec.json.decode(msgspec.json.encode(kind.setup(chosen)))
        sides = tuple(kind.sides(kind.initial_state(definition))) if kind.sides is not None else ()
        in_seats = {n.casefold() for n in set_up_players(kind, definition)}  # seated by the game's own set-up
        seated = [self._new_player(AddPlayer(name=name), sides, ()) for name in named if name.casefold() not in in_seats]
        if self.seated is None:  # in the club the signed-in member who starts a game is seated as its host
            actor = at_the_table(actor, sides, [*(p.name for p in seated), *set_up_players(kind, definition)])
        if not game_id:
            import secrets  # only a new game needs a random id

            game_id = secrets.token_hex(6)
        created = GameCreated(kind=kind.name, title=title or kind.title, definition=definition)
        self.store.append(
            game_id,
            0,
            [NewEvent(tag_of(GameCreated), GameCreated.schema_version, msgspec.json.encode(created)),
             *(NewEvent(tag_of(PlayerAdded), PlayerAdded.schema_version, msgspec.json.encode(p)) for p in seated)],
            actor=actor,
            command_id=command_id or new_id(),
            recorded_at=timestamp(self.clock()),
            kind=kind.name,
            title=created.title,
        )
        return game_id

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
        if command_id:  # a device's id: the command may have been handled already (sent twice)
            span = self.store.command_span(gid, command_id)
            if span is not None:
                self._checked_span(gid, command_id, span)
                return self._outcome(game, span[0], span[1], duplicate=True)
        else:
            command_id = new_id()  # new: it cannot have been handled

        view = self.view(gid)
        actor = self._actor_at_table(game, command, view, actor)
        if authorize is not None:
            authorize(game.loaded, command, view)
        if expect is not None:
            self._check_moment(game, command, view, expect)
        ctx = Context(actor=actor, dice=dice or self.dice, players=tuple(dict.fromkeys(self._players_of(game, view))))
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
        recorded_at = timestamp(self.clock())
        done = self.store.append(gid, view.seq, new, actor=actor, command_id=command_id, recorded_at=recorded_at)
        if done.duplicate:  # the same command, handled by another thread meanwhile: what it stored
            return self._outcome(game, done.first_seq, done.last_seq, duplicate=True)
        # what was just stored, read from the bytes written rather than from the database again
        recorded = tuple(
            Recorded(done.first_seq + i, catalogue.decoder(n.type).decode(n.payload), recorded_at, actor, command_id)
            for i, n in enumerate(new))
        with game.lock:  # the table after it, folded from those events: the next page reads nothing back
            if game.head is not None and game.head.seq == view.seq == done.first_seq - 1:
                game.head = game.timeline.extended(game.head, recorded, done.hash) or game.head
        return Outcome(gid, done.first_seq, done.last_seq, recorded, False)

    def _check_moment(self, game: OpenGame, command: Command, view: View, expect: Expected) -> None:
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

    def _changes_since(self, game: OpenGame, seq: int, head: int, look: int = 50) -> list[LogEntry]:
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
            from events.catalogue import in_plain_words  # only on a refusal

            raise Refused(f"the command does not fit: {in_plain_words(str(exc))}") from None
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

    def _outcome(self, game: OpenGame, first: int, last: int, duplicate: bool) -> Outcome:
        catalogue = game.loaded.catalogue
        recs = tuple(
            Recorded(r.seq, catalogue.decode_event(r.type, r.version, r.payload), r.recorded_at, r.actor, r.command_id)
            for r in self.store.rows(game.row.game_id, first - 1, last)
        )
        return Outcome(game.row.game_id, first, last, recs, duplicate)

    def _decide(self, game: OpenGame, command: Command, view: View, ctx: Context) -> Sequence[Event]:
        gid = game.row.game_id
        if isinstance(command, Undo):
            return [self._undo(gid, view.seq, command.to_seq)]
        if isinstance(command, RollBack):
            return [self._roll_back(gid, view.seq, command)]
        if isinstance(command, Redo):
            return [self._redo(gid, view.seq)]
        if isinstance(command, AddPlayer):
            return [self._new_player(command, self._sides(game, view), view.read("players").names)]
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
