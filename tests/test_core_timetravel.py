"""state_at(seq): the table as it was; checkpoints are a pure cache."""

from __future__ import annotations

import random

from assistant.application import Assistant
from events.core import Redo, Undo
from tests.toygame.game import Buy, EditTreasury, EndPhase


def _play(app, gid, rng, n):
    for _ in range(n):
        choice = rng.random()
        cmd = (
            Buy(count=1) if choice < 0.3 else
            EndPhase() if choice < 0.5 else
            EditTreasury(side="red", amount=rng.randint(1, 5), reason="tax") if choice < 0.75 else
            Undo() if choice < 0.9 else Redo()
        )
        try:
            app.handle(gid, cmd)
        except Exception as exc:  # refusals are part of random play
            assert type(exc).__name__ == "Refused", exc


def test_views_at_every_seq_equal_with_and_without_checkpoints(store, registry, tmp_path):
    app = Assistant(store, registry, checkpoint_every=7)
    gid = app.new_game("toy", {"treasury": 30})
    app.handle(gid, EndPhase())
    _play(app, gid, random.Random(5), 200)
    head = app.head(gid)
    with_cp = [app.view(gid, at=s) for s in range(1, head + 1)]
    assert store.checkpoint_seqs(gid, head), "checkpoints were written"
    store.drop_checkpoints(gid)
    fresh = Assistant(store, registry, checkpoint_every=10**9)
    without = [fresh.view(gid, at=s) for s in range(1, head + 1)]
    assert [v.states for v in with_cp] == [v.states for v in without]


def test_view_at_shows_the_past_as_it_was_even_after_undo(app, toy_game):
    bought = app.handle(toy_game, Buy(count=2))
    app.handle(toy_game, Undo())
    assert app.view(toy_game, at=bought.last_seq).game.units["red"] == 2
    assert app.view(toy_game).game.units["red"] == 0


def test_incremental_head_equals_replay_from_scratch(store, registry):
    app = Assistant(store, registry, checkpoint_every=5)
    gid = app.new_game("toy", {"treasury": 30})
    app.handle(gid, EndPhase())
    rng = random.Random(11)
    for _ in range(60):
        _play(app, gid, rng, 1)
        app.view(gid)  # keeps the in-memory head current incrementally
    fresh = Assistant(store, registry, checkpoint_every=10**9)
    store.drop_checkpoints()
    assert app.view(gid).states == fresh.view(gid).states


def test_checkpoints_from_other_code_or_damaged_are_cache_misses(store, registry):
    app = Assistant(store, registry, checkpoint_every=5)
    gid = app.new_game("toy", {"treasury": 30})
    app.handle(gid, EndPhase())
    _play(app, gid, random.Random(3), 40)
    head = app.head(gid)
    expected = [Assistant(store, registry, checkpoint_every=10**9).view(gid, at=s).states for s in (head, head - 7)]
    seqs = store.checkpoint_seqs(gid, head)
    assert seqs
    # one checkpoint written by other code (another stamp), one damaged: neither may change an answer
    store.save_checkpoint(gid, seqs[0], b"\0" * 16 + store.load_checkpoint(gid, seqs[0])[16:])
    store.save_checkpoint(gid, seqs[-1], store.load_checkpoint(gid, seqs[-1])[:20])
    fresh = Assistant(store, registry, checkpoint_every=5)
    assert [fresh.view(gid, at=s).states for s in (head, head - 7)] == expected


def test_checkpoints_written_by_other_code_are_written_again(store, registry):
    """After an upgrade every stored checkpoint is a miss: the next fold past them replaces them, so time travel is
    fast again from the second look on."""
    app = Assistant(store, registry, checkpoint_every=5)
    gid = app.new_game("toy", {"treasury": 30})
    app.handle(gid, EndPhase())
    _play(app, gid, random.Random(3), 40)
    head = app.head(gid)
    seqs = store.checkpoint_seqs(gid, head)
    for s in seqs:
        store.save_checkpoint(gid, s, b"\0" * 16 + store.load_checkpoint(gid, s)[16:])
    fresh = Assistant(store, registry, checkpoint_every=5)
    fresh.view(gid)
    stamp = fresh._open(gid).timeline._stamp
    again = [s for s in seqs if store.load_checkpoint(gid, s).startswith(stamp)]
    # all but those an undo later reached behind (never a base again, so never written again)
    assert again[0] == seqs[0] and len(again) >= len(seqs) - 2, (again, seqs)
