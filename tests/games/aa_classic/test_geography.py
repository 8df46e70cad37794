"""Map queries on real cases: the rulebook's movement facts (digest §7, §8.7) and Annex II's worked moves."""

from __future__ import annotations

import pytest

from assistant.games.aa_classic.board import Board, load_board, load_setup, load_units
from assistant.games.aa_classic.geography import (
    PathProblem,
    canals_open,
    crosses_edge,
    distance,
    is_coastal,
    landings_in_reach,
    neighbours,
    path_is_valid,
    path_problem,
    reachable,
    sea_zones_touching,
    shortest_path,
    territories_touching,
)

SUEZ = "Suez Canal"
PANAMA = "Panama Canal"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def range_of(unit: str) -> int:
    return load_units()[unit].movement


def test_landings_in_reach_after_the_attack_on_germany(board):
    # The Annex II fighter has used 3 of its 4 moves reaching Germany: it can land in Western Europe (allied), not
    # back in the United Kingdom (3 more moves away).
    friendly = {"United Kingdom", "Western Europe"}
    assert landings_in_reach(board, "Germany", 1, friendly) == ("Western Europe",)
    assert landings_in_reach(board, "Germany", 3, friendly) == ("United Kingdom", "Western Europe")
    assert landings_in_reach(board, "Germany", 3, {"United Kingdom"}, blocked={"Western Europe", "Baltic Sea"}) == ()


# --- Annex II (src L1270–L1377) -------------------------------------------------------------------------------------


def test_annex_ii_fighter_attacks_germany_and_lands_in_western_europe(board):
    out = ["United Kingdom", "North Sea", "Western Europe", "Germany"]
    assert path_is_valid(board, out, "air", moves=range_of("fighter"))
    back = ["Germany", "Western Europe"]
    assert path_is_valid(board, back, "air", moves=range_of("fighter") - (len(out) - 1))
    there = distance(board, "United Kingdom", "Germany", "air")
    assert there + distance(board, "Germany", "Western Europe", "air") == 4


def test_annex_ii_fighter_from_hawaii_to_australia_in_four(board):
    path = ["Hawaiian Islands", "Hawaiian Waters", "Solomon Waters", "Coral Sea", "Australia"]
    assert path_is_valid(board, path, "air", moves=range_of("fighter"))
    assert distance(board, "Hawaiian Islands", "Australia", "air") == 4


def test_annex_ii_fighter_from_a_carrier_lands_on_it_after_the_carrier_moved(board):
    attack = ["Wake Waters", "Caroline Waters", "Philippine Waters", "Philippines"]
    assert path_is_valid(board, attack, "air", moves=4)  # the carrier's own zone is not counted
    carrier = ["Wake Waters", "Caroline Waters", "Philippine Waters"]
    assert path_is_valid(board, carrier, "sea", moves=range_of("aircraft_carrier"))
    assert distance(board, "Philippines", "Philippine Waters", "air") == 1  # the fighter's 4th move


def test_annex_ii_strategic_bombing_raid_avoiding_western_europe(board):
    # The bomber flies sea, sea, Germany to keep clear of the AA gun in Western Europe, and back: 6 moves.
    out = shortest_path(board, "United Kingdom", "Germany", "air", blocked={"Western Europe"})
    assert out == ("United Kingdom", "North Sea", "Baltic Sea", "Germany")
    assert len(out) - 1 + distance(board, "Germany", "United Kingdom", "air", blocked={"Western Europe"}) == 6
    assert range_of("bomber") == 6


def test_annex_ii_transport_carries_infantry_from_eastern_us_to_algeria(board):
    assert "Eastern Seaboard" in sea_zones_touching(board, "Eastern United States")
    route = ["Eastern Seaboard", "North Atlantic", "Iberian Atlantic"]
    assert path_is_valid(board, route, "sea", moves=range_of("transport"))
    assert "Algeria" in territories_touching(board, "Iberian Atlantic")


