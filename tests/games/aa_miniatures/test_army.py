"""Army building (p.10, p.27-28): the book's example army, and every refusal citing its rule."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_miniatures import commands as c
from tests.games.aa_miniatures.table import Table

BOOK_ARMY = ("m4a1-sherman", "6-pounder", "red-devil-captain", "bazooka", "m1-garand", "vickers", "kv-1", "m3-stuart")


def refused(t: Table, command) -> Refused:
    before = t.state
    with pytest.raises(Refused) as info:
        t.do(command)
    assert t.state == before  # a refusal changes nothing
    return info.value


def test_the_books_example_army_is_exactly_100_points():
    t = Table()
    t.cards()
    t.enlist("allies", *BOOK_ARMY)
    assert t.state.points("allies") == 100 and len(t.state.army("allies")) == 8
    t.do(c.FinaliseArmy(side="allies"))
    assert "allies" in t.state.final
    r = refused(t, c.Enlist(side="allies", card="bazooka"))
    assert "fixed" in r.reason


def test_over_budget_names_the_total_and_the_rule():
    t = Table()
    t.cards()
    t.enlist("allies", *BOOK_ARMY[:-1])  # 85 points
    r = refused(t, c.Enlist(side="allies", card="kv-1"))
    assert r.reason == "1 × KV-1 (32 points each) would bring the army to 117 of 100 points" and r.rule == "AAM p.10"


def test_no_more_than_15_units():
    t = Table()
    t.cards()
    t.do(c.RegisterCard(name="Cheap Rifle", nationality="germany", unit_type="soldier", cost=1, year=1939, speed=2,
                        defense="3", attack_soldier="3/2/1", attack_vehicle="1/-/-"))
    t.do(c.Enlist(side="axis", card="cheap-rifle", count=15))
    r = refused(t, c.Enlist(side="axis", card="cheap-rifle"))
    assert "at most 15 units; this would make 16" in r.reason and r.rule == "AAM p.10"
    assert [u.label for u in t.state.army("axis")][:3] == ["Cheap Rifle", "Cheap Rifle #2", "Cheap Rifle #3"]


def test_only_the_sides_own_units():
    t = Table()
    r = refused(t, c.Enlist(side="axis", card="m4a1-sherman"))
    assert "only Axis units may join this army" in r.reason and "p.10" in r.rule


def test_historical_limits_as_the_text_gives_them():
    t = Table(scenario="custom", historical_limits=True, axis_budget=200, allies_budget=200)
    t.cards()
    t.enlist("allies", "m4a1-sherman", "6-pounder")  # US and UK may serve together (p.28)
    r = refused(t, c.Enlist(side="allies", card="kv-1"))  # Soviet units mix with no one
    assert "historical army limits" in r.reason and r.rule == "AAM p.28"
    t.enlist("axis", "panzer-iv-ausf-g")
    r = refused(t, c.Enlist(side="axis", card="ha-go"))  # Germany and Japan never fought together
    assert "Germany, Japan" in r.reason
    unlimited = Table()
    unlimited.cards()
    unlimited.enlist("allies", "m4a1-sherman", "kv-1")  # without the limits the book's army mixes them (p.10)


def test_the_year_restriction_reads_before_as_the_french_text_does():
    t = Table(scenario="custom", year=1942)
    t.cards()
    r = refused(t, c.Enlist(side="axis", card="panzer-iv-ausf-g"))  # 1942 is not before 1942 (L922)
    assert r.reason.endswith("introduced before 1942") and r.rule == "AAM p.28"
    t.enlist("axis", "pak-38")  # 1940
    inclusive = Table(scenario="custom", year=1942, year_rule="up_to")
    inclusive.enlist("axis", "panzer-iv-ausf-g")


def test_assault_budgets_and_the_defenders_80_points():
    t = Table(scenario="assault", attacker="allies")
    t.cards()
    assert t.state.scenario.budgets == {"allies": 120, "axis": 80}
    t.enlist("axis", "panzer-iv-ausf-g", "panzer-iv-ausf-g")  # 60
    r = refused(t, c.FinaliseArmy(side="axis"))
    assert r.reason == "this army is composed of 80 points; it has 60" and r.rule == "AAM p.27"
    t.enlist("axis", "kubelwagen", "grenadier", "grenadier")  # 80
    r = refused(t, c.Enlist(side="axis", card="pak-38"))
    assert "89 of 80" in r.reason
    t.do(c.FinaliseArmy(side="axis"))
    t.enlist("allies", "kv-1", "kv-1", "kv-1")  # 96 of the attacker's 120, a maximum (p.27)
    t.do(c.FinaliseArmy(side="allies"))
    assert t.state.stage == "map"
    # p.27: the defender chooses the configuration; a die typed for it would be dropped without a word
    r = refused(t, c.ChooseMap(objective=("H6",), faces=(3,)))
    assert "the defender chooses the configuration" in r.reason and r.rule == "AAM p.27"
    t.do(c.ChooseMap(objective=("H6",), configuration=3))
    assert t.state.configuration == 3


def test_an_empty_army_cannot_be_fixed_and_sides_are_fixed_once():
    t = Table()
    r = refused(t, c.FinaliseArmy(side="axis"))
    assert "at least one unit" in r.reason
    t.enlist("axis", "panzer-iv-ausf-g")
    t.do(c.FinaliseArmy(side="axis"))
    assert "already fixed" in refused(t, c.FinaliseArmy(side="axis")).reason
    t.enlist("allies", "m4a1-sherman")
    t.do(c.FinaliseArmy(side="allies"))
    assert t.state.stage == "map"


def test_an_army_is_checked_whole_when_it_is_fixed():
    # At the table: a card typed again after its units joined (a higher cost, another nationality) took the army past
    # its limits, and the army could still be fixed: fixing now checks the whole army again, naming the rule.
    t = Table()
    t.cards()
    t.enlist("allies", *BOOK_ARMY)  # exactly 100 points
    t.do(c.RegisterCard(id="bazooka", name="Bazooka", nationality="united_states", unit_type="soldier", cost=9,
                        year=1942, speed=2, defense="4", attack_soldier="4/3/-", attack_vehicle="8/6/-"))
    r = refused(t, c.FinaliseArmy(side="allies"))
    assert "105 points, more than its 100" in r.reason and r.rule == "AAM p.10"
    t2 = Table()
    t2.cards()
    t2.enlist("allies", "bazooka")
    t2.do(c.RegisterCard(id="bazooka", name="Bazooka", nationality="germany", unit_type="soldier", cost=4,
                         year=1942, speed=2, defense="4", attack_soldier="4/3/-", attack_vehicle="8/6/-"))
    r = refused(t2, c.FinaliseArmy(side="allies"))
    assert "Bazooka is an Axis unit" in r.reason and r.rule == "AAM p.7, p.10"
