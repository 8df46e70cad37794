"""The log store on PostgreSQL (the club mode): the same contract as the SQLite store, through psycopg 3.

The database enforces what the SQLite store's triggers enforce (append-only events, one head per game, the
hash chain links) and more: each event must follow its game's head and chain to its hash (a trigger keeps the
head commitment, ``games.head`` and ``games.head_hash``). The application's role is granted no UPDATE or DELETE
on the log (``tabletop db upgrade --app-role``). Every append notifies ``tabletop_events`` with the game and its
new head inside the appending transaction, so listeners hear of exactly the committed appends.

Connections come from a small pool shared by the threads of one process.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import psycopg
from psycopg import errors, sql
from psycopg_pool import ConnectionPool

from events.columns import Columns, of_aggregates
from events.core import FORK_NOTE
from events.hashing import GENESIS, canonical_bytes, chain_hash
from events.migrations import LATEST, MIGRATIONS, grants
from events.records import Appended, Conflict, GameNotFound, GameRow, NewEvent, Row, StoreError
from events.store import _rewinds_of

CHANNEL = "tabletop_events"
# The fork notes' index condition, as migration 0003 wrote it (a test holds the two equal).
FORK_NOTES_WHERE = (f"type = 'core.note_added' "
                    f"AND position('\\x{FORK_NOTE.encode().hex()}'::bytea IN payload) > 0")
_ROW_COLUMNS = "game_id, seq, type, version, recorded_at, actor, command_id, payload, prev_hash, hash"
_COLUMNS_SQL = (
    "SELECT count(*), min(seq), max(seq), string_agg(version::text, ',' ORDER BY seq), {envelope}"
    "string_agg(convert_from(payload, 'UTF8'), ',' ORDER BY seq) FROM events WHERE game_id=%s AND seq>%s AND seq<=%s"
)
_ENVELOPE_SQL = ("string_agg(recorded_at, ',' ORDER BY seq), string_agg(actor, ',' ORDER BY seq), "
                 "string_agg(command_id, ',' ORDER BY seq), ")
_INSERT = f"INSERT INTO events ({_ROW_COLUMNS}, rewinds_to) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)"


def is_postgres(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def shown(dsn: str) -> str:
    """The DSN without its password, for messages."""
    return re.sub(r"://([^:@/]+):[^@/]*@", r"://\1:***@", dsn)


def explain(dsn: str, exc: psycopg.Error) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, psycopg.OperationalError):
        return f"cannot reach the club database {shown(dsn)}: {text}"
    if isinstance(exc, errors.InsufficientPrivilege):
        return f"the club database refused: {text}"
    if isinstance(exc, errors.UndefinedTable):
        return f"{shown(dsn)} has no tabletop tables yet: run `tabletop db upgrade --db {shown(dsn)}`"
    return f"database error on {shown(dsn)}: {text}"


class PostgresStore:
    """One club database; thread-safe (a connection per call from a shared pool)."""

    def __init__(self, dsn: str, *, pool_size: int = 8, check_schema: bool = True):
        self.dsn = dsn
        self.path = shown(dsn)
        try:  # one plain connection first: an unreachable server or a missing schema is one clear line at once
            with psycopg.connect(dsn, autocommit=True, connect_timeout=10) as conn:
                version = _version(conn) if check_schema else LATEST
        except psycopg.Error as exc:
            raise StoreError(explain(dsn, exc)) from None
        if version < LATEST:
            raise StoreError(
                f"the club database {self.path} is at schema version {version}, this program needs {LATEST}: "
                f"run `tabletop db upgrade --db {self.path}`"
            )
        self.pool = ConnectionPool(dsn, min_size=1, max_size=pool_size, kwargs={"autocommit": True}, open=False,
                                   timeout=30, name="tabletop")
        self.pool.open(wait=True, timeout=15)

    def close(self) -> None:
        """Connections are pooled per process; a request's end keeps them for the next one."""

    def shutdown(self) -> None:
        self.pool.close()

    def _run(self, query: str, params: Sequence[object] = ()) -> list[tuple]:
        try:
            with self.pool.connection() as conn:
                cur = conn.execute(query, params)
                return cur.fetchall() if cur.description else []
        except psycopg.Error as exc:
            raise StoreError(explain(self.dsn, exc)) from None

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
        """Append all ``events`` after ``expected_seq`` in one transaction, or nothing at all."""
        if not events:
            raise ValueError("an append needs at least one event")
        try:
            with self.pool.connection() as conn, conn.transaction():
                if expected_seq == 0 and kind is not None:
                    conn.execute(
                        "INSERT INTO games (game_id, kind, title, created_at) VALUES (%s,%s,%s,%s) "
                        "ON CONFLICT (game_id) DO NOTHING",
                        (game_id, kind, title or kind, recorded_at),
                    )
                head = conn.execute("SELECT head, head_hash FROM games WHERE game_id=%s FOR UPDATE",
                                    (game_id,)).fetchone()
                seen = conn.execute("SELECT first_seq, last_seq FROM commands WHERE game_id=%s AND command_id=%s",
                                    (game_id, command_id)).fetchone()
                if seen:
                    raise _Done(Appended(seen[0], seen[1], duplicate=True))
                if head is None:
                    raise GameNotFound(f"no game {game_id!r}")
                head_seq, prev = head
                if head_seq != expected_seq:
                    raise Conflict(
                        f"the game moved on (now at event {head_seq}, this command expected {expected_seq}); "
                        "nothing was written: look at the table again and repeat if still wanted"
                    )
                seq, rows = head_seq, []
                for ev in events:
                    seq += 1
                    canon = canonical_bytes(game_id, seq, ev.type, ev.version, recorded_at, actor, command_id,
                                            ev.payload)
                    h = chain_hash(prev, canon)
                    rows.append((game_id, seq, ev.type, ev.version, recorded_at, actor, command_id, ev.payload,
                                 prev, h, ev.rewinds_to))
                    prev = h
                with conn.cursor() as cur:
                    cur.executemany(_INSERT, rows)
                conn.execute("INSERT INTO commands (game_id, command_id, first_seq, last_seq) VALUES (%s,%s,%s,%s)",
                             (game_id, command_id, head_seq + 1, seq))
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {seq}"))
            return Appended(head_seq + 1, seq)
        except _Done as done:
            return done.appended
        except (errors.UniqueViolation, errors.SerializationFailure, errors.DeadlockDetected):
            raise Conflict(f"another device wrote to game {game_id} at the same moment; nothing was written") from None
        except psycopg.Error as exc:
            raise StoreError(explain(self.dsn, exc)) from None

    def import_rows(self, rows: Sequence[Row], kind: str, title: str) -> None:
        """Insert a verified exported game verbatim (same hashes) in one transaction."""
        game_id = rows[0].game_id
        try:
            with self.pool.connection() as conn, conn.transaction():
                made = conn.execute(
                    "INSERT INTO games (game_id, kind, title, created_at) VALUES (%s,%s,%s,%s) "
                    "ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
                    (game_id, kind, title, rows[0].recorded_at),
                ).fetchone()
                if made is None:
                    raise StoreError(f"a game with id {game_id} is already in this database; nothing was imported")
                with conn.cursor() as cur:
                    # COPY is the bulk path; the head trigger still checks every row's number and chain link.
                    with cur.copy(f"COPY events ({_ROW_COLUMNS}, rewinds_to) FROM STDIN") as copy:
                        for r in rows:
                            copy.write_row((r.game_id, r.seq, r.type, r.version, r.recorded_at, r.actor,
                                            r.command_id, r.payload, r.prev_hash, r.hash, _rewinds_of(r)))
                    spans: dict[str, list[int]] = {}
                    for r in rows:
                        spans.setdefault(r.command_id, [r.seq, r.seq])[1] = r.seq
                    cur.executemany(
                        "INSERT INTO commands (game_id, command_id, first_seq, last_seq) VALUES (%s,%s,%s,%s) "
                        "ON CONFLICT DO NOTHING",
                        [(game_id, cid, a, b) for cid, (a, b) in spans.items()],
                    )
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {rows[-1].seq}"))
        except psycopg.Error as exc:
            raise StoreError(explain(self.dsn, exc)) from None

    def set_archived(self, game_id: str, archived: bool = True) -> None:
        self._run("UPDATE games SET archived=%s WHERE game_id=%s", (archived, game_id))

    # ------------------------------------------------------------ reading
    def games(self, include_archived: bool = False) -> list[GameRow]:
        rows = self._run(
            "SELECT game_id, kind, title, created_at, head FROM games "
            + ("" if include_archived else "WHERE NOT archived ")
            + "ORDER BY created_at DESC, game_id"
        )
        return [GameRow(*r[:4], head=r[4]) for r in rows]

    def archived(self, game_id: str) -> bool:
        rows = self._run("SELECT archived FROM games WHERE game_id=%s", (game_id,))
        return bool(rows and rows[0][0])

    def game(self, game_id: str) -> GameRow:
        rows = self._run("SELECT game_id, kind, title, created_at, head FROM games WHERE game_id=%s", (game_id,))
        if not rows:
            raise GameNotFound(f"no game {game_id!r} in {self.path}")
        r = rows[0]
        return GameRow(*r[:4], head=r[4])

    def find_game(self, prefix: str) -> GameRow:
        """Resolve a full id or a unique prefix of one."""
        like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._run("SELECT game_id FROM games WHERE game_id LIKE %s LIMIT 50", (like,))
        if not rows:
            raise GameNotFound(f"no game {prefix!r} in {self.path}")
        if len(rows) > 1 and not any(r[0] == prefix for r in rows):
            raise GameNotFound(f"{prefix!r} matches {len(rows)} games; type more of the id")
        return self.game(prefix if any(r[0] == prefix for r in rows) else rows[0][0])

    def head(self, game_id: str) -> int:
        rows = self._run("SELECT head FROM games WHERE game_id=%s", (game_id,))
        return rows[0][0] if rows else 0

    def head_commitment(self, game_id: str) -> tuple[int, str]:
        """(seq, hash) of the game's last event as the database committed it."""
        rows = self._run("SELECT head, head_hash FROM games WHERE game_id=%s", (game_id,))
        return (rows[0][0], rows[0][1]) if rows else (0, GENESIS)

    def rows(self, game_id: str, after: int = 0, upto: int | None = None) -> Iterator[Row]:
        for r in self.raw(game_id, after, upto):
            yield Row(*r)

    def raw(self, game_id: str, after: int = 0, upto: int | None = None) -> list[tuple]:
        if upto is None:
            return self._run(f"SELECT {_ROW_COLUMNS} FROM events WHERE game_id=%s AND seq>%s ORDER BY seq",
                             (game_id, after))
        return self._run(f"SELECT {_ROW_COLUMNS} FROM events WHERE game_id=%s AND seq>%s AND seq<=%s ORDER BY seq",
                         (game_id, after, upto))

    def replay_rows(self, game_id: str, after: int, upto: int) -> list[tuple]:
        return self._run(
            "SELECT seq, type, version, recorded_at, actor, command_id, payload FROM events "
            "WHERE game_id=%s AND seq>%s AND seq<=%s ORDER BY seq",
            (game_id, after, upto),
        )

    def replay_columns(self, game_id: str, after: int, upto: int, envelope: bool = True) -> Columns | None:
        """The same as ``replay_rows``, as columns (``events/columns.py``), in order of ``seq``; None when the fast
        read does not apply. Without ``envelope``, the times, actors and command ids are not read."""
        query = _COLUMNS_SQL.format(envelope=_ENVELOPE_SQL if envelope else "")
        try:
            with self.pool.connection() as conn:
                row = conn.execute(query, (game_id, after, upto)).fetchone()
        except errors.CharacterNotInRepertoire:  # a payload that is not UTF-8 text: read as rows
            return None
        except psycopg.Error as exc:
            raise StoreError(explain(self.dsn, exc)) from None
        return of_aggregates(after, row, envelope)

    def fork_notes(self, game_id: str) -> list[int]:
        """The notes of this game that name a what-if fork's origin (``events.core.FORK_NOTE``), read from their
        own index (migration 0003, whose condition this query repeats)."""
        return [r[0] for r in self._run(f"SELECT seq FROM events WHERE game_id=%s AND {FORK_NOTES_WHERE} ORDER BY seq",
                                        (game_id,))]

    def rewinding(self, game_id: str, upto: int) -> list[tuple[int, int, bytes]]:
        return self._run(
            "SELECT seq, rewinds_to, payload FROM events "
            "WHERE game_id=%s AND rewinds_to IS NOT NULL AND seq<=%s ORDER BY seq",
            (game_id, upto),
        )

    def meta_newest_first(self, game_id: str, after: int) -> Iterator[tuple[int, str, str]]:
        """(seq, type, command_id) after ``after``, newest first, read a page at a time (undo looks back little)."""
        below = None
        while True:
            page = self._run(
                "SELECT seq, type, command_id FROM events WHERE game_id=%s AND seq>%s"
                + ("" if below is None else " AND seq<%s") + " ORDER BY seq DESC LIMIT 64",
                (game_id, after) if below is None else (game_id, after, below),
            )
            yield from page
            if len(page) < 64:
                return
            below = page[-1][0]

    def command_span(self, game_id: str, command_id: str) -> tuple[int, int] | None:
        rows = self._run("SELECT first_seq, last_seq FROM commands WHERE game_id=%s AND command_id=%s",
                         (game_id, command_id))
        return (rows[0][0], rows[0][1]) if rows else None

    # ------------------------------------------------------------ checkpoint cache
    def checkpoint_seqs(self, game_id: str, upto: int) -> list[int]:
        return [r[0] for r in self._run(
            "SELECT seq FROM checkpoints WHERE game_id=%s AND seq<=%s ORDER BY seq DESC", (game_id, upto))]

    def load_checkpoint(self, game_id: str, seq: int) -> bytes | None:
        rows = self._run("SELECT state FROM checkpoints WHERE game_id=%s AND seq=%s", (game_id, seq))
        return bytes(rows[0][0]) if rows else None

    def save_checkpoint(self, game_id: str, seq: int, state: bytes) -> None:
        try:
            self._run("INSERT INTO checkpoints (game_id, seq, state) VALUES (%s,%s,%s) "
                      "ON CONFLICT (game_id, seq) DO UPDATE SET state=EXCLUDED.state", (game_id, seq, state))
        except StoreError:
            pass  # a cache that cannot be written only costs speed

    def drop_checkpoints(self, game_id: str | None = None) -> None:
        if game_id is None:
            self._run("DELETE FROM checkpoints")
        else:
            self._run("DELETE FROM checkpoints WHERE game_id=%s", (game_id,))


