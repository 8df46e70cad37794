"""A move that names only its destination (or leaves gaps): the assistant finds the route on the board as entered,
records the whole path, and says how it chose; the rules judge the found path as if it had been typed
(EE 5.1, 5.2, 4.7, 5.15a, 5.17, 5.23; ground support units' air routes 5.13, 5.22; the designated area of a
breakthrough operational move 5.42)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from assistant.decider import Context, Refused, ScriptedDice
from assistant.games.europe_engulfed.board.format import AirRoute, Board, Border
from assistant.games.europe_engulfed.board.loader import to_dict
from assistant.games.europe_engulfed.commands import Advance, BuyBreakthrough, Edit, Move
from assistant.games.europe_engulfed.rules import routes
from assistant.games.europe_engulfed.describe import describe
from assistant.games.europe_engulfed.game import GAME
from assistant.games.europe_engulfed.guidance import guidance
import assistant.games.europe_engulfed.events as ev
from tests.games.europe_engulfed.scenarios import game_options, mid_war, unit
from tests.games.europe_engulfed.table import BOARD, Table

UNITS = [unit("pz", "germany", "armor", "berlin"), unit("inf", "germany", "infantry", "ruhr"),
         unit("sax", "germany", "infantry", "saxony"), unit("kpz", "germany", "armor", "kiev"),
         unit("s_inf1", "ussr", "infantry", "smolensk")]


def board(borders: tuple[tuple[str, str], ...] = (), unknown_terrain: tuple[str, ...] = (),
          air: tuple[tuple[str, str], ...] = ()) -> Board:
    """The test board with extra borders or air routes, or areas whose terrain the players have not entered yet."""
    areas = {k: msgspec.structs.replace(a, terrain=None) if k in unknown_terrain else a for k, a in BOARD.areas.items()}
    extra = tuple(Border(a=a, b=b) for a, b in borders)
    return msgspec.structs.replace(BOARD, areas=areas, borders=BOARD.borders + extra,
                                   air_routes=tuple(AirRoute(a=a, b=b) for a, b in air))


def table(phase: str, b: Board = BOARD, units: list | None = None, **changes: Any) -> Table:
    sc = mid_war(units=UNITS if units is None else units, **changes)
    t = Table({**game_options(sc, strategic_moves={"germany": 4}), "board": to_dict(b)})
    while t.state.phase != phase:
        t.settle_supply()  # the players read the lines the test board cannot decide (Oslo's)
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


def refused(t: Table, command: Move | BuyBreakthrough) -> Refused:
    """The refusal, and proof that it changed nothing."""
    before = t.state
    with pytest.raises(Refused) as refusal:
        t.do(command)
    assert t.state is before
    return refusal.value


def judged(t: Table, command: Move) -> list | Refused:
    """What the rules say of a move, without making it."""
    try:
        return list(GAME.decide(command, t.state, Context(dice=ScriptedDice(()))))
    except Refused as exc:
        return exc


def assert_found_routes_pass_as_typed(t: Table) -> dict[str, list[tuple[str, ...]]]:
    """Every destination the finder accepts for a phasing unit is accepted typed whole, with the same facts: the
    finder never lets through what a typed path would refuse. Returns the routes found, by unit."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for u in [u for u in t.state.units.values() if u.nation == "germany"]:
        for dest in sorted(t.state.board.areas):
            events = judged(t, Move(unit_id=u.id, path=(dest,)))
            if isinstance(events, Refused) or not moved(events).route:
                continue
            found.setdefault(u.id, []).append(moved(events).path)
            typed = judged(t, Move(unit_id=u.id, path=moved(events).path))
            assert not isinstance(typed, Refused), (u.id, dest, moved(events).path, typed)
            assert [msgspec.structs.replace(e, route="") if isinstance(e, ev.UnitMoved) else e for e in events] == typed
    return found


# ---------------------------------------------------------------- ground support units' air routes (5.13, 5.22)

AIR = board(air=(("rome", "libya"), ("berlin", "oslo")))
GSUS = [unit("gsu", "germany", "gsu", "piedmont", max_steps=1), unit("rgsu", "germany", "gsu", "rome", max_steps=1),
        unit("ogsu", "germany", "gsu", "oslo", max_steps=1), unit("pinf", "germany", "infantry", "piedmont"),
        unit("rinf", "germany", "infantry", "rome")]


def test_a_ground_support_unit_flies_the_air_route_at_the_end_of_its_strategic_move():
    """5.22: a GSU's strategic move crosses the sea along an air route between friendly areas, no sea transport."""
    t = table("strategic_move", AIR, units=GSUS)
    e = moved(t.do(Move(unit_id="gsu", path=("libya",))))
    assert e.path == ("rome", "libya") and e.mode == "strategic" and not e.sea
    assert e.route == "the only shortest route, flying the air route from Rome (EE 5.22)"
    assert t.state.units["gsu"].area == "libya"
    # by land, then the flight, into an area whose own borders the board does not give
    e = moved(t.do(Move(unit_id="rgsu", path=("oslo",))))
    assert e.path[-2:] == ("berlin", "oslo") and "flying the air route from Berlin" in e.route