def test_annex_ii_blitz_through_french_equatorial_africa(board):
    assert path_is_valid(board, ["Libya", "French Equatorial Africa", "Anglo-Egyptian Sudan"], "land", moves=2)
    assert board.adjacent("Libya", "Anglo-Egyptian Sudan")  # the infantry's one-space move, src L1275


def test_annex_ii_amphibious_assaults_on_midway_and_hawaii(board):
    assert territories_touching(board, "Midway Waters") == ("Midway",)
    assert territories_touching(board, "Hawaiian Waters") == ("Hawaiian Islands",)


# --- Annex I: Japan's first turn (src L1120–L1256), from the set-up positions -------------------------------------


def test_annex_i_japanese_moves_start_where_the_setup_puts_the_units(board):
    japan = load_setup().units_of("japan")

    def move(unit: str, path: list[str], mode: str) -> None:
        assert unit in japan[path[0]], (unit, path[0])
        assert path_is_valid(board, path, mode, moves=range_of(unit)), path

    # Sphere 1: the carrier's fighter (2 zones, and back), the battleship (2 zones), the submarine (1 zone).
    move("fighter", ["Caroline Waters", "Solomon Waters", "Hawaiian Waters"], "air")
    assert distance(board, "Hawaiian Waters", "Caroline Waters", "air") == 2
    move("battleship", ["Caroline Waters", "Wake Waters", "Hawaiian Waters"], "sea")
    move("submarine", ["Solomon Waters", "Hawaiian Waters"], "sea")
    # Sphere 2: battleship and transport (2 infantry from Japan) 2 zones to Midway.
    assert "Sea of Japan" in sea_zones_touching(board, "Japan")
    move("battleship", ["Sea of Japan", "North Pacific", "Midway Waters"], "sea")
    move("transport", ["Sea of Japan", "North Pacific", "Midway Waters"], "sea")
    # Sphere 3: Philippines fighter 3 spaces to Manchuria then lands in Kwangtung; infantry 1 territory;
    # bomber and fighter from Japan 2 spaces each way.
    move("fighter", ["Philippines", "Philippine Waters", "Sea of Japan", "Manchuria", "Kwangtung"], "air")
    move("infantry", ["Kwangtung", "Manchuria"], "land")
    move("bomber", ["Japan", "Sea of Japan", "Manchuria", "Sea of Japan", "Japan"], "air")
    move("fighter", ["Japan", "Sea of Japan", "Manchuria", "Sea of Japan", "Japan"], "air")
    # Placement: the new submarine goes in the sea zone next to Japan's industrial complex.
    assert board.spaces["Japan"].original_complex


# --- ranges and distances stated in the text ------------------------------------------------------------------------


def test_island_hop_costs_the_zone_and_the_island(board):
    # src L622: Hawaiian Islands to Midway and back is 6 (too far); from a carrier in the Hawaiian zone it is 4.
    assert 2 * distance(board, "Hawaiian Islands", "Midway", "air") == 6
    from_carrier = distance(board, "Hawaiian Waters", "Midway", "air")
    assert from_carrier + distance(board, "Midway", "Hawaiian Waters", "air") == 4


def test_annex_i_air_distances_to_manchuria(board):
    assert distance(board, "Japan", "Manchuria", "air") == 2
    assert distance(board, "Philippines", "Manchuria", "air") == 3


def test_annex_i_naval_distances(board):
    assert distance(board, "Caroline Waters", "Hawaiian Waters", "sea") == 2
    assert distance(board, "Sea of Japan", "Midway Waters", "sea") == 2


def test_fighter_range_reaches_the_baltic_from_soviet_territory(board):
    assert "Baltic Sea" in reachable(board, "Karelia S.S.R.", range_of("fighter"), "air")  # src L780


# --- borders the text states ----------------------------------------------------------------------------------------


