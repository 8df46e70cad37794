"""A long replay (one decoding call, per-type plans, the collector paused) gives the states of the plain fold,
byte for byte, and leaves the garbage collector as it found it."""

from __future__ import annotations

import gc

import msgspec
import pytest

from assistant import bench, collector, replay
from assistant.application import Assistant
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.core.test_properties import naive_states
from tests.toygame import game as toy


@pytest.fixture
def long_game(tmp_path):
    store = EventStore(tmp_path / "long.sqlite3")
    bench.write_log(store, "long", toy, replay.BATCH_DECODE * 2 + 1)
    app = Assistant(store, bench._registry(toy), checkpoint_every=10**9)
    # cancellations in the long range: an undo, a redo, and an undo of several events
    app.handle("long", toy.EditTreasury(side="red", amount=5, reason="typo"))
    app.handle("long", '{"type": "core.undo"}')
    app.handle("long", '{"type": "core.redo"}')
    app.handle("long", toy.EditTreasury(side="blue", amount=2, reason="late income"))
    app.handle("long", '{"type": "core.undo"}')
    yield store, app
    store.close()


def test_a_long_replay_from_scratch_equals_the_plain_fold_byte_for_byte(long_game):
    store, app = long_game
    head = app.head("long")
    fresh = Assistant(store, bench._registry(toy), checkpoint_every=10**9)  # nothing in memory, no checkpoint
    loaded = fresh.kind_of("long")
    definition = fresh.definition("long")
    for seq in (head, head - 3, replay.BATCH_DECODE + 7):
        view = Assistant(store, bench._registry(toy), checkpoint_every=10**9).view("long", at=seq)
        expected = naive_states(store, loaded, "long", definition, seq)
        assert view.states == expected
        assert [msgspec.msgpack.encode(s) for s in view.states] == [msgspec.msgpack.encode(s) for s in expected]


def test_the_collector_is_resumed_after_a_fold_and_left_off_when_it_was_off(long_game):
    store, _app = long_game
    seen = []
    real = toy.evolve

    def watching(state, event):
        seen.append(gc.isenabled())
        return real(state, event)

    registry = KindRegistry({})
    registry.register(msgspec.structs.replace(toy.GAME, evolve=watching))
    assert gc.isenabled()
    Assistant(store, registry, checkpoint_every=10**9).view("long")
    assert seen and not any(seen), "the collector is paused during the fold"
    assert gc.isenabled(), "and running again after it"
    gc.disable()
    try:
        Assistant(store, registry, checkpoint_every=10**9).view("long", at=50)
        assert not gc.isenabled(), "a collector switched off by the program stays off"
    finally:
        gc.enable()


def test_the_collector_is_resumed_when_a_fold_fails():
    with pytest.raises(RuntimeError):
        with collector.paused():
            with collector.paused():
                assert not gc.isenabled()
            assert not gc.isenabled(), "still paused until the outer fold ends"
            raise RuntimeError("a fold that fails")
    assert gc.isenabled()
