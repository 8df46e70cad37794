"""Time travel: the table as it stood at any event, rebuilt from the log.

A view at sequence ``s`` is the fold of every event up to ``s`` that was still
active *as of* ``s`` (undos appended later do not rewrite what the table looked
like then). Checkpoints are a pure cache: a checkpoint at ``c`` is used for a
view at ``s`` only when no cancelling event in ``(c, s]`` reaches back to ``c``
or before (its ``rewinds_to``), so deleting checkpoints never changes an answer.

On a store that seals its games (SQLite), every event folded is checked as it is read: the fold starts from an
anchor whose hash is known good (a sealed checkpoint, a view this process built, or the creation event) and the
events after it must chain from it, match their hashes and their ``rewinds_to`` column, and agree with the
index of cancellations that chose the base. A state is never built from an event edited behind the store's back
(``events/selfcheck.py``); the fold refuses with ``Tampered`` instead.
"""

from __future__ import annotations

import bisect
from itertools import repeat
from collections.abc import Sequence, Set
from typing import Any

import msgspec

from assistant import collector
from assistant.kinds import LoadedKind
from assistant.stamp import code_stamp
from events.columns import Columns
from events.core import EventsCancelled
from events.hashing import GENESIS
from events.integrity import Finding
from events.selfcheck import chain_of
from events.store import EventStore, Tampered
from projections.base import Projection, Recorded
from projections.cancellation import cancelled_set
from projections.players import PLAYERS
from projections.turn_clock import TURN_CLOCK

CANCEL_TAG = "core.events_cancelled"
# A checkpoint (the states after an event, sealed) every so many events: a view folds at most this many events
# minus one, each read, checked against the chain, decoded and folded (some 20 us on an A&A table), on top of its
# checkpoint; a checkpoint of an A&A table is some 130 KB. 500 keeps time travel on a long game at a few ms.
CHECKPOINT_EVERY = 500
# While a view of the past is folded for a table, the views it passes every so many events are handed back too
# (``view_at``'s ``stones``): the next step back or forward, or a jump near it, then folds at most this many.
STONE_EVERY = 50
BATCH_DECODE = 2000  # rows from which decoding every payload in one call beats building the decoder of all types
_cancel_decoder = msgspec.json.Decoder(EventsCancelled)


def decode_cancel(payload: bytes) -> EventsCancelled:
    return _cancel_decoder.decode(payload)


def read_cancels(store: EventStore, game_id: str, upto: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """(seq, rewinds_to, targets) of every cancellation up to ``upto``. A row whose ``rewinds_to`` column is set
    but which is no cancellation was edited: refused as such (the column is outside the hashed content)."""
    out = []
    for seq, rewinds, payload in store.rewinding(game_id, upto):
        try:
            out.append((seq, rewinds, _cancel_decoder.decode(payload).targets))
        except (msgspec.DecodeError, msgspec.ValidationError):
            raise Tampered(game_id, Finding(f"event {seq} has a rewinds_to column but cancels nothing", seq)) from None
    return out


class _RowsNeeded(Exception):
    """A range read as columns holds what only a row-by-row read decodes (an older schema version to upcast)."""


def _older(events: list[Any], versions: Sequence[int]) -> list[int]:
    """The positions of the events stored in an older schema version than their class's today."""
    if versions.count(1) == len(versions) and all(cls.schema_version == 1 for cls in set(map(type, events))):
        return []  # the usual case, checked in two passes in C
    return [i for i, (event, version) in enumerate(zip(events, versions)) if type(event).schema_version != version]


class View:
    """Every read model of one game at one point of its log."""

    __slots__ = ("game_id", "seq", "_states", "_index", "hash")

    def __init__(self, game_id: str, seq: int, states: Sequence[Any], index: dict[str, int], hash: str | None = None):
        self.game_id = game_id
        self.seq = seq
        self._states = tuple(states)
        self._index = index
        self.hash = hash  # the checked hash of the event at ``seq`` (None on a store that does not check reads)

    def read(self, name: str) -> Any:
        return self._states[self._index[name]]

    @property
    def game(self) -> Any:
        """The game's own (write-side) state, as its ``evolve`` built it."""
        return self._states[0]

    @property
    def clock(self) -> Any:
        return self._states[1]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._index)

    @property
    def states(self) -> tuple[Any, ...]:
        return self._states

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and (self.game_id, self.seq, self._states) == (
            other.game_id,
            other.seq,
            other._states,
        )

    def __repr__(self) -> str:
        return f"View({self.game_id!r}, seq={self.seq})"


