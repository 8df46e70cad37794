"""The log store: one SQLite file, append-only events, hash-chained.

The database itself refuses UPDATE and DELETE on events (triggers). An append
names the sequence number it expects to follow; all events of one command go in
one transaction; a repeated command id writes nothing and returns the first
result. Checkpoints live in a separate table and are a pure cache.

Every append also seals the game's new head, and every new game the list of games, with this installation's
key (``integrity.py``); ``check`` finds any edit made to the file behind the store's back.
"""

from __future__ import annotations

import hmac
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from events import integrity
from events.columns import Columns, of_aggregates
from events.group_commit import GroupCommit, Request as _Request
from events.sealing import Sealing
from events.hashing import GENESIS, canonical_bytes, chain_hash
from events.records import (  # the store's vocabulary, importable from here as before
    Appended, Conflict, GameNotFound, GameRow, NewEvent, RolledBack, Row, StoreError, Tampered, refusal,
)
from events.sqlite_schema import CHECKPOINT_INDEX, FORK_NOTES_WHERE, INDEXES, SCHEMA

__all__ = ["Appended", "CHECKPOINT_INDEX", "Conflict", "EventStore", "GameNotFound", "GameRow", "NewEvent",
           "RolledBack", "Row", "SCHEMA", "StoreError", "Tampered", "refusal"]

_ROW_COLUMNS = "game_id, seq, type, version, recorded_at, actor, command_id, payload, prev_hash, hash"
_COLUMNS_SQL = (  # the default separator, a comma: a function such as char(31) would run on every row
    "SELECT count(*), min(seq), max(seq), group_concat(version), {envelope}group_concat(payload) FROM events "
    "WHERE game_id=? AND seq>? AND seq<=?"
)
_ENVELOPE_SQL = "group_concat(recorded_at), group_concat(actor), group_concat(command_id), "


