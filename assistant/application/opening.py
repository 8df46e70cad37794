"""Opening games: finding one, keeping it in memory, and refusing it when its file was changed behind the
assistant's back (``events/selfcheck.py``) or is an older copy than this installation saw; ``verify``."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from assistant.application.outcomes import Clock
from assistant.application.travelled import Travelled
from assistant.decider import DiceRoller, Refused
from assistant.kinds import KindRegistry, LoadedKind, UnknownKind
from assistant.replay import Timeline, View
from events.base import tag_of
from events.core import GameCreated
from events.integrity import Finding
from events.store import EventStore, GameNotFound, GameRow, Tampered, refusal


class OpenGame:
    """What the application keeps in memory per open game."""

    def __init__(self, row: GameRow, loaded: LoadedKind, timeline: Timeline):
        self.row = row
        self.loaded = loaded
        self.timeline = timeline
        self.head: View | None = None
        self.lock = threading.Lock()
        self.travelled = Travelled()  # views of the past asked for, and those met on the way


class Parts:
    """What every part of the application layer relies on (set by ``Assistant.__init__``)."""

    store: EventStore
    registry: KindRegistry
    clock: Clock
    dice: DiceRoller
    checkpoint_every: int
    _games: dict[str, OpenGame]
    seated: Callable[[str], Sequence[str]] | None


class Opening(Parts):
    """Finding and opening games, and checking them before anything of them is read."""

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

    def archive(self, game_id: str) -> None:
        self.store.set_archived(self._open(game_id).row.game_id, True)

    def _open(self, game_id: str) -> OpenGame:
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
        game = OpenGame(row, loaded, timeline)
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
        from events.exchange import verify_rows  # a store that does not check itself (the club's): rarely

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
