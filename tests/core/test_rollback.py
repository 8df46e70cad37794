"""An older copy of the database file, restored with its seals (which were true when it was taken), is caught:
this installation keeps, beside its key, the last head it saw of each game of each file. The players can accept
a restore made on purpose; a game carried to another installation opens as before; a crash between the commit
and the record leaves the record behind the file, never ahead of it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from assistant import cli, kinds
from assistant.application import Assistant
from events import integrity
from events.store import EventStore, RolledBack, Tampered
from tests.conftest import FIXED
from tests.toygame.game import Buy, EndPhase


@pytest.fixture(autouse=True)
def toy_kind(monkeypatch):
    found = kinds.installed()
    monkeypatch.setattr(kinds, "installed", lambda: {**found, "toy": "tests.toygame.game:GAME"})


def _copy(source: Path, target: Path) -> None:
    """A backup as a player takes one: the whole file as it is now (SQLite's own copy, the log included)."""
    target.unlink(missing_ok=True)
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    src.backup(dst)
    src.close()
    dst.close()


def _app(db_path: Path, registry) -> Assistant:
    return Assistant(EventStore(db_path), registry, clock=lambda: FIXED)


@pytest.fixture
def played(db_path, registry, tmp_path):
    """A game at event 5 copied aside, then played on to event 8."""
    app = _app(db_path, registry)
    gid = app.new_game("toy", {"treasury": 30}, game_id="kept")
    app.handle(gid, EndPhase())
    for _ in range(3):
        app.handle(gid, Buy(count=1))
    app.store.close()
    _copy(db_path, tmp_path / "backup.sqlite3")
    app = _app(db_path, registry)
    for _ in range(3):
        app.handle(gid, Buy(count=1))
    assert app.head(gid) == 8
    app.store.close()
    return gid


def _restore(tmp_path: Path, db_path: Path) -> None:
    for extra in ("-wal", "-shm"):
        Path(f"{db_path}{extra}").unlink(missing_ok=True)
    _copy(tmp_path / "backup.sqlite3", db_path)


def test_an_older_copy_restored_with_its_seals_is_refused_naming_both_heads(played, db_path, registry, tmp_path,
                                                                            capsys):
    seen = integrity.seen_heads(db_path)[played]
    _restore(tmp_path, db_path)
    app = _app(db_path, registry)
    with pytest.raises(RolledBack) as refused:
        app.view(played)
    message = str(refused.value)
    assert "ends at event 5" in message and f"last saw it at event 8 ({seen[1][:12]})" in message
    assert "tabletop accept-restore kept" in message
    with pytest.raises(RolledBack):  # nor can it be played on
        app.handle(played, Buy(count=1))
    assert EventStore(db_path).head(played) == 5
    assert cli.main(["--db", str(db_path), "state", played]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: game kept is not served: the file holds an older copy") and "Traceback" not in err
    assert cli.main(["--db", str(db_path), "verify", played]) == 1
    assert capsys.readouterr().out.startswith("BEHIND: the file holds an older copy of this game: it ends at event 5")


def test_a_process_that_had_the_game_open_refuses_the_restored_copy(played, db_path, registry, tmp_path):
    app = _app(db_path, registry)
    app.view(played)  # a server with the game open
    _restore(tmp_path, db_path)
    app.store.close()  # the next request opens the file anew (a restore replaces it)
    with pytest.raises(RolledBack, match="ends at event 5"):
        app.view(played)


def test_the_players_accept_a_restore_made_on_purpose(played, db_path, registry, tmp_path, capsys):
    _restore(tmp_path, db_path)
    assert cli.main(["--db", str(db_path), "accept-restore", played]) == 0
    assert "continues from event 5" in capsys.readouterr().out
    app = _app(db_path, registry)
    assert app.view(played).seq == 5
    app.handle(played, Buy(count=2))
    assert integrity.seen_heads(db_path)[played][0] == 6


def test_another_copy_that_does_not_pass_through_the_head_seen_is_refused(played, db_path, registry, tmp_path):
    _copy(db_path, tmp_path / "first-line.sqlite3")  # the game at event 8, as first played
    _restore(tmp_path, db_path)
    app = _app(db_path, registry)
    assert app.accept_restore(played) == 5
    for _ in range(3):
        app.handle(played, EndPhase())  # another event 6 to 8
    app.store.close()
    for extra in ("-wal", "-shm"):
        Path(f"{db_path}{extra}").unlink(missing_ok=True)
    _copy(tmp_path / "first-line.sqlite3", db_path)  # as long, but another line of play
    with pytest.raises(RolledBack, match="another copy of this game: its event 8 is not the one"):
        _app(db_path, registry).view(played)


def test_accepting_checks_the_copy_in_full(played, db_path, registry, tmp_path):
    _restore(tmp_path, db_path)
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("DROP TRIGGER events_no_update")
    conn.execute("UPDATE events SET actor='mallory' WHERE game_id='kept' AND seq=3")
    conn.close()
    with pytest.raises(Tampered, match="event 3 does not match its hash") as refused:
        _app(db_path, registry).accept_restore(played)
    assert not isinstance(refused.value, RolledBack)
    assert integrity.seen_heads(db_path)[played][0] == 8, "a refused copy is not accepted"


def test_a_game_file_carried_to_another_installation_opens_there(played, db_path, registry, tmp_path, monkeypatch):
    data = _app(db_path, registry).export(played)
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path / "another-machine"))
    elsewhere = _app(tmp_path / "elsewhere.sqlite3", registry)
    assert elsewhere.import_game(data) == played and elsewhere.view(played).seq == 8
    elsewhere.handle(played, Buy(count=1))
    assert elsewhere.verify(played) is None
    # the database file itself carried over is sealed by the other installation's key: refused as before
    with pytest.raises(Tampered, match="list of games"):
        _app(db_path, registry).view(played)


