"""The `tabletop` command line over a real SQLite file, with the test game registered."""

from __future__ import annotations

import json

import pytest
from freezegun import freeze_time

from assistant import cli, kinds


@pytest.fixture(autouse=True)
def toy_kind(monkeypatch):
    found = kinds.installed()
    monkeypatch.setattr(kinds, "installed", lambda: {**found, "toy": "tests.toygame.game:GAME"})


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
        ('{"type":"toy.buy"}', "the command does not fit: count is needed"),
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
    # A tampered file is refused (exit 1) by verify and import alike, as a tampered stored log is (docs/cli.md).
    code, _, err = run(capsys, "verify", str(export))
    assert code == cli.EXIT_REFUSED and err.startswith("refused: the game file cannot be trusted: line 2")
    code, _, err = run(capsys, "import", str(export), "--db", str(tmp_path / "x.sqlite3"))
    assert code == cli.EXIT_REFUSED and "line 2" in err
    code, out, _ = run(capsys, "--json", "import", str(export), "--db", str(tmp_path / "x.sqlite3"))
    assert code == 1 and json.loads(out)["ok"] is False and "line 2" in json.loads(out)["refused"]


# ---------------------------------------------------------------- game files: a game's parts and options from files

def _ee_amended(db, capsys) -> str:
    code, gid, _ = run(capsys, "new", "europe_engulfed", "--db", db)
    gid = gid.strip()
    amend = {"type": "ee.amend_board", "reason": "read off our map", "amendments": [
        {"op": "set_area", "area": "smolensk", "name": "Smolensk", "terrain": "clear", "source": "map sheet 2"},
        {"op": "add_border", "a": "smolensk", "b": "moscow", "source": "map sheet 2"}]}
    assert run(capsys, "do", gid, json.dumps(amend), "--db", db)[0] == 0
    return gid


def test_an_amended_board_exported_from_one_game_starts_the_next(tmp_path, capsys):
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    db = str(tmp_path / "g.sqlite3")
    first = _ee_amended(db, capsys)
    board = tmp_path / "board.toml"
    code, out, _ = run(capsys, "export", first, "--part", "board", "-o", str(board), "--db", db)
    assert code == 0 and "wrote" in out
    assert board.read_text().startswith("# Europe Engulfed board exported")
    code, second, err = run(capsys, "new", "europe_engulfed", "--option-file", f"board={board}", "--db", db)
    assert code == 0, err
    store = EventStore(tmp_path / "g.sqlite3")
    app = Assistant(store, KindRegistry())
    amended = app.view(first).game.board
    assert amended.areas["smolensk"].terrain == "clear"
    assert app.view(second.strip()).game.board == amended
    store.close()


def test_the_scenario_entered_in_one_game_starts_the_next(tmp_path, capsys):
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    db = str(tmp_path / "g.sqlite3")
    gid = run(capsys, "new", "europe_engulfed", "--db", db)[1].strip()
    scenario = {"name": "our 1941 start", "start_turn": "1941-05",
                "control": {"ruhr": "Axis", "rome": "Axis", "moscow": "Allied", "paris": "Allied"},
                "units": [{"id": "de-pz-1", "nation": "germany", "kind": "armor", "area": "ruhr", "max_steps": 4}],
                "pools": {"germany": [{"kind": "infantry", "max_steps": 4, "count": 6}]},
                "fleets": {"baltic": {"germany": 2}}, "track": {"uboats": 12}, "special_actions": {"germany": 2},
                "wars": [["germany", "britain"]], "base_production": {"germany": 30}}
    code, _, err = run(capsys, "do", gid, json.dumps({"type": "ee.set_up_scenario", "scenario": scenario}), "--db", db)
    assert code == 0, err
    saved = tmp_path / "scen.toml"
    assert run(capsys, "export", gid, "--part", "scenario", "-o", str(saved), "--db", db)[0] == 0
    code, second, err = run(capsys, "new", "europe_engulfed", "--option-file", f"scenario={saved}", "--db", db)
    assert code == 0, err
    store = EventStore(tmp_path / "g.sqlite3")
    app = Assistant(store, KindRegistry())
    a, b = app.view(gid).game, app.view(second.strip()).game
    assert a.options.scenario.name == "our 1941 start" and b.options.scenario == a.options.scenario
    assert (b.units, b.pools, b.control, b.fleets, b.track, b.turn) == (a.units, a.pools, a.control, a.fleets, a.track,
                                                                       a.turn)
    store.close()


def test_export_part_to_stdout_and_an_unknown_part_lists_the_parts(tmp_path, capsys):
    db = str(tmp_path / "g.sqlite3")
    gid = _ee_amended(db, capsys)
    code, out, _ = run(capsys, "export", gid, "--part", "board", "--db", db)
    assert code == 0 and 'terrain = "clear"' in out
    code, out, err = run(capsys, "export", gid, "--part", "map", "--db", db)
    assert code == 1 and out == ""
    assert err == "refused: this game has no part 'map' to export (its parts: board, scenario)\n"
    toy = run(capsys, "new", "toy", "--db", db)[1].strip()
    assert "its parts: none" in run(capsys, "export", toy, "--part", "board", "--db", db)[2]


