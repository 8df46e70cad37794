"""Initial and Final Supply (EE 1.21, 3.4–3.6, 7.9, 4.2/8.3), players' verdicts, and the supply read model."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.supply.commands import DetermineSupply, LimitedSupplyOrder, RecordSupplyVerdict
from assistant.games.europe_engulfed.supply.moves import decide_determine, decide_verdict
from assistant.games.europe_engulfed.supply.queries import facts_needed, resource_area_report, supply_sources, unsupplied_fleets
from assistant.games.europe_engulfed.supply.situation import FleetPoints, SupplySituation
from assistant.games.europe_engulfed.supply.state import SupplyState, evolve_supply_state
from assistant.games.europe_engulfed.events.supply import (
    FleetPointsEliminatedUnsupplied,
    LimitedSupplyApplied,
    SupplyDetermined,
    SupplyRestored,
    UnitsEliminatedOutOfSupply,
    UnitsMarkedOutOfSupply,
)
from projections.base import Recorded
from assistant.games.europe_engulfed.read_models.supply import SUPPLY
from tests.games.europe_engulfed.test_supply import CORRIDOR, GERMANY, axis_control, board, unit

INITIAL = DetermineSupply(side="Axis", phase="initial")
FINAL = DetermineSupply(side="Axis", phase="final")


def by_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def test_initial_supply_marks_the_units_that_cannot_trace():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"), unit("b", "warsaw")), control=axis_control(minsk="Allied"))
    events = decide_determine(INITIAL, b, sit, SupplyState())
    assert by_type(events, UnitsMarkedOutOfSupply)[0].unit_ids == ("a",)
    reasons = {r.unit_id: (r.status, r.rule) for r in by_type(events, SupplyDetermined)[0].results}
    assert reasons == {"a": ("out_of_supply", "EE 3.1"), "b": ("supplied", "EE 3.1")}


def test_final_supply_eliminates_units_without_even_limited_supply():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk", oos=True), unit("b", "warsaw", oos=True)),
                          control=axis_control(minsk="Allied"))  # fmt: skip
    events = decide_determine(FINAL, b, sit, SupplyState())
    assert by_type(events, UnitsEliminatedOutOfSupply)[0].unit_ids == ("a",)
    assert by_type(events, SupplyRestored)[0].unit_ids == ("b",)


def test_a_moved_out_of_supply_unit_must_also_occupy_a_friendly_area():
    b = board(GERMANY, CORRIDOR)
    control = axis_control(smolensk="Allied")
    moved = SupplySituation(units=(unit("a", "smolensk", oos=True, moved=True),), control=control, contested=("smolensk",))
    events = decide_determine(FINAL, b, moved, SupplyState())
    assert by_type(events, UnitsEliminatedOutOfSupply)[0].unit_ids == ("a",)
    assert by_type(events, SupplyDetermined)[0].results[0].rule == "EE 3.6"
    stayed = SupplySituation(units=(unit("a", "smolensk", oos=True),), control=control, contested=("smolensk",))
    assert by_type(decide_determine(FINAL, b, stayed, SupplyState()), SupplyRestored)[0].unit_ids == ("a",)
    # A unit that was supplied at the start of the turn may end anywhere that traces (3.5 is about OOS units).
    fresh = SupplySituation(units=(unit("a", "smolensk", moved=True),), control=control, contested=("smolensk",))
    assert not by_type(decide_determine(FINAL, b, fresh, SupplyState()), UnitsEliminatedOutOfSupply)


def test_units_in_a_friendly_fortress_get_limited_supply_automatically():
    areas = {**GERMANY, "tobruk": {"kind": "fortress", "container": "smolensk"}}
    b = board(areas, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "tobruk", steps=3), unit("g", "tobruk", gsu=True), unit("c", "tobruk", steps=1)),
                          control=axis_control(minsk="Allied", tobruk="Axis"))  # fmt: skip
    events = decide_determine(FINAL, b, sit, SupplyState())
    (ls,) = by_type(events, LimitedSupplyApplied)
    assert ls.cause == "fortress" and [(c.unit_id, c.to_steps) for c in ls.reduced] == [("a", 2)]
    assert ls.eliminated == ("g", "c")  # GSUs and cadres are eliminated (EE 7.9)
    assert not by_type(events, UnitsEliminatedOutOfSupply)


def test_a_special_action_gives_limited_supply_to_every_unit_of_one_area():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk", steps=4), unit("b", "smolensk", steps=2)),
                          control=axis_control(minsk="Allied"))  # fmt: skip
    order = DetermineSupply(side="Axis", phase="final", limited_supply=(LimitedSupplyOrder(area="smolensk", nation="germany"),))
    (ls,) = by_type(decide_determine(order, b, sit, SupplyState()), LimitedSupplyApplied)
    assert ls.cause == "special_action" and ls.nation == "germany"
    assert [(c.unit_id, c.from_steps, c.to_steps) for c in ls.reduced] == [("a", 4, 3), ("b", 2, 1)]


def test_limited_supply_refusals_cite_rule_7_9():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "warsaw"),), control=axis_control())
    wasted = DetermineSupply(side="Axis", phase="final", limited_supply=(LimitedSupplyOrder(area="warsaw", nation="germany"),))
    with pytest.raises(Refused) as no:
        decide_determine(wasted, b, sit, SupplyState())
    assert no.value.rule == "EE 7.9"
    early = DetermineSupply(side="Axis", phase="initial", limited_supply=(LimitedSupplyOrder(area="warsaw", nation="germany"),))
    with pytest.raises(Refused) as no:
        decide_determine(early, b, sit, SupplyState())
    assert no.value.rule == "EE 7.9"


def test_fleets_without_a_supplied_friendly_port_are_eliminated_at_final_supply():
    areas = {**GERMANY, "smolensk": {"ports": ("black_sea",)}, "berlin": {**GERMANY["berlin"], "ports": ("baltic",)}}
    b = board(areas, CORRIDOR)
    fleets = (FleetPoints(sea="baltic", nation="germany", count=2), FleetPoints(sea="black_sea", nation="germany", count=1))
    cut = SupplySituation(control=axis_control(minsk="Allied"), fleets=fleets)
    events = decide_determine(FINAL, b, cut, SupplyState())
    assert [(e.sea, e.count) for e in by_type(events, FleetPointsEliminatedUnsupplied)] == [("black_sea", 1)]
    assert unsupplied_fleets(b, SupplySituation(control=axis_control(), fleets=fleets), "Axis") == ()


def test_undetermined_lines_name_the_missing_facts_and_players_record_the_verdict():
    areas = {**GERMANY, "smolensk": {"borders_complete": False}}
    b = board(areas, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"),), control=axis_control(minsk="Allied"))
    with pytest.raises(Refused) as no:
        decide_determine(INITIAL, b, sit, SupplyState())
    assert no.value.rule == "EE 3.1" and "smolensk: its full list of land borders unknown" in no.value.reason
    assert "smolensk: its full list of land borders unknown (needed by EE 3.1)" in facts_needed(b, sit, "Axis")["a"]
    recorded = decide_verdict(RecordSupplyVerdict(side="Axis", unit_ids=("a",), supplied=True,
                                                  reason="our map joins Smolensk to Vitebsk"), b, sit)  # fmt: skip
    assert recorded[0].gaps and recorded[0].gaps[0].subject == "smolensk"
    state = evolve_supply_state(SupplyState(), recorded[0])
    (det,) = decide_determine(INITIAL, b, sit, state)
    assert det.results[0].via == "verdict" and det.results[0].status == "supplied"


def test_a_verdict_is_refused_where_the_board_decides():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"),), control=axis_control())
    with pytest.raises(Refused) as no:
        decide_verdict(RecordSupplyVerdict(side="Axis", unit_ids=("a",), supplied=False, reason="x"), b, sit)
    assert no.value.rule == "EE 3.1" and "supplied" in no.value.reason


def test_vichy_land_units_are_always_supplied_and_the_axis_traces_through_vichy():
    areas = {**GERMANY, "lyon": {}, "marseille": {}}
    b = board(areas, [*CORRIDOR, ("berlin", "lyon"), ("lyon", "marseille")])
    control = axis_control(lyon="vichy", marseille="Axis")
    sit = SupplySituation(units=(unit("v", "lyon", "vichy"), unit("g", "marseille")), control=control)
    results = {r.unit_id: r for r in by_type(decide_determine(INITIAL, b, sit, SupplyState()), SupplyDetermined)[0].results}
    assert results["v"].rule == "EE 9.522" and results["g"].status == "supplied"


def test_partisans_block_an_unoccupied_conquered_resource_area():
    areas = {**GERMANY, "minsk": {"resource": True, "nation": "ussr", "home": True}}
    b = board(areas, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"),), control=axis_control(), conquered_by={"minsk": "germany"})
    assert by_type(decide_determine(INITIAL, b, sit, SupplyState()), UnitsMarkedOutOfSupply)
    held = SupplySituation(units=(unit("a", "smolensk"), unit("b", "minsk")), control=axis_control(),
                           conquered_by={"minsk": "germany"})  # fmt: skip
    assert not by_type(decide_determine(INITIAL, b, held, SupplyState()), UnitsMarkedOutOfSupply)
    gsu_only = SupplySituation(units=(unit("a", "smolensk"), unit("g", "minsk", gsu=True)), control=axis_control(),
                               conquered_by={"minsk": "germany"})  # fmt: skip
    assert by_type(decide_determine(INITIAL, b, gsu_only, SupplyState()), UnitsMarkedOutOfSupply)[0].unit_ids == ("a",)


def test_german_units_trace_through_unoccupied_italian_resource_areas():
    areas = {**GERMANY, "minsk": {"resource": True, "nation": "italy", "home": True}}
    b = board(areas, CORRIDOR)
    control = axis_control()
    taken = {"minsk": "germany"}
    sit = SupplySituation(units=(unit("de", "smolensk"), unit("it", "smolensk", "italy")), control=control, conquered_by=taken)
    (det, *_rest) = decide_determine(INITIAL, b, sit, SupplyState())
    assert {r.unit_id: r.status for r in det.results} == {"de": "supplied", "it": "out_of_supply"}


def test_alexandria_unoccupied_lets_british_and_us_units_through_only():
    """EE 4.7: a British land unit must occupy Alexandria; unoccupied, only British and U.S. lines cross it."""
    areas = {"london": {"nation": "britain", "home": True, "resource": True},
             "kent": {"nation": "britain", "home": True}, "warsaw": {"nation": "poland", "home": True},
             "alexandria": {"resource": True}, "front": {}}  # fmt: skip
    b = board(areas, [("london", "kent"), ("kent", "alexandria"), ("warsaw", "kent"), ("alexandria", "front")])
    units = (unit("gb", "front", "britain", "Allied"), unit("us", "front", "usa", "Allied"), unit("pl", "front", "poland", "Allied"))
    sit = SupplySituation(units=units, control={a: "Allied" for a in areas})
    (det, *_r) = decide_determine(DetermineSupply(side="Allied", phase="initial"), b, sit, SupplyState())
    assert {r.unit_id: r.status for r in det.results} == {"gb": "supplied", "us": "supplied", "pl": "out_of_supply"}


def test_resource_area_report_and_sources_for_production():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(), control=axis_control())
    assert set(supply_sources(b, sit, "germany", "Axis")) == {"berlin", "saxony"}
    (berlin,) = resource_area_report(b, sit, "germany", "Axis")
    assert berlin.area == "berlin" and berlin.supplied and berlin.home


def test_the_read_model_folds_status_per_unit_and_area_with_reasons():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"), unit("b", "warsaw")), control=axis_control(minsk="Allied"))
    view = SUPPLY.initial({})
    for seq, e in enumerate(decide_determine(INITIAL, b, sit, SupplyState()), start=2):
        view = SUPPLY.apply(view, Recorded(seq=seq, event=e, recorded_at="", actor="", command_id=""))
    assert view.marked == ("a",) and view.units["a"].status == "out_of_supply"
    assert view.areas["Axis"]["smolensk"].counts == {"out_of_supply": 1}
    assert "no line" in view.areas["Axis"]["smolensk"].reasons[0]
    final = SupplySituation(units=(unit("a", "smolensk", oos=True), unit("b", "warsaw")), control=axis_control(minsk="Allied"))
    for seq, e in enumerate(decide_determine(FINAL, b, final, SupplyState()), start=10):
        view = SUPPLY.apply(view, Recorded(seq=seq, event=e, recorded_at="", actor="", command_id=""))
    assert view.eliminated == ("a",) and view.marked == () and view.phase["Axis"] == "final"


def test_every_supply_event_has_a_sentence():
    from assistant.games.europe_engulfed.supply.describe import SENTENCES
    from assistant.games.europe_engulfed.events.supply import SUPPLY_EVENTS

    assert set(SENTENCES) == set(SUPPLY_EVENTS)
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"), unit("b", "warsaw")), control=axis_control(minsk="Allied"))
    sentences = [SENTENCES[type(e)](e) for e in decide_determine(INITIAL, b, sit, SupplyState())]
    assert sentences == ["Axis initial supply (EE 3.0): 1 out of supply, 1 supplied.", "Out of supply (EE 1.21): 1 unit."]


def test_leningrad_counts_for_soviet_production_only_with_ladoga_friendly_and_supplied():
    areas = {"leningrad": {"nation": "ussr", "home": True, "resource": True},
             "ladoga_swamps": {"nation": "ussr", "home": True}, "moscow": {"nation": "ussr", "home": True, "resource": True},
             "tver": {"nation": "ussr", "home": True}}  # fmt: skip
    b = board(areas, [("leningrad", "ladoga_swamps"), ("ladoga_swamps", "tver"), ("tver", "moscow")])
    control = {a: "Allied" for a in areas}
    report = {r.area: r for r in resource_area_report(b, SupplySituation(control=control), "ussr", "Allied")}
    assert report["leningrad"].supplied and "EE 4.12" in report["leningrad"].reason
    cut = {**control, "tver": "Axis"}
    report = {r.area: r for r in resource_area_report(b, SupplySituation(control=cut), "ussr", "Allied")}
    assert not report["leningrad"].supplied and report["moscow"].supplied is False