def test_stated_land_borders(board):
    assert board.adjacent("Ukraine S.S.R.", "Caucasus")  # src L353
    assert not board.adjacent("Eastern Europe", "Caucasus")  # src L353
    assert not board.adjacent("Finland-Norway", "Eastern Europe")  # src L378
    assert not board.adjacent("Gibraltar", "Algeria")  # src L379
    assert not board.adjacent("Eastern Europe", "Turkey")  # src L379
    assert board.adjacent("Anglo-Egyptian Sudan", "Syria-Iraq")  # across Suez by land, src L376
    for neighbour in ("Yakut S.S.R.", "Soviet Far East", "China", "Kwangtung"):
        assert board.adjacent("Manchuria", neighbour)  # src L834, Annex I


def test_stated_coasts(board):
    assert "Western Mediterranean" in sea_zones_touching(board, "Algeria")  # the Gibraltar zone, src L355
    assert "Western Mediterranean" not in sea_zones_touching(board, "Libya")
    assert "Western Mediterranean" in sea_zones_touching(board, "Gibraltar")
    assert set(sea_zones_touching(board, "Karelia S.S.R.")) == {"Baltic Sea", "Barents Sea"}  # src L377
    assert {"Japan", "Manchuria"} <= set(territories_touching(board, "Sea of Japan"))  # bridging, src L733
    assert "Kwangtung" not in territories_touching(board, "Sea of Japan")  # memo src L1498
    assert {"United Kingdom", "Finland-Norway", "Western Europe"} <= set(territories_touching(board, "North Sea"))
    assert "Caucasus" in territories_touching(board, "Black Sea")  # src L123
    assert territories_touching(board, "Great Australian Bight") == ("Australia",)  # one zone south of Australia


def test_the_baltic_submarine_has_only_the_channel_to_withdraw_to(board):
    # src L780: attacked on turn 1, the German Baltic submarine cannot withdraw: the Channel zone is British.
    assert neighbours(board, "Baltic Sea", "sea") == ("North Sea",)


def test_islands_and_landlocked_territories(board):
    assert not is_coastal(board, "Switzerland")
    assert is_coastal(board, "United Kingdom")
    assert reachable(board, "United Kingdom", 2, "land") == {"United Kingdom": 0}


# --- canals ---------------------------------------------------------------------------------------------------------


def test_suez_is_open_only_when_the_side_holds_both_banks(board):
    assert canals_open(board, {"Anglo-Egyptian Sudan", "Syria-Iraq"}) == {SUEZ}
    assert canals_open(board, {"Anglo-Egyptian Sudan"}) == frozenset()
    assert distance(board, "Eastern Mediterranean", "Red Sea", "sea", open_canals={SUEZ}) == 1
    assert not path_is_valid(board, ["Eastern Mediterranean", "Red Sea"], "sea")
    problem = path_problem(board, ["Eastern Mediterranean", "Red Sea"], "sea")
    assert problem == PathProblem("the Suez Canal is closed to this side", "A&A §7.5")
    assert distance(board, "Eastern Mediterranean", "Red Sea", "sea") > 2  # around Africa


def test_canals_do_not_stop_aircraft(board):
    assert path_is_valid(board, ["Eastern Mediterranean", "Red Sea"], "air")
    assert path_is_valid(board, ["Caribbean Sea", "Gulf of Panama"], "air")


def test_panama_canal_costs_one_move(board):
    assert canals_open(board, {"Panama", "Eastern United States"}) == {PANAMA}
    assert set(sea_zones_touching(board, "Panama")) == {"Caribbean Sea", "Gulf of Panama"}  # two zones, memo L1504
    assert distance(board, "Caribbean Sea", "Gulf of Panama", "sea", open_canals={PANAMA}) == 1
    assert "Gulf of Panama" not in reachable(board, "Caribbean Sea", 2, "sea")


# --- the map wraps left to right ------------------------------------------------------------------------------------


