"""A database that checks itself: every edit made to the database file alone (triggers dropped, chain recomputed,
rows deleted, seals removed) is found by `verify` and refused when the game is opened; a damaged checkpoint is a
cache miss. The figures (edits tried, edits detected) are this module's parameters: 100% must be detected."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from assistant.application import Assistant
from assistant.cli import main
from events.hashing import canonical_bytes, chain_hash
from events.store import EventStore, Tampered
from tests.conftest import FIXED
from tests.toygame.game import Buy, EditTreasury, EndPhase


@pytest.fixture
def game(db_path, registry):
    """Two games on disk: the one edited (with a purchase, its undo, later purchases and checkpoints) and another."""
    store = EventStore(db_path)
    app = Assistant(store, registry, clock=lambda: FIXED, checkpoint_every=4)
    gid = app.new_game("toy", {"treasury": 30}, game_id="edited")
    app.handle(gid, EndPhase())
    app.handle(gid, Buy(count=3))  # seq 3
    app.handle(gid, '{"type": "core.undo"}')  # seq 4 cancels 3
    app.handle(gid, Buy(count=1))  # seq 5
    app.handle(gid, EditTreasury(side="red", amount=2, reason="found a coin"))  # seq 6
    app.handle(gid, Buy(count=1))  # seq 7
    app.handle(gid, Buy(count=1))  # seq 8
    app.view(gid, at=4)
    app.view(gid)
    other = app.new_game("toy", {"treasury": 5}, game_id="other")
    assert app.verify(gid) is None and app.verify(other) is None
    assert store.checkpoint_seqs(gid, 100), "the fixture has checkpoints to tamper with"
    store.close()
    return gid


def _raw(db_path) -> sqlite3.Connection:
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("DROP TRIGGER IF EXISTS events_no_update")
    conn.execute("DROP TRIGGER IF EXISTS events_no_delete")
    return conn


def _rechain(conn: sqlite3.Connection, game_id: str) -> None:
    """What someone without the key can still do: recompute every hash so the chain verifies again."""
    rows = conn.execute("SELECT seq, type, version, recorded_at, actor, command_id, payload FROM events "
                        "WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    prev = "0" * 64
    for seq, type_, version, recorded_at, actor, command_id, payload in rows:
        h = chain_hash(prev, canonical_bytes(game_id, seq, type_, version, recorded_at, actor, command_id, payload))
        conn.execute("UPDATE events SET prev_hash=?, hash=? WHERE game_id=? AND seq=?", (prev, h, game_id, seq))
        prev = h


def _payload_edit(conn, seq, old, new):
    conn.execute("UPDATE events SET payload=replace(payload, ?, ?) WHERE game_id='edited' AND seq=?",
                 (old, new, seq))


EDITS = {
    "undo's rewinds_to cleared": lambda c: c.execute("UPDATE events SET rewinds_to=NULL WHERE seq=4 AND game_id='edited'"),
    "rewinds_to set on a purchase": lambda c: c.execute("UPDATE events SET rewinds_to=1 WHERE seq=5 AND game_id='edited'"),
    "last event deleted": lambda c: c.execute("DELETE FROM events WHERE game_id='edited' AND seq=8"),
    "last three events deleted": lambda c: c.execute("DELETE FROM events WHERE game_id='edited' AND seq>=6"),
    "last events deleted, commands too": lambda c: (c.execute("DELETE FROM events WHERE game_id='edited' AND seq>=7"),
                                                    c.execute("DELETE FROM commands WHERE game_id='edited' AND first_seq>=7")),
    "payload edited": lambda c: _payload_edit(c, 5, '"count":1', '"count":9'),
    "payload edited, chain recomputed": lambda c: (_payload_edit(c, 5, '"count":1', '"count":9'), _rechain(c, "edited")),
    "undo retargeted, chain recomputed": lambda c: (_payload_edit(c, 4, '"targets":[3]', '"targets":[5]'),
                                                    _rechain(c, "edited")),
    "event deleted in the middle, chain recomputed": lambda c: (
        c.execute("DELETE FROM events WHERE game_id='edited' AND seq=6"),
        c.execute("UPDATE events SET seq=seq-1 WHERE game_id='edited' AND seq>6"), _rechain(c, "edited")),
    "last event deleted, chain recomputed": lambda c: (c.execute("DELETE FROM events WHERE game_id='edited' AND seq=8"),
                                                       _rechain(c, "edited")),
    "actor changed": lambda c: c.execute("UPDATE events SET actor='mallory' WHERE game_id='edited' AND seq=5"),
    "actor changed, chain recomputed": lambda c: (
        c.execute("UPDATE events SET actor='mallory' WHERE game_id='edited' AND seq=5"), _rechain(c, "edited")),
    "command id changed": lambda c: c.execute("UPDATE events SET command_id='x' WHERE game_id='edited' AND seq=7"),
    "time changed, chain recomputed": lambda c: (
        c.execute("UPDATE events SET recorded_at='2020-01-01T00:00:00.000000Z' WHERE game_id='edited' AND seq=7"),
        _rechain(c, "edited")),
    "events swapped": lambda c: (c.execute("UPDATE events SET seq=100 WHERE game_id='edited' AND seq=7"),
                                 c.execute("UPDATE events SET seq=7 WHERE game_id='edited' AND seq=8"),
                                 c.execute("UPDATE events SET seq=8 WHERE game_id='edited' AND seq=100")),
    "event added at the end with a good chain": lambda c: (
        c.execute("INSERT INTO events SELECT game_id, 9, type, version, recorded_at, actor, 'extra', payload, hash, "
                  "hash, rewinds_to FROM events WHERE game_id='edited' AND seq=8"), _rechain(c, "edited")),
    "title changed": lambda c: c.execute("UPDATE games SET title='Another game' WHERE game_id='edited'"),
    "kind changed": lambda c: c.execute("UPDATE games SET kind='aa_classic' WHERE game_id='edited'"),
    "creation time changed": lambda c: c.execute("UPDATE games SET created_at='2001-01-01' WHERE game_id='edited'"),
    "seal of the head deleted": lambda c: c.execute("DELETE FROM heads WHERE game_id='edited'"),
    "every seal deleted": lambda c: (c.execute("DELETE FROM heads"), c.execute("DELETE FROM meta")),
    "seal tables dropped": lambda c: (c.execute("DROP TABLE heads"), c.execute("DROP TABLE meta")),
    "seal copied from the other game": lambda c: c.execute(
        "UPDATE heads SET seal=(SELECT seal FROM heads WHERE game_id='other') WHERE game_id='edited'"),
    "handled command forgotten": lambda c: c.execute("DELETE FROM commands WHERE game_id='edited' AND first_seq=5"),
    "handled command moved": lambda c: c.execute("UPDATE commands SET first_seq=6 WHERE game_id='edited' AND first_seq=5"),
}


HEAD = 8  # the fixture's last event


def _truth(db_path, registry, game) -> dict[int, tuple]:
    app = Assistant(EventStore(db_path), registry)
    return {n: app.view(game, at=n).states for n in range(1, HEAD + 1)}


def _served(app: Assistant, game: str, truth: dict[int, tuple]) -> bool:
    """Opens the game as a new process would and reads the table now and at every event: True when any of it was
    refused as tampered. Whatever is served must be the true table (an edit is never part of a state)."""
    refused = False
    for at in (None, *truth):
        try:
            view = app.view(game, at=at)
        except Tampered as exc:
            assert "changed outside the assistant" in str(exc)
            refused = True
            continue
        assert view.states == truth[at or HEAD], f"a false table served at {at}"
    return refused


@pytest.mark.parametrize("checkpoints", ["kept", "dropped"])
@pytest.mark.parametrize("edit", sorted(EDITS))
def test_every_edit_of_the_file_alone_is_found_and_never_served(game, db_path, registry, edit, checkpoints, capsys):
    """Each edit is found by ``verify`` and by every read of the whole log (log, export), and no table built
    after it holds it: the cheap check on opening (seals, the chain since the verified point) and the events
    read to build a table (checked from a sealed anchor as they are folded) refuse the game the moment the edit
    is read. With the checkpoints dropped, building the table reads every event: opening refuses every edit
    of an event. The table of handled commands is read only by ``verify``, a whole read, an undo or a repeated
    command that reaches it."""
    truth = _truth(db_path, registry, game)
    if checkpoints == "dropped":
        EventStore(db_path).drop_checkpoints()
    conn = _raw(db_path)
    EDITS[edit](conn)
    conn.close()
    refused = _served(Assistant(EventStore(db_path), registry, clock=lambda: FIXED), game, truth)
    if checkpoints == "dropped" and "handled command" not in edit:
        assert refused, f"{edit}: the table was built from every event and served"
    try:
        Assistant(EventStore(db_path), registry).game(game)
    except Tampered:  # refused on opening, before anything is read: the CLI says so in one line
        assert main(["--db", str(db_path), "state", game]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: game edited was changed outside the assistant") and "Traceback" not in err
    for read in ("log", "export"):
        app = Assistant(EventStore(db_path), registry, clock=lambda: FIXED)
        with pytest.raises(Tampered, match="changed outside the assistant"):
            getattr(app, read)(game)
        with pytest.raises(Tampered):  # once found, the game stays refused in this process
            app.view(game)
    finding = Assistant(EventStore(db_path), registry).verify(game)
    assert finding is not None, f"{edit}: not found by verify"
    assert main(["--db", str(db_path), "verify", game]) == 1
    out = capsys.readouterr().out
    assert out.startswith("TAMPERED: ") and str(finding) in out


def test_opening_checks_the_seals_and_the_events_since_the_verified_point_only(game, db_path, registry, monkeypatch):
    """A new process opening a game reads no event but the creation's and those after the sealed verified point."""
    store = EventStore(db_path)
    read: list[tuple] = []
    real = store.integrity_rows
    monkeypatch.setattr(store, "integrity_rows", lambda *a: read.append(a[1:]) or real(*a))
    assert store.check(game) is None
    assert sorted(read) == [(0, 1), (HEAD, None)]  # the creation event, then nothing after the point at the head
    store.drop_checkpoints()
    read.clear()
    Assistant(store, registry).view(game)
    assert read[-1] == (1, HEAD)  # the table built from the creation: every event folded was checked


