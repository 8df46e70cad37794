"""Sea transport, naval combat, naval interdiction, fleet transfers, amphibious and airborne landings
(EE 5.3, 7.2-7.3, 8.1-8.3), on the test board with a few coasts and an invasion arrow added."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.format import Board, Border, InvasionArrow
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import (
    Advance,
    Fight,
    Move,
    NavalCombat,
    SetStrategicMoveLimit,
    SpendSpecialAction,
    TransferFleet,
)
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import AREAS, BOARD, Table, area
from tests.games.europe_engulfed.test_calendar import run_to

COAST = {
    **AREAS,
    "bergen": area("Bergen", "norway", zone="west", ports=("atlantic",)),
    "brittany": area("Brittany", "france", zone="west", ports=("atlantic",), regions=("atlantic_coast",)),
    "tunis": area("Tunis", "tunisia", zone="south", ports=("mediterranean",), regions=("africa",)),
    "crete": area("Crete", "greece", zone="south", ports=("mediterranean",)),
    "paratroop_base": area("Paratroop Base", "germany", home=True, zone="east"),
}
NAVAL_BOARD = Board(
    title="test board with coasts",
    areas={**BOARD.areas, **COAST},
    seas=BOARD.seas,
    borders=BOARD.borders + (Border(a="paratroop_base", b="warsaw"), Border(a="berlin", b="paratroop_base")),
    invasion_arrows=(InvasionArrow(sea="atlantic", area="bergen", max_units=1),
                     InvasionArrow(sea="atlantic", area="brittany", max_units=2),
                     InvasionArrow(sea="mediterranean", area="crete", max_units=2),
                     InvasionArrow(sea="mediterranean", area="tunis", max_units=2)),
)


def table(start: str = "1941-09", **changes) -> Table:
    sc = mid_war(start, **changes)
    sc["control"] = {**sc["control"], "bergen": "Axis", "brittany": "Axis", "tunis": "Axis", "crete": "Allied",
                     "malta": "Allied", "sicily": "Axis", "gibraltar": "Allied", "paratroop_base": "Axis"}
    return Table({**game_options(sc), "board": to_dict(NAVAL_BOARD)})


def test_limited_supply_is_not_spent_through_the_generic_special_action_command():
    """EE 7.9: Limited Supply is given (and its marker spent) only by ee.determine_supply's orders."""
    t = table()
    run_to(t, "Axis", "final_supply")
    with pytest.raises(Refused) as twice:
        t.do(SpendSpecialAction(nation="germany", purpose="limited_supply", area="moscow"))
    assert twice.value.rule == "EE 7.9" and "ee.determine_supply" in str(twice.value)


def test_naval_combat_example_8_14_sinks_the_invading_unit():
    """EE 8.14 example: 4 Allied Atlantic points, 3 already used this turn, invade Norway; Germany's single point
    attacks: one die each at 6, the Allies three more at 5-6. A German 6 sinks the carrying point and its unit."""
    units = [unit(f"b{i}", "britain", "infantry", "london") for i in range(4)]
    t = table(units=units, fleets={"atlantic": {"britain": 4, "germany": 1}}, special_actions={"britain": 1})
    run_to(t, "Allied", "operational_move")
    for i in range(3):
        t.do(Move(unit_id=f"b{i}", path=("atlantic", "scotland")))
    assert t.state.fleets_used["atlantic"]["britain"] == 3
    t.do(SpendSpecialAction(nation="britain", purpose="amphibious", area="bergen"))
    t.do(Move(unit_id="b3", path=("atlantic", "bergen"), mode="amphibious"))
    out = t.do(NavalCombat(sea="atlantic"), dice=[6, 1, 1, 1, 1])
    fought = out[-1]
    assert isinstance(fought, ev.NavalCombatResolved) and fought.initiator == "Axis"
    assert [(f.side, f.dice, f.hit_on) for f in fought.fires] == [("Axis", 1, 6), ("Allied", 1, 6), ("Allied", 3, 5)]
    assert fought.losses == (ev.FleetLoss(nation="britain", state="carrying", count=1),)
    assert fought.units_lost == ("b3",) and "b3" not in t.state.units
    assert t.state.fleets["atlantic"] == {"britain": 3, "germany": 1}
    with pytest.raises(Refused) as again:
        t.do(NavalCombat(sea="atlantic"), dice=[1])
    assert again.value.rule == "EE 8.11"


