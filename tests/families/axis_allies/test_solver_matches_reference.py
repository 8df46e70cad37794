"""The grid solver (whole arrays) gives the straightforward state-by-state solver's results (``stepwise``) to 1e-12,
on both games' unit types: land, naval, amphibious, AA fire, first strikes, destroyers, two-hit battleships,
artillery, retreats, given casualty orders, battles longer than the rounds tracked one by one, small and big, and
seeded random ones."""

from __future__ import annotations

import random

import pytest

from assistant.families.axis_allies.battle import Battle, BattleRules, UnitProfile
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.odds import battle_odds, clear_caches
from assistant.families.axis_allies.solver import Solver, suits
from assistant.games.aa_europe.odds import PASSIVE, RULES
from assistant.games.aa_europe.odds import profiles as europe_profiles
from assistant.games.aa_europe.setup import initial_state, setup
from tests.analysis.profiles import AA_CLASSIC as P
from assistant.families.axis_allies.stepwise import stepwise_odds as reference_odds

E = europe_profiles(initial_state(setup({})).world)
HEAVY = {**P, "bomber": UnitProfile(name="bomber", attack=4, defence=1, cost=15, is_aircraft=True, attack_dice=3)}
CLASSIC_LAND = ("infantry", "armour", "fighter", "bomber")
CLASSIC_SEA = ("battleship", "carrier", "transport", "submarine", "fighter", "bomber")
EUROPE_LAND = ("infantry", "artillery", "armour", "fighter", "bomber")
EUROPE_SEA = ("battleship", "destroyer", "carrier", "transport", "submarine", "fighter", "bomber")


def classic(attackers, defenders, **kw) -> Battle:
    return Battle(profiles=kw.pop("profiles", P), attackers=attackers, defenders=defenders, **kw)


def europe(attackers, defenders, **kw) -> Battle:
    return Battle(profiles=E, attackers=attackers, defenders=defenders, rules=RULES, **kw)


NAMED = {
    "1 v 1 infantry": classic({"infantry": 1}, {"infantry": 1}),
    "land, mixed, AA gun": classic({"infantry": 4, "armour": 3, "fighter": 2, "bomber": 1},
                                   {"infantry": 5, "armour": 2, "fighter": 1, "aa_gun": 1}),
    "AA gun can shoot every attacker down": classic({"fighter": 2}, {"infantry": 1, "aa_gun": 1}),
    "30 v 30 land (the benchmark)": classic({"infantry": 12, "armour": 8, "fighter": 6, "bomber": 4},
                                            {"infantry": 16, "armour": 8, "fighter": 6}),
    "40 v 40 land with AA gun": classic({"infantry": 16, "armour": 12, "fighter": 8, "bomber": 4},
                                        {"infantry": 22, "armour": 10, "fighter": 8, "aa_gun": 1}),
    "naval, submarines first strike": classic({"submarine": 3, "fighter": 2, "battleship": 1, "transport": 1},
                                              {"carrier": 1, "fighter": 2, "submarine": 1, "transport": 2}, at_sea=True),
    "naval 10 v 10": classic({"submarine": 4, "battleship": 2, "carrier": 1, "fighter": 2, "bomber": 1},
                             {"submarine": 3, "battleship": 2, "carrier": 2, "fighter": 2, "transport": 1}, at_sea=True),
    "amphibious, two support shots": classic({"infantry": 2, "armour": 1}, {"infantry": 3}, support_fire={"battleship": 2}),
    "amphibious without support": classic({"infantry": 3, "armour": 1}, {"infantry": 3}, amphibious=True),
    "retreat at two attackers": classic({"infantry": 3, "armour": 3}, {"infantry": 4, "armour": 1},
                                        retreat_when_attackers_at_most=2),
    "retreat from the start": classic({"infantry": 1, "armour": 1}, {"infantry": 2}, retreat_when_attackers_at_most=2),
    "two-hit battleships, defending subs first": classic(
        {"battleship": 2, "submarine": 1}, {"submarine": 2, "carrier": 1, "fighter": 1}, at_sea=True,
        rules=BattleRules(two_hit_battleships=True, defender_subs_first_strike=True)),
    "subs may hit aircraft": classic({"submarine": 3}, {"fighter": 2, "carrier": 1}, at_sea=True,
                                     rules=BattleRules(subs_can_hit_aircraft=True)),
    "no first strike": classic({"submarine": 2, "battleship": 1}, {"submarine": 2, "transport": 2}, at_sea=True,
                               rules=BattleRules(attacker_subs_first_strike=False)),
    "sub against a fighter": classic({"submarine": 1}, {"fighter": 1}, at_sea=True),
    "stalemate: aircraft against a sub": europe({"fighter": 2}, {"submarine": 1}, at_sea=True),
    "longer than the rounds tracked": europe({"infantry": 1}, {PASSIVE + "infantry": 2}),
    "longer, both sides fire": europe({"infantry": 2}, {PASSIVE + "infantry": 2, "bomber": 1},
                                      defender_casualty_order=("bomber", PASSIVE + "infantry")),
    "heavy bombers (three dice)": classic({"bomber": 3, "infantry": 4}, {"infantry": 8, "fighter": 1},
                                          profiles=HEAVY),
    "given casualty orders": classic({"infantry": 3, "armour": 2, "fighter": 2}, {"infantry": 3, "armour": 2},
                                     attacker_casualty_order=("armour", "infantry", "fighter"),
                                     defender_casualty_order=("armour", "infantry")),
    "Europe: artillery": europe({"infantry": 5, "artillery": 3, "armour": 2}, {"infantry": 6, "aa_gun": 1}),
    "Europe: 20 v 20 landing with shore support": europe(
        {"infantry": 8, "artillery": 6, "armour": 4, "fighter": 2},
        {"infantry": 14, "artillery": 2, "armour": 2, "fighter": 2, "aa_gun": 1},
        support_fire={"battleship": 2, "destroyer": 1}, amphibious=True),
    "Europe: subs against a destroyer": europe({"submarine": 2}, {"battleship": 1, "destroyer": 1}, at_sea=True),
    "Europe: aircraft without destroyer vs subs": europe({"battleship": 1, "fighter": 1},
                                                         {"submarine": 2, "transport": 1}, at_sea=True),
    "Europe: aircraft with destroyer vs subs": europe({"destroyer": 1, "fighter": 2}, {"submarine": 2}, at_sea=True),
    "Europe: fleets 8 v 8": europe({"battleship": 1, "destroyer": 2, "submarine": 2, "carrier": 1, "fighter": 2},
                                   {"battleship": 1, "destroyer": 1, "submarine": 3, "carrier": 1, "fighter": 1,
                                    "transport": 1}, at_sea=True),
    "Europe: an ally's passive units": europe({"infantry": 2, PASSIVE + "armour": 1}, {PASSIVE + "infantry": 2}),
}


