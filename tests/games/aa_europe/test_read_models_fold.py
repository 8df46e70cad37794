"""The read models of A&A Europe fold beside the game's own state: the ledger reads it instead of evolving a copy
(the board is the game's state itself), and the views at any event, from checkpoints or in memory, are those of the
plain fold of every read model on every event."""

from __future__ import annotations

import random

import msgspec

from assistant.application import Assistant
from assistant.decider import DiceRoller
from assistant.games.aa_europe import bench
from assistant.kinds import KindRegistry
from events.store import EventStore
from tests.core.test_properties import encode, naive_states


def test_views_at_random_events_equal_the_plain_fold(tmp_path):
    definition, commands, _events = bench.play(seed=4, rounds=3)
    store = EventStore(tmp_path / "game.sqlite3")
    app = Assistant(store, KindRegistry(), dice=DiceRoller(random.Random(4).randrange), checkpoint_every=40)
    gid = app.new_game("aa_europe", {})
    for command in commands:
        app.handle(gid, command)
    head = app.head(gid)
    assert head > 200
    loaded, definition = app.kind_of(gid), app.definition(gid)
    fresh = Assistant(store, KindRegistry(), checkpoint_every=40)  # from the checkpoints the first one wrote
    for seq in [head, 2, 41, *random.Random(9).sample(range(2, head), 10)]:
        expected = naive_states(store, loaded, gid, definition, seq)
        for a in (app, fresh):
            view = a.view(gid, at=seq)
            assert view.states == expected, seq
            assert [encode(s) for s in view.states] == [encode(s) for s in expected], seq  # dicts' order too
    # the ledger keeps the chart's levels, not the game: a checkpoint holds the game's state once
    ledger = app.view(gid).read("ledger")
    assert len(msgspec.msgpack.encode(ledger)) * 2 < len(msgspec.msgpack.encode(app.view(gid).game))
    # what the ledger counted the chart from is the fold's memo, not a field: `state` and checkpoints never show it
    assert list(msgspec.to_builtins(ledger)) == ["powers"]
    assert list(msgspec.json.decode(msgspec.json.encode(fresh.view(gid, at=head - 1).read("ledger")))) == ["powers"]
    store.close()
