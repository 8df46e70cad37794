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
