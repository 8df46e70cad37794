"""A database that checks itself: keyed seals of each game's head, of the list of games and of checkpoints.

The hash chain (``hashing.py``) proves that each event follows the one before it, but anyone can recompute a
chain: an edit of the database file that rewrites every later hash, or simply deletes the last events, leaves
a chain that verifies. So the store also keeps, in the same transaction as every append:

* a **head seal** per game: an HMAC of (game id, last sequence number, last hash, kind, title, creation
  time) under a key kept *outside* the database file, in the user's configuration directory;
* a **manifest**: an HMAC of the sorted list of game ids, so a game cannot vanish with its seal;
* **checkpoint seals**: each cached state carries an HMAC binding it to its game, sequence number and the
  hash of the event it was taken at; a checkpoint that fails it is a cache miss, never used;
* a **verified point** per game: an HMAC of (game id, seq, hash) saying this installation checked every event
  up to it, so opening a game re-reads only the events after it (``selfcheck.py``).

What this proves (``tabletop verify``): without the key, no edit of the database file alone goes unnoticed —
events changed, added, removed or reordered, the chain recomputed, undo targets or ``rewinds_to`` moved, the
games row changed, a game or a seal deleted. A whole older copy of the file, swapped back in with its seals, was
a true state once: the installation's record of the last head it saw of each game (``seen_heads``, beside the
key) finds it behind. What it cannot prove: someone holding the key (the user's account) can forge seals and
the record. A database that predates sealing is sealed once, after its chains verify, and the configuration
directory remembers every database sealed on this machine so that stripping the seals is itself noticed.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import threading
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from _typeshed import StrPath  # a str or an os.PathLike: paths here are plain strings (``os.path``)

KEY_FILE = "integrity.key"
SEALED_FILE = "sealed-databases"
HEADS_DIR = "heads"  # the last head seen of each game, one file per database (``seen_heads``)
CANCEL_TAG = "core.events_cancelled"


class Finding(msgspec.Struct, frozen=True):
    """What a check found wrong, in plain words; ``seq`` is the first event concerned when there is one."""

    problem: str
    seq: int | None = None

    def __str__(self) -> str:
        return self.problem


class Behind(Finding, frozen=True):
    """The file holds an older (or another) copy of a game than this installation last saw in it: a restore.
    ``file`` is the file's head, ``seen`` the last head this installation saw (each (seq, hash))."""

    file: tuple[int, str] = (0, "")
    seen: tuple[int, str] = (0, "")


_found_dir: list[str] = []  # the user's configuration directory as the program found it (``use_config_dir``)


def use_config_dir(path: StrPath) -> None:
    """The user's configuration directory for tabletop as the program worked it out (``assistant/userdirs.py``
    keeps platformdirs' answer between runs); $TABLETOP_CONFIG_DIR still comes first."""
    _found_dir[:] = [os.fspath(path)]


def config_dir() -> str:
    """$TABLETOP_CONFIG_DIR, else the user's configuration directory for tabletop (plain strings throughout, not
    ``pathlib``: importing it costs every command some 6 ms)."""
    chosen = os.environ.get("TABLETOP_CONFIG_DIR")
    if chosen:
        return chosen
    if _found_dir:
        return _found_dir[0]
    return _platform_config_dir(os.environ.get("XDG_CONFIG_HOME"), os.environ.get("HOME"))


@functools.lru_cache(maxsize=8)
def _platform_config_dir(xdg_config_home: str | None, home: str | None) -> str:
    """platformdirs' answer, asked once per process and environment (every append reaches the record of heads)."""
    import platformdirs

    return str(platformdirs.user_config_dir("tabletop", appauthor=False))


