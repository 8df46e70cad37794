"""Board moves: players amend the board in the game's log; ``evolve_board`` applies the amendments."""

from __future__ import annotations

from typing import Any

from assistant.decider import Context
from assistant.families.engulfed.setup import check_amendments
from msgspec.structs import replace

from assistant.games.europe_engulfed.board import amend
from assistant.games.europe_engulfed.board.names import place_id
from assistant.games.europe_engulfed.board.commands import AmendBoard
from assistant.games.europe_engulfed.board.format import Board
from events.base import Event
from assistant.games.europe_engulfed.events.board import BoardAmended


def named(board: Board, amendment: Any) -> Any:
    """An amendment with the places it names as the board's ids: "Trondheim" typed from the map is the board's
    ``trondheim`` (a name no place has stays as typed: a new place, or the board check says it is missing)."""
    changes = {f: place_id(board, getattr(amendment, f)) for f in ("a", "b", "area", "sea")
               if isinstance(getattr(amendment, f, None), str)}
    return replace(amendment, **changes) if changes else amendment


def decide_amend(cmd: AmendBoard, board: Board) -> list[Event]:
    amendments = tuple(named(board, a) for a in cmd.amendments)
    check_amendments(amend.apply, board, amendments, "EE board format")
    return [BoardAmended(amendments=amendments, reason=cmd.reason)]


def amend_board(command: AmendBoard, state: Any, ctx: Context) -> list[Event]:
    """Allowed at any time: the map does not change, only what the assistant knows of it."""
    return decide_amend(command, state.board)


def evolve_board(board: Board, event: BoardAmended) -> Board:
    return amend.apply(board, event.amendments, validate=False)
