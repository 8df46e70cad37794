"""Where each nationality may operate (EE 9.12, 9.16, 9.17, 9.21, 9.28, 9.33, 9.41) and Vichy France: war on
Vichy (9.525), German occupation (9.527), Lebanon (9.524), the French fleet's escape (9.522)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.format import Board, Border
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import Advance, ChooseFrenchFleetEscape, DeclareWar, Fight, Move
from assistant.games.europe_engulfed.rules.flow import Flow
from assistant.games.europe_engulfed.rules.politics import conquer
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, Table, area
from tests.games.europe_engulfed.test_calendar import run_to

EXTRA = {
    "bucharest": area("Bucharest", "romania", home=True, zone="south"),
    "ankara": area("Ankara", "turkey", zone="south"),
    "helsinki": area("Helsinki", "finland", home=True),
    "lyon": area("Lyon", "france", home=True, zone="south", regions=("vichy_south",)),
    "brittany": area("Brittany", "france", zone="west", ports=("atlantic",), regions=("atlantic_coast",)),
    "adana": area("Adana", "turkey", zone="south"),
}
LINKS = (("kiev", "bucharest"), ("helsinki", "kiev"), ("ploesti", "bucharest"), ("baku", "ankara"),
         ("helsinki", "onega_swamps"), ("paris", "lyon"), ("lyon", "marseille"), ("paris", "brittany"), ("adana", "lebanon"))
OP_BOARD = Board(title="test board with more countries", areas={**BOARD.areas, **EXTRA}, seas=BOARD.seas,
                 borders=BOARD.borders + tuple(Border(a=a, b=b) for a, b in LINKS))


def table(start: str = "1941-09", control: dict | None = None, **changes) -> Table:
    sc = mid_war(start, **changes)
    sc["control"] = {**sc["control"], "bucharest": "Axis", "ankara": "Allied", "helsinki": "Axis",
                     "brittany": "Axis", **(control or {})}
    return Table({**game_options(sc), "board": to_dict(OP_BOARD)})


def refused(t: Table, command) -> str:
    with pytest.raises(Refused) as r:
        t.do(command)
    return r.value.rule


def test_nationality_limits_on_operational_moves():
    t = table(units=[unit("s1", "ussr", "infantry", "baku"), unit("gm", "germany", "militia", "warsaw", max_steps=3),
                     unit("r1", "romania", "infantry", "ploesti", max_steps=3, steps=2),
                     unit("i1", "italy", "infantry", "marseille", max_steps=3),
                     unit("f1", "finland", "infantry", "helsinki", max_steps=3)],
              control={"warsaw": "Axis", "kiev": "Axis"})
    run_to(t, "Axis", "operational_move")
    assert refused(t, Move(unit_id="gm", path=("kiev",))) == "EE 9.12"  # German militia stay out of the USSR
    assert refused(t, Move(unit_id="r1", path=("kiev",))) == "EE 9.16"  # below full strength: stays home
    assert refused(t, Move(unit_id="i1", path=("paris",))) == "EE 9.41"  # Italians: South zone
    assert refused(t, Move(unit_id="f1", path=("kiev",))) == "EE 9.17d"  # Finns before Leningrad falls


def test_the_western_allies_never_operate_in_the_ussr_9_33():
    t = table(units=[unit("b1", "britain", "infantry", "warsaw")], control={"warsaw": "Allied", "minsk": "Allied"})
    run_to(t, "Allied", "operational_move")
    assert refused(t, Move(unit_id="b1", path=("minsk",))) == "EE 9.33"


def test_soviet_units_refused_in_the_south_zone_outside_the_listed_countries():
    t = table(units=[unit("s1", "ussr", "infantry", "kiev")], control={"kiev": "Allied", "ploesti": "Allied"})
    run_to(t, "Allied", "operational_move")
    assert refused(t, Move(unit_id="s1", path=("ploesti",))) == "EE 9.21"


def test_demarcation_line_9_28_one_allied_group_per_axis_area_and_phase():
    """9.28: Soviet and Western Allied units never enter the same Axis-controlled area in one movement phase."""
    t = table(units=[unit("s1", "ussr", "infantry", "minsk"), unit("b1", "britain", "armor", "silesia"),
                     unit("g1", "germany", "infantry", "warsaw")], control={"minsk": "Allied", "silesia": "Allied"})
    run_to(t, "Allied", "operational_move")
    t.do(Move(unit_id="s1", path=("warsaw",)))  # g1 holds Warsaw: now contested
    assert t.state.entered["warsaw"] == "ussr"
    assert refused(t, Move(unit_id="b1", path=("warsaw",))) == "EE 9.28"


def test_romanian_cap_9_17e_before_the_war_with_the_ussr():
    sc_units = [unit(f"g{i}", "germany", "infantry", "bucharest") for i in range(3)] + [
        unit("g3", "germany", "infantry", "kiev")]
    t = table(units=sc_units, control={"kiev": "Axis"})
    t.state = replace(t.state, politics=replace(t.state.politics, ussr_at_war=-1,
                                                wars=tuple(w for w in t.state.politics.wars if w != "germany|ussr")))
    run_to(t, "Axis", "operational_move")
    assert refused(t, Move(unit_id="g3", path=("bucharest",))) == "EE 9.17e"


def test_war_on_vichy_turns_its_areas_axis_and_americans_meet_no_resistance():
    """9.525: the declaration makes every Vichy area Axis-controlled; a Vichy unit attacked by U.S. units alone is
    eliminated without defending."""
    sc = mid_war("1942-07", vichy=True)
    sc["control"] = {k: v for k, v in sc["control"].items() if k != "marseille"}
    sc["units"] = [unit("v1", "vichy", "infantry", "marseille", max_steps=2), unit("u1", "usa", "infantry", "paris")]
    sc["control"]["paris"] = "Allied"
    sc["wars"] = sc["wars"] + [["germany", "usa"]]
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    run_to(t, "Allied", "operational_move")
    out = t.do(DeclareWar(aggressor="usa", target="vichy"))
    assert any(isinstance(e, ev.ControlChanged) and e.area == "marseille" and e.side == "Axis" for e in out)
    assert t.state.politics.vichy_war == t.state.turn
    t.do(Move(unit_id="u1", path=("marseille",)))
    run_to(t, "Allied", "combat")
    fought = t.do(Fight(area="marseille"))
    assert isinstance(fought[0], ev.UnitsEliminated) and fought[0].rule == "EE 9.525"
    assert t.state.control["marseille"] == "Allied" and "v1" not in t.state.units


def test_germany_occupies_vichy_france_9_527():
    """From 1941 a supplied Western Allied land unit on the Atlantic coast lets Germany occupy Vichy: a German unit
    in Marseille removes the Vichy units for good and turns the Vichy areas Axis."""
    sc = mid_war("1942-03", vichy=True)
    sc["control"] = {k: v for k, v in sc["control"].items() if k != "marseille"}
    sc["control"].update(brittany="Allied", lyon="Axis")
    sc["units"] = [unit("v1", "vichy", "infantry", "marseille", max_steps=2), unit("g1", "germany", "armor", "lyon"),
                   unit("b1", "britain", "infantry", "brittany")]
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    run_to(t, "Axis", "operational_move")
    out = t.do(Move(unit_id="g1", path=("marseille",)))
    occupied = next(e for e in out if isinstance(e, ev.VichyOccupied))
    assert occupied.removed == ("v1",) and "marseille" in occupied.areas
    assert t.state.control["marseille"] == "Axis" and "v1" not in t.state.units
    assert t.state.politics.vichy_occupied == t.state.turn


def test_axis_units_may_not_stop_in_vichy_territory_without_an_occupation_right():
    sc = mid_war("1941-03", vichy=True)
    sc["control"] = {k: v for k, v in sc["control"].items() if k != "marseille"}
    sc["control"]["lyon"] = "Axis"
    sc["units"] = [unit("g1", "germany", "armor", "lyon")]
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    run_to(t, "Axis", "operational_move")
    assert refused(t, Move(unit_id="g1", path=("marseille",))) == "EE 9.523"


def test_french_fleet_escape_is_the_allied_choice_9_522():
    sc = mid_war("1940-05", conquered=["poland"], paris_taken=False)
    sc["fleets"] = {"atlantic": {"france": 2, "britain": 3}, "mediterranean": {"france": 1, "italy": 2}}
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    f = Flow(t.state)
    conquer(f, "france", "EE 10.1", "test")
    t.state = f.s
    assert t.state.politics.french_fleet_escape
    assert refused(t, Advance()) == "EE 9.522"
    t.do(ChooseFrenchFleetEscape(sea="mediterranean"))
    assert t.state.fleets["mediterranean"] == {"britain": 1, "italy": 2}
    assert "france" not in t.state.fleets["atlantic"]
    assert refused(t, ChooseFrenchFleetEscape(sea="atlantic")) == "EE 9.522"


def test_german_units_take_vichy_lebanon_from_1942_and_italians_follow_next_turn():
    """9.524: German (not Italian) units may enter Vichy Lebanon from 1942; the Vichy unit goes without a fight,
    Lebanon and Syria turn Axis; Italians may enter from the next turn."""
    sc = mid_war("1942-03", vichy=True)
    sc["control"] = {k: v for k, v in sc["control"].items() if k != "marseille"}
    sc["control"]["adana"] = "Axis"
    sc["units"] = [unit("v3", "vichy", "infantry", "lebanon", max_steps=2), unit("g1", "germany", "armor", "adana"),
                   unit("i1", "italy", "infantry", "adana", max_steps=3)]
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    run_to(t, "Axis", "operational_move")
    assert refused(t, Move(unit_id="i1", path=("lebanon",))) == "EE 9.523"
    out = t.do(Move(unit_id="g1", path=("lebanon",)))
    taken = next(e for e in out if isinstance(e, ev.LebanonOccupied))
    assert taken.removed == ("v3",) and set(taken.areas) == {"lebanon", "syria"}
    assert t.state.control["lebanon"] == "Axis" and t.state.control["syria"] == "Axis"
    assert refused(t, Move(unit_id="i1", path=("lebanon",))) == "EE 9.524"


def test_fortress_stacking_5_5_the_owner_eliminates_the_excess_at_the_end_of_a_phase():
    from assistant.games.europe_engulfed.commands import EliminateExcess

    sc = mid_war(units=[unit(f"b{i}", "britain", "infantry", "alexandria") for i in (1, 2, 3)])
    sc["control"]["gibraltar"] = "Allied"
    t = Table({**game_options(sc), "board": to_dict(OP_BOARD)})
    run_to(t, "Allied", "operational_move")
    # three British units have come into Gibraltar during the phase (over-stacking is allowed until it ends)
    t.state = replace(t.state, units={k: replace(u, area="gibraltar") for k, u in t.state.units.items()})
    assert refused(t, Advance()) == "EE 5.5"
    assert refused(t, EliminateExcess(unit_ids=("b1", "b2", "b3"))) == "EE 5.5"  # only the excess goes
    out = t.do(EliminateExcess(unit_ids=("b1", "b2")))
    assert out[0].rule == "EE 5.5" and [u for u in t.state.units if u.startswith("b")] == ["b3"]
    t.do(Advance())
    assert t.state.phase == "strategic_move"
