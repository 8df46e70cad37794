"""Supply (EE 3.0) on small hand-made boards: one test per rule of the digest's §5 and the French rule 3.0."""

from __future__ import annotations

import pytest

from assistant.games.europe_engulfed.board.format import AirRoute, Board, Border, CapeRoute, LandArea, SeaArea
from assistant.games.europe_engulfed.supply.determine import determine
from assistant.games.europe_engulfed.supply.situation import Beachhead, FleetPoints, SupplySituation, UnitPosition
from assistant.games.europe_engulfed.events.supply import SeaChoice

SEAS = ("atlantic", "mediterranean", "baltic", "black_sea", "red_sea", "persian_gulf")


def board(areas: dict[str, dict], borders=(), cape: bool = False) -> Board:
    """Every area has all its borders listed and known facts unless a test says otherwise."""
    full = {}
    for i, facts in areas.items():
        facts = {"name": i, "resource": False, "ports": (), "borders_complete": True, **facts}
        full[i] = LandArea(**facts)
    route = (
        CapeRoute(ports=("upper_egypt", "persia"), ocean="atlantic", cost=4, suez_sea="mediterranean",
                  suez_needs=("alexandria", "sinai_desert"))
        if cape else None
    )  # fmt: skip
    edges = tuple(Border(a=e[0], b=e[1], kind=e[2] if len(e) > 2 else "land", strait=e[3] if len(e) > 3 else "")
                  for e in borders)  # fmt: skip
    return Board(title="test", areas=full, seas={s: SeaArea(name=s) for s in SEAS}, borders=edges, cape_route=route)


def unit(uid: str, area: str, nation: str = "germany", side: str = "Axis", **kw) -> UnitPosition:
    return UnitPosition(id=uid, nation=nation, side=side, area=area, **kw)


def status(b: Board, sit: SupplySituation, side: str = "Axis", phase: str = "initial", **kw) -> dict[str, str]:
    det = determine(b, sit, side, phase, **kw)
    assert not det.undetermined, det.undetermined
    return {r.unit_id: r.status for r in det.results}


# A German heartland: two home areas (one a resource area) then a corridor east.
GERMANY = {
    "berlin": {"nation": "germany", "home": True, "resource": True},
    "saxony": {"nation": "germany", "home": True},
    "warsaw": {},
    "minsk": {},
    "smolensk": {},
}
CORRIDOR = [("berlin", "saxony"), ("saxony", "warsaw"), ("warsaw", "minsk"), ("minsk", "smolensk")]


def axis_control(**over: str) -> dict[str, str]:
    return {"berlin": "Axis", "saxony": "Axis", "warsaw": "Axis", "minsk": "Axis", "smolensk": "Axis", **over}


# ---------------------------------------------------------------- 3.1 land lines


def test_a_line_of_friendly_areas_reaches_a_home_area_source():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control())
    det = determine(b, sit, "Axis", "initial")
    assert det.results[0].status == "supplied" and det.results[0].via == "land"
    assert det.results[0].rule == "EE 3.1"


def test_an_enemy_controlled_area_cuts_the_line():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control(minsk="Allied"))
    assert status(b, sit) == {"pz": "out_of_supply"}


def test_a_neutral_area_cuts_the_line():
    b = board(GERMANY, CORRIDOR)
    control = axis_control()
    del control["minsk"]  # absent = neutral
    assert status(b, SupplySituation(units=(unit("pz", "smolensk"),), control=control)) == {"pz": "out_of_supply"}


def test_a_line_may_enter_and_cross_a_friendly_contested_area():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control(), contested=("minsk", "smolensk"))
    assert status(b, sit) == {"pz": "supplied"}


def test_a_line_may_leave_an_enemy_contested_area_but_never_cross_one():
    b = board(GERMANY, CORRIDOR)
    leaving = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control(smolensk="Allied"),
                              contested=("smolensk",))  # fmt: skip
    assert status(b, leaving) == {"pz": "supplied"}
    crossing = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control(minsk="Allied"),
                               contested=("minsk",))  # fmt: skip
    assert status(b, crossing) == {"pz": "out_of_supply"}


def test_an_enemy_area_that_is_not_contested_is_no_start():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("pz", "smolensk"),), control=axis_control(smolensk="Allied"))
    assert status(b, sit) == {"pz": "out_of_supply"}


