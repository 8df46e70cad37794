"""Asia Engulfed board amendments, built from the board format by the Engulfed family's machinery."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import msgspec

from assistant.families.engulfed.amendments import (
    AMENDMENT_CONFIG,
    AmendmentRefused,
    apply_all,
    given,
    partial_edit,
    remove_place,
    set_place,
    sources_of,
    with_link,
    with_source,
    without_link,
)
from assistant.games.asia_engulfed.board.format import Board, Border, BorderKind, LandZone, SeaZone
from assistant.games.asia_engulfed.board.validate import BoardInvalid, check

SetZone = partial_edit("SetZone", "set_zone", LandZone, "zone",
                       "Create a land zone or change some of its facts; facts left out stay as they are.", __name__)
SetSeaZone = partial_edit("SetSeaZone", "set_sea_zone", SeaZone, "sea", "Create a sea zone or change some facts.",
                          __name__)


class RemoveZone(msgspec.Struct, tag="remove_zone", **AMENDMENT_CONFIG):
    zone: str


class AddBorder(msgspec.Struct, tag="add_border", **AMENDMENT_CONFIG):
    a: str
    b: str
    kind: BorderKind = "normal"
    source: str = ""


class RemoveBorder(msgspec.Struct, tag="remove_border", **AMENDMENT_CONFIG):
    a: str
    b: str


class AddCoast(msgspec.Struct, tag="add_coast", **AMENDMENT_CONFIG):
    """A land zone borders a sea zone (AE 3.24, 3.4); ``impassable``: across an impassable coast (AE 5.31, 7.2)."""

    zone: str
    sea: str
    impassable: bool = False
    source: str = ""


class RemoveCoast(msgspec.Struct, tag="remove_coast", **AMENDMENT_CONFIG):
    zone: str
    sea: str


class AddSeaLink(msgspec.Struct, tag="add_sea_link", **AMENDMENT_CONFIG):
    """Two sea zones touch (AE 3.4, 8.2): each enters the other's list."""

    a: str
    b: str
    source: str = ""


class RemoveSeaLink(msgspec.Struct, tag="remove_sea_link", **AMENDMENT_CONFIG):
    a: str
    b: str


class SetBoardInfo(msgspec.Struct, tag="set_board_info", **AMENDMENT_CONFIG):
    title: str | msgspec.UnsetType = msgspec.UNSET
    complete: bool | msgspec.UnsetType = msgspec.UNSET
    wrap_route: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    leyte_passage: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET


Amendment = Union[SetZone, SetSeaZone, RemoveZone, AddBorder, RemoveBorder, SetBoardInfo,  # type: ignore[valid-type]
                  AddCoast, RemoveCoast, AddSeaLink, RemoveSeaLink]


def _one(board: Board, am: msgspec.Struct) -> Board:
    rep = msgspec.structs.replace
    if isinstance(am, SetZone):
        return rep(board, zones=set_place(board.zones, am.zone, LandZone, given(am, ("zone", "source")), am.source))
    if isinstance(am, SetSeaZone):
        return rep(board, seas=set_place(board.seas, am.sea, SeaZone, given(am, ("sea", "source")), am.source))
    if isinstance(am, RemoveZone):
        return remove_place(board, "zones", am.zone, "land zone", ("borders",))
    if isinstance(am, AddBorder):
        border = Border(a=am.a, b=am.b, kind=am.kind, sources=sources_of(am.source))
        return rep(board, borders=with_link(board.borders, border, "border"))
    if isinstance(am, RemoveBorder):
        return rep(board, borders=without_link(board.borders, am.a, am.b, "border"))
    if isinstance(am, SetBoardInfo):
        return rep(board, **given(am, ()))
    if isinstance(am, (AddCoast, RemoveCoast)):
        return _coast(board, am)
    if isinstance(am, (AddSeaLink, RemoveSeaLink)):
        return _sea_link(board, am)
    raise AmendmentRefused(f"unknown amendment {type(am).__name__}")


def _coast(board: Board, am: AddCoast | RemoveCoast) -> Board:
    zone, sea = board.zones.get(am.zone), board.seas.get(am.sea)
    if zone is None:
        raise AmendmentRefused(f"no land zone {am.zone!r} on the board (a coast joins a land zone to a sea zone)")
    if sea is None:
        raise AmendmentRefused(f"no sea zone {am.sea!r} on the board (a coast joins a land zone to a sea zone)")
    seas, walls = tuple(zone.seas or ()), zone.impassable_coasts
    if isinstance(am, RemoveCoast):
        if am.sea not in seas and am.sea not in walls:
            raise AmendmentRefused(f"{zone.name} has no coast on {sea.name}")
        new = msgspec.structs.replace(zone, seas=tuple(x for x in seas if x != am.sea),
                                      impassable_coasts=tuple(x for x in walls if x != am.sea))
    else:
        if am.sea in (walls if am.impassable else seas):
            raise AmendmentRefused(f"{zone.name} already has {'an impassable ' if am.impassable else 'a '}coast "
                                   f"on {sea.name}")
        new = msgspec.structs.replace(
            zone, seas=seas if am.impassable or am.sea in seas else (*seas, am.sea),
            impassable_coasts=(*walls, am.sea) if am.impassable else walls,
            sources=with_source(zone.sources, am.source))
    return msgspec.structs.replace(board, zones={**board.zones, am.zone: new})


def _sea_link(board: Board, am: AddSeaLink | RemoveSeaLink) -> Board:
    for end in (am.a, am.b):
        if end not in board.seas:
            raise AmendmentRefused(f"no sea zone {end!r} on the board (a sea link joins two sea zones)")
    if am.a == am.b:
        raise AmendmentRefused("a sea link joins two different sea zones")
    pair = ((am.a, am.b), (am.b, am.a))
    if isinstance(am, RemoveSeaLink) and not any(there in (board.seas[here].adjacent or ()) for here, there in pair):
        raise AmendmentRefused(f"no sea link {am.a}–{am.b} on the board")
    seas = dict(board.seas)
    for here, there in pair:
        zone = seas[here]
        known = tuple(zone.adjacent or ())
        if isinstance(am, RemoveSeaLink):
            seas[here] = msgspec.structs.replace(zone, adjacent=tuple(x for x in known if x != there))
        elif there not in known:
            seas[here] = msgspec.structs.replace(zone, adjacent=(*known, there),
                                                 sources=with_source(zone.sources, am.source))
    if isinstance(am, AddSeaLink) and seas == board.seas:
        raise AmendmentRefused(f"the sea link {am.a}–{am.b} is already on the board")
    return msgspec.structs.replace(board, seas=seas)


def apply(board: Board, amendments: Iterable[msgspec.Struct], validate: bool = True) -> Board:
    return apply_all(board, amendments, _one, check, BoardInvalid, validate)
