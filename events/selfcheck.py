"""Checking a stored game against its chain and its seals (``integrity.py``): cheaply on opening, each event as
it is read, in full on ``tabletop verify``.

* The chain: every event's hash recomputed from its stored columns, each linked to the one before, numbered
  without gaps, the first one the game's creation, and the ``rewinds_to`` column (which replay trusts to find
  cancellations fast) equal to what the hashed payload says.
* The seals: the list of games, the game's head (its last sequence number and hash) and its games row.
* In full also the idempotency table, which says which command ids were already handled.

Three ways of checking, from the cheapest:

* **Opening a game** (``check_game``, not full): the seals of the list of games and of the head, the games row
  against the creation event (itself checked against its hash), and the chain *since the verified point*: a
  sealed record (``checked`` table, ``integrity.point_seal``) saying this installation checked every event up
  to it. An append moves the point in its own transaction when the appending process had checked up to the old
  head, so a game kept by one installation opens with no event to re-read: a few rows whatever its length.
  Without a point (a file sealed before points existed, or the point deleted) the whole chain is checked once and
  the point recorded.
* **Every event read is checked as it is used** (``chain_of``, ``check_from``): a state is folded from an anchor,
  a sealed checkpoint (whose seal binds the event hash at its number) or the creation event, and the events after
  the anchor are chained from it as they are folded (``assistant/replay.py``); reading older events (the log, a
  game file, undo looking back) first checks the chain from the nearest anchor before them up to what this process
  has already checked. So an event edited behind the store's back, chain recomputed or not, is never served: either
  the head's seal or the chain from an anchor refuses it the moment it is read.
* **In full** (``tabletop verify``): every event from the first, the seals and the handled commands.

An edit of an event that nothing reads (one before the last checkpoint that the table never looks back at) stays
in the file until something reads it or ``verify`` runs; the state served never includes it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from events import integrity
from events.hashing import GENESIS, canonical_bytes, chain_hash
from events.integrity import Finding

if TYPE_CHECKING:
    from events.store import EventStore

Point = tuple[int, str]  # (seq, hash) of an event


def check_game(store: EventStore, game_id: str, full: bool, accept_restore: bool = False) -> Finding | None:
    """The check on opening a game (``full``: every event, as ``verify``; ``accept_restore``: an older copy than
    this installation saw is not a finding, the players having said they restored it on purpose)."""
    from events.records import GameNotFound

    # The record of heads seen is read before the file: a writer records a head only after committing it, and the
    # snapshot of the file begins at its first read (a deferred transaction), so every head in the record read is
    # in the file read. Read the other way round, another process's append between the two looked like a restore.
    seen: dict[str, Point] = {} if accept_restore else store.seen_heads()
    games = store._run("SELECT kind, title, created_at FROM games WHERE game_id=?", (game_id,))
    if not games:
        raise GameNotFound(f"no game {game_id!r} in {store.path}")
    if not full and game_id in store.found:
        return store.found[game_id]
    stored_head = None
    if not accept_restore:
        stored_head = store.head_commitment(game_id)
        finding = head_finding(store, game_id, stored_head) or behind_finding(store, game_id, stored_head, seen)
        if finding is not None:
            store.remember_finding(game_id, finding)
            return finding
    start = None if full else store.verified.get(game_id)
    from_point = False
    if start is None and not full:
        point = sealed_point(store, game_id)
        if isinstance(point, Finding):  # the seals first: a file sealed elsewhere is named as such
            return head_finding(store, game_id, store.head_commitment(game_id)) or point
        start, from_point = point, point is not None
    whole = start is None  # reading every event: the handled commands too
    finding, head, spans = _chain(store, game_id, start, keep_spans=whole)
    if finding is not None:
        store.remember_finding(game_id, finding)
        return finding
    # the seals were found true for the stored head above (in this same snapshot): checked again only for a chain
    # that ends elsewhere, to say how
    finding = (head_finding(store, game_id, head) if head != stored_head else None) or _creation(
        store, game_id, games[0])
    if finding is None and whole:
        finding = _commands(store, game_id, spans)
    if finding is not None:
        store.remember_finding(game_id, finding)
        return finding
    with store._verified_lock:
        store.verified[game_id] = head
        if whole:
            store.checked_low[game_id] = (0, GENESIS)
            store.found.pop(game_id, None)
        elif from_point or game_id not in store.checked_low:
            low = store.checked_low.get(game_id)
            if low is None or low[0] > start[0]:
                store.checked_low[game_id] = start
    return None


def check_from(store: EventStore, game_id: str, seq: int) -> Finding | None:
    """Make sure every event after ``seq`` was checked in this process before it is read: the chain from the
    nearest sealed checkpoint at or before ``seq`` (or from the first event) up to where this process's checks
    already reach. From 0, this is the full check."""
    if game_id not in store.checked_low or game_id not in store.verified:
        finding = check_game(store, game_id, full=False)
        if finding is not None:
            return finding
    low = store.checked_low[game_id]
    if low[0] <= seq:
        return None
    anchor = None
    for c in store.checkpoint_seqs(game_id, seq) if seq > 0 else ():
        held = store.anchored_checkpoint(game_id, c)
        if held is not None:
            anchor = (c, held[1])
            break
    whole = anchor is None
    finding, end, spans = _chain(store, game_id, anchor, keep_spans=whole, upto=low[0])
    if finding is None and end != low:
        finding = Finding(f"event {low[0]} is not the one checked before: the log before it was rewritten", low[0])
    if finding is None and whole:
        finding = _commands(store, game_id, spans, upto=low[0])
    if finding is None:
        with store._verified_lock:
            store.checked_low[game_id] = anchor or (0, GENESIS)
    else:
        store.remember_finding(game_id, finding)
    return finding


def behind_finding(store: EventStore, game_id: str, head: Point, record: dict[str, Point]) -> Finding | None:
    """The file's copy of the game against the last head this installation saw of it in this file
    (``integrity.seen_heads``, as read before the file: ``record``): behind it, or not passing through it, is a
    restored older (or other) copy."""
    seen = record.get(game_id)
    if seen is None:
        return None  # a game this installation never wrote here: a file from elsewhere, or from before the record
    if head[0] < seen[0]:
        return integrity.Behind(f"the file holds an older copy of this game: it ends at event {head[0]} "
                                f"({head[1][:12]}), but this installation last saw it at event {seen[0]} "
                                f"({seen[1][:12]})", head[0] + 1, head, seen)
    at = store._run("SELECT hash FROM events WHERE game_id=? AND seq=?", (game_id, seen[0]))
    if not at or at[0][0] != seen[1]:
        return integrity.Behind(f"the file holds another copy of this game: its event {seen[0]} is not the one this "
                                f"installation last saw ({seen[1][:12]}); the file ends at event {head[0]} "
                                f"({head[1][:12]})", seen[0], head, seen)
    return None


def sealed_point(store: EventStore, game_id: str) -> Point | Finding | None:
    """The verified point this installation recorded for a game, if any (a bad one is a finding)."""
    if not store.sealed:
        return None
    rows = store._run("SELECT seq, hash, seal FROM checked WHERE game_id=?", (game_id,))
    if not rows:
        return None
    seq, hash_, seal = rows[0]
    if not (isinstance(seq, int) and isinstance(hash_, str) and isinstance(seal, str)
            and integrity.same(seal, integrity.point_seal(store.key, game_id, seq, hash_))):
        return Finding("the record of how far the game's log was checked was changed")
    stored = store._run("SELECT hash FROM events WHERE game_id=? AND seq=?", (game_id, seq))
    if not stored:
        return Finding(f"event {seq}, checked before, is missing from the log", seq)
    if stored[0][0] != hash_:
        return Finding(f"the log was rewritten up to event {seq} (it is not the event checked before)", seq)
    return seq, hash_


def record_point(store: EventStore, game_id: str, point: Point) -> None:
    """Seal a new verified point (never moving it back); a file that cannot be written keeps its old one."""
    if not store.sealed or point[0] < 1 or store._run(
            "SELECT 1 FROM checked WHERE game_id=? AND seq>=?", (game_id, point[0])):
        return
    seal = integrity.point_seal(store.key, game_id, point[0], point[1])
    try:
        store._run("INSERT INTO checked (game_id, seq, hash, seal) VALUES (?,?,?,?) ON CONFLICT (game_id) DO UPDATE "
                   "SET seq=excluded.seq, hash=excluded.hash, seal=excluded.seal WHERE excluded.seq > checked.seq",
                   (game_id, point[0], point[1], seal))
    except Exception:  # StoreError on a read-only file: only costs the next process a longer check
        pass


def chain_finding(store: EventStore, game_id: str) -> Finding | None:
    return _chain(store, game_id, None, keep_spans=False)[0]


def _chain(store: EventStore, game_id: str, start: Point | None, keep_spans: bool, upto: int | None = None
           ) -> tuple[Finding | None, Point, dict[str, list[int]]]:
    seq = (start or (0, GENESIS))[0]
    rows = store.integrity_rows(game_id, seq, upto)
    if start is not None and not rows and upto is None and store.head(game_id) < seq:
        return Finding(f"the events after {store.head(game_id)} were removed", store.head(game_id) + 1), start, {}
    return chain_of(rows, start, upto, keep_spans)


def chain_of(rows: list[tuple], start: Point | None, upto: int | None = None, keep_spans: bool = False
             ) -> tuple[Finding | None, Point, dict[str, list[int]]]:
    """Check stored rows (``EventStore.integrity_rows``) as following ``start`` (None: from the first event) and,
    with ``upto``, reaching it. Returns the finding, the last point checked and, with ``keep_spans``, each command
    id's first and last event."""
    seq, prev = start or (0, GENESIS)
    spans: dict[str, list[int]] = {}
    for r in rows:
        game, number, type_, version, recorded_at, actor, command_id, payload, prev_hash, hash_, rewinds = r
        expected = seq + 1
        # spelled out rather than all(...) over a tuple: this runs once per event read
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
        if rewinds is not None or type_ == integrity.CANCEL_TAG:
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
    if upto is not None and seq < upto:
        return Finding(f"event {seq + 1} is missing from the log", seq + 1), (seq, prev), spans
    return None, (seq, prev), spans


