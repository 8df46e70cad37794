"""Exact odds with this edition's rules, checked against the family's independent simulation, and recorded in
the log before a battle's first die."""

from __future__ import annotations

import pytest

from assistant.families.axis_allies.montecarlo import simulate
from assistant.families.axis_allies.odds import Battle, battle_odds
from assistant.games.aa_europe import commands as c
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.odds import RULES, profiles
from assistant.games.aa_europe.setup import initial_state, setup
from tests.games.aa_europe.table import Table, of

WORLD = initial_state(setup({})).world


def _battle(attackers, defenders, at_sea=False, support=None):
    return Battle(profiles=profiles(WORLD), attackers=attackers, defenders=defenders, at_sea=at_sea,
                  support_fire=support or {}, amphibious=bool(support), rules=RULES)


@pytest.mark.parametrize(
    "battle",
    [
        _battle({"infantry": 3, "artillery": 2, "armour": 1}, {"infantry": 4, "aa_gun": 1}),
        _battle({"submarine": 2}, {"battleship": 1, "destroyer": 1}, at_sea=True),
        _battle({"battleship": 1, "fighter": 1}, {"submarine": 2, "transport": 1}, at_sea=True),
        _battle({"destroyer": 1, "fighter": 2}, {"submarine": 2}, at_sea=True),
    ],
    ids=["artillery", "subs vs destroyer", "aircraft vs subs without destroyer", "aircraft with destroyer"],
)
def test_exact_odds_agree_with_simulation(battle):
    exact = battle_odds(battle)
    sim = simulate(battle, runs=4000, seed=7, max_rounds=60)
    for k in ("attacker_wins", "defender_wins"):
        assert abs(getattr(exact, k) - getattr(sim, k)) < 0.035, k


def test_artillery_raises_the_odds():
    plain = battle_odds(_battle({"infantry": 4}, {"infantry": 3}))
    supported = battle_odds(_battle({"infantry": 2, "artillery": 2}, {"infantry": 3}))
    assert supported.attacker_wins > plain.attacker_wins + 0.1


def test_a_destroyer_takes_the_surprise_away():
    without = battle_odds(_battle({"submarine": 3}, {"carrier": 1}, at_sea=True))
    with_dd = battle_odds(_battle({"submarine": 3}, {"carrier": 1, "destroyer": 1}, at_sea=True))
    assert with_dd.defender_wins > without.defender_wins


def test_aircraft_alone_never_sink_a_submarine():
    o = battle_odds(_battle({"fighter": 2}, {"submarine": 1}, at_sea=True))
    assert o.attacker_wins == 0 and o.stalemate > 0.99


def test_odds_recorded_before_the_first_die():
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Poland", "Baltic States"), units={"infantry": 3, "artillery": 1}))
    t.do(c.EndPhase())
    done = t.do(c.Fire(battle="Baltic States"), 6, 6, 6, 6)
    odds = of(done, ev.BattleOddsRecorded)[0]
    assert odds.attacking == {"infantry": 3, "artillery": 1} and 0 < odds.attacker_wins < 1
    assert done.index(odds) == 0
    later = t.do(c.Fire(battle="Baltic States"), 6, 6, 6)
    assert not of(later, ev.BattleOddsRecorded)


def test_a_battle_too_large_for_exact_odds_is_fought_without_them(monkeypatch):
    """Above the family's bound no odds are written, and the first die is thrown as ever (a giant stack must not
    hold the table, nor take the machine's memory)."""
    from assistant.families.axis_allies import odds as family

    family.clear_caches()
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", 10)
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Poland", "Baltic States"), units={"infantry": 3, "artillery": 1}))
    t.do(c.EndPhase())
    done = t.do(c.Fire(battle="Baltic States"), 6, 6, 6, 6)
    assert [type(e).__name__ for e in done] == ["DiceRolled", "HitsScored"]