class EventStore(Sealing):
    def __init__(self, path: str | os.PathLike[str], *, create_dir: bool = False, key: bytes | None = None):
        """``key``: the sealing key (default: this installation's, kept in the user's configuration directory)."""
        # a plain string (``os.path``, not ``pathlib``: importing pathlib costs every command some 6 ms)
        self.path = os.fspath(path)
        directory = os.path.dirname(self.path) or "."
        if not os.path.exists(directory):
            if create_dir:
                try:
                    os.makedirs(directory, exist_ok=True)
                except OSError as exc:
                    raise StoreError(f"cannot create the data directory {directory}: {exc.strerror}") from None
            else:
                raise StoreError(f"the database directory {directory} does not exist")
        elif not os.path.isdir(directory):
            raise StoreError(f"{directory} is a file, not a directory: the database cannot be kept there")
        if os.path.isdir(self.path):
            raise StoreError(f"{self.path} is a directory, not a database file")
        self._local = threading.local()
        # the configuration directory as it is now: the key, the record of heads seen and the list of sealed files
        # stay together for the store's life (and every append need not work it out again)
        self.config = integrity.config_dir()
        try:
            self.key = key if key is not None else integrity.installation_key(self.config)
        except OSError as exc:
            raise StoreError(f"cannot read or create the sealing key: {exc}") from None
        self.verified: dict[str, tuple[int, str]] = {}  # game -> (seq, hash) this process has checked or written
        self.checked_low: dict[str, tuple[int, str]] = {}  # game -> the point from which that check reaches it
        self.found: dict[str, integrity.Finding] = {}  # game -> what a check of this process found wrong
        self.own_seals: dict[str, tuple[object, ...]] = {}  # game -> the heads row this process last sealed
        self._verified_lock = threading.Lock()
        self._group = GroupCommit(self._write_batch)
        # a file this process creates holds nothing yet: sealed at once, even where an older file of that name was
        # deleted after this machine had sealed it
        new_file = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        self._connect()  # fail early with a clear message
        self.sealed = self._seal_if_new(new_file)

    # ------------------------------------------------------------ connection
    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        conn = None
        try:
            conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=True)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA busy_timeout=10000")
            conn.executescript(SCHEMA)
            try:
                for index in INDEXES:
                    conn.execute(index)
            except sqlite3.OperationalError:
                pass  # a read-only file: its checkpoints and fork notes are found the slow way
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()  # a refused file must not stay open (and locked) behind the error
            raise StoreError(self._explain(exc)) from None
        self._local.conn = conn
        return conn

    def _explain(self, exc: sqlite3.Error) -> str:
        text = str(exc)
        if "not a database" in text or "malformed" in text:
            return f"{self.path} is not a readable tabletop database ({text})"
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            if not os.access(os.path.dirname(self.path) or ".", os.W_OK) or (
                    os.path.exists(self.path) and not os.access(self.path, os.W_OK)):
                return f"{self.path} cannot be written (read-only file or directory); nothing was changed"
            return f"cannot open {self.path}: {text}"
        if "locked" in text or "busy" in text:
            return f"{self.path} is busy (another program holds it); try again"
        return f"database error on {self.path}: {text}"

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads inside see one state of the file (a read transaction), so a check never mixes the rows of one
        moment with the seals of the next while another process appends."""
        conn = self._connect()
        if conn.in_transaction:
            yield
            return
        try:
            conn.execute("BEGIN")
        except sqlite3.DatabaseError as exc:
            raise StoreError(self._explain(exc)) from None
        try:
            yield
        finally:
            try:
                if conn.in_transaction:
                    conn.execute("COMMIT")  # a read transaction: nothing to write, only the snapshot to end
            except sqlite3.DatabaseError as exc:
                if sys.exc_info()[0] is None:  # else the error already on its way says it
                    raise StoreError(self._explain(exc)) from None

    def _run(self, sql: str, params: Sequence[object] = ()) -> list[tuple]:
        try:
            return self._connect().execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(self._explain(exc)) from None

    # ------------------------------------------------------------ writing
    def append(
        self,
        game_id: str,
        expected_seq: int,
        events: Sequence[NewEvent],
        *,
        actor: str,
        command_id: str,
        recorded_at: str,
        kind: str | None = None,
        title: str | None = None,
    ) -> Appended:
        """Append all ``events`` after ``expected_seq`` atomically, or nothing at all; return once on disk.

        ``kind`` and ``title`` are given only for a game's first command. Appends made at the same moment by other
        threads of this process (devices at a table, tables of a club) share one transaction and one flush to the
        disk (``events/group_commit.py``); each returns only when that transaction is durable.
        """
        if not events:
            raise ValueError("an append needs at least one event")
        return self._group.submit(_Request(game_id, expected_seq, tuple(events), actor, command_id, recorded_at,
                                           kind, title))

    def _write_batch(self, batch: Sequence[_Request]) -> None:
        """One transaction for every request of ``batch``, each in a savepoint of its own: a refused request
        (a conflict, a repeated command, a tampered head) is undone alone; the others are committed together."""
        conn = self._connect()
        pending = list(batch)
        while pending:
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.DatabaseError as exc:
                error = StoreError(self._explain(exc))
                for request in pending:
                    request.error = error
                return
            written: list[_Request] = []
            again: list[_Request] | None = None
            points: dict[str, tuple[int, str]] = {}
            alone = len(pending) == 1  # a lone writer's request: the transaction is its savepoint
            try:
                for i, request in enumerate(pending):
                    if not alone:
                        conn.execute("SAVEPOINT one_append")
                    request.point = False
                    try:
                        request.result = self._append_one(conn, request, points)
                    except Exception as exc:  # this request alone is refused
                        request.error = StoreError(self._explain(exc)) if (
                            isinstance(exc, sqlite3.DatabaseError)) else exc
                        if not conn.in_transaction:  # the refusal rolled the whole transaction back: the others
                            again = written + pending[i + 1:]  # are written again in a new one
                            break
                        conn.execute("ROLLBACK" if alone else "ROLLBACK TO one_append")
                    if not alone:
                        conn.execute("RELEASE one_append")
                    if request.error is None:
                        written.append(request)
                        if request.point and not request.result.duplicate:
                            points[request.game_id] = (request.result.last_seq, request.after)
                if again is not None:
                    for request in again:
                        request.result = None
                    pending = again
                    continue
                if conn.in_transaction:  # (a lone request refused has rolled it back)
                    conn.execute("COMMIT")
            except BaseException as exc:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                error = (StoreError(self._explain(exc)) if isinstance(exc, sqlite3.DatabaseError) else exc
                         if isinstance(exc, Exception) else StoreError("the write was interrupted; nothing was written"))
                for request in pending:
                    request.result, request.error = None, error
                if not isinstance(exc, Exception):
                    raise
                return
            heads: dict[str, tuple[int, str]] = {}
            for request in written:
                assert request.result is not None
                if not request.result.duplicate:
                    after = (request.result.last_seq, request.after)
                    self._advance_verified(request.game_id, request.before, after)
                    heads[request.game_id] = after
            for game_id, (seq, hash_) in heads.items():  # after the commit: the record never runs ahead of the file
                self._remember_head(game_id, seq, hash_)
            pending = []

    def _append_one(self, conn: sqlite3.Connection, request: _Request, points: dict[str, tuple[int, str]]) -> Appended:
        """One command's events, inside the batch's transaction (the caller undoes it if this raises). ``points``:
        the verified points moved by the requests before it in this transaction."""
        game_id, command_id = request.game_id, request.command_id
        # the command's row first: a command handled before is refused by the table's key, so the usual case (a new
        # command) costs one statement, not a look-up and an insert. A conflict below undoes the row with the rest.
        try:
            conn.execute("INSERT INTO commands (game_id, command_id, first_seq, last_seq) VALUES (?,?,?,?)",
                         (game_id, command_id, request.expected_seq + 1, request.expected_seq + len(request.events)))
        except sqlite3.IntegrityError:
            seen = conn.execute("SELECT first_seq, last_seq FROM commands WHERE game_id=? AND command_id=?",
                                (game_id, command_id)).fetchone()
            if seen is None:
                raise
            return Appended(seen[0], seen[1], duplicate=True)
        head = conn.execute(
            "SELECT seq, hash FROM events WHERE game_id=? ORDER BY seq DESC LIMIT 1", (game_id,)
        ).fetchone()
        head_seq, prev = (head[0], head[1]) if head else (0, GENESIS)
        prev_head = prev
        facts = None
        if head_seq and self.sealed:
            facts = self._require_sealed_head(conn, game_id, head_seq, prev)
        if head_seq != request.expected_seq:
            raise Conflict(
                f"the game moved on (now at event {head_seq}, this command expected {request.expected_seq}); "
                "nothing was written: look at the table again and repeat if still wanted"
            )
        if head_seq == 0:
            if request.kind is None:
                raise GameNotFound(f"no game {game_id!r}")
            conn.execute(
                "INSERT INTO games (game_id, kind, title, created_at) VALUES (?,?,?,?)",
                (game_id, request.kind, request.title or request.kind, request.recorded_at),
            )
        request.before = (head_seq, prev)
        seq = head_seq
        actor, recorded_at = request.actor, request.recorded_at
        try:
            for ev in request.events:
                seq += 1
                canon = canonical_bytes(game_id, seq, ev.type, ev.version, recorded_at, actor, command_id, ev.payload)
                h = chain_hash(prev, canon)
                conn.execute(
                    f"INSERT INTO events ({_ROW_COLUMNS}, rewinds_to) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (game_id, seq, ev.type, ev.version, recorded_at, actor, command_id, ev.payload, prev, h,
                     ev.rewinds_to),
                )
                prev = h
        except sqlite3.IntegrityError:
            raise Conflict(f"another device wrote to game {game_id} at the same moment; nothing was written") from None
        self._seal_head(conn, game_id, seq, prev, new_game=head_seq == 0, facts=facts)
        if head_seq == 0 or points.get(game_id, self.verified.get(game_id)) == (head_seq, prev_head):
            self._seal_point(conn, game_id, seq, prev)  # checked up to the old head, and wrote the rest
            request.point = True
        request.after = prev
        return Appended(head_seq + 1, seq, hash=prev)

    def import_rows(self, rows: Sequence[Row], kind: str, title: str) -> None:
        """Insert a verified exported game verbatim (same hashes) in one transaction."""
        conn = self._connect()
        game_id = rows[0].game_id
        try:
            conn.execute("BEGIN IMMEDIATE")
            if conn.execute("SELECT 1 FROM games WHERE game_id=?", (game_id,)).fetchone():
                conn.execute("ROLLBACK")
                raise StoreError(f"a game with id {game_id} is already in this database; nothing was imported")
            conn.execute(
                "INSERT INTO games (game_id, kind, title, created_at) VALUES (?,?,?,?)",
                (game_id, kind, title, rows[0].recorded_at),
            )
            conn.executemany(
                f"INSERT INTO events ({_ROW_COLUMNS}, rewinds_to) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [
                    (r.game_id, r.seq, r.type, r.version, r.recorded_at, r.actor, r.command_id, r.payload, r.prev_hash, r.hash, rw)
                    for r, rw in ((r, integrity.rewinds_of(r.type, r.payload)) for r in rows)
                ],
            )
            firsts: dict[str, list[int]] = {}
            for r in rows:
                span = firsts.setdefault(r.command_id, [r.seq, r.seq])
                span[1] = r.seq
            conn.executemany(
                "INSERT OR IGNORE INTO commands (game_id, command_id, first_seq, last_seq) VALUES (?,?,?,?)",
                [(game_id, cid, a, b) for cid, (a, b) in firsts.items()],
            )
            self._seal_head(conn, game_id, rows[-1].seq, rows[-1].hash, new_game=True)
            self._seal_point(conn, game_id, rows[-1].seq, rows[-1].hash)  # the file's chain was verified first
            conn.execute("COMMIT")
            self._remember_head(game_id, rows[-1].seq, rows[-1].hash)
        except StoreError:
            raise
        except sqlite3.DatabaseError as exc:
            if conn.in_transaction:  # BEGIN itself fails on a read-only file: nothing to roll back
                conn.execute("ROLLBACK")
            raise StoreError(self._explain(exc)) from None

    def set_archived(self, game_id: str, archived: bool = True) -> None:
        self._run("UPDATE games SET archived=? WHERE game_id=?", (int(archived), game_id))

    # ------------------------------------------------------------ reading
    def games(self, include_archived: bool = False) -> list[GameRow]:
        rows = self._run(
            "SELECT g.game_id, g.kind, g.title, g.created_at, "
            "(SELECT MAX(seq) FROM events e WHERE e.game_id=g.game_id) FROM games g "
            + ("" if include_archived else "WHERE archived=0 ")
            + "ORDER BY g.created_at DESC, g.game_id"
        )
        return [GameRow(*r[:4], head=r[4] or 0) for r in rows]

    def game(self, game_id: str) -> GameRow:
        rows = self._run(
            "SELECT g.game_id, g.kind, g.title, g.created_at, "
            "(SELECT MAX(seq) FROM events e WHERE e.game_id=g.game_id) FROM games g WHERE game_id=?",
            (game_id,),
        )
        if not rows:
            raise GameNotFound(f"no game {game_id!r} in {self.path}")
        r = rows[0]
        return GameRow(*r[:4], head=r[4] or 0)

    def find_game(self, prefix: str) -> GameRow:
        """Resolve a full id or a unique prefix of one (ids are long; people type the start)."""
        rows = self._run("SELECT game_id FROM games WHERE game_id LIKE ? || '%'", (prefix,))
        if not rows:
            raise GameNotFound(f"no game {prefix!r} in {self.path}")
        if len(rows) > 1 and not any(r[0] == prefix for r in rows):
            raise GameNotFound(f"{prefix!r} matches {len(rows)} games; type more of the id")
        return self.game(prefix if any(r[0] == prefix for r in rows) else rows[0][0])

    def head(self, game_id: str) -> int:
        rows = self._run("SELECT MAX(seq) FROM events WHERE game_id=?", (game_id,))
        return rows[0][0] or 0

    def head_commitment(self, game_id: str) -> tuple[int, str]:
        """(seq, hash) of the game's last event."""
        rows = self._run("SELECT seq, hash FROM events WHERE game_id=? ORDER BY seq DESC LIMIT 1", (game_id,))
        return (rows[0][0], rows[0][1]) if rows else (0, GENESIS)

    def rows(self, game_id: str, after: int = 0, upto: int | None = None) -> Iterator[Row]:
        for r in self.raw(game_id, after, upto):
            yield Row(*r)

    def raw(self, game_id: str, after: int = 0, upto: int | None = None) -> list[tuple]:
        """Rows as plain tuples in sequence order (the fast path for replay)."""
        if upto is None:
            return self._run(f"SELECT {_ROW_COLUMNS} FROM events WHERE game_id=? AND seq>? ORDER BY seq", (game_id, after))
        return self._run(
            f"SELECT {_ROW_COLUMNS} FROM events WHERE game_id=? AND seq>? AND seq<=? ORDER BY seq",
            (game_id, after, upto),
        )

    def replay_rows(self, game_id: str, after: int, upto: int) -> list[tuple]:
        """Just what a fold needs: seq, type, version, recorded_at, actor, command_id, payload."""
        return self._run(
            "SELECT seq, type, version, recorded_at, actor, command_id, payload FROM events "
            "WHERE game_id=? AND seq>? AND seq<=? ORDER BY seq",
            (game_id, after, upto),
        )

    def replay_columns(self, game_id: str, after: int, upto: int, envelope: bool = True) -> Columns | None:
        """The same as ``replay_rows``, as columns (``events/columns.py``); None when the fast read does not apply.
        Without ``envelope``, the times, actors and command ids are not read (empty strings).

        SQLite walks the primary key's range in order, as for the rows (the plan is a search of the primary key, the
        only index that holds every event); the count and the ends show that no event is missing."""
        sql = _COLUMNS_SQL.format(envelope=_ENVELOPE_SQL if envelope else "")
        try:
            row = self._connect().execute(sql, (game_id, after, upto)).fetchone()
        except sqlite3.OperationalError:  # a payload that is not UTF-8 text: read as rows, which say what is wrong
            return None
        except sqlite3.DatabaseError as exc:
            raise StoreError(self._explain(exc)) from None
        return of_aggregates(after, row, envelope)

    def fork_notes(self, game_id: str) -> list[int]:
        """The notes of this game that name a what-if fork's origin (``events.core.FORK_NOTE``), read from their
        own index: a long game's first page does not walk its whole log to learn it is not a fork."""
        # SQLite's planner prefers the primary key, as for the cancelling events: the index is named
        query = f"SELECT seq FROM events {{}} WHERE game_id=? AND {FORK_NOTES_WHERE} ORDER BY seq"
        try:
            rows = self._connect().execute(query.format("INDEXED BY events_fork_notes"), (game_id,)).fetchall()
        except sqlite3.OperationalError:  # a read-only file from before the index: the notes are searched
            rows = self._run(query.format(""), (game_id,))
        except sqlite3.DatabaseError as exc:
            raise StoreError(self._explain(exc)) from None
        return [r[0] for r in rows]

    def rewinding(self, game_id: str, upto: int) -> list[tuple[int, int, bytes]]:
        """(seq, rewinds_to, payload) of every cancelling event up to ``upto``."""
        # SQLite's planner prefers the primary key here and walks every event of the game (11 ms at 100,000
        # events, on every view); the partial index holds only the cancelling events.
        return self._run(
            "SELECT seq, rewinds_to, payload FROM events INDEXED BY events_rewinds "
            "WHERE game_id=? AND rewinds_to IS NOT NULL AND seq<=? ORDER BY seq",
            (game_id, upto),
        )

    def meta_newest_first(self, game_id: str, after: int) -> Iterator[tuple[int, str, str]]:
        """(seq, type, command_id) of events after ``after``, newest first, read lazily.

        Undo looks back only a few events from the end; on a long game reading them all would be slow.
        """
        try:
            cursor = self._connect().execute(
                "SELECT seq, type, command_id FROM events WHERE game_id=? AND seq>? ORDER BY seq DESC", (game_id, after)
            )
            while batch := cursor.fetchmany(64):
                yield from batch
        except sqlite3.DatabaseError as exc:
            raise StoreError(self._explain(exc)) from None

    def command_span(self, game_id: str, command_id: str) -> tuple[int, int] | None:
        rows = self._run("SELECT first_seq, last_seq FROM commands WHERE game_id=? AND command_id=?", (game_id, command_id))
        return (rows[0][0], rows[0][1]) if rows else None

    # ------------------------------------------------------------ checkpoint cache
    def checkpoint_seqs(self, game_id: str, upto: int) -> list[int]:
        return [r[0] for r in self._run(
            "SELECT seq FROM checkpoints WHERE game_id=? AND seq<=? ORDER BY seq DESC", (game_id, upto)
        )]

    def load_checkpoint(self, game_id: str, seq: int) -> bytes | None:
        """A checkpoint's state when its seal holds (it was written here, for this event); else None (a miss)."""
        anchored = self.anchored_checkpoint(game_id, seq)
        return anchored[0] if anchored is not None else None

    def anchored_checkpoint(self, game_id: str, seq: int) -> tuple[bytes, str] | None:
        """(state, hash of the event at ``seq``) when the checkpoint's seal holds; else None (a miss).

        The seal binds the state to that hash, so the hash is an anchor: the events after the checkpoint are
        checked from it as they are read (``events/selfcheck.py``)."""
        rows = self._run(
            "SELECT c.state, e.hash FROM checkpoints c JOIN events e ON e.game_id=c.game_id AND e.seq=c.seq "
            "WHERE c.game_id=? AND c.seq=?", (game_id, seq))
        if not rows or len(rows[0][0]) < 32 or not isinstance(rows[0][1], str):
            return None
        blob, event_hash = bytes(rows[0][0]), rows[0][1]
        state = blob[32:]
        if not hmac.compare_digest(blob[:32], integrity.checkpoint_seal(self.key, game_id, seq, event_hash, state)):
            return None
        return state, event_hash

    def save_checkpoint(self, game_id: str, seq: int, state: bytes) -> None:
        try:
            rows = self._run("SELECT hash FROM events WHERE game_id=? AND seq=?", (game_id, seq))
            if not rows:
                return
            sealed = integrity.checkpoint_seal(self.key, game_id, seq, rows[0][0], state) + state
            self._run("INSERT OR REPLACE INTO checkpoints (game_id, seq, state) VALUES (?,?,?)", (game_id, seq, sealed))
        except StoreError:
            pass  # a cache that cannot be written (read-only file) only costs speed

    def drop_checkpoints(self, game_id: str | None = None) -> None:
        if game_id is None:
            self._run("DELETE FROM checkpoints")
        else:
            self._run("DELETE FROM checkpoints WHERE game_id=?", (game_id,))

    def integrity_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[tuple]:
        """Rows as stored plus their ``rewinds_to`` column, in sequence order, for checking."""
        if upto is None:
            return self._run(f"SELECT {_ROW_COLUMNS}, rewinds_to FROM events WHERE game_id=? AND seq>? ORDER BY seq",
                             (game_id, after))
        return self._run(f"SELECT {_ROW_COLUMNS}, rewinds_to FROM events WHERE game_id=? AND seq>? AND seq<=? "
                         "ORDER BY seq", (game_id, after, upto))


def _rewinds_of(row: Row) -> int | None:
    """The ``rewinds_to`` column of a stored row (the PostgreSQL store imports it too)."""
    return integrity.rewinds_of(row.type, row.payload)
