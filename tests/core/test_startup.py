"""Start-up: a short command imports only what it uses (listing the games reads their game.toml files, nothing
else), and the installed games' list kept between runs is read again from the metadata when anything changes."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

from assistant import cachefile, kinds

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "matplotlib", "flask", "jinja2", "msgspec", "sqlite3", "importlib.metadata")


def read_kept(path: Path) -> dict:
    return marshal.loads(path.read_bytes())


def write_kept(path: Path, data: dict) -> None:
    path.write_bytes(marshal.dumps(data))


def imported_by(code: str, tmp_path: Path) -> tuple[set[str], str]:
    """The modules a fresh interpreter holds after ``code`` (run from the checkout, with its own cache folder)."""
    script = f"import sys\n{code}\nmodules = sorted(sys.modules)\nimport json\nsys.stderr.write(json.dumps(modules))\n"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr)), done.stdout


def test_listing_the_games_imports_no_game_nor_heavy_library(tmp_path):
    for run in range(2):  # the first run reads the metadata, the second the kept list
        modules, out = imported_by("from assistant.cli import main\nmain(['kinds'])", tmp_path)
        assert "aa_classic\tAxis & Allies (2nd edition)" in out and "europe_engulfed\tEurope Engulfed" in out
        games = {m for m in modules if m.startswith("assistant.games.")}
        assert games == set(), games  # not even a game package's __init__
        assert {m for m in modules if m.split(".")[0] in HEAVY or m in HEAVY} - ({"importlib.metadata"} if run == 0 else set()) == set()
        assert not {m for m in modules if m.startswith(("events", "projections", "assistant.application"))}
        if run == 1:  # nor typing (some 3 ms) nor OpenSSL's hashlib: names for type checkers and for kept files
            assert not {"typing", "hashlib", "_hashlib"} & modules


def _kept() -> Path:
    return Path(cachefile.kept_file(kinds.kept_name(list(sys.path))))


def _plant(game: str = "other") -> None:
    """Another list kept under the same key: what a listing then answers shows whether it read the metadata."""
    data = read_kept(_kept())
    data["value"]["games"][game] = f"{game}.game:GAME"
    write_kept(_kept(), data)


def test_the_kept_list_of_games_follows_installs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    found = kinds.installed()
    assert found["aa_classic"] == "assistant.games.aa_classic.game:GAME"
    assert read_kept(_kept())["value"]["games"] == found
    _plant()
    assert kinds.installed()["other"] == "other.game:GAME"  # kept: the metadata is not read again
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    assert kinds.installed() == found  # another import path: read again, kept under its own name
    _plant()
    assert "other" in kinds.installed()
    # a folder of the import path changed, not its distributions (a file made beside them): still kept
    (folder / "notes.txt").write_text("x")
    os.utime(folder, ns=(10**18 - 10**9, 10**18 - 10**9))  # (its time, however coarse the disk's clock)
    assert "other" in kinds.installed()
    # a distribution installed, upgraded, reinstalled or removed: read again
    (folder / "new_game-1.0.dist-info").mkdir()
    assert kinds.installed() == found
    _plant()
    (folder / "new_game-1.0.dist-info").rmdir()  # upgraded: pip removes the old metadata, writes the new
    (folder / "new_game-1.1.dist-info").mkdir()
    assert kinds.installed() == found
    _plant()
    (folder / "new_game-1.1.dist-info").rmdir()  # reinstalled, the same version (new entry points, say)
    (folder / "new_game-1.1.dist-info").mkdir()
    os.utime(folder / "new_game-1.1.dist-info", ns=(10**18, 10**18))
    os.utime(folder, ns=(10**18, 10**18))
    assert kinds.installed() == found
    _plant()
    (folder / "new_game-1.1.dist-info").rmdir()  # removed
    assert kinds.installed() == found
    _plant()
    _kept().write_bytes(_kept().read_bytes()[:-3])  # a file cut short is only a miss
    assert kinds.installed() == found
    _kept().write_text("not marshal data")  # and so is a damaged one
    assert kinds.installed() == found


def test_a_folder_changing_at_every_command_costs_no_metadata_read(tmp_path, monkeypatch):
    """``python -m assistant`` puts the current folder on the import path; a database kept there makes and deletes
    its journal at every command, changing the folder's time. Its distributions did not change: the list is kept."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.syspath_prepend(str(here))
    found = kinds.installed()
    for n in range(3):
        (here / "games.sqlite3-wal").write_text("x")
        (here / "games.sqlite3-wal").unlink()
        os.utime(here, ns=(10**18 + n, 10**18 + n))
        _plant()
        assert kinds.installed()["other"] == "other.game:GAME", "the metadata was read again"
    assert read_kept(_kept())["value"]["folders"][0][1] == 10**18 + 2  # its new time kept: one stat next time
    assert found["aa_classic"]


