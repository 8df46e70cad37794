"""The exact odds against a seeded 10,000-run simulation of the same battles (deterministic, not flaky)."""

import pytest

from assistant.families.axis_allies.montecarlo import simulate
from assistant.families.axis_allies.odds import Battle, BattleRules, battle_odds
from tests.analysis.profiles import AA_CLASSIC as P

BATTLES = {
    "land, mixed, AA gun": Battle(
        profiles=P, attackers={"infantry": 4, "armour": 3, "fighter": 2, "bomber": 1},
        defenders={"infantry": 5, "armour": 2, "fighter": 1, "aa_gun": 1},
    ),
    "naval, submarines first strike, carrier fighters": Battle(
        profiles=P, at_sea=True, attackers={"submarine": 3, "fighter": 2, "battleship": 1, "transport": 1},
        defenders={"carrier": 1, "fighter": 2, "submarine": 1, "transport": 2},
    ),
    "amphibious with two support shots": Battle(
        profiles=P, attackers={"infantry": 2, "armour": 1}, defenders={"infantry": 3},
        support_fire={"battleship": 2},
    ),
    "retreat at two attackers": Battle(
        profiles=P, attackers={"infantry": 3, "armour": 3}, defenders={"infantry": 4, "armour": 1},
        retreat_when_attackers_at_most=2,
    ),
    "two-hit battleships, defending subs strike first": Battle(
        profiles=P, at_sea=True, attackers={"battleship": 2, "submarine": 1}, defenders={"submarine": 2, "carrier": 1, "fighter": 1},
        rules=BattleRules(two_hit_battleships=True, defender_subs_first_strike=True),
    ),
}


@pytest.mark.parametrize("name", list(BATTLES))
def test_exact_odds_agree_with_simulation(name):
    battle = BATTLES[name]
    exact = battle_odds(battle)
    sampled = simulate(battle, runs=10_000, seed=20261121)
    for outcome in ("attacker_wins", "defender_wins", "draw", "retreat", "captures"):
        p = getattr(exact, outcome)
        # 5 standard errors: a fixed seed makes this deterministic, the margin makes it meaningful.
        assert abs(getattr(sampled, outcome) - p) <= 5 * sampled.standard_error(p) + 1e-9, outcome
    for r, share in enumerate(sampled.rounds[:6]):
        p = exact.rounds[r]
        assert abs(share - p) <= 5 * sampled.standard_error(p) + 1e-9, f"round {r}"
    for unit, left in exact.expected_attacker_survivors.items():
        assert sampled.expected_attacker_survivors[unit] == pytest.approx(left, abs=0.06)