def test_a_typed_flight_is_judged_like_the_found_one():
    t = table("strategic_move", AIR, units=GSUS)
    e = moved(t.do(Move(unit_id="gsu", path=("rome", "libya"))))
    assert e.path == ("rome", "libya") and e.route == ""
    # the flight spends the whole move (Glossary "Air-Routes"): nothing after it
    r = refused(t, Move(unit_id="ogsu", path=("berlin", "saxony")))
    assert r.rule == "EE 5.22" and "the flight from Oslo to Berlin ends the move" in r.message


def test_only_ground_support_units_fly_air_routes():
    t = table("strategic_move", AIR, units=GSUS)
    r = refused(t, Move(unit_id="pinf", path=("libya",)))
    assert r.rule == "EE 5.23"
    assert "no chain of friendly uncontested land areas leads from Piedmont to Libya" in r.message
    r = refused(t, Move(unit_id="pinf", path=("rome", "libya")))  # typed: the way from Rome is the finder's
    assert r.rule == "EE 5.23" and "leads from Rome to Libya" in r.message


def test_no_air_route_for_a_ground_support_unit_names_the_rule_and_the_missing_facts():
    t = table("strategic_move", AIR, units=GSUS)
    r = refused(t, Move(unit_id="ogsu", path=("saxony",)))  # Oslo's land borders unknown, no air route to Saxony
    assert r.rule == "EE 5.22"
    assert r.message.startswith("no chain of friendly uncontested land areas, by land or ending with a flight along "
                                "an air route, leads from Oslo to Saxony")
    assert "Oslo: its full list of land borders" in r.message and "kind “air route”" in r.message
    # an air route into an enemy area: strategic moves end in friendly uncontested areas (5.21, 5.23)
    t = table("strategic_move", board(air=(("rome", "alexandria"),)), units=GSUS)
    assert refused(t, Move(unit_id="gsu", path=("alexandria",))).rule == "EE 5.21"
    assert refused(t, Move(unit_id="rgsu", path=("alexandria",))).rule == "EE 5.23"


def test_an_operational_flight_starts_where_the_phase_began_and_ends_across_the_sea():
    """5.13: from the coastal area where the phase began, across the air route, and no further."""
    t = table("operational_move", AIR, units=GSUS)
    e = moved(t.do(Move(unit_id="rgsu", path=("libya",))))
    assert e.path == ("libya",) and e.mode == "operational"
    r = refused(t, Move(unit_id="gsu", path=("libya",)))
    assert r.rule == "EE 5.12" and "no air route joins them on the board (EE 5.13)" in r.message
    r = refused(t, Move(unit_id="gsu", path=("rome", "libya")))
    assert r.rule == "EE 5.13" and "takes its whole move" in r.message
    assert refused(t, Move(unit_id="rinf", path=("libya",))).rule == "EE 5.11"


def test_found_strategic_and_operational_routes_pass_as_typed():
    found = assert_found_routes_pass_as_typed(table("strategic_move", AIR, units=[*GSUS, *UNITS[:4]]))
    assert ("rome", "libya") in found["gsu"] and ("marseille", "paris", "ruhr", "berlin", "oslo") in found["gsu"]
    assert not any(p[-1] in ("libya", "oslo") for p in found["pinf"] + found["pz"])  # by land only
    found = assert_found_routes_pass_as_typed(table("operational_move", AIR, units=[*GSUS, *UNITS[:4]]))
    assert ("east_prussia", "warsaw") in found["pz"]


# ---------------------------------------------------------------- the designated area (5.42)

BREAKTHROUGH = [unit("pz1", "germany", "armor", "silesia"), unit("pz2", "germany", "armor", "silesia"),
                unit("kpz", "germany", "armor", "kiev"), unit("wpz", "germany", "armor", "warsaw"),
                unit("far", "germany", "infantry", "silesia"), unit("egsu", "germany", "gsu", "east_prussia",
                                                                        max_steps=1),
                unit("s1", "ussr", "infantry", "minsk")]


def breakthrough() -> Table:
    """Germany buys a breakthrough operational move into Minsk; Warsaw, left empty, rose against it after the Axis
    initial supply (the Bordeaux of the 5.43 example)."""
    t = table("breakthrough", units=BREAKTHROUGH)
    t.do(Edit(reason="a Polish rising, for this example", control={"warsaw": "Allied"}))
    t.do(BuyBreakthrough(kind="operational", nations=("germany",), area="minsk"))
    return t


