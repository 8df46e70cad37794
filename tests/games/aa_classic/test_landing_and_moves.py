"""Aircraft that can still land are not lost by ending the non-combat move (A&A §7.8); land units and aircraft
leaving one territory along one path move in one command; a raid's throws are labelled as the table reads them."""

from __future__ import annotations

import pytest

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from assistant.games.aa_classic.guidance import guidance
from assistant.games.aa_classic.web import PRESENTER, _line_label
from tests.games.aa_classic.table import Table

KARELIA, UKRAINE = "Karelia S.S.R.", "Ukraine S.S.R."


def _fighter_retreated_from_ukraine() -> Table:
    """The USSR's fighter from Karelia attacks Ukraine with 3 infantry from Caucasus; after one round the attack
    retreats to Karelia: the fighter is still in the air over Ukraine, with 3 of its 4 moves left."""
    t = Table()
    t.until("ussr", "combat_move")
    t.do(c.Move(path=("Caucasus", UKRAINE), units={"infantry": 3}))
    t.do(c.Move(path=(KARELIA, UKRAINE), units={"fighter": 1}))
    t.do(c.EndStep())
    t.do(c.Fire(battle=UKRAINE, faces=(6, 6, 6, 6)))
    t.do(c.Fire(battle=UKRAINE, faces=(6, 6, 6, 6, 6, 6)))
    t.do(c.Retreat(battle=UKRAINE, to=KARELIA))
    t.do(c.EndStep())
    assert t.state.step == "noncombat_move"
    return t


def test_ending_the_noncombat_move_with_an_aircraft_that_can_still_land_is_refused():
    t = _fighter_retreated_from_ukraine()
    (fighter,) = t.ids(UKRAINE, "ussr", "fighter")
    with pytest.raises(Refused, match=r"aircraft can still land: fighter #\d+ in Ukraine S.S.R. \(to .*Karelia"):
        t.do(c.EndStep())
    assert fighter in t.state.units and t.state.step == "noncombat_move"
    assert "land the aircraft still in the air (1 fighter in Ukraine S.S.R.)" in guidance(t.state)
    assert "fighter" in PRESENTER._end_step(t.state)["landable"]


def test_a_landed_aircraft_lets_the_move_end_and_is_kept():
    t = _fighter_retreated_from_ukraine()
    t.do(c.Move(path=(UKRAINE, KARELIA), units={"fighter": 1}))
    events = t.do(c.EndStep())
    assert not [e for e in events if isinstance(e, ev.AircraftLost)]
    assert t.count(KARELIA, "ussr", "fighter") == 1


def test_the_table_may_end_the_move_anyway_with_a_reason_and_the_aircraft_is_lost():
    t = _fighter_retreated_from_ukraine()
    (fighter,) = t.ids(UKRAINE, "ussr", "fighter")
    events = t.do(c.EndStep(override="we forgot it and played on"))
    overridden = [e for e in events if isinstance(e, ev.RuleOverridden)]
    lost = [e for e in events if isinstance(e, ev.AircraftLost)]
    assert overridden and overridden[0].rule == "A&A §7.8"
    assert lost and lost[0].units == (fighter,) and "we forgot it" in lost[0].reason
    assert fighter not in t.state.units


def test_an_aircraft_with_no_landing_in_reach_is_lost_without_asking():
    t = Table()
    t.until("japan", "combat_move")
    # The table flies a fighter its whole range (the no-kamikaze rule overridden): Alaska stays American.
    t.do(c.Move(path=("Japan", "Sea of Japan", "Sea of Okhotsk", "Bering Sea", "Alaska"), units={"fighter": 1},
                override="a daring raid"))
    (fighter,) = t.ids("Alaska", "japan", "fighter")
    t.do(c.EndStep())
    t.do(c.Fire(battle="Alaska", faces=(1,)))  # the fighter hits the infantry, which fires back and misses
    t.do(c.Fire(battle="Alaska", faces=(6,)))
    assert t.state.battles["Alaska"].outcome == "cleared" and t.state.controller("Alaska") == "usa"
    t.do(c.EndStep())
    assert t.state.step == "noncombat_move"
    assert PRESENTER._end_step(t.state) == {"landable": "", "crash": "1 fighter"}
    events = t.do(c.EndStep())
    assert [e.units for e in events if isinstance(e, ev.AircraftLost)] == [(fighter,)]


def test_land_units_and_aircraft_from_one_territory_move_in_one_command():
    t = Table()
    t.until("germany", "combat_move")
    events = t.do(c.Move(path=("Eastern Europe", KARELIA), units={"infantry": 3, "armour": 1, "fighter": 1}))
    joined = [e for e in events if isinstance(e, ev.BattleJoined)]
    assert [len(e.units) for e in joined] == [4, 1]  # the land units, then the fighter
    assert t.count(KARELIA, "germany", "infantry") == 3 and t.count(KARELIA, "germany", "fighter") == 1
    assert t.count("Eastern Europe", "germany", "fighter") == 0


def test_a_mixed_move_is_refused_whole_when_one_kind_cannot_go():
    t = Table()
    t.until("germany", "combat_move")
    # Tanks cannot cross the sea: the fighter does not fly alone either.
    with pytest.raises(Refused, match="do not share a border|cannot|land"):
        t.do(c.Move(path=("Germany", "Baltic Sea", KARELIA), units={"armour": 1, "fighter": 1}))
    assert t.count("Germany", "germany", "fighter") == 1 and t.count("Germany", "germany", "armour") == 2


def test_ships_still_move_apart_from_aircraft_and_raids_are_bombers_only():
    t = Table()
    t.until("japan", "combat_move")
    with pytest.raises(Refused, match="move ships apart from aircraft"):
        t.do(c.Move(path=("Caroline Waters", "Solomon Waters"), units={"aircraft_carrier": 1, "fighter": 1}))
    t2 = Table()
    t2.until("uk", "combat_move")
    with pytest.raises(Refused, match="only bombers fly strategic bombing raids"):
        t2.do(c.Move(path=("United Kingdom", "North Sea"), units={"bomber": 1, "infantry": 1}, bombing=True))


def test_a_raids_damage_dice_are_not_labelled_as_hitting():
    assert _line_label("damage", "bomber", 1, 0) == "1 damage die (bomber): the total is paid"
    assert _line_label("attack", "fighter", 2, 3) == "2 fighters hit on 3 or less"
    assert _line_label("aa", "bomber", 1, 1) == "1 bomber hits on 1"


def test_the_banner_names_a_raid_as_the_table_does():
    t = Table()
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Baltic Sea", "Germany"), units={"bomber": 1}, bombing=True))
    t.do(c.EndStep())
    assert guidance(t.state).endswith("the raid on Germany: the defender rolls AA fire — 1 bomber at 1 or less.")
    t.do(c.Fire(battle="Germany/bombing", faces=(6,)))
    assert guidance(t.state).endswith("the raid on Germany: roll 1 damage die in all (1 bomber); Germany pays the "
                                      "total, at most its treasury.")


def test_a_move_named_by_two_distant_ends_is_refused_with_a_route_to_copy():
    t = Table()
    t.until("germany", "combat_move")
    with pytest.raises(Refused, match=r"Germany and Russia do not share a border: name the spaces in between, "
                                      r"e.g. through Eastern Europe, Karelia S.S.R."):
        t.do(c.Move(path=("Germany", "Russia"), units={"bomber": 1}, bombing=True))
    with pytest.raises(Refused, match=r"do not share a border \(|do not share a border$"):
        t.do(c.Move(path=("Germany", "Eastern United States"), units={"armour": 1}))  # no way by land