def test_straits_carry_supply_and_air_routes_do_not():
    areas = {**GERMANY, "island": {}}
    strait = board(areas, [*CORRIDOR, ("smolensk", "island", "strait", "Kerch")])
    control = axis_control(island="Axis")
    assert status(strait, SupplySituation(units=(unit("i", "island"),), control=control)) == {"i": "supplied"}
    air = board(areas, CORRIDOR)
    air = Board(title="t", areas=air.areas, seas=air.seas, borders=air.borders,
                air_routes=(AirRoute(a="smolensk", b="island"),))
    assert status(air, SupplySituation(units=(unit("i", "island"),), control=control)) == {"i": "out_of_supply"}


def test_enemy_control_of_leningrad_cuts_novgorod_karelia():
    areas = {"moscow": {"nation": "ussr", "home": True, "resource": True}, "tver": {"nation": "ussr", "home": True},
             "novgorod": {}, "karelia": {}, "leningrad": {"kind": "fortress", "container": "novgorod"}}  # fmt: skip
    b = board(areas, [("moscow", "tver"), ("tver", "novgorod"), ("novgorod", "karelia")])
    control = {"moscow": "Allied", "tver": "Allied", "novgorod": "Allied", "karelia": "Allied", "leningrad": "Allied"}
    u = (unit("r", "karelia", "ussr", "Allied"),)
    assert status(b, SupplySituation(units=u, control=control), "Allied") == {"r": "supplied"}
    cut = {**control, "leningrad": "Axis"}
    assert status(b, SupplySituation(units=u, control=cut), "Allied") == {"r": "out_of_supply"}


# ---------------------------------------------------------------- 3.2 sources


def test_a_major_power_home_area_needs_a_second_line_to_another_home_or_resource_area():
    areas = {"berlin": {"nation": "germany", "home": True}, "pocket": {}}
    b = board(areas, [("berlin", "pocket")])
    sit = SupplySituation(units=(unit("a", "pocket"),), control={"berlin": "Axis", "pocket": "Axis"})
    assert status(b, sit) == {"a": "out_of_supply"}
    with_ra = board({**areas, "silesia": {"resource": True}}, [("berlin", "pocket"), ("berlin", "silesia")])
    sit2 = SupplySituation(units=(unit("a", "pocket"),), control={"berlin": "Axis", "pocket": "Axis", "silesia": "Axis"})
    assert status(with_ra, sit2) == {"a": "supplied"}


def test_a_home_area_that_is_itself_a_resource_area_does_not_count_as_its_own_second_line():
    b = board({"berlin": {"nation": "germany", "home": True, "resource": True}, "pocket": {}}, [("berlin", "pocket")])
    sit = SupplySituation(units=(unit("a", "pocket"),), control={"berlin": "Axis", "pocket": "Axis"})
    assert status(b, sit) == {"a": "out_of_supply"}


def test_a_contested_friendly_home_area_still_generates_supply():
    b = board(GERMANY, CORRIDOR)
    sit = SupplySituation(units=(unit("a", "smolensk"),), control=axis_control(), contested=("berlin", "saxony"))
    assert status(b, sit) == {"a": "supplied"}


def test_a_minor_power_home_area_is_self_sufficient():
    b = board({"bucharest": {"nation": "romania", "home": True}, "front": {}}, [("bucharest", "front")])
    sit = SupplySituation(units=(unit("ro", "front", "romania"),), control={"bucharest": "Axis", "front": "Axis"})
    assert status(b, sit) == {"ro": "supplied"}


def test_a_unit_traces_to_its_own_power_not_an_ally():
    b = board({"bucharest": {"nation": "romania", "home": True}, "front": {}}, [("bucharest", "front")])
    sit = SupplySituation(units=(unit("de", "front", "germany"),), control={"bucharest": "Axis", "front": "Axis"})
    assert status(b, sit) == {"de": "out_of_supply"}


@pytest.mark.parametrize("source", ["usa_box", "ural_mountains", "baku"])
def test_the_usa_box_the_urals_and_baku_need_no_second_line(source):
    nation = "usa" if source == "usa_box" else "ussr"
    b = board({source: {"nation": nation, "home": True}})
    sit = SupplySituation(units=(unit("u", source, nation, "Allied"),), control={source: "Allied"})
    assert status(b, sit, "Allied") == {"u": "supplied"}


