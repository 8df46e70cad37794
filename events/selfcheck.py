"""Checking a stored game against its chain and its seals (``integrity.py``), cheaply or in full.

* The chain: every event's hash recomputed from its stored columns, each linked to the one before, numbered
  without gaps, the first one the game's creation, and the ``rewinds_to`` column (which replay trusts to find
  cancellations fast) equal to what the hashed payload says.
* The seals: the list of games, the game's head (its last sequence number and hash) and its games row.
* In full (``tabletop verify``) also the idempotency table, which says which command ids were already handled.

A check starts from the last point this process checked or wrote (``EventStore.verified``) unless ``full``.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import msgspec

from events import integrity
from events.hashing import GENESIS, canonical_bytes, chain_hash
from events.integrity import Finding

if TYPE_CHECKING:
    from events.store import EventStore


def check_game(store: EventStore, game_id: str, full: bool) -> Finding | None:
    from events.store import GameNotFound

    games = store._run("SELECT kind, title, created_at FROM games WHERE game_id=?", (game_id,))
    if not games:
        raise GameNotFound(f"no game {game_id!r} in {store.path}")
    start = None if full else store.verified.get(game_id)
    whole = start is None  # the first check in this process reads every event: the handled commands too
    finding, head, spans = _chain(store, game_id, start, keep_spans=whole)
    if finding is not None:
        return finding
    finding = head_finding(store, game_id, head) or _creation(store, game_id, games[0])
    if finding is None and whole:
        finding = _commands(store, game_id, spans)
    if finding is None:
        with store._verified_lock:
            store.verified[game_id] = head
    return finding


def chain_finding(store: EventStore, game_id: str) -> Finding | None:
    return _chain(store, game_id, None, keep_spans=False)[0]


def _chain(store: EventStore, game_id: str, start: tuple[int, str] | None, keep_spans: bool
           ) -> tuple[Finding | None, tuple[int, str], dict[str, list[int]]]:
    seq, prev = start or (0, GENESIS)
    spans: dict[str, list[int]] = {}
    rows = store.integrity_rows(game_id, seq)
    if start is not None and not rows and store.head(game_id) < seq:
        return Finding(f"the events after {store.head(game_id)} were removed", store.head(game_id) + 1), start, spans
    for r in rows:
        game, number, type_, version, recorded_at, actor, command_id, payload, prev_hash, hash_, rewinds = r
        expected = seq + 1
        # spelled out rather than all(...) over a tuple: this runs once per event of every game a process opens
        if not (isinstance(payload, bytes) and isinstance(type_, str) and isinstance(recorded_at, str)
                and isinstance(actor, str) and isinstance(command_id, str) and isinstance(prev_hash, str)
                and isinstance(hash_, str) and isinstance(number, int) and isinstance(version, int)):
            return Finding(f"event {expected}'s stored columns were changed (wrong kinds of value)", expected), \
                (seq, prev), spans
        if number != expected:
            return Finding(f"event {expected} is missing (the log jumps to {number})", expected), (seq, prev), spans
        if number == 1 and type_ != "core.game_created":
            return Finding("event 1 is not the game's creation", 1), (seq, prev), spans
        if prev_hash != prev:
            return Finding(f"event {number} does not follow the event before it (hash chain broken)", number), \
                (seq, prev), spans
        canon = canonical_bytes(game, number, type_, version, recorded_at, actor, command_id, payload)
        if chain_hash(prev_hash, canon) != hash_:
            return Finding(f"event {number} does not match its hash (its content was edited)", number), (seq, prev), spans
        try:
            expected_rewinds = integrity.rewinds_of(type_, payload)
        except (msgspec.DecodeError, ValueError, TypeError, AttributeError):
            return Finding(f"event {number} cannot be read", number), (seq, prev), spans
        if rewinds != expected_rewinds:
            return Finding(f"event {number}'s rewinds_to column ({rewinds}) differs from its hashed content "
                           f"({expected_rewinds}): undo would be misread", number), (seq, prev), spans
        if keep_spans:
            span = spans.setdefault(command_id, [number, number])
            span[1] = number
        seq, prev = number, hash_
    return None, (seq, prev), spans


def head_finding(store: EventStore, game_id: str, head: tuple[int, str],
                 conn: sqlite3.Connection | None = None) -> Finding | None:
    """The seals of the list of games and of this game's head, against the head actually stored."""
    def query(sql: str, params: tuple = ()) -> list[tuple]:
        return conn.execute(sql, params).fetchall() if conn is not None else store._run(sql, params)

    if not store.sealed:
        if integrity.was_sealed(store.path):
            return Finding("the database's seals were removed (this machine sealed it before)")
        return None  # a database from before sealing that could not be sealed (read-only): the chain is all
    manifest = query("SELECT value FROM meta WHERE name='manifest'")
    ids = [r[0] for r in query("SELECT game_id FROM games")]
    if not manifest or not integrity.same(manifest[0][0], integrity.manifest_seal(store.key, ids)):
        return Finding("the list of games was changed outside the assistant (a game added or removed, or its seal)")
    sealed = query("SELECT h.seq, h.hash, h.seal, g.kind, g.title, g.created_at FROM heads h "
                   "JOIN games g ON g.game_id=h.game_id WHERE h.game_id=?", (game_id,))
    if not sealed:
        return Finding("the game's seal is missing")
    seq, hash_, seal, kind, title, created_at = sealed[0]
    if not integrity.same(seal, integrity.head_seal(store.key, game_id, seq, hash_, kind, title, created_at)):
        return Finding("the game's record (kind, title, creation time) or its seal was changed")
    if seq > head[0]:
        return Finding(f"events {head[0] + 1} to {seq} were removed from the end of the log", head[0] + 1)
    if seq < head[0]:
        return Finding(f"events after {seq} were added outside the assistant", seq + 1)
    if hash_ != head[1]:
        return Finding("the log was rewritten and its hash chain recomputed (the last event is not the one sealed)",
                       seq)
    return None


def _creation(store: EventStore, game_id: str, game: tuple) -> Finding | None:
    """The games row's kind and creation time are the creation event's (its title may differ: a what-if fork is
    named anew; the title is covered by the head's seal)."""
    rows = store._run("SELECT payload, recorded_at FROM events WHERE game_id=? AND seq=1", (game_id,))
    if not rows:
        return Finding("the game has no creation event", 1)
    try:
        created = msgspec.json.decode(rows[0][0])
        facts = (created["kind"], rows[0][1])
    except (msgspec.DecodeError, KeyError, TypeError):
        return Finding("the game's creation event cannot be read", 1)
    if (game[0], game[2]) != facts:
        return Finding("the game's record (kind, creation time) differs from its creation event", 1)
    return None


def _commands(store: EventStore, game_id: str, spans: dict[str, list[int]]) -> Finding | None:
    """Which command ids were handled (a repeated id writes nothing) matches the events' own command ids."""
    stored = {cid: [a, b] for cid, a, b in store._run(
        "SELECT command_id, first_seq, last_seq FROM commands WHERE game_id=?", (game_id,))}
    if stored != spans:
        wrong = sorted(set(stored) ^ set(spans)) or sorted(c for c in spans if stored[c] != spans[c])
        where = spans.get(wrong[0], stored.get(wrong[0], [None]))[0]
        return Finding(f"the record of handled commands was changed (command {wrong[0]})", where)
    return None
