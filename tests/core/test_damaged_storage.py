"""Storage that cannot be trusted or used: a clear error naming the problem, and nothing lost.

Read-only storage: the tests run as root, and root ignores permission bits, so a file or directory is made
read-only with the ext2/3/4 *immutable* attribute (``chattr +i``), which binds root too: the kernel
refuses every write, creation and deletion, exactly the path a read-only medium exercises. Where chattr
is unavailable, a non-root run falls back to ``chmod``; a root run without chattr skips those tests.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from msgspec.structs import replace
from pathlib import Path

import pytest

from assistant.application import Assistant
from assistant.decider import Refused
from events.exchange import GameFileError, export_lines, read_lines
from events.hashing import GENESIS
from events.store import EventStore, Row, StoreError
from tests.toygame.game import Buy, EditTreasury, EndPhase


def _read_only(*paths: Path) -> list[Path]:
    """Make ``paths`` unwritable even for root; returns what must be made writable again."""
    done: list[Path] = []
    for p in paths:
        if shutil.which("chattr") and subprocess.run(["chattr", "+i", str(p)], capture_output=True).returncode == 0:
            done.append(p)
        elif os.geteuid() != 0:
            p.chmod(0o555 if p.is_dir() else 0o444)
            done.append(p)
        else:
            _writable(*done)
            pytest.skip("running as root without chattr: cannot make a file read-only")
    return done


def _writable(*paths: Path) -> None:
    for p in paths:
        if shutil.which("chattr"):
            subprocess.run(["chattr", "-i", str(p)], capture_output=True)
        p.chmod(0o755 if p.is_dir() else 0o644)


@pytest.fixture
def played(app, toy_game, store, db_path):
    """A short game on disk, the connection closed so the file holds everything (no WAL left)."""
    app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, EditTreasury(side="blue", amount=4, reason="bonus"))
    expected = app.view(toy_game).states
    store.close()
    assert not Path(f"{db_path}-wal").exists()
    return toy_game, expected


def _reopen(db_path, registry) -> Assistant:
    return Assistant(EventStore(db_path), registry)


# ---------------------------------------------------------------- read-only storage


def test_read_only_database_file_reads_but_refuses_to_write(played, db_path, registry):
    gid, expected = played
    elsewhere = Assistant(EventStore(db_path.with_name("elsewhere.sqlite3")), registry)
    incoming = elsewhere.export(elsewhere.new_game("toy"))
    before = db_path.read_bytes()
    locked = _read_only(db_path)
    try:
        app = _reopen(db_path, registry)
        assert app.view(gid).states == expected, "a read-only game can still be looked at"
        with pytest.raises(StoreError, match="cannot be written \\(read-only file or directory\\); nothing was changed"):
            app.handle(gid, Buy(count=1))
        with pytest.raises(StoreError, match="cannot be written"):
            app.new_game("toy")
        with pytest.raises(StoreError, match="cannot be written"):
            app.import_game(incoming)
        app.store.close()
    finally:
        _writable(*locked)
    assert db_path.read_bytes() == before
    app = _reopen(db_path, registry)
    assert app.view(gid).states == expected and app.verify(gid) is None
    app.handle(gid, Buy(count=1))  # writable again: play goes on


def test_read_only_database_directory_is_refused_clearly(played, db_path, registry):
    gid, expected = played
    before = db_path.read_bytes()
    locked = _read_only(db_path.parent)
    try:
        with pytest.raises(StoreError, match=f"{db_path} cannot be written \\(read-only file or directory\\)"):
            EventStore(db_path)
        with pytest.raises(StoreError, match="cannot create the data directory"):
            EventStore(db_path.parent / "new" / "games.sqlite3", create_dir=True)
    finally:
        _writable(*locked)
    assert db_path.read_bytes() == before
    assert _reopen(db_path, registry).view(gid).states == expected


# ---------------------------------------------------------------- missing or misplaced storage


def test_missing_database_directory_is_named_and_only_created_on_request(tmp_path):
    path = tmp_path / "no" / "such" / "games.sqlite3"
    with pytest.raises(StoreError, match=f"the database directory {path.parent} does not exist"):
        EventStore(path)
    assert not path.parent.exists()
    EventStore(path, create_dir=True).close()
    assert path.exists()


def test_database_directory_that_is_a_file(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_bytes(b"my notes")
    with pytest.raises(StoreError, match=f"{blocker} is a file, not a directory"):
        EventStore(blocker / "games.sqlite3")
    with pytest.raises(StoreError, match="cannot create the data directory .*Not a directory"):
        EventStore(blocker / "sub" / "games.sqlite3", create_dir=True)
    with pytest.raises(StoreError, match=f"{tmp_path} is a directory, not a database file"):
        EventStore(tmp_path)
    assert blocker.read_bytes() == b"my notes"


# ---------------------------------------------------------------- damaged database files


def _damaged(db_path: Path, how: str) -> bytes:
    data = db_path.read_bytes()
    rng = random.Random(how)
    if how == "random bytes":
        return rng.randbytes(len(data))
    if how == "text file":
        return b"these are not the games you are looking for\n" * 50
    if how == "header only":
        return data[:100]
    if how == "cut in half":
        return data[: len(data) // 2 // 4096 * 4096]
    if how == "last page missing":
        return data[: len(data) - 4096]
    raise ValueError(how)


@pytest.mark.parametrize("how", ["random bytes", "text file", "header only", "cut in half", "last page missing"])
def test_damaged_database_file_is_refused_and_left_as_it_was(played, db_path, registry, how):
    gid, _ = played
    broken = db_path.with_name("broken.sqlite3")
    blob = _damaged(db_path, how)
    broken.write_bytes(blob)
    with pytest.raises(StoreError, match=f"{broken} is not a readable tabletop database"):
        app = _reopen(broken, registry)
        app.view(gid)
    assert broken.read_bytes() == blob, "a damaged file is never rewritten (it may still be rescued)"


def test_page_scrambled_inside_the_log_fails_every_use_clearly(played, db_path, registry):
    # Enough history that the events table spans several pages, then scramble one page in the middle.
    app = _reopen(db_path, registry)
    gid, _ = played
    for _ in range(200):
        app.handle(gid, EditTreasury(side="red", amount=1, reason="x" * 100))
    app.store.close()
    data = bytearray(db_path.read_bytes())
    holding = [p for p in range(len(data) // 4096) if b"treasury_edited" in data[p * 4096:(p + 1) * 4096]]
    page = holding[len(holding) // 2]  # a page of the events table, whatever else the file holds
    for i in range(page * 4096, page * 4096 + 4096):
        data[i] ^= 0x5A
    db_path.write_bytes(bytes(data))
    app = _reopen(db_path, registry)
    for use in (lambda: app.view(gid), lambda: app.verify(gid), lambda: app.export(gid),
                lambda: app.handle(gid, EndPhase())):
        with pytest.raises(StoreError, match="is not a readable tabletop database \\(database disk image is malformed\\)"):
            use()
    app.store.close()
    assert db_path.read_bytes() == bytes(data)


# ---------------------------------------------------------------- damaged game files


@pytest.fixture
def game_file(app, toy_game):
    app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, EndPhase())
    app.handle(toy_game, EditTreasury(side="red", amount=1, reason="found a coin"))
    return app.export(toy_game)


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def _join(lines: list[bytes]) -> bytes:
    return b"\n".join(lines) + b"\n"


def _damage_file(data: bytes, how: str) -> bytes:
    lines = _lines(data)
    if how == "cut mid-line":
        return data[: len(data) - 7]
    if how == "last event line dropped":
        return _join(lines[:-2] + lines[-1:])
    if how == "cut after a whole line":
        return _join(lines[:3])
    if how == "two lines swapped":
        lines[2], lines[3] = lines[3], lines[2]
        return _join(lines)
    if how == "payload edited":
        lines[2] = lines[2].replace(b'"count":2', b'"count":9')
        return _join(lines)
    if how == "line edited with its own hash fixed":
        row = read_lines(data)[2]
        forged = replace(row, actor="mallory")
        lines[2] = lines[2].replace(row.hash.encode(), forged.recompute_hash().encode()).replace(
            f'"actor":"{row.actor}"'.encode(), b'"actor":"mallory"'
        )
        return _join(lines)
    if how == "not JSON":
        lines[1] = b"{garbage"
        return _join(lines)
    if how == "empty":
        return b""
    raise ValueError(how)


@pytest.mark.parametrize(
    "how, message",
    [
        ("cut mid-line", r"line 6: the file ends in the middle of a line \(truncated\?\)"),
        ("last event line dropped", r"line 5: the closing line announces 5 events .* the file holds 4 "),
        ("cut after a whole line", r"line 3: the file stops without its closing line \(truncated"),
        ("two lines swapped", r"line 3: holds event 4, expected 3 \(reordered or missing lines\)"),
        ("payload edited", r"line 3: its content does not match its hash \(edited\?\)"),
        ("line edited with its own hash fixed", r"line 4: does not follow the line before it \(hash chain broken\)"),
        ("not JSON", r"line 2: not a valid event line"),
        ("empty", r"the game file is empty"),
    ],
)
def test_damaged_game_file_is_refused_naming_the_line_and_imports_nothing(app, game_file, store, how, message):
    games_before = store.games()
    heads_before = {g.game_id: g.head for g in games_before}
    bad = _damage_file(game_file, how)
    with pytest.raises(GameFileError, match=message):
        read_lines(bad)
    with pytest.raises(GameFileError, match=message):
        app.import_game(bad)
    assert {g.game_id: g.head for g in store.games()} == heads_before


def test_importing_a_game_already_present_changes_nothing(app, toy_game, game_file, store):
    head = store.head(toy_game)
    with pytest.raises(StoreError, match=f"a game with id {toy_game} is already in this database"):
        app.import_game(game_file)
    assert store.head(toy_game) == head and app.export(toy_game) == game_file


def _rehash(rows: list[Row]) -> list[Row]:
    """Rebuild the chain over (possibly altered) rows, as a careful forger or a buggy newer program would."""
    out: list[Row] = []
    for r in rows:
        linked = replace(r, prev_hash=out[-1].hash if out else GENESIS)
        out.append(replace(linked, hash=linked.recompute_hash()))
    return out


def test_game_file_with_an_unknown_event_type_is_refused_before_anything_is_written(app, toy_game, store, db_path):
    # A file whose chain is valid but whose vocabulary is not this program's (a newer version, another game).
    rows = list(store.rows(toy_game))
    rows[1] = replace(rows[1], type="toy.teleported")
    data = export_lines(_rehash(rows))
    assert len(read_lines(data)) == len(rows), "the file itself is well formed"
    other = Assistant(EventStore(db_path.with_name("other.sqlite3")), app.registry)
    with pytest.raises(Refused, match="line 2: toy.teleported cannot be read \\(unknown event type"):
        other.import_game(data)
    assert other.games() == []