def test_a_breakthrough_operational_move_designates_a_friendly_or_enemy_area():
    t = table("breakthrough", units=BREAKTHROUGH)
    held = t.state.special_actions["germany"]
    r = refused(t, BuyBreakthrough(kind="operational", nations=("germany",)))
    assert r.rule == "EE 5.42" and "name the area" in r.message
    r = refused(t, BuyBreakthrough(kind="operational", nations=("germany",), area="stockholm"))
    assert r.rule == "EE 5.42" and "Stockholm is neutral" in r.message
    assert refused(t, BuyBreakthrough(kind="operational", nations=("germany",), area="atlantis")).rule == "EE 5.42"
    assert t.state.special_actions["germany"] == held
    t.do(BuyBreakthrough(kind="operational", nations=("germany",), area="minsk"))
    assert t.state.breakthrough_area == "minsk" and "Axis breakthrough (operational into Minsk)" in guidance(t.state)
    t.do(Advance())  # back to the breakthrough menu: the designation was for that phase only
    assert t.state.step == "" and t.state.breakthrough_area == ""


def test_units_move_into_the_designated_area_not_elsewhere():
    t = breakthrough()
    r = refused(t, Move(unit_id="far", path=("warsaw",)))  # one area, as in any operational move, but not Minsk
    assert r.rule == "EE 5.42" and "goes into Minsk, the area designated" in r.message
    r = refused(t, Move(unit_id="wpz", path=("minsk", "smolensk")))  # into it and through it
    assert r.rule == "EE 5.42"
    r = refused(t, Move(unit_id="wpz", path=("east_prussia",)))  # next to Minsk: into it or nowhere
    assert r.rule == "EE 5.42" and "German armor (4/4 steps) in Warsaw is next to Minsk" in r.message
    assert moved(t.do(Move(unit_id="wpz", path=("minsk",)))).path == ("minsk",)


def test_the_finder_takes_the_way_into_the_designated_area_only():
    t = breakthrough()
    r = refused(t, Move(unit_id="kpz", path=("silesia",)))  # Kiev to Silesia by Warsaw: two areas, not Minsk
    assert r.rule == "EE 5.42" and "moves one area only, not to Silesia" in r.message
    events = t.do(Move(unit_id="pz1", path=("minsk",)))  # found by Warsaw, freed on the way
    assert moved(events).path == ("warsaw", "minsk") and moved(events).route == "the only route"
    assert any(isinstance(e, ev.ControlChanged) and e.area == "warsaw" for e in events)


def test_fast_units_two_areas_away_may_stop_next_to_the_designated_area():
    """5.42: armor, cavalry and GSUs two areas away move one area into a friendly uncontested area next to it,
    even one another unit has just freed (the second armor stopping in Bordeaux, 5.43 example)."""
    t = breakthrough()
    r = refused(t, Move(unit_id="pz2", path=("warsaw",)))
    assert r.rule == "EE 5.42" and "Warsaw is not friendly and uncontested" in r.message
    t.do(Move(unit_id="pz1", path=("warsaw", "minsk")))
    assert moved(t.do(Move(unit_id="pz2", path=("warsaw",)))).path == ("warsaw",)
    assert moved(t.do(Move(unit_id="egsu", path=("warsaw",)))).path == ("warsaw",)
    r = refused(t, Move(unit_id="far", path=("warsaw",)))  # infantry never stop short
    assert r.rule == "EE 5.42"


def test_found_breakthrough_routes_pass_as_typed():
    t = breakthrough()
    t.do(Move(unit_id="pz1", path=("warsaw", "minsk")))
    found = assert_found_routes_pass_as_typed(t)
    assert found == {"pz2": [("warsaw", "minsk")], "kpz": [("warsaw", "minsk")], "egsu": [("warsaw", "minsk")]}


def test_the_table_offers_the_areas_a_breakthrough_may_designate_nearest_first():
    from tests.games.europe_engulfed.test_play_at_the_table import offered

    t = table("breakthrough", units=BREAKTHROUGH)
    choices = offered(t.state, BuyBreakthrough)
    assert choices is not None and choices["kind"] == ("operational", "strategic", "combat")
    areas = choices["area"]
    assert "stockholm" not in areas  # neutral: never designated (5.42)
    assert all(t.state.control.get(a) in ("Axis", "Allied") for a in areas)
    held = {u.area for u in t.state.units.values() if u.nation == "germany"}
    assert "minsk" in areas and "east_prussia" in areas
    near = [a for a in areas if a in held or any(routes.adjacent(t.state, h, a) for h in held)]
    assert list(areas[:len(near)]) == near and len(near) < len(areas)  # where the units are, or next to them, first
    t.do(BuyBreakthrough(kind="operational", nations=("germany",), area=areas[0]))
    assert t.state.breakthrough_area == areas[0]