LENINGRAD = {
    "leningrad": {"nation": "ussr", "home": True, "resource": True},
    "ladoga_swamps": {"nation": "ussr", "home": True},
    "vologda": {},
    "moscow": {"nation": "ussr", "home": True, "resource": True},
    "tver": {"nation": "ussr", "home": True},
}


def test_leningrad_is_a_source_when_the_soviets_hold_ladoga_and_ladoga_is_supplied():
    b = board(LENINGRAD, [("leningrad", "ladoga_swamps"), ("ladoga_swamps", "vologda"), ("vologda", "moscow"),
                          ("moscow", "tver")])  # fmt: skip
    control = {a: "Allied" for a in LENINGRAD}
    u = (unit("r", "leningrad", "ussr", "Allied"),)
    assert status(b, SupplySituation(units=u, control=control), "Allied") == {"r": "supplied"}


def test_leningrad_and_ladoga_do_not_support_each_other():
    b = board(LENINGRAD, [("leningrad", "ladoga_swamps")])  # cut off from Moscow
    control = {a: "Allied" for a in LENINGRAD}
    u = (unit("r", "leningrad", "ussr", "Allied"), unit("s", "ladoga_swamps", "ussr", "Allied"))
    assert status(b, SupplySituation(units=u, control=control), "Allied") == {"r": "out_of_supply", "s": "out_of_supply"}


def test_us_units_use_british_home_areas():
    areas = {"london": {"nation": "britain", "home": True, "resource": True},
             "kent": {"nation": "britain", "home": True}}  # fmt: skip
    b = board(areas, [("london", "kent")])
    u = (unit("us", "kent", "usa", "Allied"), unit("ff", "kent", "free_french", "Allied"), unit("fr", "kent", "france", "Allied"))
    got = status(b, SupplySituation(units=u, control={"london": "Allied", "kent": "Allied"}), "Allied")
    assert got == {"us": "supplied", "ff": "supplied", "fr": "out_of_supply"}


# ---------------------------------------------------------------- 3.3 sea lines

ISLANDS = {
    "berlin": {"nation": "germany", "home": True, "resource": True, "ports": ("baltic",)},
    "saxony": {"nation": "germany", "home": True},
    "gotland": {"ports": ("baltic",)},
}


def test_one_sea_area_between_two_friendly_ports_within_fleet_capacity():
    b = board(ISLANDS, [("berlin", "saxony")])
    control = {"berlin": "Axis", "saxony": "Axis", "gotland": "Axis"}
    three = tuple(unit(f"u{i}", "gotland") for i in range(3))
    sit = SupplySituation(units=three, control=control, fleets=(FleetPoints(sea="baltic", nation="germany", count=1),))
    det = determine(b, sit, "Axis", "initial")
    assert {r.status for r in det.results} == {"supplied"} and det.results[0].via == "sea"
    assert det.capacity[0].capacity == 3 and det.capacity[0].used == 3  # 3 per Axis fleet point (EE 3.31)
    four = SupplySituation(units=(*three, unit("u3", "gotland")), control=control, fleets=sit.fleets)
    short = determine(b, four, "Axis", "initial")
    assert short.capacity_short and len(short.proposal) == 3


def test_no_fleet_no_sea_line():
    b = board(ISLANDS, [("berlin", "saxony")])
    sit = SupplySituation(units=(unit("u", "gotland"),), control={"berlin": "Axis", "saxony": "Axis", "gotland": "Axis"})
    assert status(b, sit) == {"u": "out_of_supply"}


def test_soviet_units_may_not_use_western_fleet_points():
    areas = {"moscow": {"nation": "ussr", "home": True, "resource": True, "ports": ("black_sea",)},
             "tver": {"nation": "ussr", "home": True}, "crimea": {"ports": ("black_sea",)}}  # fmt: skip
    b = board(areas, [("moscow", "tver")])
    control = {a: "Allied" for a in areas}
    u = (unit("r", "crimea", "ussr", "Allied"),)
    western = SupplySituation(units=u, control=control, fleets=(FleetPoints(sea="black_sea", nation="britain", count=3),))
    assert status(b, western, "Allied") == {"r": "out_of_supply"}
    soviet = SupplySituation(units=u, control=control, fleets=(FleetPoints(sea="black_sea", nation="ussr", count=1),))
    assert status(b, soviet, "Allied") == {"r": "supplied"}


