"""Board amendments: players complete or correct the board from their physical map.

An amendment is a small fact-level edit. A game keeps them as events in its own log, so the game file stays
self-contained and replays anywhere; ``apply`` turns a board plus amendments into the amended board.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import msgspec
from msgspec import UNSET, UnsetType

from assistant.families.engulfed.amendments import (
    AMENDMENT_CONFIG,
    AmendmentRefused,
    apply_all,
    partial_edit,
    remove_place,
    set_place,
    sources_of,
    with_link,
    without_link,
)
from assistant.families.engulfed.amendments import given as _given
from assistant.games.europe_engulfed.board.format import (
    AirRoute,
    Board,
    Border,
    BorderKind,
    InvasionArrow,
    LandArea,
    SeaArea,
)
from assistant.games.europe_engulfed.board.validate import BoardInvalid, check

_CONF = AMENDMENT_CONFIG


def _partial(name: str, tag: str, of: type, key: str, doc: str) -> type:
    return partial_edit(name, tag, of, key, doc, __name__)


SetArea = _partial("SetArea", "set_area", LandArea, "area",
                   "Create an area or change some of its facts; facts left out stay as they are.")  # fmt: skip
SetSea = _partial("SetSea", "set_sea", SeaArea, "sea", "Create a sea area or change some of its facts.")


class RemoveArea(msgspec.Struct, tag="remove_area", **_CONF):
    """Remove an area and every border, route and arrow that touches it."""

    area: str


class RemoveSea(msgspec.Struct, tag="remove_sea", **_CONF):
    sea: str


class AddBorder(msgspec.Struct, tag="add_border", **_CONF):
    a: str
    b: str
    kind: BorderKind = "land"
    strait: str = ""
    source: str = ""


class RemoveBorder(msgspec.Struct, tag="remove_border", **_CONF):
    a: str
    b: str


class AddAirRoute(msgspec.Struct, tag="add_air_route", **_CONF):
    a: str
    b: str
    source: str = ""


class RemoveAirRoute(msgspec.Struct, tag="remove_air_route", **_CONF):
    a: str
    b: str


class AddInvasionArrow(msgspec.Struct, tag="add_invasion_arrow", **_CONF):
    sea: str
    area: str
    max_units: int | None = None
    source: str = ""


class SetBoardInfo(msgspec.Struct, tag="set_board_info", **_CONF):
    """Rename the board or mark it complete (validation then refuses any unknown fact)."""

    title: str | UnsetType = UNSET
    complete: bool | UnsetType = UNSET


Amendment = Union[
    SetArea, RemoveArea, SetSea, RemoveSea, AddBorder, RemoveBorder, AddAirRoute, RemoveAirRoute,
    AddInvasionArrow, SetBoardInfo,
]  # fmt: skip


def _apply_one(board: Board, am: Amendment) -> Board:
    rep = msgspec.structs.replace
    if isinstance(am, SetArea):
        return rep(board, areas=set_place(board.areas, am.area, LandArea, _given(am, ("area", "source")), am.source))
    if isinstance(am, RemoveArea):
        return remove_place(board, "areas", am.area, "area", ("borders", "air_routes", "invasion_arrows"))
    if isinstance(am, SetSea):
        return rep(board, seas=set_place(board.seas, am.sea, SeaArea, _given(am, ("sea", "source")), am.source))
    if isinstance(am, RemoveSea):
        return remove_place(board, "seas", am.sea, "sea area")
    if isinstance(am, AddBorder):
        border = Border(a=am.a, b=am.b, kind=am.kind, strait=am.strait, sources=sources_of(am.source))
        return rep(board, borders=with_link(board.borders, border, "border"))
    if isinstance(am, RemoveBorder):
        return rep(board, borders=without_link(board.borders, am.a, am.b, "border"))
    if isinstance(am, AddAirRoute):
        route = AirRoute(a=am.a, b=am.b, sources=sources_of(am.source))
        return rep(board, air_routes=(*board.air_routes, route))
    if isinstance(am, RemoveAirRoute):
        return rep(board, air_routes=without_link(board.air_routes, am.a, am.b, "air route"))
    if isinstance(am, AddInvasionArrow):
        arrow = InvasionArrow(sea=am.sea, area=am.area, max_units=am.max_units, sources=(am.source,) if am.source else ())
        return rep(board, invasion_arrows=(*board.invasion_arrows, arrow))
    if isinstance(am, SetBoardInfo):
        return rep(board, **_given(am, ()))
    raise AmendmentRefused(f"unknown amendment {type(am).__name__}")


def apply(board: Board, amendments: Iterable[Amendment], validate: bool = True) -> Board:
    """The board after the amendments, in order. Refuses (AmendmentRefused) an edit that cannot apply or a
    result that is not a valid board."""
    return apply_all(board, amendments, _apply_one, check, BoardInvalid, validate)