def test_each_fleet_point_carries_one_unit_per_game_turn():
    """EE 5.34: two British Atlantic points, three units to ship: the third finds no transport."""
    units = [unit(f"b{i}", "britain", "infantry", "london") for i in range(3)]
    t = table(units=units, fleets={"atlantic": {"britain": 2}})
    run_to(t, "Allied", "operational_move")
    t.do(Move(unit_id="b0", path=("atlantic", "scotland")))
    t.do(Move(unit_id="b1", path=("atlantic", "scotland")))
    with pytest.raises(Refused) as full:
        t.do(Move(unit_id="b2", path=("atlantic", "scotland")))
    assert full.value.rule == "EE 5.34"
    with pytest.raises(Refused) as twice:
        t.do(Move(unit_id="b0", path=("midlands",)))
    assert twice.value.rule == "EE 5.1"


def test_operational_sea_transport_goes_port_to_port_in_one_sea():
    t = table(units=[unit("b0", "britain", "infantry", "midlands")], fleets={"atlantic": {"britain": 2}})
    run_to(t, "Allied", "operational_move")
    with pytest.raises(Refused) as inland:
        t.do(Move(unit_id="b0", path=("atlantic", "scotland")))
    assert inland.value.rule == "EE 5.31"


def test_interdiction_example_8_2_allies_hold_malta_and_hit_on_5():
    """EE 8.2 example: 3 points each in the Mediterranean; the Axis ships a 4-step panzer and two 3-step Italian
    infantry to Libya strategically; the Allies roll 3 dice against each, hitting on 5-6 since they hold Malta."""
    units = [unit("pz", "germany", "armor", "rome"), unit("i1", "italy", "infantry", "rome", max_steps=3),
             unit("i2", "italy", "infantry", "rome", max_steps=3)]
    t = table(units=units, fleets={"mediterranean": {"italy": 3, "britain": 3}})
    run_to(t, "Axis", "strategic_move")
    for n in ("germany", "italy"):
        t.do(SetStrategicMoveLimit(nation=n, limit=4))
    out = t.do(Move(unit_id="pz", path=("mediterranean", "libya"), mode="strategic"), dice=[5, 2, 6])
    hit = out[-1]
    assert isinstance(hit, ev.NavalInterdictionResolved)
    assert (hit.fleet_points, hit.hit_on, hit.steps_lost) == (3, 5, 2)
    assert t.state.units["pz"].area == "libya" and t.state.units["pz"].steps == 2
    t.do(Move(unit_id="i1", path=("mediterranean", "libya"), mode="strategic"), dice=[1, 1, 1])
    assert t.state.units["i1"].steps == 3
    t.do(Move(unit_id="i2", path=("mediterranean", "libya"), mode="strategic", unopposed=("mediterranean",)))
    assert t.state.units["i2"].area == "libya"


def test_interdiction_needs_one_point_for_every_two_of_the_movers():
    """EE 8.22: 3 Allied points against 7 Axis points may not interdict; fleets are never hit (8.23)."""
    t = table(units=[unit("i1", "italy", "infantry", "rome", max_steps=3)],
              fleets={"mediterranean": {"italy": 7, "britain": 3}})
    run_to(t, "Axis", "strategic_move")
    t.do(SetStrategicMoveLimit(nation="italy", limit=2))
    out = t.do(Move(unit_id="i1", path=("mediterranean", "libya"), mode="strategic"))
    assert not any(isinstance(e, ev.NavalInterdictionResolved) for e in out)
    assert t.state.fleets["mediterranean"] == {"italy": 7, "britain": 3}


