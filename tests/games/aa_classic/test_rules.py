"""Illegal commands are refused with the rule that forbids them; overrides and edits stay on the record."""

from __future__ import annotations

import pytest

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic import commands as c
from tests.games.aa_classic.table import Table, spec


def refused(t: Table, command, *dice) -> Refused:
    with pytest.raises(Refused) as info:
        t.do(command, *dice)
    return info.value


def test_player_allocation():
    assert [p["powers"] for p in Table(players=4).definition["players"]] == [["ussr", "usa"], ["uk"], ["germany"], ["japan"]]
    with pytest.raises(Refused) as info:
        Table(players=6)
    assert info.value.rule == "A&A §1.1"


def test_purchase_needs_the_money_and_research_comes_first():
    t = Table()
    t.until("ussr", "purchase")
    assert refused(t, c.Purchase(units={"battleship": 2})).rule == "A&A §4.4"
    t.do(c.Purchase(units={"infantry": 1}))
    assert refused(t, c.Research(dice=1), 6).rule == "A&A §5.1"


def test_industrial_technology_discount():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 5)
    bought = t.do(c.Purchase(units={"infantry": 2, "armour": 1}))
    assert bought[0].cost == 2 * 2 + 4 and bought[0].industrial_technology


def test_duplicate_breakthrough_is_rolled_again():
    t = Table()
    t.until("ussr", "purchase")
    t.do(c.Research(dice=2), 6, 6)
    events = t.do(c.RollBreakthroughs(), 1, 1)
    assert [type(e).__name__ for e in events[1:]] == ["TechnologyAcquired", "BreakthroughDuplicated"]
    assert t.state.breakthroughs == 1
    assert refused(t, c.Purchase(units={"infantry": 1})).rule == "A&A §5.1"
    t.do(c.RollBreakthroughs(), 4)
    assert t.state.techs("ussr") == ("jet_fighters", "long_range_aircraft")


def test_movement_limits_are_refused_with_the_rule():
    t = Table()
    t.until("germany", "combat_move")
    # Infantry moves one space.
    assert refused(t, c.Move(path=("Germany", "Eastern Europe", "Ukraine S.S.R."), units={"infantry": 1})).rule == "A&A §7.3"
    # A tank cannot blitz through an enemy-occupied territory.
    r = refused(t, c.Move(path=("Ukraine S.S.R.", "Caucasus", "Russia"), units={"armour": 1}))
    assert r.rule == "A&A §3.3 (blitz)"
    # Moving into a friendly territory is a non-combat move.
    assert refused(t, c.Move(path=("Germany", "Eastern Europe"), units={"infantry": 1})).rule == "A&A §7.4"
    # Aircraft cannot fly to an empty enemy territory: they cannot capture.
    t.edit(add=(spec("Libya", "germany", "fighter"),))
    assert refused(t, c.Move(path=("Libya", "French Equatorial Africa"), units={"fighter": 1})).rule == "A&A §6.2"


def test_neutral_violation_costs_three_ipc():
    t = Table()
    t.until("germany", "combat_move")
    events = t.do(c.Move(path=("Western Europe", "Spain"), units={"infantry": 1}))
    assert [e.penalty for e in events if isinstance(e, ev.NeutralityViolated)] == [3]
    assert t.state.controller("Spain") == "germany" and t.state.treasury["germany"] == 29


def test_override_is_recorded_and_edits_need_a_reason():
    t = Table()
    t.until("germany", "combat_move")
    move = c.Move(path=("Germany", "Eastern Europe", "Ukraine S.S.R."), units={"infantry": 1})
    refused(t, move)
    events = t.do(c.Move(path=move.path, units=move.units, override="house rule: rail movement"))
    assert isinstance(events[0], ev.RuleOverridden) and events[0].rule == "A&A §7.3"
    assert t.count("Ukraine S.S.R.", "germany", "infantry") == 4
    assert refused(t, c.Edit(reason=" ", treasury={"uk": 5})).rule == "A&A edits"
    t.edit("the banker miscounted", treasury={"uk": 5})
    assert t.state.treasury["uk"] == 35