def installation_key(directory: StrPath | None = None) -> bytes:
    """This installation's sealing key (32 random bytes), created on first use, readable by the user only."""
    directory = os.fspath(directory or config_dir())
    path = os.path.join(directory, KEY_FILE)
    try:
        with open(path) as fh:
            return bytes.fromhex(fh.read().strip())
    except FileNotFoundError:
        pass
    except ValueError:
        raise OSError(f"{path} is not a tabletop key (64 hexadecimal digits)") from None
    os.makedirs(directory, exist_ok=True)
    import secrets  # only the first run of an installation makes its key

    key = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process created it first: use theirs
        return installation_key(directory)
    with os.fdopen(fd, "w") as fh:
        fh.write(key.hex() + "\n")
    return key


def remember_sealed(db: StrPath, directory: StrPath | None = None) -> None:
    folder = os.fspath(directory or config_dir())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, SEALED_FILE), "a", encoding="utf-8") as fh:
        fh.write(os.path.realpath(db) + "\n")


def was_sealed(db: StrPath, directory: StrPath | None = None) -> bool:
    try:
        with open(os.path.join(os.fspath(directory or config_dir()), SEALED_FILE), encoding="utf-8") as fh:
            return os.path.realpath(db) in fh.read().splitlines()
    except FileNotFoundError:
        return False


def _heads_file(db: StrPath, directory: StrPath | None) -> str:
    return _heads_place(os.fspath(db), os.fspath(directory or config_dir()))[0]


@functools.lru_cache(maxsize=64)
def _heads_place(db: str, directory: str) -> tuple[str, str, str]:
    """The record's snapshot, the database's resolved path and the record's journal: worked out once per process
    and configuration directory (every append writes the record, and resolving paths was a third of its cost)."""
    resolved = os.path.realpath(db)
    name = hashlib.blake2b(resolved.encode(), digest_size=16).hexdigest()
    snapshot = os.path.join(directory, HEADS_DIR, f"{name}.json")
    return snapshot, resolved, os.path.join(directory, HEADS_DIR, f"{name}.journal")