def test_leningrad_is_no_destination_port_while_novgorod_is_enemy_controlled():
    areas = {"leningrad": {"nation": "ussr", "home": True, "resource": True, "ports": ("baltic",)},
             "ladoga_swamps": {"nation": "ussr", "home": True}, "tallinn": {"ports": ("baltic",)},
             "moscow": {"nation": "ussr", "home": True, "resource": True}, "novgorod": {}}  # fmt: skip
    b = board(areas, [("leningrad", "ladoga_swamps"), ("ladoga_swamps", "moscow"), ("moscow", "novgorod")])
    control = {a: "Allied" for a in areas}
    u = (unit("r", "tallinn", "ussr", "Allied"),)
    fleets = (FleetPoints(sea="baltic", nation="ussr", count=1),)
    assert status(b, SupplySituation(units=u, control=control, fleets=fleets), "Allied") == {"r": "supplied"}
    lost = {**control, "novgorod": "Axis"}
    assert status(b, SupplySituation(units=u, control=lost, fleets=fleets), "Allied") == {"r": "out_of_supply"}


WEST = {
    "london": {"nation": "britain", "home": True, "resource": True, "ports": ("atlantic",)},
    "kent": {"nation": "britain", "home": True},
    "gibraltar": {"kind": "fortress", "standalone": True, "ports": ("atlantic", "mediterranean")},
    "alexandria": {"resource": True, "ports": ("mediterranean",)},
    "sinai_desert": {},
    "upper_egypt": {"ports": ("red_sea",)},
    "malta": {"kind": "fortress", "standalone": True, "ports": ("mediterranean",)},
    "sicily": {}, "sardinia": {}, "crete": {}, "libya": {"ports": ("mediterranean",)},
}  # fmt: skip
WEST_BORDERS = [("london", "kent"), ("alexandria", "sinai_desert"), ("alexandria", "upper_egypt"),
                ("alexandria", "libya")]  # fmt: skip


def west_control(**over: str) -> dict[str, str]:
    base = {a: "Allied" for a in WEST}
    base.update(sicily="Axis", sardinia="Axis", crete="Allied", libya="Axis")
    return {**base, **over}


def test_several_sea_areas_only_where_fleet_points_could_transfer():
    b = board(WEST, WEST_BORDERS, cape=True)
    fleets = (FleetPoints(sea="mediterranean", nation="britain", count=1), FleetPoints(sea="atlantic", nation="britain", count=1))
    u = (unit("m", "malta", "britain", "Allied"),)
    held = determine(b, SupplySituation(units=u, control=west_control(), fleets=fleets), "Allied", "initial")
    assert held.results[0].route.seas == ("mediterranean", "atlantic")
    # Gibraltar Axis and Alexandria or Sinai lost: no transfer (EE 8.31), so no Mediterranean + Atlantic line.
    lost = west_control(gibraltar="Axis", sinai_desert="Axis")
    assert status(b, SupplySituation(units=u, control=lost, fleets=fleets), "Allied") == {"m": "out_of_supply"}
    # Gibraltar Axis but Alexandria and Sinai held: transfers allowed again.
    alex = west_control(gibraltar="Axis")
    assert status(b, SupplySituation(units=u, control=alex, fleets=fleets), "Allied") == {"m": "supplied"}


def test_axis_baltic_atlantic_needs_the_ruhr_or_denmark():
    areas = {"berlin": {"nation": "germany", "home": True, "resource": True, "ports": ("baltic",)},
             "saxony": {"nation": "germany", "home": True}, "brest": {"ports": ("atlantic",)},
             "ruhr": {}, "denmark": {}}  # fmt: skip
    b = board(areas, [("berlin", "saxony")])
    fleets = (FleetPoints(sea="baltic", nation="germany", count=1), FleetPoints(sea="atlantic", nation="germany", count=1))
    control = {"berlin": "Axis", "saxony": "Axis", "brest": "Axis", "ruhr": "Allied", "denmark": "Allied"}
    u = (unit("g", "brest"),)
    assert status(b, SupplySituation(units=u, control=control, fleets=fleets)) == {"g": "out_of_supply"}
    assert status(b, SupplySituation(units=u, control={**control, "denmark": "Axis"}, fleets=fleets)) == {"g": "supplied"}