class _Done(Exception):
    """Leaves the transaction block (rolling it back) with a repeated command's first result."""

    def __init__(self, appended: Appended):
        self.appended = appended


# ---------------------------------------------------------------- schema migrations


def _version(conn: psycopg.Connection) -> int:
    if not conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()[0]:
        return 0
    return conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]


def upgrade(dsn: str, app_role: str | None = None) -> list[str]:
    """Apply the migrations this database lacks, each in its own transaction; return their names.

    An advisory lock lets two servers started at once upgrade one after the other. With ``app_role``, that
    role gets what the application needs and no more (no UPDATE or DELETE on the log).
    """
    applied: list[str] = []
    try:
        with psycopg.connect(dsn, autocommit=True, connect_timeout=15) as conn:
            conn.execute("SELECT pg_advisory_lock(727100)")
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                         "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            for version, name, script in MIGRATIONS:
                if version in done:
                    continue
                with conn.transaction():
                    conn.execute(script)
                    conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
                applied.append(name)
            if app_role:
                with conn.transaction():
                    for statement in grants(app_role):
                        conn.execute(sql.SQL(statement).format(role=sql.Identifier(app_role)))
            conn.execute("SELECT pg_advisory_unlock(727100)")
    except psycopg.Error as exc:
        raise StoreError(explain(dsn, exc)) from None
    return applied
