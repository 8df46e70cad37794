"""The board-definition format: the shipped partial board, validation errors, amendments, export."""

from __future__ import annotations

import msgspec
import pytest

from assistant.decider import Refused
from assistant.games.europe_engulfed.board import amend, loader
from assistant.games.europe_engulfed.board.commands import AmendBoard
from assistant.games.europe_engulfed.board.gaps import gaps
from assistant.games.europe_engulfed.board.moves import decide_amend, evolve_board
from assistant.games.europe_engulfed.board.validate import BoardInvalid, problems

# Every place digest §11.5 lists that is one map area (countries and coasts are nations or regions).
NAMED = (
    "paris marseille lyon bordeaux metz normandy pas_de_calais corsica morocco lebanon syria gibraltar andalusia "
    "malta sicily sardinia crete athens rome piedmont libya albania alexandria upper_egypt sinai_desert persia "
    "iraq transjordan tobruk oslo trondheim murmansk ruhr east_prussia lithuania brest_litovsk lvov bessarabia "
    "novgorod karelia leningrad ladoga_swamps onega_swamps moscow baku ural_mountains sevastopol ploesti usa_box"
).split()


@pytest.fixture(scope="module")
def partial():
    return loader.partial_board()


def test_the_partial_board_holds_every_place_the_rules_name_and_says_it_is_incomplete(partial):
    assert not partial.complete
    assert sorted(set(NAMED) - set(partial.areas)) == []
    assert {"atlantic", "mediterranean", "baltic", "black_sea", "red_sea", "persian_gulf"} <= set(partial.seas)
    assert all(a.sources for a in partial.areas.values()), "every area says where its facts come from"
    assert problems(partial) == []


def test_the_partial_board_states_the_facts_of_the_rules(partial):
    a = partial.areas
    assert (a["moscow"].resource_value, a["baku"].resource_value) == (4, 5)  # EE 4.14
    assert [i for i, x in a.items() if x.kind == "fortress"] == ["leningrad", "sevastopol", "gibraltar", "malta", "tobruk"]
    assert a["malta"].standalone and a["upper_egypt"].ports == ("red_sea",) and a["persia"].ports == ("persian_gulf",)
    assert a["oslo"].capital and a["usa_box"].kind == "box" and a["usa_box"].home
    assert partial.cape_route.cost == 4 and partial.cape_route.ocean == "atlantic"  # EE 3.32
    assert partial.off_map_production == {"ussr": 17}  # EE 4.14 note
    assert a["paris"].terrain is None  # the rules do not say: unknown, not invented


def test_gaps_list_what_the_map_must_still_tell(partial):
    found = {(g.subject, g.fact) for g in gaps(partial)}
    assert ("paris", "terrain") in found and ("tobruk", "container") in found and ("atlantic", "maintenance") in found
    assert ("malta", "container") not in found  # Malta has no surrounding area
    assert gaps(partial)[0].sentence().endswith(")")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (amend.SetArea(area="paris", ports=("channel",)), "port on 'channel', which is not a sea area"),
        (amend.AddBorder(a="paris", b="atlantis"), "'atlantis' is not a land area"),
        (amend.AddBorder(a="paris", b="lyon", kind="strait"), "a strait border names its strait"),
        (amend.AddBorder(a="paris", b="paris"), "cannot border itself"),
        (amend.SetArea(area="tobruk", container="nowhere"), "surrounding area 'nowhere' is not on the board"),
        (amend.SetArea(area="lyon", home=True, nation=None), "a home area needs its nation"),
        (amend.RemoveArea(area="malta"), "the rules name 'malta'"),
        (amend.SetSea(sea="atlantic", adjacent=("pacific",)), "adjacent to 'pacific'"),
        (amend.SetArea(area="Bad Id", name="x"), "use lower-case letters"),
        (amend.SetBoardInfo(complete=True), "marked complete but"),
    ],
)
def test_validation_errors_are_clear_sentences(partial, edit, message):
    with pytest.raises(amend.AmendmentRefused) as no:
        amend.apply(partial, [edit])
    assert message in str(no.value)


