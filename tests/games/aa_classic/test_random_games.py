"""Random legal games (the benchmark's player): replay is deterministic and the books always balance."""

from __future__ import annotations

from assistant.games.aa_classic import bench


def test_random_game_replays_to_the_same_state_and_production_matches_control():
    definition, commands, events = bench.play(seed=1, rounds=6)
    final = bench.replay(definition, events)
    assert final == bench.replay(definition, events)
    assert final.round >= 6 or final.victory is not None
    w = final.world
    levels: dict[str, int] = {}
    for territory, power in final.control.items():
        if power:
            levels[power] = levels.get(power, 0) + w.value(territory)
    assert {p: v for p, v in final.production.items() if v} == levels
    ledger = bench.replay_read_models(definition, events)[1]
    assert {p: a.treasury for p, a in ledger.powers.items()} == final.treasury
    assert {p: a.production for p, a in ledger.powers.items()} == final.production
