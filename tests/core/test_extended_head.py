"""The table after a command is folded in memory from the events just stored (``Timeline.extended``): byte for byte
the view a fresh process folds from the log, on both stores, with a read model that reads the envelope, across
checkpoints written on the way, undo and redo (which fold from the log again)."""

from __future__ import annotations

from datetime import timedelta

from assistant.application import Assistant
from assistant.replay import Timeline
from tests.conftest import FIXED
from tests.core.test_properties import naive_states
from tests.core.test_replay_columns import _encoded, _with_envelope_reader
from tests.toygame import game as toy

COMMANDS = [
    toy.EndPhase(),
    toy.EditTreasury(side="red", amount=4, reason="income"),
    toy.Buy(count=2),
    '{"type": "core.undo"}',
    '{"type": "core.redo"}',
    toy.EndPhase(),
    toy.EditTreasury(side="blue", amount=3, reason="late income"),
    '{"type": "core.add_note", "about_seq": 3, "text": "look here"}',
    toy.EndPhase(),
    toy.EndPhase(),
    toy.EditTreasury(side="red", amount=-1, reason="counted again"),
]


def test_the_table_after_each_command_is_the_one_folded_from_the_log(any_store, monkeypatch):
    folded_in_memory: list[bool] = []
    real = Timeline.extended

    def spying(self, *args):
        out = real(self, *args)
        folded_in_memory.append(out is not None)
        return out

    monkeypatch.setattr(Timeline, "extended", spying)
    registry = _with_envelope_reader(True)
    ticks = iter(range(1000))
    app = Assistant(any_store, registry, clock=lambda: FIXED + timedelta(minutes=next(ticks)), checkpoint_every=3)
    gid = app.new_game("toy", {"treasury": 10})
    loaded = registry.get("toy")
    for command in COMMANDS:
        before = app.view(gid).seq
        app.handle(gid, command, actor="table")
        mine = app.view(gid)
        if folded_in_memory[-1]:  # the checkpoints its events passed were written as they were folded
            crossed = {k for k in range(before + 1, mine.seq + 1) if k % 3 == 0}
            assert crossed <= set(any_store.checkpoint_seqs(gid, mine.seq)), command
        fresh = Assistant(any_store, registry, checkpoint_every=3).view(gid)
        expected = naive_states(any_store, loaded, gid, app.definition(gid), mine.seq)
        assert _encoded(mine.states) == _encoded(fresh.states) == _encoded(expected), command
        assert mine.seq == fresh.seq and mine.hash == fresh.hash
    assert folded_in_memory.count(True) == len(COMMANDS) - 2, "every command but the undo and the redo"
    assert folded_in_memory.count(False) == 2
    assert any_store.checkpoint_seqs(gid, app.head(gid)), "checkpoints were written on the way"
