"""Reading a board file (TOML) into a ``Board``; the partial board shipped with the game; a board as a file."""

from __future__ import annotations

from pathlib import Path

from assistant.families.engulfed.board_files import Files, completeness
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.board.validate import BoardInvalid, check

PARTIAL_BOARD = Path(__file__).parent.parent / "data" / "board.toml"

BOARD_FILES = Files(Board, check, BoardInvalid, what="board", shipped=PARTIAL_BOARD, header=(
    "Asia Engulfed board exported by the assistant (format: assistant/games/asia_engulfed/docs.md)."))

from_dict = BOARD_FILES.from_dict
loads = BOARD_FILES.loads
partial_board = BOARD_FILES.partial
to_dict = BOARD_FILES.to_dict


def export(board: Board) -> str:
    return BOARD_FILES.export(board, completeness(board))