def test_axis_supply_into_the_mediterranean_needs_italy_at_war_and_gibraltar():
    areas = {"berlin": {"nation": "germany", "home": True, "resource": True, "ports": ("atlantic",)},
             "saxony": {"nation": "germany", "home": True}, "tripoli": {"ports": ("mediterranean",)},
             "gibraltar": {"kind": "fortress", "standalone": True}}  # fmt: skip
    b = board(areas, [("berlin", "saxony")])
    fleets = (FleetPoints(sea="mediterranean", nation="italy", count=1), FleetPoints(sea="atlantic", nation="germany", count=1))
    control = {"berlin": "Axis", "saxony": "Axis", "tripoli": "Axis", "gibraltar": "Axis"}
    u = (unit("g", "tripoli"),)
    assert status(b, SupplySituation(units=u, control=control, fleets=fleets)) == {"g": "out_of_supply"}
    at_war = SupplySituation(units=u, control=control, fleets=fleets, italy_at_war=True)
    assert status(b, at_war) == {"g": "supplied"}


def test_only_one_maritime_portion_per_line():
    areas = {"berlin": {"nation": "germany", "home": True, "resource": True, "ports": ("baltic",)},
             "saxony": {"nation": "germany", "home": True},
             "island_a": {"ports": ("black_sea",)}, "island_b": {"ports": ("black_sea", "baltic")}}  # fmt: skip
    # island_a -> Black Sea -> island_b -> Baltic -> Berlin would be two sea portions with a land step between.
    areas["island_b"] = {"ports": ("black_sea",)}
    areas["island_c"] = {"ports": ("baltic",)}
    b = board(areas, [("berlin", "saxony"), ("island_b", "island_c")])
    fleets = (FleetPoints(sea="black_sea", nation="germany", count=1), FleetPoints(sea="baltic", nation="germany", count=1))
    control = {a: "Axis" for a in areas}
    sit = SupplySituation(units=(unit("g", "island_a"), unit("h", "island_b")), control=control, fleets=fleets)
    assert status(b, sit) == {"g": "out_of_supply", "h": "supplied"}


# ---------------------------------------------------------------- 3.32 the Cape, 3.33 the Mediterranean


def test_the_cape_route_counts_four_against_the_atlantic():
    b = board(WEST, WEST_BORDERS, cape=True)
    fleets = (FleetPoints(sea="atlantic", nation="britain", count=1),)  # 4 in the Atlantic, none in the Med
    u = (unit("e", "alexandria", "britain", "Allied"),)
    det = determine(b, SupplySituation(units=u, control=west_control(gibraltar="Axis"), fleets=fleets), "Allied", "initial")
    r = det.results[0]
    assert r.status == "supplied" and r.via == "cape" and r.rule == "EE 3.32"
    assert det.capacity[0].used == 4
    two = (*u, unit("f", "alexandria", "britain", "Allied"))
    det2 = determine(b, SupplySituation(units=two, control=west_control(gibraltar="Axis"), fleets=fleets), "Allied", "initial")
    assert det2.capacity_short


def test_mediterranean_reduction_for_the_western_allies_is_at_most_two():
    b = board(WEST, WEST_BORDERS, cape=True)
    fleets = (FleetPoints(sea="mediterranean", nation="britain", count=2), FleetPoints(sea="atlantic", nation="britain", count=4))
    caps = {c.sea: c for c in determine(b, SupplySituation(fleets=fleets, control=west_control(crete="Axis", malta="Axis")), "Allied", "initial").capacity}
    # Malta held by the Axis (-1) and Crete too (-1): 4 - 2 = 2 per fleet point (EE 3.33).
    assert caps["mediterranean"].reduction == 2 and caps["mediterranean"].capacity == 4
    assert caps["atlantic"].capacity == 16


def test_mediterranean_reduction_for_the_axis_is_at_most_one_and_crete_does_not_count():
    b = board(WEST, WEST_BORDERS, cape=True)
    fleets = (FleetPoints(sea="mediterranean", nation="italy", count=2),)
    control = west_control(sicily="Allied", sardinia="Allied", crete="Allied")
    caps = {c.sea: c for c in determine(b, SupplySituation(fleets=fleets, control=control), "Axis", "initial").capacity}
    assert caps["mediterranean"].reduction == 1 and caps["mediterranean"].capacity == 4
    held = west_control(sicily="Axis", sardinia="Axis", crete="Axis", malta="Axis")
    caps = {c.sea: c for c in determine(b, SupplySituation(fleets=fleets, control=held), "Axis", "initial").capacity}
    assert caps["mediterranean"].capacity == 6