def test_the_verified_point_is_sealed_and_moves_with_each_append(game, db_path, registry):
    app = Assistant(EventStore(db_path), registry, clock=lambda: FIXED)
    seal = "SELECT seq FROM checked WHERE game_id='edited'"
    assert app.store._run(seal) == [(HEAD,)]
    app.handle(game, Buy(count=1))
    assert app.store._run(seal) == [(HEAD + 1,)]
    conn = _raw(db_path)
    conn.execute("UPDATE checked SET seq=3 WHERE game_id='edited'")  # claims less: the seal no longer holds
    conn.close()
    with pytest.raises(Tampered, match="how far the game's log was checked"):
        Assistant(EventStore(db_path), registry).view(game)
    conn = _raw(db_path)
    conn.execute("DELETE FROM checked")  # no point: the whole chain is checked again, and the point sealed
    conn.close()
    store = EventStore(db_path)
    assert store.check(game) is None and store._run(seal) == [(HEAD + 1,)]


def test_a_game_deleted_with_its_rows_is_noticed_by_the_others(game, db_path, registry):
    conn = _raw(db_path)
    for table in ("events", "games", "heads", "commands", "checkpoints"):
        conn.execute(f"DELETE FROM {table} WHERE game_id='other'")
    conn.close()
    app = Assistant(EventStore(db_path), registry)
    assert "list of games" in str(app.verify(game))


