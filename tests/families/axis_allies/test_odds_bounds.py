"""Exact odds have a bound: a giant stack is refused by name (``TooLarge``) before any solver spends minutes and
gigabytes on it, and a refused battle is not kept as if solved."""

from __future__ import annotations

import pytest

from assistant.families.axis_allies import odds as family
from assistant.families.axis_allies.battle import Battle, BattleRules, TooLarge
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.solver import suits
from assistant.games.aa_europe.odds import RULES
from tests.analysis.profiles import AA_CLASSIC as P
from tests.families.axis_allies.test_solver_matches_reference import E


def land(k: int) -> Battle:
    return Battle(profiles=E, rules=RULES,
                  attackers={"infantry": 3 * k, "artillery": k, "armour": k, "fighter": k // 2, "bomber": k // 4},
                  defenders={"infantry": 4 * k, "artillery": k, "armour": k // 2, "fighter": k // 2, "aa_gun": 1})


def test_a_giant_land_battle_is_refused_with_its_size():
    # 92 against 96 units (and an AA gun): the grid's arrays would take some 2.6 GB and ten seconds
    battle = land(16)
    chain = Chain(battle)
    assert suits(chain)  # the grid's battle: bounded by its arrays' size
    with pytest.raises(TooLarge) as refused:
        family.battle_odds(battle)
    cells = len(chain.a_states) * len(chain.d_states)
    assert str(refused.value) == (f"Too large a battle for exact odds here: 92 attacking against 96 defending units "
                                  f"make {cells:,} states of the two forces to work through.")


def test_the_bound_of_each_solver_decides_and_nothing_refused_is_kept(monkeypatch):
    fleets = Battle(profiles=E, rules=RULES, at_sea=True, attackers={"submarine": 3, "fighter": 2, "destroyer": 1},
                    defenders={"submarine": 2, "carrier": 1, "fighter": 1, "transport": 1})
    chain = Chain(fleets)
    assert not suits(chain)  # state by state: bounded by its cells
    cells = len(chain.a_states) * len(chain.d_states)
    family.clear_caches()
    monkeypatch.setattr(family, "STEPWISE_CELLS_MAX", cells - 1)
    with pytest.raises(TooLarge):
        family.battle_odds(fleets)
    monkeypatch.setattr(family, "STEPWISE_CELLS_MAX", cells)
    assert 0 < family.battle_odds(fleets).attacker_wins < 1

    small = land(2)
    chain = Chain(small)
    na, nd = len(chain.a_states), len(chain.d_states)
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", na * nd * (na + nd) - 1)
    with pytest.raises(TooLarge):
        family.battle_odds(small)
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", na * nd * (na + nd))
    assert 0 < family.battle_odds(small).attacker_wins < 1


def test_the_benchmark_battles_stay_within_the_bounds():
    """The biggest battles the benchmarks and tests solve are well inside (a bound that refused them would hide
    the odds of ordinary games)."""
    from assistant.games.aa_europe.bench import LAND_20, SEA_20, GAME
    from assistant.games.aa_europe.odds import profiles

    world = GAME.initial_state(GAME.setup({})).world
    for attackers, defenders, support in (LAND_20, SEA_20):
        battle = Battle(profiles=profiles(world), attackers=attackers, defenders=defenders, at_sea=not support,
                        support_fire=support, amphibious=bool(support), rules=RULES)
        assert family.battle_odds(battle).states > 1000
    classic_fleets = Battle(profiles=P, at_sea=True, rules=BattleRules(two_hit_battleships=True),
                            attackers={"battleship": 4, "submarine": 6, "fighter": 6, "carrier": 3, "transport": 1},
                            defenders={"battleship": 4, "submarine": 6, "fighter": 6, "carrier": 3, "transport": 1})
    assert family.battle_odds(classic_fleets).states > 10_000


def test_a_refused_battle_is_estimated():
    """A battle refused for its size still gets what 10,000 simulated battles say, the same each time: a land
    battle and a fleet with submarines' surprise strikes, destroyers and two-hit battleships alike."""
    with pytest.raises(TooLarge) as refused:
        family.battle_odds(land(16))
    first, again = family.estimate(refused.value.battle), family.estimate(land(16))
    assert first == again and first.runs == 10_000 and 0 < first.margin() <= 1.0
    assert 0.1 < first.attacker_wins < 0.3  # the exact figure, worked out once off the table: 0.1748
    smaller = land(4)
    exact, sampled = family.battle_odds(smaller), family.estimate(smaller)
    assert abs(sampled.attacker_wins - exact.attacker_wins) <= sampled.margin() / 100

    def fleets(k: int) -> Battle:
        return Battle(profiles=E, rules=RULES, at_sea=True,
                      attackers={"battleship": k, "destroyer": k, "submarine": 2 * k, "fighter": k, "bomber": k},
                      defenders={"battleship": k, "destroyer": k, "submarine": 2 * k, "fighter": k, "carrier": k,
                                 "transport": k})

    with pytest.raises(TooLarge) as refused:  # 30 against 35 units: 83,226 states
        family.battle_odds(fleets(5))
    first, again = family.estimate(refused.value.battle), family.estimate(fleets(5))
    assert first == again and first.runs == 10_000 and 0 < first.margin() <= 1.0
    assert sum(getattr(first, k) for k in ("attacker_wins", "defender_wins", "draw", "stalemate")) == pytest.approx(1)
    exact, sampled = family.battle_odds(fleets(2)), family.estimate(fleets(2))
    for outcome in ("attacker_wins", "defender_wins", "draw"):
        assert abs(getattr(sampled, outcome) - getattr(exact, outcome)) <= sampled.margin() / 100, outcome
