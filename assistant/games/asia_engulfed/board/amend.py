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


class SetBoardInfo(msgspec.Struct, tag="set_board_info", **AMENDMENT_CONFIG):
    title: str | msgspec.UnsetType = msgspec.UNSET
    complete: bool | msgspec.UnsetType = msgspec.UNSET
    wrap_route: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    leyte_passage: tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET


Amendment = Union[SetZone, SetSeaZone, RemoveZone, AddBorder, RemoveBorder, SetBoardInfo]  # type: ignore[valid-type]


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
    raise AmendmentRefused(f"unknown amendment {type(am).__name__}")


def apply(board: Board, amendments: Iterable[msgspec.Struct], validate: bool = True) -> Board:
    return apply_all(board, amendments, _one, check, BoardInvalid, validate)