def random_battle(seed: int) -> Battle:
    """Seeded forces of each game's unit types: land or sea, with or without AA gun, support, retreat."""
    rng = random.Random(seed)
    game_europe = rng.random() < 0.5
    at_sea = rng.random() < 0.4
    kinds = (EUROPE_SEA if at_sea else EUROPE_LAND) if game_europe else (CLASSIC_SEA if at_sea else CLASSIC_LAND)
    size = rng.choice((2, 4, 7, 11))

    def force() -> dict[str, int]:
        out: dict[str, int] = {}
        for _ in range(rng.randint(1, size)):
            k = rng.choice(kinds)
            out[k] = out.get(k, 0) + 1
        return out

    attackers, defenders = force(), force()
    kw: dict = {"at_sea": at_sea}
    if not at_sea and rng.random() < 0.3:
        defenders["aa_gun"] = 1
    if not at_sea and rng.random() < 0.25:
        kw["support_fire"] = {"battleship": rng.randint(1, 2)}
        kw["amphibious"] = True
    elif not at_sea and rng.random() < 0.3:
        kw["retreat_when_attackers_at_most"] = rng.randint(1, 3)
    if game_europe:
        return europe(attackers, defenders, **kw)
    rules = BattleRules(two_hit_battleships=rng.random() < 0.3, defender_subs_first_strike=rng.random() < 0.3)
    return classic(attackers, defenders, rules=rules, **kw)


CASES = [*NAMED.items(), *((f"random {seed}", random_battle(seed)) for seed in range(40))]


def assert_same(fast, slow) -> None:
    for k in ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate", "captures", "rounds_beyond"):
        assert abs(getattr(fast, k) - getattr(slow, k)) <= 1e-12, k
    for k in ("expected_attacker_loss", "expected_defender_loss"):
        assert abs(getattr(fast, k) - getattr(slow, k)) <= 1e-12 * max(1.0, abs(getattr(slow, k))), k
    for side in ("expected_attacker_survivors", "expected_defender_survivors"):
        a, b = getattr(fast, side), getattr(slow, side)
        assert a.keys() == b.keys()
        for unit in a:
            assert abs(a[unit] - b[unit]) <= 1e-12 * max(1.0, b[unit]), (side, unit)
    assert len(fast.rounds) == len(slow.rounds)
    assert max(abs(x - y) for x, y in zip(fast.rounds, slow.rounds)) <= 1e-12
    assert fast.states == slow.states


@pytest.mark.parametrize("name, battle", CASES, ids=[name for name, _ in CASES])
def test_the_grid_solver_gives_the_reference_results(name, battle):
    clear_caches()
    assert_same(Solver(Chain(battle)).solve(), reference_odds(battle))


def test_each_battle_goes_to_the_quicker_solver():
    """Land battles and fleets without restricted hits: the grid, any size; big fleets with submarines and aircraft:
    state by state. Either way the figures are the reference ones."""
    chains = {name: Chain(b) for name, b in NAMED.items()}
    assert suits(chains["30 v 30 land (the benchmark)"]) and suits(chains["40 v 40 land with AA gun"])
    assert suits(chains["Europe: 20 v 20 landing with shore support"])  # fighters without destroyer, no subs to spare
    assert suits(chains["naval 10 v 10"])  # submarines' hits spare aircraft: the grid up to some thousand cells
    assert suits(chains["Europe: subs against a destroyer"])  # small
    assert not suits(chains["Europe: fleets 8 v 8"])  # aircraft without a destroyer spare submarines too
    big = NAMED["Europe: fleets 8 v 8"]
    clear_caches()
    assert_same(battle_odds(big), reference_odds(big))


def test_the_cases_cover_what_they_claim():
    """Guard against a set of battles that would prove less than it says: some last beyond the rounds tracked,
    some end in stalemate, some retreat, some are won before the first round."""
    solved = {name: reference_odds(b) for name, b in NAMED.items()}
    assert solved["longer than the rounds tracked"].rounds_beyond > 1e-9
    assert solved["longer, both sides fire"].rounds_beyond > 1e-9
    assert solved["stalemate: aircraft against a sub"].stalemate > 0.99
    assert solved["retreat from the start"].retreat > 0.1
    assert solved["AA gun can shoot every attacker down"].rounds[0] > 0.01
    assert solved["Europe: aircraft without destroyer vs subs"].stalemate > 0