@pytest.mark.parametrize("name, content, message", [
    ("board.toml", "title = [", "refused: option board: board.toml is not valid TOML"),
    ("board.json", "{nope", "refused: option board: board.json is not valid JSON"),
    ("board.txt", "title = 'x'", "refused: option board: board.txt is neither a .toml nor a .json file"),
    ("board.toml", "title = 'x'\n[areas.a]\nkind = 'area'\n", "refused: the board: board format:"),
    ("board.json", '{"title": "mine", "borders": [{"a": "x", "b": "y"}]}', "refused: the board:"),
])
def test_a_bad_option_file_is_one_clear_line_and_writes_nothing(tmp_path, capsys, name, content, message):
    db = str(tmp_path / "g.sqlite3")
    path = tmp_path / name
    path.write_text(content)
    code, out, err = run(capsys, "new", "europe_engulfed", "--option-file", f"board={path}", "--db", db)
    assert code == 1 and out == "" and err.startswith(message.replace("board.", f"{tmp_path}/board."))
    assert err.count("\n") == 1
    assert run(capsys, "games", "--db", db)[1].strip() == "no games yet"
    code, _, err = run(capsys, "new", "europe_engulfed", "--option-file", f"board={tmp_path}/none.toml", "--db", db)
    assert code == 1 and "cannot read" in err


def test_a_scenario_file_that_does_not_fit_the_board_is_refused(tmp_path, capsys):
    db = str(tmp_path / "g.sqlite3")
    path = tmp_path / "scen.toml"
    path.write_text('start_turn = "1941-05"\n[[units]]\nid = "x"\nnation = "germany"\nkind = "armor"\narea = "atlantis"\n')
    code, _, err = run(capsys, "new", "europe_engulfed", "--option-file", f"scenario={path}", "--db", db)
    assert code == 1 and "'atlantis' is not a land area on the board" in err and "EE scenario format" in err


def test_the_readme_s_players_take_the_seats(tmp_path, capsys):
    """`tabletop new aa_classic --player Ann --player Bo` (the README): two names, a two-player game in the seat
    order of A&A §1.1 (Ann the Allies, Bo the Axis), and each may act --as their name."""
    db = str(tmp_path / "seats.sqlite3")
    code, gid, _ = run(capsys, "new", "aa_classic", "--player", "Ann", "--player", "Bo", "--db", db)
    gid = gid.strip()
    assert code == 0
    code, out, _ = run(capsys, "--json", "players", gid, "--db", db)
    said = json.loads(out)
    assert said["players"] == [] and {"Ann", "Bo"} <= set(said["actors"])
    from assistant.application import Assistant
    from events.store import EventStore

    store = EventStore(db)
    seats = {p["name"]: p["powers"] for p in Assistant(store).definition(gid)["players"]}
    store.close()
    assert seats == {"Ann": ["ussr", "uk", "usa"], "Bo": ["germany", "japan"]}
    code, _, err = run(capsys, "--as", "Bo", "do", gid, '{"type": "aa.start"}', "--db", db)
    assert code == 0, err


def test_a_club_command_without_the_club_libraries_says_what_to_install(tmp_path, capsys, monkeypatch):
    """A player's install has no club extra: `tabletop club` names the missing library and the extra, one line."""
    import sys

    monkeypatch.delitem(sys.modules, "assistant.club.accounts", raising=False)
    monkeypatch.setitem(sys.modules, "argon2", None)  # not installed
    assert cli.main(["--db", str(tmp_path / "g.sqlite3"), "club", "members"]) == cli.EXIT_ERROR
    err = capsys.readouterr().err
    assert err == "error: the club mode needs argon2: pip install 'tabletop-assistant[club]'\n"


def test_a_command_leaves_the_database_file_whole(tmp_path, capsys):
    """Every event a command wrote is in the database file itself when it ends (its write-ahead log merged in and
    removed): the file alone, copied to another machine, holds the whole game."""
    import sqlite3

    db = tmp_path / "t.sqlite3"
    code, out, _ = run(capsys, "new", "toy", "--db", str(db))
    gid = out.strip()
    assert run(capsys, "--db", str(db), "do", gid, '{"type":"toy.end_phase"}')[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.sqlite3"]
    copy = tmp_path / "copy" / "t.sqlite3"
    copy.parent.mkdir()
    copy.write_bytes(db.read_bytes())  # the file alone
    assert sqlite3.connect(copy).execute("SELECT MAX(seq) FROM events").fetchone()[0] == 2
    assert run(capsys, "state", gid, "--db", str(db), "--at", "1")[0] == 0  # a reading command too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy", "t.sqlite3"]
