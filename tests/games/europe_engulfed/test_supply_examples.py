"""The rule book's worked example of supply (EE 3.33), played on the shipped partial board after the players
amend it with what their map shows (British home areas, Egypt's ports and borders)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board import amend, loader
from assistant.games.europe_engulfed.supply.commands import ChooseSeaSupplyAllocation, DetermineSupply
from assistant.games.europe_engulfed.supply.moves import decide_allocation, decide_determine
from assistant.games.europe_engulfed.supply.situation import FleetPoints, SupplySituation, UnitPosition
from assistant.games.europe_engulfed.supply.state import SupplyState, evolve_supply_state
from assistant.games.europe_engulfed.events.supply import SeaChoice, SupplyDetermined

MAP_FACTS = (
    amend.SetArea(area="london", name="London", nation="britain", home=True, resource=True, ports=("atlantic",),
                  borders_complete=True, source="players' map"),
    amend.SetArea(area="midlands", name="Midlands", nation="britain", home=True, resource=True, ports=(),
                  borders_complete=True, source="players' map"),
    amend.AddBorder(a="london", b="midlands", source="players' map"),
    amend.SetArea(area="alexandria", ports=("mediterranean",), source="players' map"),
    amend.AddBorder(a="alexandria", b="upper_egypt", source="players' map"),
    amend.AddBorder(a="alexandria", b="sinai_desert", source="players' map"),
)  # fmt: skip


@pytest.fixture(scope="module")
def board():
    return amend.apply(loader.partial_board(), MAP_FACTS)


def situation() -> SupplySituation:
    """Nine British units: seven in Egypt, one at Gibraltar, one at Malta; the Axis holds Sicily and Sardinia but
    not Crete; two British fleet points in the Mediterranean and four in the Atlantic."""
    units = [UnitPosition(id=f"egypt{i}", nation="britain", side="Allied", area="alexandria", steps=3) for i in range(7)]
    units += [UnitPosition(id="gibraltar1", nation="britain", side="Allied", area="gibraltar", steps=2),
              UnitPosition(id="malta1", nation="britain", side="Allied", area="malta", steps=2)]  # fmt: skip
    allied = ("london", "midlands", "alexandria", "upper_egypt", "sinai_desert", "gibraltar", "malta", "crete")
    control = {a: "Allied" for a in allied} | {"sicily": "Axis", "sardinia": "Axis"}
    fleets = (FleetPoints(sea="mediterranean", nation="britain", count=2),
              FleetPoints(sea="atlantic", nation="britain", count=4))  # fmt: skip
    return SupplySituation(units=tuple(units), control=control, fleets=fleets)


def test_rule_3_33_example_all_nine_british_units_are_supplied(board):
    events = decide_determine(DetermineSupply(side="Allied", phase="initial"), board, situation(), SupplyState())
    assert len(events) == 1 and isinstance(events[0], SupplyDetermined)  # nobody marked out of supply
    results = {r.unit_id: r for r in events[0].results}
    assert {r.status for r in results.values()} == {"supplied"}
    capacity = {c.sea: c for c in events[0].capacity}
    # Med capacity reduced by one per fleet point (Sicily, Sardinia): 2 x 3 = 6, all used by Malta + 5 Egypt.
    assert (capacity["mediterranean"].reduction, capacity["mediterranean"].capacity) == (1, 6)
    assert capacity["mediterranean"].used == 6
    # Atlantic 4 x 4 = 16: 6 through the Med, 2 x 4 round the Cape, 1 for Gibraltar.
    assert (capacity["atlantic"].capacity, capacity["atlantic"].used) == (16, 15)
    assert sorted(r.via for r in results.values() if r.unit_id.startswith("egypt")) == ["cape"] * 2 + ["sea"] * 5
    assert results["malta1"].route.seas == ("mediterranean", "atlantic")
    assert results["gibraltar1"].route.seas == ("atlantic",)


def test_rule_3_33_the_players_choice_of_routes_is_checked(board):
    sit = situation()
    book = [SeaChoice(unit_id="malta1", seas=("mediterranean", "atlantic")),
            SeaChoice(unit_id="gibraltar1", seas=("atlantic",))]  # fmt: skip
    book += [SeaChoice(unit_id=f"egypt{i}", seas=("mediterranean", "atlantic")) for i in range(5)]
    book += [SeaChoice(unit_id=f"egypt{i}", seas=("atlantic",), cape=True) for i in (5, 6)]
    chosen = decide_allocation(ChooseSeaSupplyAllocation(side="Allied", choices=tuple(book)), board, sit)
    state = evolve_supply_state(SupplyState(), chosen[0])
    events = decide_determine(DetermineSupply(side="Allied", phase="initial"), board, sit, state)
    assert {r.status for r in events[0].results} == {"supplied"}
    # One more unit round the Cape instead of through the Mediterranean needs 18 of the Atlantic's 16.
    greedy = book[:6] + [SeaChoice(unit_id=f"egypt{i}", seas=("atlantic",), cape=True) for i in (4, 5, 6)]
    with pytest.raises(Refused) as no:
        decide_allocation(ChooseSeaSupplyAllocation(side="Allied", choices=tuple(greedy)), board, sit)
    assert no.value.rule == "EE 3.31" and "atlantic" in no.value.reason


def test_rule_3_33_without_crete_the_western_allies_lose_a_second_point_per_fleet(board):
    sit = situation()
    sit = SupplySituation(units=sit.units, control={**sit.control, "crete": "Axis"}, fleets=sit.fleets)
    with pytest.raises(Refused) as short:
        decide_determine(DetermineSupply(side="Allied", phase="initial"), board, sit, SupplyState())
    # Med 2 x 2 = 4 (Malta + 3 Egypt, or 4 Egypt); Atlantic 16 = 4 through the Med + Gibraltar 1 + 2 round the
    # Cape (8) = 13, and 3 left cannot carry a third Cape unit: 7 of the 9 can be supplied.
    assert short.value.rule == "EE 3.31" and "Proposal supplying 7" in short.value.reason


def test_rule_3_33_the_sea_supply_plan_shows_routes_capacity_and_proposal(board):
    from assistant.games.europe_engulfed.supply.queries import sea_supply_plan

    plan = sea_supply_plan(board, situation(), "Allied")
    assert not plan.short and len(plan.needs) == 9 and len(plan.proposal) == 9
    egypt = next(n for n in plan.needs if n.unit_id == "egypt0")
    assert {(r.seas, r.cape) for r in egypt.routes} >= {(("mediterranean", "atlantic"), False), (("atlantic",), True)}
