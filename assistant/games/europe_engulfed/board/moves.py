"""Board moves: players amend the board in the game's log; ``evolve_board`` applies the amendments."""

from __future__ import annotations

from typing import Any

from assistant.decider import Context
from assistant.families.engulfed.setup import check_amendments
from assistant.games.europe_engulfed.board import amend
from assistant.games.europe_engulfed.board.commands import AmendBoard
from assistant.games.europe_engulfed.board.format import Board
from events.base import Event
from assistant.games.europe_engulfed.events.board import BoardAmended


def decide_amend(cmd: AmendBoard, board: Board) -> list[Event]:
    check_amendments(amend.apply, board, cmd.amendments, "EE board format")
    return [BoardAmended(amendments=cmd.amendments, reason=cmd.reason)]


def amend_board(command: AmendBoard, state: Any, ctx: Context) -> list[Event]:
    """Allowed at any time: the map does not change, only what the assistant knows of it."""
    return decide_amend(command, state.board)


def evolve_board(board: Board, event: BoardAmended) -> Board:
    return amend.apply(board, event.amendments, validate=False)