def test_fleet_transfers_8_31_and_8_32():
    """8.31: with Gibraltar, Britain transfers two points a turn between the Atlantic and the Mediterranean;
    they arrive without transport. 8.3: the Soviets never transfer. 8.32: one Axis point a turn."""
    t = table(fleets={"atlantic": {"britain": 4, "germany": 2}, "mediterranean": {"britain": 1, "italy": 2},
                      "baltic": {"ussr": 1}})
    run_to(t, "Allied", "initial_supply")
    t.do(TransferFleet(nation="britain", from_sea="atlantic", to_sea="mediterranean", count=2))
    assert t.state.fleets["mediterranean"]["britain"] == 3
    assert t.state.fleets_used["mediterranean"]["britain"] == 2
    with pytest.raises(Refused) as third:
        t.do(TransferFleet(nation="britain", from_sea="atlantic", to_sea="mediterranean"))
    assert third.value.rule == "EE 8.31"
    with pytest.raises(Refused) as soviet:
        t.do(TransferFleet(nation="ussr", from_sea="baltic", to_sea="atlantic"))
    assert soviet.value.rule == "EE 8.3"
    with pytest.raises(Refused) as not_axis_phase:
        t.do(TransferFleet(nation="germany", from_sea="atlantic", to_sea="baltic"))
    assert not_axis_phase.value.rule == "EE 8.3"


def test_axis_point_entering_the_mediterranean_turns_italian_8_323():
    t = table(fleets={"atlantic": {"germany": 2}, "mediterranean": {"italy": 1}})
    t.state = replace(t.state, **{"control": {**t.state.control, "gibraltar": "Axis"}})
    run_to(t, "Axis", "initial_supply")
    out = t.do(TransferFleet(nation="germany", from_sea="atlantic", to_sea="mediterranean"))
    assert out[0].to_nation == "italy" and out[0].rule == "EE 8.323"
    assert t.state.fleets["mediterranean"]["italy"] == 2
    with pytest.raises(Refused) as one:
        t.do(TransferFleet(nation="germany", from_sea="atlantic", to_sea="mediterranean"))
    assert one.value.rule == "EE 8.32"


def test_unopposed_invasion_takes_its_area_at_the_combat_phase_with_a_beachhead():
    """Glossary: an unopposed amphibious landing converts its area at the initial combat phase; 7.22 beachhead;
    7.24: the Axis has one beachhead marker."""
    t = table(units=[unit("g1", "germany", "infantry", "rome"), unit("g2", "germany", "infantry", "rome")],
              fleets={"mediterranean": {"italy": 3}}, special_actions={"germany": 2, "italy": 2})
    t.state = replace(t.state, **{"control": {**t.state.control, "tunis": "Allied"}})
    run_to(t, "Axis", "operational_move")
    with pytest.raises(Refused) as no_italian:
        t.do(SpendSpecialAction(nation="germany", purpose="amphibious", area="crete"))
        t.do(Move(unit_id="g1", path=("mediterranean", "crete"), mode="amphibious"))
    assert no_italian.value.rule == "EE 9.47"
    t.do(SpendSpecialAction(nation="italy", purpose="amphibious", area="crete"))
    moved = t.do(Move(unit_id="g1", path=("mediterranean", "crete"), mode="amphibious"))
    assert not any(isinstance(e, ev.ControlChanged) for e in moved)
    assert t.state.control["crete"] == "Allied"
    with pytest.raises(Refused) as one_marker:
        t.do(SpendSpecialAction(nation="germany", purpose="amphibious", area="tunis"))
        t.do(SpendSpecialAction(nation="italy", purpose="amphibious", area="tunis"))
        t.do(Move(unit_id="g2", path=("mediterranean", "tunis"), mode="amphibious"))
    assert one_marker.value.rule == "EE 7.24"
    t.do(Advance())
    t.do(Advance())
    assert t.state.phase == "combat"
    assert t.state.control["crete"] == "Axis" and t.state.beachheads == {"crete": "Axis"}


