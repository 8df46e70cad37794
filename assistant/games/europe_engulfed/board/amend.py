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
    partial_edit,
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
        _area(board, am.area)
        return rep(
            board,
            areas={k: v for k, v in board.areas.items() if k != am.area},
            borders=tuple(b for b in board.borders if am.area not in (b.a, b.b)),
            air_routes=tuple(r for r in board.air_routes if am.area not in (r.a, r.b)),
            invasion_arrows=tuple(x for x in board.invasion_arrows if x.area != am.area),
        )
    if isinstance(am, SetSea):
        return rep(board, seas=set_place(board.seas, am.sea, SeaArea, _given(am, ("sea", "source")), am.source))
    if isinstance(am, RemoveSea):
        if am.sea not in board.seas:
            raise AmendmentRefused(f"no sea area {am.sea!r} on the board")
        return rep(board, seas={k: v for k, v in board.seas.items() if k != am.sea})
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


def _area(board: Board, area: str) -> LandArea:
    try:
        return board.areas[area]
    except KeyError:
        raise AmendmentRefused(f"no area {area!r} on the board") from None


def apply(board: Board, amendments: Iterable[Amendment], validate: bool = True) -> Board:
    """The board after the amendments, in order. Refuses (AmendmentRefused) an edit that cannot apply or a
    result that is not a valid board."""
    for am in amendments:
        board = _apply_one(board, am)
    if validate:
        try:
            check(board)
        except BoardInvalid as exc:
            raise AmendmentRefused("; ".join(exc.problems)) from None
    return board