def test_submarine_hits_cannot_be_taken_by_aircraft():
    t = Table()
    t.until("japan", "combat_move")
    t.do(c.Move(path=("Solomon Waters", "Hawaiian Waters"), units={"submarine": 1}))
    t.end_steps(1)
    t.do(c.Fire(battle="Hawaiian Waters"), 1)  # first strike hits
    r = refused(t, c.ChooseCasualties(battle="Hawaiian Waters", units={"fighter": 1}))
    assert r.rule in ("A&A §6.1", "A&A §3.3 (submarine)")
    t.do(c.ChooseCasualties(battle="Hawaiian Waters", units={"submarine": 1}))


def test_placement_limits():
    t = Table()
    t.until("uk", "purchase")
    t.do(c.Purchase(units={"infantry": 2, "aa_gun": 1}))
    t.until("uk", "placement")
    # India has no complex; the UK already has an AA gun in the United Kingdom.
    assert refused(t, c.Place(space="India", units={"infantry": 1})).rule == "A&A §4.5"
    assert refused(t, c.Place(space="United Kingdom", units={"aa_gun": 1})).rule == "A&A §3.3 (AA gun)"
    t.do(c.Place(space="United Kingdom", units={"infantry": 2}))
    forfeited = [e for e in t.do(c.EndStep()) if isinstance(e, ev.UnitsForfeited)]
    assert forfeited[0].units == {"aa_gun": 1}


def test_captured_complex_produces_its_territory_value_from_the_next_turn():
    t = Table()
    t.until("germany", "purchase")
    t.edit(remove=(spec("Karelia S.S.R.", "ussr", "infantry", 3), spec("Karelia S.S.R.", "ussr", "armour"),
                   spec("Karelia S.S.R.", "ussr", "fighter")))
    t.do(c.Purchase(units={"infantry": 3}))
    t.until("germany", "combat_move")
    captured = [e for e in t.do(c.Move(path=("Finland-Norway", "Karelia S.S.R."), units={"infantry": 1}))
                if isinstance(e, ev.TerritoryCaptured)][0]
    assert captured.aa_guns and captured.production == {"ussr": -3, "germany": 3}
    t.until("germany", "placement")
    assert refused(t, c.Place(space="Karelia S.S.R.", units={"infantry": 1})).rule == "A&A §4.5"
    t.until("germany", "purchase")
    t.do(c.Purchase(units={"infantry": 4}))
    t.until("germany", "placement")
    assert refused(t, c.Place(space="Karelia S.S.R.", units={"infantry": 4})).rule == "A&A §4.5"
    t.do(c.Place(space="Karelia S.S.R.", units={"infantry": 3}))


def test_capital_capture_seizes_the_treasury_and_stops_income():
    t = Table()
    t.until("germany", "purchase")
    t.edit(remove=(spec("Russia", "ussr", "infantry", 4), spec("Russia", "ussr", "armour", 2),
                   spec("Russia", "ussr", "fighter")))
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Ukraine S.S.R.", "Caucasus", "Russia"), units={"armour": 1}, override="the table moved Caucasus' army away"))
    events = [e for e in t.log if isinstance(e, ev.CapitalCaptured)]
    assert events and events[0].seized == 48  # the USSR bought nothing and collected 24 in its first turn
    assert t.state.treasury["ussr"] == 0 and t.state.treasury["germany"] == 80
    t.until("ussr", "income")
    withheld = [e for e in t.do(c.EndStep()) if isinstance(e, ev.IncomeWithheld)]
    assert withheld and t.state.treasury["ussr"] == 0


def test_liberation_returns_the_territory_to_its_owner():
    t = Table()
    t.until("uk", "purchase")
    t.edit(control={"French Equatorial Africa": "germany"})
    t.until("uk", "combat_move")
    t.do(c.Move(path=("Anglo-Egyptian Sudan", "French Equatorial Africa"), units={"infantry": 1}))
    assert t.state.controller("French Equatorial Africa") == "uk"


