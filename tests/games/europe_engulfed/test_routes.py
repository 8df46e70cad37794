"""A move that names only its destination (or leaves gaps): the assistant finds the route on the board as entered,
records the whole path, and says how it chose; the rules judge the found path as if it had been typed
(EE 5.1, 5.2, 4.7, 5.15a, 5.17, 5.23)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board.format import Board, Border
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import Advance, Move
from assistant.games.europe_engulfed.describe import describe
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, Table

UNITS = [unit("pz", "germany", "armor", "berlin"), unit("inf", "germany", "infantry", "ruhr"),
         unit("sax", "germany", "infantry", "saxony"), unit("kpz", "germany", "armor", "kiev"),
         unit("s_inf1", "ussr", "infantry", "smolensk")]


def board(borders: tuple[tuple[str, str], ...] = (), unknown_terrain: tuple[str, ...] = ()) -> Board:
    """The test board with extra borders, or areas whose terrain the players have not entered yet."""
    areas = {k: msgspec.structs.replace(a, terrain=None) if k in unknown_terrain else a for k, a in BOARD.areas.items()}
    extra = tuple(Border(a=a, b=b) for a, b in borders)
    return msgspec.structs.replace(BOARD, areas=areas, borders=BOARD.borders + extra)


def table(phase: str, b: Board = BOARD, **changes: Any) -> Table:
    sc = mid_war(units=UNITS, **changes)
    t = Table({**game_options(sc, strategic_moves={"germany": 4}), "board": to_dict(b)})
    while t.state.phase != phase:
        t.do(Advance())
    return t


def moved(events: list) -> ev.UnitMoved:
    return next(e for e in events if isinstance(e, ev.UnitMoved))


# ---------------------------------------------------------------- strategic moves (5.2)


def test_a_strategic_move_to_its_destination_records_the_whole_route():
    t = table("strategic_move")
    events = t.do(Move(unit_id="inf", path=("kiev",)))
    e = moved(events)
    assert e.path == ("berlin", "east_prussia", "warsaw", "kiev")
    assert e.mode == "strategic" and e.route == "the only shortest route"
    assert describe(e) == ("German infantry (4 steps) moves strategic from Ruhr to Kiev via Berlin, East Prussia, "
                           "Warsaw (route found by the assistant: the only shortest route).")
    assert t.state.units["inf"].area == "kiev" and t.state.sm_used["germany"] == 1


def test_equal_strategic_routes_take_the_first_by_name_and_say_so():
    t = table("strategic_move", board(borders=(("east_prussia", "silesia"),)))
    e = moved(t.do(Move(unit_id="pz", path=("silesia",))))
    assert e.path == ("east_prussia", "silesia")  # East Prussia before Saxony
    assert e.route == "the first by name of 2 shortest routes"
    assert "via East Prussia (route found by the assistant: the first by name of 2 shortest routes)" in describe(e)


def test_a_path_with_gaps_is_filled_between_the_areas_named():
    t = table("strategic_move")
    e = moved(t.do(Move(unit_id="inf", path=("warsaw", "moscow"))))
    assert e.path == ("berlin", "east_prussia", "warsaw", "kiev", "moscow")
    assert e.route == "the only shortest route; the only shortest route"


def test_a_typed_full_path_is_recorded_as_typed():
    t = table("strategic_move")
    e = moved(t.do(Move(unit_id="inf", path=("berlin", "saxony", "silesia", "warsaw"))))
    assert e.path == ("berlin", "saxony", "silesia", "warsaw") and e.route == ""
    assert describe(e) == "German infantry (4 steps) moves strategic from Ruhr to Warsaw."


def test_no_strategic_move_into_an_enemy_area():
    t = table("strategic_move")
    with pytest.raises(Refused) as refused:
        t.do(Move(unit_id="inf", path=("smolensk",)))
    assert refused.value.rule == "EE 5.21"
    assert "Smolensk" in refused.value.message and "enemy-controlled" in refused.value.message


def test_no_route_names_where_the_way_is_shut_and_the_facts_the_board_lacks():
    t = table("strategic_move")
    with pytest.raises(Refused) as refused:  # Oslo is Axis, but its borders are not on the test board
        t.do(Move(unit_id="inf", path=("oslo",)))
    text = refused.value.message
    assert refused.value.rule == "EE 5.23"
    assert "no chain of friendly uncontested land areas leads from Ruhr to Oslo" in text
    assert "Oslo: its full list of land borders" in text and "Bavaria (enemy-controlled, EE 5.23)" in text
    assert "EE 5.32" in text  # by sea, the seas are named


def test_armor_is_not_routed_through_terrain_the_board_does_not_give():
    """5.15a: armor never enters a swamp; an area of unknown terrain is avoided, not guessed."""
    t = table("strategic_move", board(unknown_terrain=("east_prussia",)))
    e = moved(t.do(Move(unit_id="pz", path=("warsaw",))))
    assert e.path == ("saxony", "silesia", "warsaw")
    t = table("strategic_move", board(unknown_terrain=("east_prussia", "silesia")))
    with pytest.raises(Refused) as refused:
        t.do(Move(unit_id="pz", path=("warsaw",)))
    assert "the terrain of East Prussia (armor never enters swamps, EE 5.15a)" in refused.value.message
    assert "the terrain of Silesia" in refused.value.message
    # the typed path is judged as before: the board says nothing against it
    assert moved(t.do(Move(unit_id="pz", path=("east_prussia", "warsaw")))).route == ""


def test_partisans_shut_an_unoccupied_conquered_resource_area_to_strategic_moves():
    """EE 4.7: Warsaw, taken from Poland and left without an Axis land unit, is neither entered nor crossed."""
    t = table("strategic_move", conquered_by={"warsaw": "germany"})
    with pytest.raises(Refused) as found:
        t.do(Move(unit_id="inf", path=("kiev",)))
    assert found.value.rule == "EE 5.23" and "Warsaw (partisans" in found.value.message
    with pytest.raises(Refused) as typed:
        t.do(Move(unit_id="inf", path=("berlin", "east_prussia", "warsaw", "kiev")))
    assert typed.value.rule == "EE 4.7"


# ---------------------------------------------------------------- operational moves (5.1)


def test_an_armor_move_to_two_areas_away_finds_the_area_between():
    t = table("operational_move")
    e = moved(t.do(Move(unit_id="pz", path=("warsaw",))))
    assert e.path == ("east_prussia", "warsaw") and e.route == "the only route"
    assert "via East Prussia (route found by the assistant: the only route)" in describe(e)


def test_equal_operational_routes_take_the_first_by_name():
    t = table("operational_move", board(borders=(("east_prussia", "silesia"),)))
    e = moved(t.do(Move(unit_id="pz", path=("silesia",))))
    assert e.path == ("east_prussia", "silesia") and e.route == "the first by name of 2 equal routes"


def test_routes_that_differ_under_the_rules_are_asked_for():
    """Through Axis Moscow or through empty Soviet Minsk (taken on the way): the player's choice, not ours."""
    t = table("operational_move", board(borders=(("kiev", "minsk"),)))
    with pytest.raises(Refused) as refused:
        t.do(Move(unit_id="kpz", path=("smolensk",)))
    assert refused.value.rule == "EE 5.12"
    assert "via Minsk (takes Minsk); via Moscow" in refused.value.message
    # the typed path goes through as before
    events = t.do(Move(unit_id="kpz", path=("minsk", "smolensk")))
    assert moved(events).route == "" and any(isinstance(e, ev.ControlChanged) and e.area == "minsk" for e in events)


def test_infantry_moves_one_area():
    t = table("operational_move")
    with pytest.raises(Refused) as refused:
        t.do(Move(unit_id="sax", path=("warsaw",)))
    assert refused.value.rule == "EE 5.11" and "Warsaw is not next to Saxony" in refused.value.message


def test_no_legal_route_names_each_refusal_with_its_rule():
    """The only area between Kiev and Stalingrad is the Pripyat swamp, which armor never enters (5.15a)."""
    t = table("operational_move", board(borders=(("pripyat", "stalingrad"),)))
    with pytest.raises(Refused) as refused:
        t.do(Move(unit_id="kpz", path=("stalingrad",)))
    assert refused.value.rule == "EE 5.15a"
    assert refused.value.message.startswith("no legal route to Stalingrad: via Pripyat Marshes: ")
    with pytest.raises(Refused) as far:
        t.do(Move(unit_id="pz", path=("kiev",)))  # Berlin to Kiev is three areas
    assert far.value.rule == "EE 5.12" and "more than two areas" in far.value.message
