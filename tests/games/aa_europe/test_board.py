"""The board data against every fact the French text gives (values, borders, distances, groups, the Egypt set-up)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.aa_europe.setup import initial_state, setup
from assistant.games.aa_europe.world import world_of


@pytest.fixture(scope="module")
def state():
    return initial_state(setup({}))


@pytest.fixture(scope="module")
def w(state):
    return state.world


def test_counts_and_groups(w):
    land = [s for s in w.spaces.values() if s.kind == "land"]
    assert len(w.spaces) == 96 and len(land) == 61
    assert sum(len(s.borders) for s in w.spaces.values()) // 2 == 237  # 236 of the reference + Bay of Biscay/UK
    neutrals = sorted(s.name for s in land if s.group == "neutral")
    assert len(neutrals) == 7  # [T L26]
    assert all(not s.owner for s in land if s.group == "neutral")


def test_convoy_centres(w):
    convoys = [s for s in w.spaces.values() if s.convoy]
    owners = sorted(s.owner for s in convoys)
    assert owners == ["uk"] * 4 + ["usa"] * 2 + ["ussr"]  # 4 British, 2 American, 1 Soviet [T L61]
    assert 4 in [s.ipc for s in convoys if s.owner == "usa"]  # [E L63]
    assert {5, 3} <= {s.ipc for s in convoys if s.owner == "uk"}  # [E L63]
    assert sum(s.ipc for s in convoys if s.owner == "uk") == 16


def test_values_the_text_gives(w):
    assert w.value("Moscow") == 2  # [E L44]
    assert w.value("Leningrad") == 1  # [E L75]
    assert w.value("Stalingrad") == 1  # [T L86]
    assert (w.value("Egypt"), w.value("Trans-Jordan"), w.value("Syria")) == (1, 2, 1)  # [E L80]
    assert all(w.middle_east(t) for t in ("Egypt", "Trans-Jordan", "Syria"))
    assert sum(w.value(n) for n, s in w.spaces.items() if s.group == "middle_east") == 8


def test_capitals_and_complexes(state, w):
    assert {w.capital_of(p) for p in ("germany", "ussr", "uk", "usa")} == {"Germany", "Moscow", "United Kingdom",
                                                                         "United States"}
    assert {"Germany", "Moscow", "Archangel", "Stalingrad", "Leningrad", "United Kingdom"} <= state.complexes


def test_starting_income_us_equals_germany(state):
    """Germany and the United States start on the same space of the production chart [T L17]."""
    assert state.start_income["usa"] == state.start_income["germany"]
    assert state.start_income == {"germany": 40, "ussr": 24, "uk": 25, "usa": 40}  # [R], cross-checked


@pytest.mark.parametrize(
    "a, b",
    [("Germany", "Poland"), ("South Atlantic", "Central Atlantic"), ("Poland", "East Poland"),
     ("Poland", "Baltic States"), ("East Poland", "Baltic States"), ("North Sea", "Norway"), ("Danish Sea", "Germany"),
     ("Adriatic Sea", "Central Mediterranean"), ("Libya", "Central Mediterranean"), ("Libya", "Eastern Mediterranean"),
     ("Celtic Sea", "United Kingdom"), ("Celtic Sea", "Bay of Biscay"), ("Bay of Biscay", "United Kingdom"),
     ("Bay of Biscay", "Azores Sea"), ("Central Mediterranean", "Eastern Mediterranean")],
)
def test_borders_the_text_gives(w, a, b):
    assert w.adjacent(a, b) and w.adjacent(b, a)


def test_turkish_sea_zone(w):
    """No ship between the Black Sea and the Aegean; aircraft may fly across [T L26]."""
    assert w.distance("Black Sea", "Aegean Sea", "sea") is None
    assert w.distance("Black Sea", "Aegean Sea", "air") == 1


@pytest.mark.parametrize(
    "a, b, moves",
    [("Germany", "United Kingdom", 3), ("United Kingdom", "Gibraltar", 4), ("Malta", "Sardinia", 3)],
)
def test_air_distances_of_the_examples(w, a, b, moves):
    """[E L58] Germany-Great Britain 3 moves; [E L95] Great Britain-Gibraltar 4, Malta-Sardinia 3."""
    assert w.distance(a, b, "air") == moves


def test_convoy_route_of_the_atlantic_example(w):
    """[E L63] the Azores Sea borders a British convoy centre, which borders the Central and South Atlantic."""
    british = [n for n, s in w.spaces.items() if s.convoy and s.owner == "uk"]
    assert any(w.adjacent("Azores Sea", z) and w.adjacent("Central Atlantic", z) and w.adjacent("South Atlantic", z)
               for z in british)
    assert any(w.adjacent("Central Atlantic", z) for z, s in w.spaces.items() if s.convoy and s.owner == "usa")


def test_egypt_set_up_line(state):
    """The only set-up line the text keeps: Britain's 1 infantry, 1 armour, 1 artillery in Egypt [T L112]."""
    kinds = sorted(u.kind for u in state.units.values() if u.space == "Egypt" and u.owner == "uk")
    assert kinds == ["armour", "artillery", "infantry"]


def test_neutrals_are_closed(w):
    assert w.distance("France", "Spain", "land") is None
    assert w.distance("Bulgaria", "Turkey", "land") is None and w.distance("Bulgaria", "Syria", "land") == 5


def test_overrides_at_new():
    d = setup({"values": {"Siberia": 1}, "control": {"Iran": "uk"}, "starting_income": {"uk": 27}})
    s = initial_state(d)
    assert s.world.value("Siberia") == 1 and s.controller("Iran") == "uk" and s.start_income["uk"] == 27
    assert world_of(d).value("Siberia") == 1


@pytest.mark.parametrize(
    "options",
    [{"players": 5}, {"values": {"Atlantis": 3}}, {"control": {"Iran": "france"}}, {"costs": {"industrial_complex": 15}},
     {"units": {"germany": {"Germany": {"infantry": 0}}}}, {"western_variant": True, "players": 2}, {"colour": 1}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(Refused):
        setup(options)


def test_bomber_cost_as_printed():
    assert initial_state(setup({"bomber_cost_as_printed": True})).world.units["bomber"].cost == 25
    assert initial_state(setup({})).world.units["bomber"].cost == 15


def test_lost_profiles_are_options():
    s = initial_state(setup({"profiles": {"submarine": {"attack": 3}, "battleship": {"movement": 1}}}))
    assert s.world.units["submarine"].attack == 3 and s.world.units["battleship"].movement == 1
    with pytest.raises(Refused):
        setup({"profiles": {"submarine": {"attack": 9}}})
