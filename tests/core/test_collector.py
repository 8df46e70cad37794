"""Pausing the cyclic garbage collector (``assistant/collector.py``): resumed as it was, and what a loading pause
made kept out of its sight afterwards."""

from __future__ import annotations

import gc

import pytest

from assistant import collector


@pytest.fixture(autouse=True)
def _thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.enable()


def test_a_pause_resumes_the_collector_and_freezes_nothing():
    with collector.paused():
        assert not gc.isenabled()
        made = [[] for _ in range(100)]
    assert gc.isenabled() and gc.get_freeze_count() == 0 and made


def test_a_loading_pause_moves_what_it_made_out_of_the_collectors_sight():
    with collector.paused(keep=True):
        made = [[] for _ in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(made)
    watched = {id(x) for x in gc.get_objects()}  # the collector's generations, the frozen objects aside
    assert not any(id(x) in watched for x in made)


def test_a_loading_pause_inside_a_fold_freezes_when_the_outer_pause_ends():
    with collector.paused():
        with collector.paused(keep=True):
            loaded = [[] for _ in range(10)]
        assert not gc.isenabled() and gc.get_freeze_count() == 0, "nothing frozen while the fold still runs"
    assert gc.isenabled() and gc.get_freeze_count() >= len(loaded)


def test_a_collector_switched_off_by_the_program_stays_off():
    gc.disable()
    with collector.paused(keep=True):
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_a_short_command_leaves_the_collector_running(tmp_path, capsys):
    from assistant.cli import main

    assert main(["--db", str(tmp_path / "g.sqlite3"), "games"]) == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0, "the command's modules and the opened database were frozen"


@pytest.fixture
def _released():
    yield
    collector.release()


def test_the_command_lines_hold_lasts_until_released(_released):
    collector.hold()
    collector.hold()  # held once, however often asked
    with collector.paused():
        pass
    made = [[] for _ in range(100)]
    assert not gc.isenabled() and gc.get_freeze_count() == 0, "still held after a pause inside it ended"
    collector.release()
    assert gc.isenabled() and gc.get_freeze_count() >= len(made), "what start-up made is kept for good"
    collector.release()  # nothing more to release
    assert gc.isenabled()


def test_a_short_command_runs_held_and_a_server_releases_the_hold(tmp_path, capsys, monkeypatch, _released):
    """``tabletop`` starts held (``assistant/entry.py``): a short command ends still held; a command that runs on
    (``COLLECTING``) releases the hold before its work begins."""
    from assistant.cli import main, servers

    collector.hold()
    assert main(["--db", str(tmp_path / "g.sqlite3"), "games"]) == 0
    assert not gc.isenabled()
    seen = []
    monkeypatch.setattr(servers, "cmd_serve", lambda app, args: seen.append(gc.isenabled()) or 0)
    assert main(["--db", str(tmp_path / "g.sqlite3"), "serve", "--no-browser"]) == 0
    assert seen == [True] and gc.isenabled()


def test_the_installed_command_starts_held(tmp_path):
    """The entry point holds the collector before importing the command line (its modules, their classes)."""
    import subprocess
    import sys

    script = ("import gc, sys\nseen = []\n"
              "class Watch:\n"
              "    def find_spec(self, name, path=None, target=None):\n"
              "        if name == 'assistant.cli':\n"
              "            seen.append(gc.isenabled())\n"
              "sys.meta_path.insert(0, Watch())\n"
              "sys.argv = ['tabletop', 'kinds']\n"
              "from assistant import entry\n"
              "entry.main()\n"
              "sys.stdout.write(repr(seen))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.endswith("[False]"), done.stderr
    assert "aa_classic" in done.stdout