def game_projection(loaded: LoadedKind) -> Projection[Any]:
    evolve = loaded.kind.evolve
    return Projection("game", loaded.kind.initial_state, lambda state, rec: evolve(state, rec.event), loaded.kind.state_type)


class Timeline:
    """Builds views of one game from its stored log."""

    def __init__(
        self,
        store: EventStore,
        loaded: LoadedKind,
        game_id: str,
        definition: dict[str, Any],
        checkpoint_every: int = CHECKPOINT_EVERY,
    ):
        self.store = store
        self.loaded = loaded
        self.game_id = game_id
        self.definition = definition
        self.every = checkpoint_every
        self.projections: tuple[Projection[Any], ...] = (game_projection(loaded), TURN_CLOCK, PLAYERS,
                                                         *loaded.kind.projections)
        self.index = {p.name: i for i, p in enumerate(self.projections)}
        types = tuple(p.state_type for p in self.projections)
        self._codec = msgspec.msgpack.Encoder()
        self._decoder = msgspec.msgpack.Decoder(tuple[types])  # type: ignore[valid-type]
        self._stamp = code_stamp(self.projections, types)
        self.checks = hasattr(store, "anchored_checkpoint")  # the SQLite store: every event read is checked
        # read when a read model says it reads them (``Projection.reads_envelope``); else every fold hands out ""
        self.envelope = any(p.reads_envelope for p in self.projections)

    def initial(self) -> View:
        states = [p.initial(self.definition) for p in self.projections]
        return View(self.game_id, 1, states, self.index, self._creation_hash() if self.checks else None)

    def _creation_hash(self) -> str:
        finding, point, _ = chain_of(self.store.integrity_rows(self.game_id, 0, 1), None, 1)
        if finding is not None:
            raise Tampered(self.game_id, finding)
        return point[1]

    def view_at(self, seq: int, known: Sequence[View] = (), stones: list[View] | None = None) -> View:
        """The view as of ``seq``. ``known`` are views already in memory that may serve as a base. ``stones``, when
        given, receives the views the fold passed every ``STONE_EVERY`` events on its way (each as true as one
        asked for: the table as it stood then), for the caller to keep as bases of later views."""
        with collector.paused():  # a checkpoint thawed, rows read, decoded and folded
            return self._view_at(seq, known, stones)

    def _view_at(self, seq: int, known: Sequence[View], stones: list[View] | None = None) -> View:
        cancels = read_cancels(self.store, self.game_id, seq)
        cancel_seqs = [c[0] for c in cancels]
        # suffix_min[i] = lowest rewinds_to among cancels[i:]
        suffix_min = [0] * (len(cancels) + 1)
        suffix_min[-1] = 1 << 62
        for i in range(len(cancels) - 1, -1, -1):
            suffix_min[i] = min(cancels[i][1], suffix_min[i + 1])

        def usable(base: int) -> bool:
            return suffix_min[bisect.bisect_right(cancel_seqs, base)] > base

        base_view = None
        for v in sorted(known, key=lambda v: -v.seq):
            if v.seq <= seq and usable(v.seq) and (v.hash is not None or not self.checks):
                base_view = v
                break
        stored = self.store.checkpoint_seqs(self.game_id, seq)
        stale = set()  # written by other code (before an upgrade): the fold below writes them again
        for c in stored:
            if base_view is not None and c <= base_view.seq:
                break
            if usable(c):
                held = self.store.anchored_checkpoint(self.game_id, c) if self.checks else None
                blob, anchor = held if held is not None else (
                    None if self.checks else self.store.load_checkpoint(self.game_id, c), None)
                states = self._thaw(blob)
                if states is not None:
                    base_view = View(self.game_id, c, states, self.index, anchor)
                    break
                stale.add(c)
        if base_view is None:
            base_view = self.initial()
        if base_view.seq == seq:
            return base_view

        start = base_view.seq
        first = bisect.bisect_right(cancel_seqs, start)
        cancelled = cancelled_set((s, t) for s, _rw, t in cancels[first:])
        save_points = {
            k
            for k in range((start // self.every + 1) * self.every, seq + 1, self.every)
            if usable(k)
        }
        if save_points:
            save_points -= set(stored) - stale
        # the same test as a checkpoint's: no cancellation after the point reaches back to it or before
        keep_points = set() if stones is None else {
            k for k in range((start // STONE_EVERY + 1) * STONE_EVERY, seq, STONE_EVERY) if usable(k)}
        columns, last_hash, hashes = self._read(base_view, seq, cancels[first:], keep_points)
        kept: dict[int, list[Any]] = {}
        try:
            states = self._fold(list(base_view.states), columns, cancelled, save_points, keep_points, kept)
        except _RowsNeeded:  # an event of an older schema in a range read as columns: again, row by row
            columns = Columns.of_rows(self.store.replay_rows(self.game_id, base_view.seq, seq))
            kept.clear()
            states = self._fold(list(base_view.states), columns, cancelled, save_points, keep_points, kept)
        if stones is not None:
            stones.extend(View(self.game_id, k, kept[k], self.index, hashes.get(k)) for k in sorted(kept))
        return View(self.game_id, seq, states, self.index, last_hash)

    def _read(self, base: View, upto: int, cancels: list[tuple[int, int, Any]],
              hashes_at: Set[int] = frozenset()) -> tuple[Columns, str | None, dict[int, str]]:
        """The events after ``base`` up to ``upto`` as the fold reads them, the hash of the last when checked, and
        the checked hashes of the events ``hashes_at`` (none on a store that does not check its reads).

        A long range on a store that does not check each event is read as columns (``events/columns.py``). On a
        checking store each row is checked against the chain from the base's hash, and the cancellations that
        chose the base must be exactly theirs."""
        if not self.checks:
            columns = self.store.replay_columns(self.game_id, base.seq, upto, self.envelope) if (
                upto - base.seq > BATCH_DECODE) else None
            if columns is None:
                columns = Columns.of_rows(self.store.replay_rows(self.game_id, base.seq, upto))
            return columns, None, {}
        stored = self.store.integrity_rows(self.game_id, base.seq, upto)
        finding, _end, _ = chain_of(stored, (base.seq, base.hash or GENESIS), upto)
        if finding is None:
            said = [(r[1], r[10]) for r in stored if r[10] is not None]
            if said != [(s, rw) for s, rw, _t in cancels]:
                wrong = sorted(set(said) ^ {(s, rw) for s, rw, _t in cancels})[0][0]
                finding = Finding(f"the index of undos differs from event {wrong} (its rewinds_to was changed)", wrong)
        if finding is not None:
            raise Tampered(self.game_id, finding)
        hashes = {r[1]: r[9] for r in stored if r[1] in hashes_at} if hashes_at else {}
        return Columns.of_rows(stored, start=1), stored[-1][9] if stored else None, hashes

    def _thaw(self, blob: bytes | None) -> tuple[Any, ...] | None:
        """A checkpoint's states, or None when it was written by other code (a cache miss, never an error)."""
        if blob is None or not blob.startswith(self._stamp):
            return None
        try:
            return self._decoder.decode(blob[len(self._stamp):])
        except (msgspec.DecodeError, msgspec.ValidationError):
            return None

    def extended(self, view: View, recorded: Sequence[Recorded], last_hash: str) -> View | None:
        """The view just after ``recorded``, this process's own append right after ``view``, folded in memory from
        the events it stored (the next page then reads nothing back); None where that does not apply: an undo among
        them (it rewinds the table), a gap, or a checked view without the new hash."""
        if not recorded or recorded[0].seq != view.seq + 1 or any(
                type(r.event) is EventsCancelled or r.seq != view.seq + 1 + i for i, r in enumerate(recorded)):
            return None
        if self.checks and (view.hash is None or not last_hash):
            return None
        last = recorded[-1].seq
        save_points = set(range((view.seq // self.every + 1) * self.every, last + 1, self.every))
        envelope = ([r.recorded_at for r in recorded], [r.actor for r in recorded], [r.command_id for r in recorded]
                    ) if self.envelope else (repeat(""), repeat(""), repeat(""))
        with collector.paused():
            states = self._fold_events(list(view.states), [r.seq for r in recorded], [r.event for r in recorded],
                                       envelope, set(), save_points)
        return View(self.game_id, last, states, self.index, last_hash if self.checks else None)

    def _fold(self, states: list[Any], columns: Columns, cancelled: set[int], save_points: set[int],
              keep_points: Set[int] = frozenset(), kept: dict[int, list[Any]] | None = None) -> list[Any]:
        envelope = (columns.recorded_at, columns.actors, columns.command_ids) if self.envelope else (
            repeat(""), repeat(""), repeat(""))
        return self._fold_events(states, columns.seqs, self._events(columns, cancelled), envelope, cancelled,
                                 save_points, keep_points, kept)

    def _fold_events(self, states: list[Any], seqs: Sequence[int], events: Sequence[Any], envelope: tuple[Any, ...],
                     cancelled: set[int], save_points: set[int], keep_points: Set[int] = frozenset(),
                     kept: dict[int, list[Any]] | None = None) -> list[Any]:
        """The hot loop of every replay: the game's own evolve called straight, and each event handed only to the
        read models that declare its type (an event no read model reads, a note say, costs its decoding and the
        game's evolve only). The states after each event of ``keep_points`` go into ``kept`` (states are never
        changed, only replaced: a copy of the list is the moment)."""
        routes: dict[type, tuple[tuple[int, Any, bool], ...]] = {}
        evolve = self.loaded.kind.evolve
        game = states[0]
        saving = bool(save_points)
        keeping = bool(keep_points)
        kept = {} if kept is None else kept
        for seq, event, recorded_at, actor, command_id in zip(seqs, events, *envelope):
            if event is not None and type(event) is not EventsCancelled and not (cancelled and seq in cancelled):
                game = evolve(game, event)
                route = routes.get(type(event))
                if route is None:
                    route = routes[type(event)] = self._route(type(event))
                if route:
                    rec = Recorded(seq, event, recorded_at, actor, command_id)
                    for j, apply, reads_game in route:
                        states[j] = apply(states[j], rec, game) if reads_game else apply(states[j], rec)
            if saving and seq in save_points:
                states[0] = game
                self.store.save_checkpoint(self.game_id, seq, self._stamp + self._codec.encode(tuple(states)))
            if keeping and seq in keep_points:
                kept[seq] = [game, *states[1:]]
        states[0] = game
        return states

    def _events(self, columns: Columns, cancelled: set[int]) -> list[Any]:
        """Each event as today's class; None where the fold skips it and it was not decoded. A long range is decoded
        in one call and only its rows of an older schema again, one by one (upcast); a short one row by row,
        building only its own types' decoders. A range read as columns with an older row raises ``_RowsNeeded``."""
        catalogue = self.loaded.catalogue
        payloads = columns.payloads
        if isinstance(payloads, str):
            decoded = catalogue.decode_array(payloads)
            if decoded is None or len(decoded) != len(columns) or _older(decoded, columns.versions):
                raise _RowsNeeded
            return decoded
        slow = catalogue.decode_event
        if len(payloads) > BATCH_DECODE and (decoded := catalogue.decode_current(payloads)) is not None:
            for i in _older(decoded, columns.versions):
                decoded[i] = slow(columns.types[i], columns.versions[i], payloads[i])
            return decoded
        return [None if type_ == CANCEL_TAG or (cancelled and seq in cancelled) else slow(type_, version, payload)
                for seq, type_, version, payload in zip(columns.seqs, columns.types, columns.versions, payloads)]

    def _route(self, event_type: type) -> tuple[tuple[int, Any, bool], ...]:
        """The read models (after the game's own state, always first) that an event of this type reaches; those
        reading the game's state get it as it stands after the event."""
        return tuple((i, p.apply, p.reads_game) for i, p in enumerate(self.projections)
                     if i > 0 and p.handles(event_type))
