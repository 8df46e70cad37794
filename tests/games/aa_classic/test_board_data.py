"""The board, unit table and set-up agree with the rulebook (digest §1, §3, §4, §7, §8) and with themselves."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from assistant.games.aa_classic.board import (
    DATA,
    Board,
    BoardDataError,
    Setup,
    board_from_toml,
    check_setup,
    load_board,
    load_setup,
    load_units,
)

POWERS = ("ussr", "germany", "uk", "japan", "usa")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="module")
def setup() -> Setup:
    return load_setup()


def raw_board() -> dict:
    with (Path(DATA) / "board.toml").open("rb") as handle:
        return tomllib.load(handle)


def components(board: Board, kind: str) -> list[set[str]]:
    """Connected groups of spaces of one kind, joined only by borders between spaces of that kind."""
    left = {s.name for s in board.spaces.values() if s.kind == kind}
    groups = []
    while left:
        todo = [left.pop()]
        group = set(todo)
        while todo:
            for other in board.neighbours(todo.pop()):
                if other in left:
                    left.remove(other)
                    group.add(other)
                    todo.append(other)
        groups.append(group)
    return sorted(groups, key=len, reverse=True)


# --- the map --------------------------------------------------------------------------------------------------------


def test_board_has_70_territories_and_58_sea_zones(board):
    assert len(board.territories()) == 70
    assert len(board.sea_zones()) == 58
    assert len(board.spaces) == 128


def test_board_has_309_distinct_borders(board):
    # The reference file lists 310 connections, one of them (Brazil Basin / Gulf of Guinea) twice.
    assert len(board.borders()) == 309
    assert board.adjacent("Brazil Basin", "Gulf of Guinea")


def test_adjacency_is_symmetric(board):
    for name, space in board.spaces.items():
        for other in space.neighbours:
            assert name in board.neighbours(other), (name, other)


def test_loader_refuses_a_one_sided_border():
    raw = raw_board()
    germany = next(t for t in raw["territory"] if t["name"] == "Germany")
    germany["borders"].append("Russia")
    with pytest.raises(BoardDataError, match="Russia does not list Germany"):
        board_from_toml(raw)


def test_loader_refuses_an_unknown_neighbour():
    raw = raw_board()
    raw["sea_zone"][0]["borders"].append("Atlantis")
    with pytest.raises(BoardDataError, match="Atlantis"):
        board_from_toml(raw)


def test_land_masses_are_those_of_the_board(board):
    groups = components(board, "land")
    eurasia_africa, americas, *islands = groups
    assert len(eurasia_africa) == 42 and {"Germany", "Russia", "India", "South Africa", "Kwangtung"} <= eurasia_africa
    # The Americas join across the map's edge (Western/Eastern Canada, Western/Eastern US, Mexico/Panama).
    assert americas == {
        "Alaska", "Western Canada", "Eastern Canada", "Western United States", "Eastern United States", "Mexico",
        "Panama", "Colombia", "Peru", "Brazil", "Argentina-Chile",
    }
    assert all(len(group) == 1 for group in islands)
    assert {next(iter(g)) for g in islands} >= {"United Kingdom", "Japan", "Australia", "Hawaiian Islands", "Cuba"}
    assert len(islands) == 17


def test_every_sea_zone_but_the_caspian_is_one_ocean(board):
    oceans, caspian = components(board, "sea")
    assert caspian == {"Caspian Sea"}
    assert len(oceans) == 57


def test_sea_zones_carry_no_territory_data(board):
    for zone in board.sea_zones():
        assert (zone.ipc, zone.original_owner, zone.capital, zone.original_complex) == (0, None, None, False)


def test_starting_production_levels_match_the_rulebook(board, setup):
    # src L339: USSR 24, Germany 32, UK 30, Japan 25, USA 36 — each equal to the sum of its territories (src L973).
    expected = {"ussr": 24, "germany": 32, "uk": 30, "japan": 25, "usa": 36}
    assert {p: board.original_production_level(p) for p in POWERS} == expected
    assert {p: setup.powers[p].treasury for p in POWERS} == expected
    axis = board.original_production_level("germany") + board.original_production_level("japan")
    assert axis == 57  # the Axis needs +27 to reach the 84 of the economic victory (digest §1.2)


def test_values_given_by_the_text(board):
    assert board.space("Soudan Anglo-Égyptien").ipc == 2  # src L198
    assert board.space("Mandchourie").ipc == 3  # src L1088
    assert board.space("Sinkiang").ipc == 2  # src L485
    assert board.space("Gibraltar").ipc == 0  # src L361
    assert board.space("Îles Salomon").ipc == 0  # src L361
    assert all(1 <= t.ipc <= 12 for t in board.territories() if t.original_owner and t.ipc)  # "1 to 12", src L361


def test_neutral_territories_have_no_owner_and_no_value(board):
    neutrals = {t.name for t in board.territories() if t.is_neutral}
    assert {"Turkey", "Mongolia"} <= neutrals  # src L363
    assert all(board.spaces[n].ipc == 0 for n in neutrals)  # src L365
    assert len(neutrals) == 14


def test_capitals(board):
    # src L913: Eastern United States, Russia, United Kingdom, Germany, Japan.
    assert {p: board.capital_of(p) for p in POWERS} == {
        "ussr": "Russia",
        "germany": "Germany",
        "uk": "United Kingdom",
        "japan": "Japan",
        "usa": "Eastern United States",
    }
    for power in POWERS:
        assert board.spaces[board.capital_of(power)].original_owner == power


def test_original_industrial_complexes(board, setup):
    complexes = {t.name for t in board.territories() if t.original_complex}
    assert {"Germany", "Southern Europe", "Japan"} <= complexes  # src L240, L1253
    assert complexes == {
        "Russia", "Karelia S.S.R.", "Germany", "Southern Europe", "United Kingdom", "Japan",
        "Eastern United States", "Western United States",
    }
    pieces = {
        (power, space)
        for power in POWERS
        for space, counts in setup.units_of(power).items()
        if counts.get("industrial_complex")
    }
    assert pieces == {(board.spaces[name].original_owner, name) for name in complexes}


# Every territory the rulebook names (digest §8.5), French name -> board name.
NAMED_IN_TEXT = {
    "Allemagne": "Germany",
    "Europe de l'Est": "Eastern Europe",
    "R.S.S. d'Ukraine": "Ukraine S.S.R.",
    "Ukraine": "Ukraine S.S.R.",
    "Europe du Sud": "Southern Europe",
    "Europe de l'Ouest": "Western Europe",
    "Finlande-Norvège": "Finland-Norway",
    "Algérie": "Algeria",
    "Libye": "Libya",
    "Soudan Anglo-Égyptien": "Anglo-Egyptian Sudan",
    "Syrie-Irak": "Syria-Iraq",
    "Afrique Française Occidentale": "French West Africa",
    "Afrique Équatoriale Française": "French Equatorial Africa",
    "Gibraltar": "Gibraltar",
    "Royaume-Uni": "United Kingdom",
    "Russie": "Russia",
    "R.S.S. de Karélie": "Karelia S.S.R.",
    "Caucase": "Caucasus",
    "Yakoutsk": "Yakut S.S.R.",
    "Extrême-Orient Soviétique": "Soviet Far East",
    "Mandchourie": "Manchuria",
    "Kwangtung": "Kwangtung",
    "Japon": "Japan",
    "Philippines": "Philippines",
    "Chine": "China",
    "Sinkiang": "Sinkiang",
    "Mongolie": "Mongolia",
    "Turquie": "Turkey",
    "Espagne": "Spain",
    "Îles Hawaïennes": "Hawaiian Islands",
    "Midway": "Midway",
    "Île de Wake": "Wake Island",
    "Îles Caroline": "Caroline Islands",
    "Îles Salomon": "Solomon Islands",
    "Australie": "Australia",
    "Nouvelle-Zélande": "New Zealand",
    "Pérou": "Peru",
    "Argentine/Chili": "Argentina-Chile",
    "Canada de l'Ouest": "Western Canada",
    "Canada de l'Est": "Eastern Canada",
    "États-Unis de l'Ouest": "Western United States",
    "États-Unis de l'Est": "Eastern United States",
    "Mexique": "Mexico",
    "Panama": "Panama",
    "Californie": "Western United States",
}


@pytest.mark.parametrize("french, name", sorted(NAMED_IN_TEXT.items()))
def test_every_territory_the_text_names_is_on_the_board(board, french, name):
    assert board.resolve(french) == name
    assert board.spaces[name].is_land


def test_sea_zones_the_text_names_resolve(board):
    assert board.resolve("Mer Baltique") == "Baltic Sea"
    assert board.resolve("manche") == "North Sea"  # any case
    assert board.resolve("Méditerranée Orientale") == "Eastern Mediterranean"
    assert board.resolve("Baie d'Hudson") == "Hudson Bay"
    assert board.space("Mer Noire").is_sea


def test_sicily_is_not_a_space(board):
    with pytest.raises(KeyError):
        board.resolve("Sicile")  # an unnamed island nobody may land on, memo src L1502


def test_original_owners_the_text_gives(board):
    owners = {
        "Anglo-Egyptian Sudan": "uk", "French West Africa": "uk", "French Equatorial Africa": "uk",
        "Karelia S.S.R.": "ussr", "Yakut S.S.R.": "ussr", "Soviet Far East": "ussr",
        "Manchuria": "japan", "Kwangtung": "japan", "Philippines": "japan",
        "Hawaiian Islands": "usa", "Midway": "usa", "Western United States": "usa",
        "Eastern Europe": "germany", "Finland-Norway": "germany", "Algeria": "germany", "Libya": "germany",
        "Ukraine S.S.R.": "germany",
    }
    assert {name: board.spaces[name].original_owner for name in owners} == owners


def test_definition_round_trip(board):
    definition = board.to_definition()
    again = Board.from_definition(copy.deepcopy(definition))
    assert again == board
    assert again.neighbours("Germany") == board.neighbours("Germany")
    assert again.crosses_edge("Mexico", "Panama")


def test_definition_with_a_broken_canal_is_refused(board):
    definition = board.to_definition()
    definition["canals"][0]["sea_zones"] = ["Eastern Mediterranean", "Caspian Sea"]
    with pytest.raises(BoardDataError, match="Suez"):
        Board.from_definition(definition)


# --- the unit table -------------------------------------------------------------------------------------------------

CHART = {  # src L409–L417: cost, movement, attack, defence
    "infantry": (3, 1, 1, 2),
    "armour": (5, 2, 3, 2),
    "fighter": (12, 4, 3, 4),
    "bomber": (15, 6, 4, 1),
    "aa_gun": (5, 1, 0, 1),
    "battleship": (24, 2, 4, 4),
    "aircraft_carrier": (18, 2, 1, 3),
    "transport": (8, 2, 0, 1),
    "submarine": (8, 2, 2, 2),
}


def test_unit_table_matches_the_reference_chart():
    units = load_units()
    assert set(units) == set(CHART) | {"industrial_complex"}
    for uid, row in CHART.items():
        u = units[uid]
        assert (u.cost, u.movement, u.attack, u.defence) == row, uid


def test_industrial_complex_costs_15_and_never_moves():
    complex_ = load_units()["industrial_complex"]
    assert (complex_.cost, complex_.movement, complex_.attack, complex_.defence) == (15, 0, 0, 0)
    assert complex_.has("one_per_territory") and complex_.has("production")


def test_costs_of_the_worked_examples():
    units = load_units()
    assert 2 * units["transport"].cost + 2 * units["armour"].cost == 26  # Action 1, src L123
    assert units["fighter"].cost + units["submarine"].cost == 20  # Annex I, src L1103


def test_transport_holds_two_infantry_or_one_armour_or_one_aa_gun_and_never_mixes():
    units = load_units()
    room = units["transport"].transport_capacity

    def fits(*cargo: str) -> bool:
        return all(units[c].transport_cost for c in cargo) and sum(units[c].transport_cost for c in cargo) <= room

    assert fits("infantry") and fits("infantry", "infantry") and fits("armour") and fits("aa_gun")
    assert not fits("infantry", "armour") and not fits("infantry", "aa_gun") and not fits("armour", "armour")
    assert not fits("infantry", "infantry", "infantry")
    assert not fits("fighter") and not fits("battleship")


def test_carrier_holds_two_fighters_and_no_bomber():
    units = load_units()
    assert units["aircraft_carrier"].carrier_capacity == 2 * units["fighter"].carrier_cost
    assert units["bomber"].carrier_cost == 0


def test_special_rules_flags():
    units = load_units()
    assert units["armour"].has("blitz")
    assert units["bomber"].has("strategic_bombing")
    assert units["battleship"].has("support_fire")
    assert {"first_strike", "submerge", "cannot_hit_aircraft"} <= units["submarine"].flags
    assert units["aa_gun"].has("anti_aircraft") and units["aa_gun"].has("one_per_territory")


# --- the set-up -----------------------------------------------------------------------------------------------------

GERMAN_CHART = {  # digest §8.2 (src L407–L418): per territory column
    "Germany": {"infantry": 4, "armour": 2, "fighter": 1, "bomber": 1, "aa_gun": 1},
    "Eastern Europe": {"infantry": 3, "armour": 1, "fighter": 1},
    "Ukraine S.S.R.": {"infantry": 3, "armour": 2, "fighter": 1},
    "Southern Europe": {"infantry": 2, "armour": 1, "aa_gun": 1},
    "Western Europe": {"infantry": 2, "armour": 2, "fighter": 1, "aa_gun": 1},
    "Finland-Norway": {"infantry": 3, "armour": 1, "fighter": 1},
    "Algeria": {"infantry": 1},
    "Libya": {"infantry": 1, "armour": 1},
}


def test_german_land_forces_match_the_reference_chart(setup):
    german = setup.units_of("germany")
    for space, counts in GERMAN_CHART.items():
        land = {u: n for u, n in german[space].items() if u != "industrial_complex"}
        assert land == counts, space
    totals = {u: setup.total("germany", u) for u in ("infantry", "armour", "fighter", "bomber", "aa_gun")}
    assert totals == {"infantry": 19, "armour": 10, "fighter": 5, "bomber": 1, "aa_gun": 3}


def test_german_navy_matches_the_reference_chart(board, setup):
    german = setup.units_of("germany")
    totals = {u: setup.total("germany", u) for u in ("battleship", "aircraft_carrier", "transport", "submarine")}
    # Ruling: one transport as on the rulebook's chart (the reference file has two).
    assert totals == {"battleship": 1, "aircraft_carrier": 0, "transport": 1, "submarine": 2}
    assert german["Baltic Sea"] == {"submarine": 1}  # "le sous-marin allemand en mer Baltique", src L780
    assert german["Iberian Atlantic"] == {"submarine": 1}  # "Atlantique" west of Spain, src L394
    assert "Spain" in board.neighbours("Iberian Atlantic")
    assert german["Central Mediterranean"] == {"battleship": 1, "transport": 1}
    assert "Southern Europe" in board.neighbours("Central Mediterranean")


def test_the_four_placement_clarifications(board, setup):
    # src L394–L401.
    us = setup.units_of("usa")
    assert {"battleship", "transport"} <= set(us["Californian Waters"])
    assert "Western United States" in board.neighbours("Californian Waters")
    assert "Gulf of Mexico" not in us and "Western United States" in board.neighbours("Gulf of Mexico")
    uk = setup.units_of("uk")
    assert uk["Eastern Mediterranean"] == {"submarine": 1}
    assert {"Syria-Iraq", "Turkey"} <= set(board.neighbours("Eastern Mediterranean"))
    assert "Red Sea" not in uk and "Syria-Iraq" in board.neighbours("Red Sea")
    soviet = setup.units_of("ussr")
    assert "Barents Sea" in soviet and "Baltic Sea" not in soviet
    assert {"Barents Sea", "Baltic Sea"} <= set(board.neighbours("Karelia S.S.R."))


def test_fragments_of_the_other_charts(setup):
    # digest §8.4.
    uk, japan, usa, ussr = (setup.units_of(p) for p in ("uk", "japan", "usa", "ussr"))
    assert uk["United Kingdom"]["fighter"] == 2  # src L631
    assert {"battleship": 1, "transport": 1}.items() <= uk["North Sea"].items()  # src L631
    assert uk["Anglo-Egyptian Sudan"] == {"infantry": 1, "armour": 1}  # src L133
    assert "French West Africa" not in uk and "French Equatorial Africa" not in uk  # unoccupied, src L528, L1280
    assert japan["Kwangtung"]["infantry"] == 2 and japan["Philippines"]["fighter"] == 1  # Annex I
    assert {"aircraft_carrier": 1, "fighter": 1}.items() <= japan["Caroline Waters"].items()  # src L1129
    assert setup.total("japan", "battleship") >= 2 and setup.total("japan", "transport") >= 2
    assert setup.total("japan", "submarine") >= 1
    assert usa["Hawaiian Islands"] == {"infantry": 1} and usa["Midway"] == {"infantry": 1}  # src L1183, L1189
    assert {"submarine", "aircraft_carrier", "fighter"} <= set(usa["Hawaiian Waters"])  # src L1176–L1183
    assert "Yakut S.S.R." in ussr and "Soviet Far East" in ussr  # can attack Manchuria on turn 1, src L834


def test_units_stand_on_their_own_or_neutral_free_spaces(board, setup):
    for power in POWERS:
        for name, counts in setup.units_of(power).items():
            space = board.spaces[name]
            if space.is_land:
                assert space.original_owner == power, (power, name)


def test_one_aa_gun_and_one_complex_per_territory(setup):
    for power in POWERS:
        for name, counts in setup.units_of(power).items():
            assert counts.get("aa_gun", 0) <= 1 and counts.get("industrial_complex", 0) <= 1, name


def test_turn_order_and_sides(setup):
    assert setup.order == POWERS  # src L296
    assert {p for p in POWERS if setup.side_of(p) == "axis"} == {"germany", "japan"}


def test_setup_check_refuses_impossible_entries(board):
    units = load_units()
    good = load_setup()
    for bad_units in (
        {"germany": {"Germany": {"battleship": 1}}},
        {"germany": {"Baltic Sea": {"infantry": 1}}},
        {"germany": {"Baltic Sea": {"fighter": 1}}},
        {"japan": {"Caroline Waters": {"aircraft_carrier": 1, "fighter": 3}}},
        {"germany": {"Narnia": {"infantry": 1}}},
        {"germany": {"Germany": {"artillery": 1}}},
    ):
        broken = Setup(order=good.order, powers=good.powers, units=bad_units)
        with pytest.raises(BoardDataError):
            check_setup(broken, board, units)
