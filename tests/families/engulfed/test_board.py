"""The family's board machinery on a small board format of its own: named missing facts, files, amendments."""

from __future__ import annotations

import msgspec
import pytest

from assistant.families.engulfed.amendments import (
    AMENDMENT_CONFIG,
    AmendmentRefused,
    apply_all,
    given,
    partial_edit,
    remove_place,
    set_place,
)
from assistant.families.engulfed.board_files import Files, completeness
from assistant.families.engulfed.gaps import BoardGap, fact_gaps, needed_by


class Place(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    name: str
    port: bool | None = None
    borders_complete: bool = False
    sources: tuple[str, ...] = ()


class Link(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    a: str
    b: str


class Arrow(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    sea: str
    area: str


class Board(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    title: str = "test"
    complete: bool = False
    places: dict[str, Place] = {}
    links: tuple[Link, ...] = ()
    arrows: tuple[Arrow, ...] = ()


class Invalid(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def check(board: Board) -> None:
    bad = [f"link {x.a}–{x.b}: {end!r} is not on the board" for x in board.links for end in (x.a, x.b)
           if end not in board.places]
    if bad:
        raise Invalid(bad)


FACTS = {"port": ("whether it is a port", "XE 3.3"), "borders": ("its full list of land borders", "XE 3.1")}
SetPlace = partial_edit("SetPlace", "set_place", Place, "place", "Set some facts of a place.", __name__)


class RemovePlace(msgspec.Struct, tag="remove_place", **AMENDMENT_CONFIG):
    place: str


def one(board: Board, am: msgspec.Struct) -> Board:
    if isinstance(am, SetPlace):
        return msgspec.structs.replace(board, places=set_place(board.places, am.place, Place,
                                                               given(am, ("place", "source")), am.source))
    return remove_place(board, "places", am.place, "place", ("links", "arrows"))


BOARD = Board(places={"a": Place(name="A", port=True, borders_complete=True), "b": Place(name="B")},
              links=(Link(a="a", b="b"),), arrows=(Arrow(sea="north", area="b"),))


def test_each_unknown_fact_is_named_with_the_rule_that_needs_it():
    found = fact_gaps(BOARD.places, FACTS)
    assert sorted(g.sentence() for g in found) == [
        "b: its full list of land borders unknown (needed by XE 3.1)",
        "b: whether it is a port unknown (needed by XE 3.3)"]
    assert [g.fact for g in needed_by(found, ("port",))] == ["port"]


def test_a_game_words_its_facts_once_and_its_gaps_encode_as_before():
    class Gap(BoardGap, frozen=True, kw_only=True, order=True):
        WORDS = {"port": "whether it is a port"}

    gap = Gap(subject="b", fact="port", rule="XE 3.3")
    assert gap.sentence() == "b: whether it is a port unknown (needed by XE 3.3)"
    assert msgspec.json.encode(gap) == b'{"subject":"b","fact":"port","rule":"XE 3.3"}'  # no "words": ""


def test_amendments_set_facts_keep_their_source_and_removing_a_place_removes_its_links():
    board = apply_all(BOARD, [SetPlace(place="b", port=False, source="our map sheet 2")], one, check, Invalid)
    assert board.places["b"].port is False and board.places["b"].sources == ("our map sheet 2",)
    assert board.places["b"].name == "B"  # facts left out stay
    board = apply_all(board, [RemovePlace(place="b")], one, check, Invalid)
    assert set(board.places) == {"a"} and board.links == () and board.arrows == ()
    with pytest.raises(AmendmentRefused, match="no place 'b' on the board"):
        apply_all(board, [RemovePlace(place="b")], one, check, Invalid)
    with pytest.raises(AmendmentRefused, match="needs a name"):
        apply_all(board, [SetPlace(place="c", port=True)], one, check, Invalid)


def test_an_amended_board_that_fails_its_checks_is_refused_with_the_problems():
    def broken(board: Board, am: msgspec.Struct) -> Board:
        return msgspec.structs.replace(board, places={"a": board.places["a"]})  # drops b, keeps the link

    with pytest.raises(AmendmentRefused, match="'b' is not on the board"):
        apply_all(BOARD, [SetPlace(place="a")], broken, check, Invalid)
    assert apply_all(BOARD, [SetPlace(place="a")], broken, check, Invalid, validate=False).links == BOARD.links


def test_a_board_file_reads_back_what_was_exported_and_says_what_is_wrong():
    files = Files(Board, check, Invalid, what="board", header="Test board (format: the test).")
    text = files.export(BOARD, completeness(BOARD))
    assert text.startswith("# Test board (format: the test).\n# INCOMPLETE: some map facts are still unknown.\n")
    assert files.loads(text) == BOARD
    with pytest.raises(Invalid, match="not a TOML file"):
        files.loads("title = ")
    with pytest.raises(Invalid, match=r"board format: Expected `bool \| null`, got `str`"):
        files.loads('[places.a]\nname = "A"\nport = "yes"\n')
    with pytest.raises(Invalid, match=r"at `\$\.places\['b'\]\.port`"):  # the place at fault, not `places[...]`
        files.loads('[places.a]\nname = "A"\n\n[places.b]\nname = "B"\nport = "yes"\n')
    with pytest.raises(Invalid, match="'c' is not on the board"):
        files.loads('[places.a]\nname = "A"\n\n[[links]]\na = "a"\nb = "c"\n')
    with pytest.raises(FileNotFoundError):
        files.partial()