def list_finding(key: bytes, query: Callable[..., list[tuple]], leaving_out: str | None = None) -> Finding | None:
    """The seal of the list of games against the games stored (``leaving_out``: a game being added in this
    transaction, not yet in the sealed list)."""
    manifest = query("SELECT value FROM meta WHERE name='manifest'")
    ids = [r[0] for r in query("SELECT game_id FROM games") if r[0] != leaving_out]
    if not manifest or not integrity.same(manifest[0][0], integrity.manifest_seal(key, ids)):
        return Finding("the list of games was changed outside the assistant (a game added or removed, or its seal)")
    return None


def head_finding(store: EventStore, game_id: str, head: tuple[int, str],
                 conn: sqlite3.Connection | None = None, *, list_of_games: bool = True,
                 facts: list[tuple[str, str, str]] | None = None) -> Finding | None:
    """The seals of the list of games and of this game's head, against the head actually stored.

    ``list_of_games=False``: this game's head alone (an append to it, which leaves the list's seal as it is: opening
    any game still checks the list). ``facts``: receives the game's (kind, title, creation time) as read."""
    def query(sql: str, params: tuple = ()) -> list[tuple]:
        return conn.execute(sql, params).fetchall() if conn is not None else store._run(sql, params)

    if not store.sealed:
        if integrity.was_sealed(store.path, store.config):
            return Finding("the database's seals were removed (this machine sealed it before)")
        return None  # a database from before sealing that could not be sealed (read-only): the chain is all
    if list_of_games:
        finding = list_finding(store.key, query)
        if finding is not None:
            return finding
    sealed = query("SELECT h.seq, h.hash, h.seal, g.kind, g.title, g.created_at FROM heads h "
                   "JOIN games g ON g.game_id=h.game_id WHERE h.game_id=?", (game_id,))
    if not sealed:
        return Finding("the game's seal is missing")
    seq, hash_, seal, kind, title, created_at = sealed[0]
    if facts is not None:
        facts.append((kind, title, created_at))
    # a row exactly as this process sealed it holds a seal made over those very values: the next append of a lone
    # writer need not compute it again
    if sealed[0] != store.own_seals.get(game_id) and not integrity.same(
            seal, integrity.head_seal(store.key, game_id, seq, hash_, kind, title, created_at)):
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
    rows = store.integrity_rows(game_id, 0, 1)
    if not rows:
        return Finding("the game has no creation event", 1)
    finding = chain_of(rows, None, 1)[0]  # the creation event itself, read by every opening
    if finding is not None:
        return finding
    try:
        created = msgspec.json.decode(rows[0][7])
        facts = (created["kind"], rows[0][4])
    except (msgspec.DecodeError, KeyError, TypeError):
        return Finding("the game's creation event cannot be read", 1)
    if (game[0], game[2]) != facts:
        return Finding("the game's record (kind, creation time) differs from its creation event", 1)
    return None


def _commands(store: EventStore, game_id: str, spans: dict[str, list[int]], upto: int | None = None
              ) -> Finding | None:
    """Which command ids were handled (a repeated id writes nothing) matches the events' own command ids (those
    up to ``upto`` when given)."""
    stored = {cid: [a, b if upto is None else min(b, upto)] for cid, a, b in store._run(
        "SELECT command_id, first_seq, last_seq FROM commands WHERE game_id=?", (game_id,))
        if upto is None or a <= upto}
    if stored != spans:
        wrong = sorted(set(stored) ^ set(spans)) or sorted(c for c in spans if stored[c] != spans[c])
        where = spans.get(wrong[0], stored.get(wrong[0], [None]))[0]
        return Finding(f"the record of handled commands was changed (command {wrong[0]})", where)
    return None