def test_contested_invasion_beachhead_after_the_first_round_and_the_landing_bonus():
    """7.21: the defender gets a hit-bonus against the invading infantry in the first round; 7.22: survivors make
    a beachhead."""
    t = table(units=[unit("g1", "germany", "infantry", "rome"), unit("b1", "britain", "infantry", "crete", steps=1)],
              fleets={"mediterranean": {"italy": 2}}, special_actions={"germany": 1, "italy": 1})
    run_to(t, "Axis", "operational_move")
    t.do(SpendSpecialAction(nation="germany", purpose="amphibious", area="crete"))
    t.do(SpendSpecialAction(nation="italy", purpose="amphibious", area="crete"))
    t.do(Move(unit_id="g1", path=("mediterranean", "crete"), mode="amphibious"))
    t.do(Advance())
    t.do(Advance())
    out = t.do(Fight(area="crete"), dice=[1, 1, 1, 1, 1])
    fought = next(e for e in out if isinstance(e, ev.CombatRoundFought))
    assert "j" in fought.fires[0].bonuses and fought.fires[0].hit_on == 5
    assert any(isinstance(e, ev.BeachheadEstablished) for e in out)
    assert t.state.beachheads["crete"] == "Axis"


def test_airborne_assault_7_3():
    """7.3: full strength, to a clear or fortress area within two areas, never two turns running."""
    para = unit("fj", "germany", "airborne", "paratroop_base", max_steps=2)
    t = table(units=[para], special_actions={"germany": 2})
    run_to(t, "Axis", "operational_move")
    t.do(SpendSpecialAction(nation="germany", purpose="airborne", area="minsk"))
    with pytest.raises(Refused) as rough:
        t.do(Move(unit_id="fj", path=("minsk",), mode="airborne"))
    assert rough.value.rule == "EE 7.3" and "clear" in str(rough.value)
    t.do(SpendSpecialAction(nation="germany", purpose="airborne", area="smolensk"))
    with pytest.raises(Refused) as far:
        t.do(Move(unit_id="fj", path=("smolensk",), mode="airborne"))
    assert "two areas" in str(far.value)


def test_airborne_units_never_assault_two_turns_running():
    para = unit("fj", "germany", "airborne", "paratroop_base", max_steps=2)
    sc_turn = "1941-09"
    t = table(sc_turn, units=[para], special_actions={"germany": 1})
    run_to(t, "Axis", "operational_move")
    t.state = replace(t.state, **{"airborne_turns": {"fj": t.state.turn - 1},
                                   "control": {**t.state.control, "warsaw": "Allied"}})
    t.do(SpendSpecialAction(nation="germany", purpose="airborne", area="warsaw"))
    with pytest.raises(Refused) as again:
        t.do(Move(unit_id="fj", path=("warsaw",), mode="airborne"))
    assert "two turns running" in str(again.value)


def test_cape_of_good_hope_5_33_takes_four_atlantic_points_and_every_british_move():
    sc_units = [unit("b1", "britain", "infantry", "london"), unit("b2", "britain", "infantry", "london")]
    t = table(units=sc_units, fleets={"atlantic": {"britain": 5}})
    t.state = replace(t.state, control={**t.state.control, "upper_egypt": "Allied"})
    run_to(t, "Allied", "strategic_move")
    t.do(SetStrategicMoveLimit(nation="britain", limit=4))
    out = t.do(Move(unit_id="b1", path=("cape", "upper_egypt"), mode="strategic"))
    assert out[0].cape and sum(leg.fleet_points for leg in out[0].sea) == 4
    assert t.state.units["b1"].area == "upper_egypt"
    with pytest.raises(Refused) as spent:
        t.do(Move(unit_id="b2", path=("midlands",), mode="strategic"))
    assert spent.value.rule == "EE 5.33"


