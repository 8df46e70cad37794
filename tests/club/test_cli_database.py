"""`tabletop db upgrade` and `tabletop migrate` against a real PostgreSQL, and every CLI command on it unchanged."""

from __future__ import annotations

import json

import psycopg
import pytest

from assistant.cli import main
from tests.postgres import dsn_for


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def empty_db(pg_server):
    """A database with no tables yet, as a club administrator creates it."""
    admin = dsn_for(pg_server, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS fresh_club WITH (FORCE)")
        conn.execute("CREATE DATABASE fresh_club")
    yield dsn_for(pg_server, "fresh_club")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS fresh_club WITH (FORCE)")


def test_a_database_without_the_schema_is_refused_until_upgraded_then_upgrades_once(capsys, empty_db):
    code, _out, err = run(capsys, "--db", empty_db, "games")
    assert code == 2 and "schema version 0" in err and "tabletop db upgrade" in err and "Traceback" not in err
    code, out, _ = run(capsys, "db", "upgrade", "--db", empty_db, "--app-role", "tabletop_app")
    assert code == 0 and "applied 0001_event_log, 0002_club, 0003_fork_notes" in out and "tabletop_app" in out
    code, out, _ = run(capsys, "db", "upgrade", "--db", empty_db)
    assert code == 0 and "nothing to apply" in out
    assert run(capsys, "--db", empty_db, "games")[1].strip() == "no games yet"


def test_an_unreachable_server_is_one_clear_line(capsys):
    code, _out, err = run(capsys, "--db", "postgresql://nobody@127.0.0.1:1/none", "games")
    assert code == 2 and err.startswith("error: cannot reach the club database") and "Traceback" not in err
    assert err.count("\n") == 1


def test_every_command_works_on_the_club_database(capsys, pg_dsn, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_DB", pg_dsn)  # the environment variable selects it like --db
    code, out, _ = run(capsys, "new", "aa_classic", "--title", "Club night")
    gid = out.strip()
    assert code == 0 and len(gid) == 12
    assert run(capsys, "do", gid, '{"type": "aa.start"}')[0] == 0
    assert run(capsys, "do", gid, '{"type": "aa.purchase", "units": {"infantry": 2}}', "--command-id", "buy1")[0] == 0
    code, out, _ = run(capsys, "do", gid, '{"type": "aa.purchase", "units": {"infantry": 2}}', "--command-id", "buy1")
    assert "already done" in out
    code, out, _ = run(capsys, "--json", "state", gid)
    assert json.loads(out)["clock"]["side"] == "ussr"
    assert run(capsys, "undo", gid)[0] == 0
    code, out, _ = run(capsys, "log", gid)
    assert out.count("\n") == 5 and "    4 x " in out
    exported = tmp_path / "game.jsonl"
    assert run(capsys, "export", gid, "-o", str(exported))[0] == 0
    assert run(capsys, "verify", gid)[1].startswith("ok: 5 events")
    code, _out, err = run(capsys, "import", str(exported))
    assert code == 2 and "already in this database" in err
    assert "Club night" in run(capsys, "games")[1]


def test_migrate_moves_every_game_with_its_hashes_and_verify_agrees(capsys, pg_dsn, tmp_path):
    sqlite = tmp_path / "table.sqlite3"
    gids = []
    for title in ("Monday", "Tuesday"):
        gids.append(run(capsys, "--db", str(sqlite), "new", "aa_classic", "--title", title)[1].strip())
        run(capsys, "--db", str(sqlite), "do", gids[-1], '{"type": "aa.start"}')
    assert run(capsys, "--db", str(sqlite), "do", gids[0], '{"type": "aa.purchase", "units": {"infantry": 1}}')[0] == 0
    assert run(capsys, "--db", str(sqlite), "verify", gids[0])[0] == 0
    code, out, _ = run(capsys, "--json", "migrate", "--from", str(sqlite), "--to", pg_dsn)
    moved = {m["game_id"]: m for m in json.loads(out)}
    assert code == 0 and set(moved) == set(gids) and all(m["verified"] for m in moved.values())
    for gid in gids:
        assert run(capsys, "--db", str(sqlite), "export", gid)[1] == run(capsys, "--db", pg_dsn, "export", gid)[1]
        assert run(capsys, "--db", str(sqlite), "verify", gid)[1] == run(capsys, "--db", pg_dsn, "verify", gid)[1]
    # Run again (say after an interruption): nothing copied twice.
    code, out, _ = run(capsys, "migrate", "--from", str(sqlite), "--to", pg_dsn)
    assert code == 0 and out.count("already there with the same head") == 2
    # A different log under the same id is never overwritten.
    assert run(capsys, "--db", str(sqlite), "do", gids[1], '{"type": "aa.purchase", "units": {"infantry": 1}}')[0] == 0
    code, out, _ = run(capsys, "migrate", "--from", str(sqlite), "--to", pg_dsn)
    assert code == 1 and "REFUSED" in out, out
    assert run(capsys, "--db", pg_dsn, "--json", "games")[1].count('"events": 3') == 1
