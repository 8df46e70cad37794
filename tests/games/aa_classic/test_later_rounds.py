"""Later rounds: AA guns moved with the Rockets technology and in the non-combat move, and moves that must stop,
refused with the reason that holds (A&A §3.3)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from tests.games.aa_classic.table import Table, spec


def _germany(step: str, **edits) -> Table:
    t = Table()
    t.until("germany", "purchase")
    if edits:
        t.edit(**edits)
    t.until("germany", step)
    return t


def test_a_rocket_aa_gun_refused_enemy_territory_says_so():
    t = _germany("combat_move", technologies={"germany": ["rockets"]}, add=[spec("Eastern Europe", "germany", "aa_gun")])
    t.edit(clear=["Karelia S.S.R."])
    with pytest.raises(Refused, match=r"Karelia S\.S\.R\. is not friendly: an AA gun never enters enemy territory"):
        t.do(c.Move(path=["Eastern Europe", "Karelia S.S.R."], units={"aa_gun": 1}))


def test_a_rocket_aa_gun_refused_a_territory_with_a_gun_says_so():
    t = _germany("combat_move", technologies={"germany": ["rockets"]})
    with pytest.raises(Refused, match="Western Europe already has an AA gun: one per territory"):
        t.do(c.Move(path=["Germany", "Western Europe"], units={"aa_gun": 1}))


def test_two_aa_guns_moving_together_cannot_end_in_one_territory():
    t = _germany("purchase", add=[spec("Germany", "germany", "aa_gun")])
    t.until("germany", "noncombat_move")
    before = t.state
    with pytest.raises(Refused, match="2 AA guns cannot end in Eastern Europe: one per territory"):
        t.do(c.Move(path=["Germany", "Eastern Europe"], units={"aa_gun": 2}))
    assert t.state is before
    t.do(c.Move(path=["Germany", "Eastern Europe"], units={"aa_gun": 1}))


@pytest.mark.parametrize(
    ("path", "units", "reason"),
    [
        (["Western Europe", "Spain", "Gibraltar"], {"armour": 1}, "must stop in Spain: it is neutral"),
        (["Eastern Europe", "Karelia S.S.R.", "Russia"], {"armour": 1}, r"must stop in Karelia S\.S\.R\.: it holds enemy units"),
    ],
)
def test_a_move_that_must_stop_names_why(path, units, reason):
    t = _germany("combat_move")
    t.edit(add=[spec(path[0], "germany", "armour")])
    with pytest.raises(Refused, match=reason):
        t.do(c.Move(path=path, units=units))

