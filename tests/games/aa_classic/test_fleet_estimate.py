"""A fleet battle too large for exact odds: the battle panel says so and shows what 10,000 simulated battles say,
submarines' first strikes and aircraft included (A&A §6.3), close to the exact figure the same fleets give when
allowed."""

from __future__ import annotations

from assistant.families.axis_allies import odds as family
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.odds import battle_odds
from assistant.games.aa_classic.web import PRESENTER
from tests.games.aa_classic.table import Table, spec

BALTIC = "Baltic Sea"


def _fleets_in_the_baltic() -> Table:
    t = Table(enemy_zone_placement=True)
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"submarine": 1}))
    t.until("germany", "placement")
    t.edit(add=(spec(BALTIC, "uk", "battleship", 1), spec(BALTIC, "uk", "submarine", 3),
                spec(BALTIC, "uk", "aircraft_carrier", 1), spec(BALTIC, "uk", "fighter", 2)),
           reason="a British fleet stands in the Baltic")
    t.do(c.Place(space=BALTIC, units={"submarine": 1}))
    t.edit(add=(spec(BALTIC, "germany", "submarine", 3), spec(BALTIC, "germany", "battleship", 1),
                spec(BALTIC, "germany", "transport", 1)), reason="the German fleet beside it")
    t.until("uk", "combat_move")
    t.do(c.DeclareAttack(zone=BALTIC))
    t.do(c.EndStep())
    return t


def test_a_fleet_too_large_for_exact_odds_gets_an_estimate(monkeypatch):
    t = _fleets_in_the_baltic()
    exact = battle_odds(t.state, BALTIC)
    assert 0.05 < exact.attacker_wins < 0.95
    family.clear_caches()
    monkeypatch.setattr(family, "STEPWISE_CELLS_MAX", 10)
    monkeypatch.setattr(family, "GRID_ENTRIES_MAX", 10)
    shown = PRESENTER._exact(t.state, BALTIC, None)
    assert shown["too_large"].startswith("Too large a battle for exact odds here: 7 attacking against 7 defending units")
    sampled = shown["estimate"]
    assert sampled is not None and sampled.runs == 10_000 and 0 < sampled.margin() <= 1.0
    for outcome in ("attacker_wins", "defender_wins", "draw"):
        assert abs(getattr(sampled, outcome) - getattr(exact, outcome)) <= sampled.margin() / 100, outcome
    # a planned retreat too
    retreating = PRESENTER._exact(t.state, BALTIC, 3)["estimate"]
    assert retreating.retreat > 0.05 and retreating.attacker_wins < sampled.attacker_wins