def test_a_checkout_and_the_installed_command_keep_their_lists_apart(tmp_path, monkeypatch):
    """``python -m assistant`` in a checkout sees the checkout first on the import path, ``tabletop`` last: the same
    folders in another order. Each keeps its own list, so running one never makes the other read the metadata."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        (folder / f"{folder.name}-1.0.dist-info").mkdir(parents=True)
    monkeypatch.setattr(sys, "path", [str(first), *sys.path, str(second)])
    found = kinds.installed()
    one = kinds.kept_name(sys.path)
    monkeypatch.setattr(sys, "path", [str(second), *sys.path[1:-1], str(first)])
    other = kinds.kept_name(sys.path)
    assert one != other
    assert kinds.installed() == found
    read = []
    monkeypatch.setattr(kinds.cachefile, "save", lambda name, key, value: read.append(name))
    monkeypatch.setattr(sys, "path", [str(first), *sys.path[1:-1], str(second)])
    assert kinds.installed() == found and read == []  # the first order's list is still kept: no metadata read


def test_the_code_stamp_is_kept_until_a_file_it_is_keyed_by_changes(tmp_path, monkeypatch):
    from assistant import stamp as replay
    from projections.turn_clock import TURN_CLOCK
    from tests.toygame.game import GAME, LEDGER

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(replay, "_stamps", {})
    projections = (TURN_CLOCK, LEDGER)
    types = (GAME.state_type, TURN_CLOCK.state_type, LEDGER.state_type)
    modules = sorted({f.__module__ for p in projections for f in (p.initial, p.apply)} | {"assistant.replay"})
    computed = replay._compute_stamp(modules, types)
    assert replay.code_stamp(projections, types) == computed
    kept = next(f for f in Path(cachefile.folder()).glob("stamp-*.marshal") if not f.name.endswith("-families.marshal"))
    data = read_kept(kept)
    data["value"] = "ab" * 16  # what the next process reads, if the code is the same
    write_kept(kept, data)
    monkeypatch.setattr(replay, "_stamps", {})
    assert replay.code_stamp(projections, types) == bytes.fromhex("ab" * 16)
    # a package defining Structs edited (or installed, or upgraded) since: the stamp is computed again
    package = tmp_path / "stamped_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("import msgspec\n\nclass Piece(msgspec.Struct):\n    x: int = 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("stamped_pkg")
    monkeypatch.setattr(replay, "_stamps", {})
    assert replay.code_stamp(projections, types) == computed
    # kept under a name of its own (another set of files): the first program's answer stays as it was
    assert read_kept(kept)["value"] == "ab" * 16
    kept = next(f for f in Path(cachefile.folder()).glob("stamp-*.marshal")
                if b"stamped_pkg" in f.read_bytes() and not f.name.endswith("-families.marshal"))
    data = read_kept(kept)
    data["value"] = "cd" * 16
    write_kept(kept, data)
    monkeypatch.setattr(replay, "_stamps", {})
    assert replay.code_stamp(projections, types) == bytes.fromhex("cd" * 16)
    os.utime(package / "__init__.py", ns=(10**18, 10**18))  # edited
    monkeypatch.setattr(replay, "_stamps", {})
    assert replay.code_stamp(projections, types) == computed
    monkeypatch.delitem(sys.modules, "stamped_pkg")


def test_editing_a_family_helper_changes_the_stamp_of_the_games_that_import_it(tmp_path, monkeypatch):
    """An A&A game folds its states with the axis_allies family's helpers: a checkpoint written before one of them
    changed must not be used, though no file of the game itself changed."""
    import shutil

    import assistant.families
    from assistant import stamp
    from assistant.kinds import KindRegistry
    from assistant.replay import game_projection

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(stamp, "_stamps", {})
    families = tmp_path / "families"
    shutil.copytree(Path(assistant.families.__file__).parent, families,
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(assistant.families.__spec__, "submodule_search_locations", [str(families)])
    loaded = KindRegistry().get("aa_classic")
    projections = (game_projection(loaded), *loaded.kind.projections)
    types = tuple(p.state_type for p in projections)
    modules = sorted({f.__module__ for p in projections for f in (p.initial, p.apply)} | {"assistant.replay"})
    assert stamp._scan_families(stamp._source_files(modules)) == ["axis_allies"]
    before = stamp.code_stamp(projections, types)
    assert before == stamp._compute_stamp(modules, types)
    helper = families / "axis_allies" / "facts" / "captures.py"
    helper.write_text(helper.read_text() + "\n# a rule changed\n")
    os.utime(helper, ns=(10**18, 10**18))
    monkeypatch.setattr(stamp, "_stamps", {})
    after = stamp.code_stamp(projections, types)
    assert after != before
    assert after == stamp._compute_stamp(modules, types)
    # a file of the other family is no part of this game's stamp
    other = families / "engulfed" / "ledger.py"
    other.write_text(other.read_text() + "\n# elsewhere\n")
    monkeypatch.setattr(stamp, "_stamps", {})
    assert stamp.code_stamp(projections, types) == after


def test_a_laid_out_board_is_kept_between_runs(tmp_path, monkeypatch):
    from assistant.web import maplayout

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    nodes = ("a", "b", "c", "d", "e")
    edges = (("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "a"), ("a", "c"))
    args = (nodes, edges, ("a",), ("d",), ("b",), ("e",))
    computed = maplayout._layout(*args, None)
    maplayout.layout.cache_clear()
    assert maplayout.layout(*args) == computed  # laid out, and kept
    kept = next(Path(cachefile.folder()).glob("layout-*.marshal"))
    data = read_kept(kept)
    data["value"]["a"] = (0.25, 0.75)  # what the next process reads while nothing changed
    write_kept(kept, data)
    maplayout.layout.cache_clear()
    assert maplayout.layout(*args)["a"] == (0.25, 0.75)
    # the method changed (its file): laid out again
    changed = tmp_path / "maplayout.py"
    changed.write_text("# another method\n")
    monkeypatch.setattr(maplayout, "__file__", str(changed))
    maplayout.layout.cache_clear()
    assert maplayout.layout(*args) == computed
    maplayout.layout.cache_clear()


def test_a_game_toml_is_read_once_then_from_the_kept_answer_until_it_changes(tmp_path, monkeypatch):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.toml").write_text('title = "Skirmish"\nnamespace = "sk"\n')
    code = f"from assistant.kinds import read_about\nprint(tuple(read_about({str(folder)!r}, 'sk')))"
    first, out = imported_by(code, tmp_path)
    assert "tomllib" in first and "'Skirmish', 'sk'" in out
    again, out = imported_by(code, tmp_path)
    assert "tomllib" not in again and "'Skirmish', 'sk'" in out
    (folder / "game.toml").write_text('title = "Skirmish, revised"\nnamespace = "sk"\n')
    _, out = imported_by(code, tmp_path)
    assert "'Skirmish, revised', 'sk'" in out


def test_the_user_folders_are_platformdirs_answers_kept_until_what_they_read_changes(tmp_path, monkeypatch):
    import platformdirs

    from assistant import userdirs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert userdirs.config_dir() == platformdirs.user_config_dir("tabletop", appauthor=False)
    assert userdirs.data_dir() == platformdirs.user_data_dir("tabletop", appauthor=False)
    # the next program reads the kept answer and never imports platformdirs
    code = "from assistant import userdirs\nprint(userdirs.config_dir())"
    modules, out = imported_by(code, tmp_path)  # imported_by keeps the cache in tmp_path / "cache"
    assert "platformdirs" not in modules and out.strip() == str(tmp_path / "config" / "tabletop")
    # another configuration folder named: asked again
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "elsewhere"))
    assert userdirs.config_dir() == platformdirs.user_config_dir("tabletop", appauthor=False)
    assert userdirs.config_dir() == str(tmp_path / "elsewhere" / "tabletop")


def test_looking_back_at_an_aa_game_imports_none_of_its_moves_commands_or_sentences(tmp_path, monkeypatch):
    from assistant.application import Assistant
    from assistant.kinds import KindRegistry
    from events.store import EventStore

    db = tmp_path / "games.sqlite3"
    store = EventStore(db)
    app = Assistant(store, KindRegistry())
    gid = app.new_game("aa_classic", {})
    app.handle(gid, '{"type": "aa.start"}')
    store.close()
    monkeypatch.setenv("TABLETOP_DB", str(db))
    # the table as it stood at an event (the head adds what to do now: the guidance reads the rules)
    modules, out = imported_by(f"from assistant.cli import main\nmain(['state', {gid!r}, '--at', '2'])", tmp_path)
    assert out.startswith("Event 2: ")
    assert "assistant.games.aa_classic.game" in modules
    assert "json" not in modules  # msgspec reads and writes the JSON; the kept answers are marshal files
    # once the user's folders are kept (the first run asked platformdirs), no pathlib either: os.path does the work,
    # and the editable install is a line on the import path, not an import hook that loads pathlib (pyproject.toml)
    modules, out = imported_by(f"from assistant.cli import main\nmain(['state', {gid!r}, '--at', '2'])", tmp_path)
    assert out.startswith("Event 2: ") and "pathlib" not in modules
    assert not {m for m in modules if m.startswith(("assistant.games.aa_classic.moves",
                                                    "assistant.games.aa_classic.rules",
                                                    "assistant.games.aa_classic.guidance",
                                                    "assistant.games.aa_classic.commands",
                                                    "assistant.games.aa_classic.describe"))}
    modules, out = imported_by(f"from assistant.cli import main\nmain(['moves', {gid!r}])", tmp_path)
    assert "aa.purchase" in out and "assistant.games.aa_classic.rules" in modules  # asked for: loaded then