def seen_heads(db: StrPath, directory: StrPath | None = None) -> dict[str, tuple[int, str]]:
    """game id -> (seq, hash) of the last head this installation saw of each game of the database file ``db``.

    Kept beside the key, outside the database, so a restored older copy of the file (with its seals, which were
    true then) is still found behind. The record is a snapshot (``<name>.json``) and a journal of the heads seen
    since (``<name>.journal``, a line each); a head moves only forward, unless a line accepts a restore. An
    unreadable snapshot or line counts as none (it only ever makes a check weaker)."""
    path = _heads_file(db, directory)
    try:
        with open(path, "rb") as fh:
            data = msgspec.json.decode(fh.read())
        heads = {g: (int(v[0]), str(v[1])) for g, v in data["games"].items()}
    except (OSError, msgspec.DecodeError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        heads = {}
    try:
        with open(path[:-len(".json")] + ".journal", "rb") as fh:
            journal = fh.read()
    except OSError:
        return heads
    lines = [line for line in journal.splitlines() if line]
    try:  # the journal read as one list: a few hundred lines in one call
        seen = _JOURNAL.decode(b"[" + b",".join(lines) + b"]")
    except (msgspec.DecodeError, msgspec.ValidationError):  # a line cut short by a crash: the others still count
        seen = []
        for line in lines:
            try:
                seen.append(_LINE.decode(line))
            except (msgspec.DecodeError, msgspec.ValidationError):
                continue  # the record stays behind the file, which is safe
    for game_id, seq, hash_, force in seen:
        if force or heads.get(game_id, (0, ""))[0] < seq:
            heads[game_id] = (seq, hash_)
    return heads


_LINE = msgspec.json.Decoder(tuple[str, int, str, bool])
_JOURNAL = msgspec.json.Decoder(list[tuple[str, int, str, bool]])


JOURNAL_LIMIT = 64 * 1024  # bytes of journal (some 700 heads) before it is folded into the snapshot
OPEN_JOURNALS = 8
_journals: dict[str, int] = {}  # this process's open journal of each record: one write per append
_journals_lock = threading.Lock()


def remember_head(db: StrPath, game_id: str, seq: int, hash_: str, directory: StrPath | None = None, *,
                  force: bool = False) -> None:
    """Record ``(seq, hash)`` as the last head seen of a game in ``db`` (never moving it back unless ``force``:
    two processes appending at once may finish out of order). Call it only after the database has the head
    (after the commit): a crash in between leaves the record behind the file, which is safe, never ahead.

    Every append calls it, so it is one line appended to the journal (one ``write`` on a descriptor kept open,
    atomic with respect to other writers); rewriting the whole record and renaming it into place each time took
    about a third of a durable append. The journal is folded into the snapshot once it is long."""
    import fcntl

    path, _resolved, journal = _heads_place(os.fspath(db), os.fspath(directory or config_dir()))
    line = b"\n" + msgspec.json.encode((game_id, seq, hash_, force))  # a line cut short never runs into the next
    with _journals_lock:  # the threads of a process take turns: a descriptor is never closed under a writer
        fd = _journal(path, journal)
        fcntl.flock(fd, fcntl.LOCK_SH)  # a fold into the snapshot (exclusive) never loses a line written meanwhile
        try:
            os.write(fd, line)
            long = os.fstat(fd).st_size > JOURNAL_LIMIT
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
        if long:
            _fold_journal(db, directory, path, fd)


def _journal(path: str, journal: str) -> int:
    """This process's descriptor of the record's journal (appending), opened on first use; a journal deleted
    meanwhile (its folder cleared) is opened again. At most ``OPEN_JOURNALS`` stay open."""
    fd = _journals.pop(journal, None)
    if fd is not None and os.fstat(fd).st_nlink == 0:
        os.close(fd)
        fd = None
    if fd is None:
        try:
            fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        except FileNotFoundError:  # the first record of this installation: its folder is made once
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    _journals[journal] = fd  # the most recently used last
    while len(_journals) > OPEN_JOURNALS:
        os.close(_journals.pop(next(iter(_journals))))
    return fd


def _fold_journal(db: StrPath, directory: StrPath | None, path: str, fd: int) -> None:
    """Write the heads the snapshot and journal say into a new snapshot (whole or not at all), then empty the
    journal."""
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        if os.fstat(fd).st_size <= JOURNAL_LIMIT:
            return  # another process folded it first
        heads = seen_heads(db, directory)
        resolved = _heads_place(os.fspath(db), os.fspath(directory or config_dir()))[1]
        temporary = f"{path[:-len('.json')]}.{os.getpid()}.tmp"
        with open(temporary, "wb") as fh:
            fh.write(msgspec.json.encode({"database": resolved, "games": heads}))
        os.replace(temporary, path)  # a reader never sees half a snapshot
        os.ftruncate(fd, 0)
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _mac(key: bytes, parts: list[object]) -> str:
    # the one-call form: every append computes two seals and checks a third
    return hmac.digest(key, msgspec.json.encode(parts), "sha256").hex()


def head_seal(key: bytes, game_id: str, seq: int, hash_: str, kind: str, title: str, created_at: str) -> str:
    return _mac(key, ["head", game_id, seq, hash_, kind, title, created_at])


def point_seal(key: bytes, game_id: str, seq: int, hash_: str) -> str:
    """The verified point: this installation checked every event of the game up to ``seq`` (ending in ``hash_``)."""
    return _mac(key, ["checked", game_id, seq, hash_])


def manifest_seal(key: bytes, game_ids: list[str]) -> str:
    return _mac(key, ["games", *sorted(game_ids)])


def checkpoint_seal(key: bytes, game_id: str, seq: int, event_hash: str, state: bytes) -> bytes:
    mac = hmac.new(key, msgspec.json.encode(["checkpoint", game_id, seq, event_hash]), hashlib.sha256)
    mac.update(state)
    return mac.digest()


def rewinds_of(type_: str, payload: bytes) -> int | None:
    """The ``rewinds_to`` column an event must have: a cancellation's own, else none."""
    if type_ != CANCEL_TAG:
        return None
    value = msgspec.json.decode(payload).get("rewinds_to")
    return int(value) if isinstance(value, int) else None


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