def test_a_beachhead_is_a_port_for_the_invader_and_counts_two():
    areas = {"london": {"nation": "britain", "home": True, "resource": True, "ports": ("atlantic",)},
             "kent": {"nation": "britain", "home": True}, "normandy": {}}  # fmt: skip
    b = board(areas, [("london", "kent")])
    sit = SupplySituation(units=(unit("b", "normandy", "britain", "Allied"),),
                          control={"london": "Allied", "kent": "Allied", "normandy": "Axis"}, contested=("normandy",),
                          beachheads=(Beachhead(area="normandy", side="Allied", sea="atlantic"),),
                          fleets=(FleetPoints(sea="atlantic", nation="britain", count=1),))  # fmt: skip
    det = determine(b, sit, "Allied", "initial")
    assert det.results[0].via == "beachhead" and det.results[0].rule == "EE 7.22"
    assert det.capacity[0].used == 2


# ---------------------------------------------------------------- ports: fortresses, Suez, Vichy


def test_the_area_around_a_friendly_uncontested_fortress_works_as_a_port():
    areas = {"london": {"nation": "britain", "home": True, "resource": True, "ports": ("mediterranean",)},
             "kent": {"nation": "britain", "home": True}, "cyrenaica": {},
             "tobruk": {"kind": "fortress", "container": "cyrenaica", "ports": ("mediterranean",)}}  # fmt: skip
    b = board(areas, [("london", "kent")])
    control = {"london": "Allied", "kent": "Allied", "cyrenaica": "Allied", "tobruk": "Allied"}
    fleets = (FleetPoints(sea="mediterranean", nation="britain", count=1),)
    u = (unit("c", "cyrenaica", "britain", "Allied"),)
    assert status(b, SupplySituation(units=u, control=control, fleets=fleets), "Allied") == {"c": "supplied"}
    enemy_fortress = SupplySituation(units=u, control={**control, "tobruk": "Axis"}, fleets=fleets)
    assert status(b, enemy_fortress, "Allied") == {"c": "out_of_supply"}


def test_suez_opens_a_mediterranean_port_to_the_cape_route():
    b = board(WEST, WEST_BORDERS, cape=True)
    fleets = (FleetPoints(sea="mediterranean", nation="britain", count=1), FleetPoints(sea="atlantic", nation="britain", count=2))
    sit = SupplySituation(units=(unit("m", "malta", "britain", "Allied"),), control=west_control(), fleets=fleets)
    det = determine(b, sit, "Allied", "initial", choices={"m": SeaChoice(unit_id="m", seas=("mediterranean", "atlantic"), cape=True)})
    assert det.results[0].via == "cape" and dict(det.results[0].route.usage) == {"mediterranean": 1, "atlantic": 4}
    closed = SupplySituation(units=sit.units, control=west_control(sinai_desert="Axis"), fleets=fleets)
    det = determine(b, closed, "Allied", "initial", choices={"m": SeaChoice(unit_id="m", seas=("mediterranean", "atlantic"), cape=True)})
    assert det.allocation_problems and "cannot trace" in det.allocation_problems[0]


def test_the_axis_uses_vichy_ports_on_the_mediterranean_only():
    areas = {"berlin": {"nation": "germany", "home": True, "resource": True}, "saxony": {"nation": "germany", "home": True},
             "marseille": {"ports": ("mediterranean", "atlantic")}, "tunis": {"ports": ("mediterranean",)},
             "dakar": {"ports": ("atlantic",)}}  # fmt: skip
    b = board(areas, [("berlin", "saxony"), ("saxony", "marseille")])
    control = {"berlin": "Axis", "saxony": "Axis", "marseille": "vichy", "tunis": "Axis", "dakar": "Axis"}
    fleets = (FleetPoints(sea="mediterranean", nation="italy", count=1), FleetPoints(sea="atlantic", nation="germany", count=1))
    sit = SupplySituation(units=(unit("t", "tunis"), unit("d", "dakar")), control=control, fleets=fleets)
    assert status(b, sit) == {"t": "supplied", "d": "out_of_supply"}