def test_the_record_is_written_after_the_commit_so_a_crash_leaves_it_behind(played, db_path, registry, monkeypatch):
    app = _app(db_path, registry)

    def crash(*_args, **_kw):
        raise SystemExit("killed between the commit and the record")

    monkeypatch.setattr(integrity, "remember_head", crash)
    with pytest.raises(SystemExit):
        app.handle(played, Buy(count=1))
    monkeypatch.undo()
    assert EventStore(db_path).head(played) == 9 and integrity.seen_heads(db_path)[played][0] == 8
    fresh = _app(db_path, registry)
    assert fresh.view(played).seq == 9  # behind the file is fine: the file passes through the head seen
    assert integrity.seen_heads(db_path)[played][0] == 9  # and the check brings the record up to it


def test_a_rolled_back_game_in_the_web_offers_the_host_to_accept_it(played, db_path, registry, tmp_path):
    from assistant.web import create_app
    from tests.web.conftest import Client

    _restore(tmp_path, db_path)
    client = Client(create_app(_app(db_path, registry), testing=True))
    page = client.get(f"/g/{played}")
    body = page.get_data(as_text=True)
    assert page.status_code == 409 and "older copy" in body and "Accept this copy (event 5)" in body
    assert "Traceback" not in body
    assert client.post(f"/g/{played}/accept-restore", {"head": "4"}).status_code == 409  # another copy than shown
    answer = client.post(f"/g/{played}/accept-restore", {"head": "5"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/g/{played}")
    assert client.get(f"/g/{played}").status_code == 200
    assert integrity.seen_heads(db_path)[played][0] == 5


def test_another_process_appending_while_the_game_is_checked_is_no_restore(played, db_path, registry, monkeypatch):
    """Two devices write at once: one appends (commit, then its record line) while the other checks the game. The
    record read must never be newer than the file read beside it, or a head committed in between looks like a
    restored older copy (this refused a table with two writers)."""
    reader, writer = _app(db_path, registry), _app(db_path, registry)
    reader.view(played)
    writer.handle(played, Buy(count=1))  # the reader must check what is new on its next view
    real, appended = integrity.seen_heads, []

    def read_while_another_appends(*args, **kw):
        if not appended:
            appended.append(writer.handle(played, Buy(count=1)))  # committed and recorded during the check
        return real(*args, **kw)

    monkeypatch.setattr(integrity, "seen_heads", read_while_another_appends)
    assert reader.view(played).seq == 9  # the head as read before the check: served, not refused
    monkeypatch.undo()
    assert appended and reader.view(played).seq == 10 and reader.verify(played) is None
