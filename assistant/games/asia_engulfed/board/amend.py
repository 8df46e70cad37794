"""Asia Engulfed board amendments, built from the board format by the Engulfed family's machinery."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import msgspec

from assistant.families.engulfed.amendments import (
    AMENDMENT_CONFIG,
    AmendmentRefused,
    given,
    partial_edit,
    same_pair,
    set_place,
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
        if am.zone not in board.zones:
            raise AmendmentRefused(f"no land zone {am.zone!r} on the board")
        return rep(board, zones={k: v for k, v in board.zones.items() if k != am.zone},
                   borders=tuple(b for b in board.borders if am.zone not in (b.a, b.b)))
    if isinstance(am, AddBorder):
        if any(same_pair(b.a, b.b, am.a, am.b) for b in board.borders):
            raise AmendmentRefused(f"the border {am.a}–{am.b} is already on the board (remove it first to change it)")
        return rep(board, borders=(*board.borders, Border(a=am.a, b=am.b, kind=am.kind,
                                                          sources=(am.source,) if am.source else ())))
    if isinstance(am, RemoveBorder):
        kept = tuple(b for b in board.borders if not same_pair(b.a, b.b, am.a, am.b))
        if len(kept) == len(board.borders):
            raise AmendmentRefused(f"no border {am.a}–{am.b} on the board")
        return rep(board, borders=kept)
    if isinstance(am, SetBoardInfo):
        return rep(board, **given(am, ()))
    raise AmendmentRefused(f"unknown amendment {type(am).__name__}")


def apply(board: Board, amendments: Iterable[msgspec.Struct], validate: bool = True) -> Board:
    for am in amendments:
        board = _one(board, am)
    if validate:
        try:
            check(board)
        except BoardInvalid as exc:
            raise AmendmentRefused("; ".join(exc.problems)) from None
    return board