def test_wrap_borders(board):
    # src L357–L359 and memo src L1494–L1510.
    for a, b in [
        ("Western Canada", "Eastern Canada"),
        ("Western United States", "Eastern United States"),
        ("Mexico", "Panama"),
        ("Hudson Bay", "Western Canada"),
        ("Gulf of Mexico", "Eastern Seaboard"),
        ("Gulf of Mexico", "Caribbean Sea"),
        ("Tasman Sea", "Peruvian Waters"),
        ("Tasman Sea", "Drake Passage"),
    ]:
        assert board.adjacent(a, b) and crosses_edge(board, a, b) and crosses_edge(board, b, a), (a, b)
    assert not crosses_edge(board, "Germany", "Western Europe")
    assert distance(board, "Western United States", "Eastern United States", "land") == 1


def test_top_and_bottom_do_not_join(board):
    north = {"Barents Sea", "Hudson Bay", "Bering Sea", "Sea of Okhotsk"}
    south = {"Antarctic Sea", "Drake Passage", "Southern Indian Ocean", "Great Australian Bight", "Tasman Sea"}
    assert all(not board.adjacent(n, s) for n in north for s in south)


# --- movement constraints the rules pass in ------------------------------------------------------------------------


def test_ships_stop_in_an_enemy_occupied_zone(board):
    # A fleet may enter an enemy-occupied zone but not pass through it (src L1350).
    free = reachable(board, "North Sea", 2, "sea")
    stopped = reachable(board, "North Sea", 2, "sea", stop_at={"Iberian Atlantic"})
    assert "Western Mediterranean" in free and "Iberian Atlantic" in stopped
    assert "Western Mediterranean" not in stopped
    through = ["North Sea", "Iberian Atlantic", "Western Mediterranean"]
    problem = path_problem(board, through, "sea", stop_at={"Iberian Atlantic"})
    assert problem == PathProblem("the move must stop in Iberian Atlantic", "A&A §7.3")


def test_blocked_spaces_are_not_entered(board):
    # Non-combat flights may not cross neutral territories (src L947).
    path = ["Syria-Iraq", "Turkey", "Caucasus"]
    assert path_is_valid(board, path, "air")
    assert path_problem(board, path, "air", blocked={"Turkey"}) == PathProblem("Turkey cannot be entered", "A&A §7.3")
    assert distance(board, "Syria-Iraq", "Caucasus", "air", blocked={"Turkey"}) == 2  # through Persia


def test_reachable_counts_moves(board):
    infantry = reachable(board, "Germany", range_of("infantry"), "land")
    assert infantry == {"Germany": 0, "Western Europe": 1, "Southern Europe": 1, "Eastern Europe": 1, "Switzerland": 1}
    armour = reachable(board, "Germany", range_of("armour"), "land")
    assert armour["Ukraine S.S.R."] == 2 and armour["Karelia S.S.R."] == 2 and "Caucasus" not in armour


def test_unreachable_goal(board):
    assert distance(board, "Germany", "Japan", "land") is None
    assert shortest_path(board, "Caspian Sea", "Black Sea", "sea") is None


def test_path_problems(board):
    assert path_problem(board, ["Western Europe", "North Sea"], "land") == PathProblem(
        "land units cannot enter the sea zone North Sea", "A&A §7.1")
    assert path_problem(board, ["Baltic Sea", "Germany"], "sea") == PathProblem(
        "ships cannot enter the territory Germany", "A&A §7.1")
    assert path_problem(board, ["Germany", "Russia"], "land").reason == "Germany and Russia do not share a border"
    assert path_problem(board, ["Germany", "Eastern Europe", "Ukraine S.S.R."], "land", moves=1).reason == (
        "2 moves, more than the 1 this unit has")
    assert path_problem(board, ["North Sea"], "land").rule == "A&A §7.1"
    assert path_problem(board, ["Atlantis"], "air").reason == "there is no space called 'Atlantis' on the board"
    assert path_is_valid(board, ["Germany"], "land")  # staying put


def test_queries_refuse_a_start_in_the_wrong_element(board):
    with pytest.raises(ValueError):
        reachable(board, "North Sea", 1, "land")
    with pytest.raises(ValueError):
        distance(board, "Germany", "North Sea", "sea")
    with pytest.raises(KeyError):
        reachable(board, "Atlantis", 1, "air")
