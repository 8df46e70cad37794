"""Time travel keeps the views it built, and those its folds passed on the way (``replay.STONE_EVERY``), as bases
of the next: stepping through the past in any order, with undos, roll-backs, redos and dice corrections among the
events, every view is still the plain fold of the log up to that event."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assistant import replay
from assistant.application import Assistant
from assistant.application.travelled import Travelled
from events.store import EventStore
from tests.conftest import FIXED
from tests.core.test_properties import _registry, naive_states, play_one
from tests.toygame.game import EndPhase


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_views_travelled_to_in_any_order_are_the_plain_fold(data):
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "STONE_EVERY", data.draw(st.integers(1, 4), label="stone every"))
        registry = _registry()
        store = EventStore(Path(tmp) / "games.sqlite3")
        app = Assistant(store, registry, clock=lambda: FIXED, checkpoint_every=10**9)  # no checkpoint: stones only
        gid = app.new_game("toy", {"treasury": 20})
        app.handle(gid, EndPhase())
        physical_dice: list[int] = []
        for _ in range(data.draw(st.integers(5, 40), label="commands")):
            play_one(data, app, gid, physical_dice)
        head = app.head(gid)
        loaded, definition = registry.get("toy"), app.definition(gid)
        travelling = Assistant(store, registry, checkpoint_every=10**9)  # a table opened afresh
        order = data.draw(st.lists(st.integers(1, head), min_size=1, max_size=25), label="travels")
        for seq in order:
            assert travelling.view(gid, at=seq).states == naive_states(store, loaded, gid, definition, seq), seq
        kept = travelling._open(gid).travelled.views()
        assert all(v.hash is not None for v in kept)  # checked bases: the next fold checks its events from them
        event("stones kept" if len(kept) > len(set(order)) else "no stone")
        for v in kept:
            assert v.states == naive_states(store, loaded, gid, definition, v.seq), f"kept view at {v.seq}"
        store.close()


def test_a_step_forward_folds_one_event_and_the_memory_is_bounded(tmp_path, monkeypatch):
    registry = _registry()
    store = EventStore(tmp_path / "games.sqlite3")
    app = Assistant(store, registry, clock=lambda: FIXED, checkpoint_every=10**9)
    gid = app.new_game("toy", {"treasury": 20})
    for _ in range(120):
        app.handle(gid, EndPhase())
    folded: list[int] = []
    fold = replay.Timeline._fold_events

    def counting(self, states, seqs, *args, **kwargs):
        folded.append(len(seqs))
        return fold(self, states, seqs, *args, **kwargs)

    monkeypatch.setattr(replay.Timeline, "_fold_events", counting)
    travelling = Assistant(store, registry, checkpoint_every=10**9)
    travelling.view(gid, at=110)  # from the creation: 109 events, passing 50 and 100
    travelling.view(gid, at=111)
    travelling.view(gid, at=60)
    assert folded == [109, 1, 10]
    memory = Travelled(kept=3)
    memory.keep([travelling.view(gid, at=s) for s in (10, 20, 30, 40)])
    assert [v.seq for v in memory.views()] == [20, 30, 40]
    store.close()
