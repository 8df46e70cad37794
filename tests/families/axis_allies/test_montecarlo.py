"""The exact odds against a seeded 10,000-run simulation of the same battles (deterministic, not flaky)."""

import pytest

from assistant.families.axis_allies.montecarlo import simulate, simulate_vectorised
from assistant.families.axis_allies.odds import Battle, BattleRules, battle_odds
from assistant.families.axis_allies.sampling import simulate_any
from assistant.games.aa_europe.odds import RULES
from tests.analysis.profiles import AA_CLASSIC as P
from tests.families.axis_allies.test_solver_matches_reference import E

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


def agree(exact, sampled) -> None:
    for outcome in ("attacker_wins", "defender_wins", "draw", "retreat", "captures", "stalemate"):
        p = getattr(exact, outcome)
        # 5 standard errors: a fixed seed makes this deterministic, the margin makes it meaningful.
        assert abs(getattr(sampled, outcome) - p) <= 5 * sampled.standard_error(p) + 1e-9, outcome
    for r, share in enumerate(sampled.rounds[:6]):
        p = exact.rounds[r]
        assert abs(share - p) <= 5 * sampled.standard_error(p) + 1e-9, f"round {r}"


PLAIN = {
    "land, mixed, no AA gun": Battle(
        profiles=P, attackers={"infantry": 6, "armour": 4, "fighter": 3, "bomber": 2},
        defenders={"infantry": 8, "armour": 3, "fighter": 2},
    ),
    "retreat at two attackers": BATTLES["retreat at two attackers"],
    "land, mixed, AA gun": BATTLES["land, mixed, AA gun"],
    "A&A Europe land, artillery, AA gun": Battle(
        profiles=E, rules=RULES, attackers={"infantry": 4, "artillery": 3, "armour": 2, "fighter": 2, "bomber": 1},
        defenders={"infantry": 6, "artillery": 1, "fighter": 1, "aa_gun": 1},
    ),
    "naval without submarines": Battle(
        profiles=P, at_sea=True, attackers={"battleship": 1, "fighter": 2}, defenders={"carrier": 1, "fighter": 1},
    ),
}
# Beyond plain fire, what only the pure-Python and the general numpy simulations model.
FLEETS = {
    "A&A Europe fleets: a destroyer cancels surprise strikes, aircraft see submarines beside one": Battle(
        profiles=E, rules=RULES, at_sea=True,
        attackers={"submarine": 2, "destroyer": 1, "fighter": 2, "battleship": 1},
        defenders={"submarine": 2, "carrier": 1, "fighter": 1, "destroyer": 1, "transport": 1},
    ),
    "A&A Europe submarines against a fighter they cannot hit, nor it them": Battle(
        profiles=E, rules=RULES, at_sea=True, attackers={"submarine": 2}, defenders={"fighter": 1, "transport": 1},
    ),
    "A&A Europe landing: shore support, artillery, an AA gun": Battle(
        profiles=E, rules=RULES, attackers={"infantry": 3, "artillery": 1, "fighter": 1},
        defenders={"infantry": 3, "aa_gun": 1}, support_fire={"battleship": 1}, amphibious=True,
    ),
    "classic fleets with a planned retreat": Battle(
        profiles=P, at_sea=True, attackers={"battleship": 1, "submarine": 2, "fighter": 2, "transport": 1},
        defenders={"carrier": 1, "fighter": 2, "submarine": 1, "transport": 1}, retreat_when_attackers_at_most=3,
    ),
}
# The pure-Python simulation on every kind of battle; the numpy one (the speed peer of the exact calculator,
# every run at once, and the estimate of a battle too large for it) on the battles of plain fire and AA guns it
# models.
CASES = [(simulate, name, battle) for name, battle in BATTLES.items()] + [
    (simulate_vectorised, name, battle) for name, battle in PLAIN.items()] + [
    (simulate_any, name, battle) for name, battle in {**BATTLES, **PLAIN, **FLEETS}.items()]


@pytest.mark.parametrize("sample, name, battle", CASES, ids=[f"{s.__name__}: {n}" for s, n, _ in CASES])
def test_exact_odds_agree_with_simulation(sample, name, battle):
    exact = battle_odds(battle)
    sampled = sample(battle, runs=10_000, seed=20261121)
    agree(exact, sampled)
    for unit, left in exact.expected_attacker_survivors.items():
        assert sampled.expected_attacker_survivors[unit] == pytest.approx(left, abs=0.06)
    outcomes = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate")
    assert sum(getattr(sampled, k) for k in outcomes) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["naval, submarines first strike, carrier fighters",
                                  "amphibious with two support shots",
                                  "two-hit battleships, defending subs strike first"])
def test_the_vectorised_simulation_refuses_what_it_does_not_model(name):
    with pytest.raises(ValueError, match="plain fire"):
        simulate_vectorised(BATTLES[name], runs=100)