def test_no_game_is_added_to_a_list_of_games_changed_outside_the_assistant(game, db_path, registry, capsys):
    """A new game reseals the list of games: over a list someone changed, that would bless the change."""
    conn = _raw(db_path)
    for table in ("events", "games", "heads", "commands", "checkpoints"):
        conn.execute(f"DELETE FROM {table} WHERE game_id='other'")
    conn.close()
    app = Assistant(EventStore(db_path), registry)
    with pytest.raises(Tampered, match="list of games"):
        app.new_game("toy", {"treasury": 1}, game_id="newer")
    assert [r[0] for r in _raw(db_path).execute("SELECT game_id FROM games")] == [game], "nothing was written"
    assert "list of games" in str(app.verify(game)), "the change is still found"
    assert main(["--db", str(db_path), "new", "aa_classic"]) != 0
    err = capsys.readouterr().err
    assert "list of games was changed" in err and "Traceback" not in err


def test_an_edited_checkpoint_is_a_cache_miss(game, db_path, registry):
    truth = Assistant(EventStore(db_path), registry).view(game).game
    conn = _raw(db_path)
    blobs = conn.execute("SELECT seq, state FROM checkpoints WHERE game_id='edited' ORDER BY seq").fetchall()
    assert len(blobs) >= 2
    # each checkpoint given another's state (well-formed, wrong), its seal kept or recomputed without the key
    for (seq, _), (_, other) in zip(blobs, blobs[1:] + blobs[:1]):
        conn.execute("UPDATE checkpoints SET state=? WHERE game_id='edited' AND seq=?", (bytes(other), seq))
    conn.close()
    store = EventStore(db_path)
    assert all(store.load_checkpoint(game, seq) is None for seq, _ in blobs)
    app = Assistant(store, registry)
    assert app.view(game).game == truth and app.verify(game) is None
    assert app.view(game, at=5).game == Assistant(EventStore(db_path), registry).view(game, at=5).game


