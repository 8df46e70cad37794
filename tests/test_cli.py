"""The `tabletop` command line over a real SQLite file, with the test game registered."""

from __future__ import annotations

import json

import pytest
from freezegun import freeze_time

from assistant import cli, kinds


@pytest.fixture(autouse=True)
def toy_kind(monkeypatch):
    monkeypatch.setitem(kinds.BUILTIN, "toy", "tests.toygame.game:GAME")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@freeze_time("2026-11-21 19:30:00")
def test_full_cli_round_trip(tmp_path, capsys):
    db = str(tmp_path / "t.sqlite3")
    code, out, _ = run(capsys, "new", "toy", "--option", "treasury=9", "--db", db)
    assert code == 0
    gid = out.strip()
    assert run(capsys, "--db", db, "do", gid, '{"type":"toy.end_phase"}')[0] == 0
    code, out, _ = run(capsys, "do", gid, '{"type":"toy.buy","count":2}', "--db", db, "--as", "red")
    assert code == 0 and "red bought 2 units for 6" in out
    code, out, _ = run(capsys, "state", gid, "--db", db, "--json")
    state = json.loads(out)
    assert state["game"]["treasury"]["red"] == 3 and state["clock"]["phase"] == "buy"
    assert run(capsys, "undo", gid, "--db", db)[0] == 0
    code, out, _ = run(capsys, "log", gid, "--db", db)
    assert " x " in out and "Undo" in out
    code, out, _ = run(capsys, "state", gid, "--db", db, "--at", "3", "--json")
    assert json.loads(out)["game"]["units"]["red"] == 2
    export = tmp_path / "g.jsonl"
    assert run(capsys, "export", gid, "-o", str(export), "--db", db)[0] == 0
    code, out, _ = run(capsys, "verify", str(export))
    assert code == 0 and "ok: 4 events" in out
    db2 = str(tmp_path / "other.sqlite3")
    code, out, _ = run(capsys, "import", str(export), "--db", db2)
    assert code == 0 and out.strip() == gid
    code, out, _ = run(capsys, "export", gid, "--db", db2)
    assert out.encode() == export.read_bytes()
    code, out, _ = run(capsys, "games", "--db", db2, "--json")
    assert json.loads(out)[0]["events"] == 4


@pytest.mark.parametrize(
    "command, message",
    [
        ("{nope", "not valid JSON"),
        ('{"type":"toy.nope"}', "unknown command type"),
        ('{"type":"toy.buy"}', "missing required field `count`"),
        ('{"type":"toy.buy","count":99}', "(Skirmish 1)"),
    ],
)
def test_bad_input_exits_non_zero_with_one_line_and_writes_nothing(tmp_path, capsys, command, message):
    db = str(tmp_path / "t.sqlite3")
    _, gid, _ = run(capsys, "new", "toy", "--db", db)
    gid = gid.strip()
    run(capsys, "do", gid, '{"type":"toy.end_phase"}', "--db", db)
    code, out, err = run(capsys, "do", gid, command, "--db", db)
    assert code != 0 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    _, log, _ = run(capsys, "log", gid, "--db", db)
    assert len(log.strip().splitlines()) == 2


def test_unknown_game_and_kind_are_clear(tmp_path, capsys):
    db = str(tmp_path / "t.sqlite3")
    code, _, err = run(capsys, "state", "deadbeef", "--db", db)
    assert code == 2 and "no game 'deadbeef'" in err
    code, _, err = run(capsys, "new", "chess", "--db", db)
    assert code == 1 and "unknown game kind 'chess'" in err


def test_missing_database_directory_is_a_clear_error(tmp_path, capsys):
    code, _, err = run(capsys, "games", "--db", str(tmp_path / "nowhere" / "t.sqlite3"))
    assert code == 2 and "does not exist" in err


def test_tampered_file_is_refused_naming_the_line(tmp_path, capsys):
    db = str(tmp_path / "t.sqlite3")
    gid = run(capsys, "new", "toy", "--db", db)[1].strip()
    run(capsys, "do", gid, '{"type":"toy.end_phase"}', "--db", db)
    export = tmp_path / "g.jsonl"
    run(capsys, "export", gid, "-o", str(export), "--db", db)
    lines = export.read_bytes().splitlines(keepends=True)
    export.write_bytes(lines[0] + lines[1].replace(b'"round":1', b'"round":7'))
    code, _, err = run(capsys, "verify", str(export))
    assert code == 2 and "line 2" in err
    code, _, err = run(capsys, "import", str(export), "--db", str(tmp_path / "x.sqlite3"))
    assert code == 2 and "line 2" in err