def test_units_from_the_usa_box_land_only_in_british_home_areas_or_morocco_9_37():
    t = table(units=[unit("u1", "usa", "infantry", "usa_box")], fleets={"atlantic": {"usa": 2}},
              special_actions={"usa": 1})
    t.state = replace(t.state, politics=replace(t.state.politics, usa_at_war=0,
                                                wars=t.state.politics.wars + ("germany|usa",)))
    run_to(t, "Allied", "operational_move")
    t.do(SpendSpecialAction(nation="usa", purpose="amphibious", area="brittany"))
    with pytest.raises(Refused) as box:
        t.do(Move(unit_id="u1", path=("atlantic", "brittany"), mode="amphibious"))
    assert box.value.rule == "EE 9.37"
    t.do(Move(unit_id="u1", path=("atlantic", "london")))
    assert t.state.units["u1"].area == "london"


def test_retreat_before_combat_by_sea_7_51_with_the_italian_marker_9_47_and_naval_combat():
    units = [unit("g1", "germany", "infantry", "libya"), unit("b1", "britain", "infantry", "libya")]
    t = table(units=units, fleets={"mediterranean": {"italy": 2, "britain": 2}},
              special_actions={"germany": 1, "italy": 1})
    run_to(t, "Allied", "combat")
    t.do(SpendSpecialAction(nation="germany", purpose="retreat", area="libya"))
    with pytest.raises(Refused) as italian:
        t.do(Move(unit_id="g1", path=("mediterranean", "rome"), mode="retreat"))
    assert italian.value.rule == "EE 9.47"
    t.do(SpendSpecialAction(nation="italy", purpose="retreat", area="libya"))
    out = t.do(Move(unit_id="g1", path=("mediterranean", "rome"), mode="retreat"))
    assert out[0].sea == (ev.SeaLeg(sea="mediterranean", nation="italy", fleet_points=1),)
    fought = t.do(NavalCombat(sea="mediterranean"), dice=[6, 1, 1, 1])[-1]
    assert fought.initiator == "Allied"
    assert fought.losses == (ev.FleetLoss(nation="italy", state="unused", count=1),) and not fought.units_lost
    assert t.state.units["g1"].area == "rome" and t.state.fleets["mediterranean"]["italy"] == 1


def test_retreat_between_upper_egypt_and_persia_by_the_cape_5_33():
    units = [unit("g1", "germany", "infantry", "upper_egypt"), unit("b1", "britain", "infantry", "upper_egypt"),
             unit("b2", "britain", "infantry", "upper_egypt")]
    t = table(units=units, fleets={"atlantic": {"britain": 1}}, special_actions={"britain": 2})
    t.state = replace(t.state, control={**t.state.control, "upper_egypt": "Allied", "persia": "Allied"})
    run_to(t, "Axis", "combat")
    t.do(SpendSpecialAction(nation="britain", purpose="retreat", area="upper_egypt"))
    out = t.do(Move(unit_id="b1", path=("cape", "persia"), mode="retreat"))
    assert out[0].cape and out[0].sea == (ev.SeaLeg(sea="atlantic", nation="britain", fleet_points=1),)
    assert t.state.units["b1"].area == "persia"
    with pytest.raises(Refused) as capacity:  # one Atlantic point per unit (5.33, 5.34)
        t.do(Move(unit_id="b2", path=("cape", "persia"), mode="retreat"))
    assert capacity.value.rule == "EE 5.34"
    with pytest.raises(Refused) as elsewhere:
        t.do(Move(unit_id="b2", path=("cape", "london"), mode="retreat"))
    assert elsewhere.value.rule == "EE 5.33"