def test_allied_victory_when_both_axis_capitals_are_held():
    t = Table()
    t.until("usa", "income")
    t.edit("the table played the decisive turns off the record", control={"Germany": "ussr", "Japan": "usa"})
    events = t.do(c.EndStep())
    won = [e for e in events if isinstance(e, ev.VictoryDeclared)][0]
    assert won.side == "allies" and won.kind == "military" and won.individual_winner
    assert refused(t, c.EndStep()).rule == "A&A §1.2"


def test_axis_economic_victory_at_the_end_of_the_round():
    t = Table()
    t.until("usa", "income")
    t.edit(production={"germany": 27})
    won = [e for e in t.do(c.EndStep()) if isinstance(e, ev.VictoryDeclared)][0]
    assert won.kind == "economic" and won.side == "axis"


def test_technologies_change_the_dice():
    """Heavy bombers roll 3 dice, jets defend at 5, super submarines attack at 3 (A&A §5.2)."""
    from assistant.games.aa_classic.moves.battle import dice_for

    t = Table(weapons_advantage=True)
    t.until("uk", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 6)
    t.until("uk", "combat_move")
    t.do(c.Move(path=("United Kingdom", "North Sea", "Western Europe"), units={"bomber": 1}), 6, 6, 6)
    t.do(c.EndStep())
    b = t.state.battles["Western Europe"]
    assert [d[1] for d in dice_for(t.state, b, "attack")] == [4, 4, 4]
    assert sorted(d[1] for d in dice_for(t.state, b, "defence:germany"))[-1] == 5  # the German fighter, a jet
    assert t.state.has_tech("japan", "super_submarines")


def test_rocket_once_a_turn_within_three_spaces():
    t = Table()
    t.until("germany", "purchase")
    t.do(c.Research(dice=1), 6)
    t.do(c.RollBreakthroughs(), 2)
    t.until("germany", "combat")
    events = t.do(c.FireRocket(launcher="Western Europe", target="United Kingdom"), 4)
    assert events[-1].paid == 4 and t.state.treasury["uk"] == 26
    assert refused(t, c.FireRocket(launcher="Germany", target="United Kingdom"), 4).rule == "A&A §5.2"


def test_multinational_defence_each_power_rolls_its_own_units():
    t = Table()
    t.until("germany", "purchase")
    t.edit(add=(spec("Karelia S.S.R.", "uk", "infantry", 2),))
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Finland-Norway", "Karelia S.S.R."), units={"infantry": 3, "armour": 1}))
    t.do(c.EndStep())
    key = "Karelia S.S.R."
    t.do(c.Fire(battle=key), 6, 6, 6, 6)  # the AA gun fires only at aircraft: none here; Germany misses
    assert t.state.battles[key].fired == ("attack",)
    ussr = t.do(c.Fire(battle=key), 6, 6, 6, 6, 6)
    assert [e.firer for e in ussr if isinstance(e, ev.HitsScored)] == ["ussr"]
    uk = t.do(c.Fire(battle=key), 6, 6)
    assert [e.firer for e in uk if isinstance(e, ev.HitsScored)] == ["uk"]


def test_defending_submarine_submerges_between_rounds():
    t = Table()
    t.until("germany", "combat_move")
    t.do(c.Move(path=("Central Mediterranean", "Western Mediterranean"), units={"battleship": 1}))
    t.do(c.Move(path=("Iberian Atlantic", "Western Mediterranean"), units={"submarine": 1}))
    t.do(c.EndStep())
    key = "Western Mediterranean"
    t.do(c.Fire(battle=key), 6)  # first strike misses
    t.do(c.Fire(battle=key), 6)  # battleship misses
    t.do(c.Fire(battle=key), 6)  # the British battleship misses
    assert t.state.battles[key].round == 2
    r = refused(t, c.Submerge(battle=key, side="defender", to="Iberian Atlantic"))
    assert r.rule == "A&A §6.5"  # the British there have no submarine
    retreat = t.do(c.Retreat(battle=key, to="Central Mediterranean"))
    assert isinstance(retreat[-1], ev.BattleEnded) and retreat[-1].outcome == "attacker_retreated"
