"""Random legal games: no rule crashes, and a replay of the log gives the same state."""

from __future__ import annotations

import pytest

from assistant.games.aa_europe.bench import play, replay


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_replay_to_the_same_state(seed):
    definition, commands, events = play(seed, rounds=3)
    assert len(commands) > 40
    final = replay(definition, events)
    again = replay(definition, list(events))
    assert final == again and final.round >= 3
    assert all(t >= 0 for t in final.treasury.values())
