"""The store's seals (``integrity.py``): written in the transaction of every append, checked by ``check``.

A mixin of ``EventStore`` kept apart so the store itself stays about appending and reading.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from events import integrity

if TYPE_CHECKING:
    from pathlib import Path


class Sealing:
    key: bytes
    path: Path
    config: str
    sealed: bool
    verified: dict[str, tuple[int, str]]
    checked_low: dict[str, tuple[int, str]]
    found: dict[str, integrity.Finding]
    own_seals: dict[str, tuple[object, ...]]
    snapshot: Callable[[], AbstractContextManager[None]]
    _verified_lock: threading.Lock
    _seen_now: dict[str, tuple[int, str]] | None = None

    # ------------------------------------------------------------ seals (see integrity.py)
    def _seal_head(self, conn: sqlite3.Connection, game_id: str, seq: int, hash_: str, new_game: bool,
                   facts: tuple[str, str, str] | None = None) -> None:
        """``facts``: the game's (kind, title, creation time), when this transaction has read them already."""
        kind, title, created_at = facts or conn.execute(
            "SELECT kind, title, created_at FROM games WHERE game_id=?", (game_id,)).fetchone()
        seal = integrity.head_seal(self.key, game_id, seq, hash_, kind, title, created_at)
        conn.execute("INSERT OR REPLACE INTO heads (game_id, seq, hash, seal) VALUES (?,?,?,?)",
                     (game_id, seq, hash_, seal))
        self.own_seals[game_id] = (seq, hash_, seal, kind, title, created_at)
        if new_game:
            self._require_sealed_list(conn, game_id)
            self._seal_manifest(conn)

    def _seal_point(self, conn: sqlite3.Connection, game_id: str, seq: int, hash_: str) -> None:
        """The verified point (``selfcheck.py``), written in the transaction that makes it true."""
        conn.execute("INSERT OR REPLACE INTO checked (game_id, seq, hash, seal) VALUES (?,?,?,?)",
                     (game_id, seq, hash_, integrity.point_seal(self.key, game_id, seq, hash_)))

    def _require_sealed_list(self, conn: sqlite3.Connection, new_game: str) -> None:
        """Refuse to add a game to a list of games changed outside the assistant: sealing the list anew would bless
        the change (a game deleted with its rows, say)."""
        from events.selfcheck import list_finding
        from events.records import Tampered

        finding = list_finding(self.key, lambda sql, params=(): conn.execute(sql, params).fetchall(), new_game)
        if finding is not None:
            conn.execute("ROLLBACK")
            raise Tampered(new_game, finding)

    def _seal_manifest(self, conn: sqlite3.Connection) -> None:
        ids = [r[0] for r in conn.execute("SELECT game_id FROM games")]
        conn.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('manifest', ?)",
                     (integrity.manifest_seal(self.key, ids),))

    def _require_sealed_head(self, conn: sqlite3.Connection, game_id: str, seq: int,
                             hash_: str) -> tuple[str, str, str] | None:
        """Refuse to extend a game whose head is not the one sealed (a seal over a cut log would bless the cut);
        the game's (kind, title, creation time) as read, for the new seal. The list of games is not resealed by
        an append, so its seal is left to the opening checks."""
        from events.selfcheck import head_finding

        from events.records import Tampered

        facts: list[tuple[str, str, str]] = []
        finding = head_finding(self, game_id, (seq, hash_), conn, list_of_games=False, facts=facts)
        if finding is not None:
            conn.execute("ROLLBACK")
            raise Tampered(game_id, finding)
        return facts[0] if facts else None

    def _advance_verified(self, game_id: str, before: tuple[int, str], after: tuple[int, str]) -> None:
        with self._verified_lock:
            if self.verified.get(game_id) == before or before[0] == 0:
                self.verified[game_id] = after
                if before[0] == 0:
                    self.checked_low[game_id] = before

    def _seal_if_new(self, new_file: bool = False) -> bool:
        """Whether this database is sealed. A database with no seal yet gets one: at once when it holds no
        game, else after every game's chain verifies (a file from before sealing). A database this machine
        sealed before and that lost its seal stays unsealed (``check`` reports it), unless this process has just
        created the file: then it is a new database at the same place (the old one deleted), not a stripped one."""
        if self._run("SELECT 1 FROM meta WHERE name='manifest'"):
            return True
        if integrity.was_sealed(self.path, self.config) and not new_file:
            return False
        from events.selfcheck import chain_finding

        games = [r[0] for r in self._run("SELECT game_id FROM games")]
        if any(chain_finding(self, g) is not None for g in games):
            return False
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            for g in games:
                head = conn.execute("SELECT seq, hash FROM events WHERE game_id=? ORDER BY seq DESC LIMIT 1",
                                    (g,)).fetchone()
                if head:
                    self._seal_head(conn, g, head[0], head[1], new_game=False)
                    self._seal_point(conn, g, head[0], head[1])
            self._seal_manifest(conn)
            conn.execute("COMMIT")
        except sqlite3.DatabaseError:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return False  # a read-only file stays as it is: its chains are still checked on every use
        try:
            integrity.remember_sealed(self.path, self.config)
        except OSError:
            pass
        return True

    def check(self, game_id: str, full: bool = False) -> integrity.Finding | None:
        """What is wrong with a stored game, or None. ``full`` re-reads every event; otherwise only the events
        after the verified point (this process's, else the sealed one), plus the seals (a few rows)."""
        from events.selfcheck import check_game, record_point

        self._seen_now = None
        with self.snapshot():
            finding = check_game(self, game_id, full)
        if finding is None:
            head = self.verified[game_id]
            record_point(self, game_id, head)
            seen = self._seen_now if self._seen_now is not None else self.seen_heads()  # as the check read it
            if seen.get(game_id, (0, ""))[0] < head[0]:
                self._remember_head(game_id, *head)  # a game only read here (or from before the record)
        return finding

    def check_from(self, game_id: str, seq: int) -> integrity.Finding | None:
        """Check the events after ``seq`` before they are read (``selfcheck.check_from``)."""
        from events.selfcheck import check_from

        with self.snapshot():
            return check_from(self, game_id, seq)

    def seen_heads(self) -> dict[str, tuple[int, str]]:
        """The last head this installation saw of each game of this file (``integrity.seen_heads``); kept for the
        check reading it (``check``), which then need not read the record twice (another thread's answer would do
        as well: a head remembered only ever moves forward)."""
        self._seen_now = integrity.seen_heads(self.path, self.config)
        return self._seen_now

    def _remember_head(self, game_id: str, seq: int, hash_: str) -> None:
        try:
            integrity.remember_head(self.path, game_id, seq, hash_, self.config)
        except OSError:
            pass  # an unwritable configuration directory weakens the rollback check, never blocks a game

    def accept_restore(self, game_id: str) -> integrity.Finding | None:
        """The players restored an older copy of this game on purpose: check it in full (it must be whole and
        sealed, only older) and make its head the last one seen. Returns what is wrong instead, if anything."""
        from events.selfcheck import check_game

        with self._verified_lock:
            self.found.pop(game_id, None)
            self.verified.pop(game_id, None)
            self.checked_low.pop(game_id, None)
        with self.snapshot():
            finding = check_game(self, game_id, full=True, accept_restore=True)
            head = self.head_commitment(game_id)
        if finding is not None:
            return finding
        try:
            integrity.remember_head(self.path, game_id, head[0], head[1], self.config, force=True)
        except OSError as exc:
            from events.records import StoreError

            raise StoreError(f"cannot record the accepted copy in the configuration directory: {exc}") from None
        return None

    def remember_finding(self, game_id: str, finding: integrity.Finding) -> None:
        """A tampered game stays refused in this process, however cheap its next check would be."""
        with self._verified_lock:
            self.verified.pop(game_id, None)
            self.checked_low.pop(game_id, None)
            self.found[game_id] = finding