def test_a_database_from_before_sealing_is_sealed_once_its_chains_verify(game, db_path, registry, tmp_path, monkeypatch):
    conn = _raw(db_path)
    conn.execute("DROP TABLE heads")
    conn.execute("DROP TABLE meta")
    conn.close()
    elsewhere = tmp_path / "another-config"
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(elsewhere))  # a machine that never sealed this file
    app = Assistant(EventStore(db_path), registry)
    assert app.verify(game) is None and app.store.sealed
    conn = _raw(db_path)
    conn.execute("DELETE FROM heads")
    conn.execute("DELETE FROM meta")
    conn.close()
    assert "seals were removed" in str(Assistant(EventStore(db_path), registry).verify(game))


def test_a_new_database_where_a_deleted_one_was_is_sealed_and_serves_its_games(game, db_path, registry):
    """A player who deletes the games file to start afresh gets a working file at the same place, while a file of
    that name whose seals were stripped stays refused (the test above)."""
    app = Assistant(EventStore(db_path), registry)
    assert app.store.sealed and app.verify(game) is None
    app.store.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    fresh = Assistant(EventStore(db_path), registry)
    assert fresh.store.sealed
    new_game = fresh.new_game("toy", {"treasury": 7}, game_id="again")
    assert fresh.verify(new_game) is None
    again = Assistant(EventStore(db_path), registry)
    assert again.verify(new_game) is None and again.view(new_game).seq == fresh.view(new_game).seq


def test_a_game_opened_in_another_installation_is_refused_with_its_reason(game, db_path, registry):
    app = Assistant(EventStore(db_path, key=b"k" * 32), registry)
    with pytest.raises(Tampered, match="list of games"):
        app.view(game)


def test_an_append_never_seals_a_cut_log(game, db_path, registry):
    app = Assistant(EventStore(db_path), registry, clock=lambda: FIXED)
    app.view(game)  # checked and kept open, as the web server does
    conn = _raw(db_path)
    conn.execute("DELETE FROM events WHERE game_id='edited' AND seq=8")
    conn.close()
    with pytest.raises(Tampered, match="removed"):
        app.handle(game, Buy(count=1))
    assert app.store.head(game) == 7


@pytest.mark.parametrize("edit", [
    "UPDATE games SET title='Renamed' WHERE game_id='edited'",
    "UPDATE heads SET seal=(SELECT seal FROM heads WHERE game_id='other') WHERE game_id='edited'",
])
def test_an_append_after_this_process_own_append_still_checks_the_seal_it_finds(game, db_path, registry, edit):
    """The head this process sealed itself is not checked again; a heads or games row changed since is."""
    app = Assistant(EventStore(db_path), registry, clock=lambda: FIXED)
    app.handle(game, Buy(count=1))  # sealed by this process
    conn = _raw(db_path)
    conn.execute(edit)
    conn.close()
    with pytest.raises(Tampered, match="record .kind, title, creation time. or its seal was changed"):
        app.handle(game, Buy(count=1))
    assert app.store.head(game) == HEAD + 1


def test_the_key_lives_outside_the_database_readable_by_its_owner_only(game, db_path):
    import os
    import stat

    from events.integrity import KEY_FILE, config_dir

    key = Path(config_dir()) / KEY_FILE
    assert key.exists() and stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert key.read_text().strip().encode() not in db_path.read_bytes()


def test_the_web_refuses_a_game_changed_while_it_is_served(game, db_path, registry):
    from assistant.web import create_app

    app = Assistant(EventStore(db_path), registry, clock=lambda: FIXED)
    web = create_app(app, testing=True).test_client()
    assert web.get(f"/g/{game}").status_code == 200
    conn = _raw(db_path)
    conn.execute("DELETE FROM events WHERE game_id='edited' AND seq=8")
    conn.close()
    page = web.get(f"/g/{game}")
    body = page.get_data(as_text=True)
    assert page.status_code == 409 and "changed outside the assistant" in body and "Traceback" not in body