def test_a_malformed_board_file_is_refused_with_the_reason():
    with pytest.raises(BoardInvalid) as no:
        loader.loads('title = "x"\n[areas.paris]\nname = "Paris"\nterrain = "lava"\n')
    assert "terrain" in str(no.value)
    with pytest.raises(BoardInvalid):
        loader.loads("title = ")
    with pytest.raises(BoardInvalid) as no:
        loader.loads('title = "x"\n[[borders]]\na = "p"\nb = "q"\n')
    assert "'p' is not a land area" in str(no.value)


def test_amendments_complete_the_board_and_the_export_reloads_identically(partial):
    edits = (
        amend.SetArea(area="paris", terrain="clear", weather_zone="west", ports=(), source="map sheet 1"),
        amend.SetArea(area="ile_de_france", name="Île-de-France", nation="france", home=True, source="map sheet 1"),
        amend.AddBorder(a="paris", b="ile_de_france", kind="river", source="map sheet 1"),
        amend.SetSea(sea="north_sea", name="North Sea", maintenance="britain", source="map sheet 1"),
        amend.AddAirRoute(a="sicily", b="malta"),
        amend.AddInvasionArrow(sea="atlantic", area="normandy", max_units=3),
    )
    board = amend.apply(partial, edits)
    assert board.areas["paris"].terrain == "clear" and "map sheet 1" in board.areas["paris"].sources
    assert board.borders[-1].kind == "river"
    text = loader.export(board)
    assert "INCOMPLETE" in text
    assert loader.loads(text) == board
    removed = amend.apply(board, [amend.RemoveArea(area="ile_de_france"), amend.RemoveAirRoute(a="malta", b="sicily")])
    assert all("ile_de_france" not in (b.a, b.b) for b in removed.borders) and not removed.air_routes


def test_amendments_travel_as_json_in_the_log():
    raw = b'{"type": "ee.amend_board", "amendments": [{"op": "set_area", "area": "paris", "terrain": "clear"}]}'
    cmd = msgspec.json.decode(raw, type=AmendBoard)
    assert cmd.amendments[0].terrain == "clear"
    wrong = b'{"type": "ee.amend_board", "amendments": [{"op": "set_area", "area": "paris", "colour": "blue"}]}'
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(wrong, type=AmendBoard)


def test_amend_board_decides_and_evolves(partial):
    cmd = AmendBoard(amendments=(amend.SetArea(area="paris", terrain="clear"),), reason="read off our map")
    (event,) = decide_amend(cmd, partial)
    assert evolve_board(partial, event).areas["paris"].terrain == "clear"
    with pytest.raises(Refused) as no:
        decide_amend(AmendBoard(amendments=(amend.RemoveBorder(a="paris", b="rome"),)), partial)
    assert no.value.rule == "EE board format" and "no border paris–rome" in no.value.reason
    with pytest.raises(Refused):
        decide_amend(AmendBoard(amendments=()), partial)


def test_a_board_is_marked_complete_once_every_gap_is_filled(partial):
    fill = {"nation": "somewhere", "home": False, "capital": False, "resource": False, "terrain": "clear",
            "weather_zone": "west", "ports": (), "borders": True, "container": True}  # fmt: skip
    key = {"borders": "borders_complete", "container": "standalone"}
    edits: list = []
    for g in gaps(partial):
        if g.subject in partial.seas:
            edits.append(amend.SetSea(sea=g.subject, **{g.fact: "britain" if g.fact == "maintenance" else ()}))
        else:
            edits.append(amend.SetArea(area=g.subject, **{key.get(g.fact, g.fact): fill[g.fact]}))
    done = amend.apply(partial, [*edits, amend.SetBoardInfo(complete=True)])
    assert done.complete and gaps(done) == [] and "Marked complete" in loader.export(done)
