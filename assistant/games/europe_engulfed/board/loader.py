"""Reading a board file into a ``Board`` and writing a board back as a file in the same format."""

from __future__ import annotations

from pathlib import Path

from assistant.families.engulfed.board_files import Files, completeness
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.board.validate import BoardInvalid, check

PARTIAL_BOARD = Path(__file__).parent.parent / "data" / "board.toml"

BOARD_FILES = Files(Board, check, BoardInvalid, what="board", shipped=PARTIAL_BOARD, header=(
    "Europe Engulfed board exported by the assistant (format: assistant/games/europe_engulfed/data/README.md)."))

from_dict = BOARD_FILES.from_dict  # a board from plain data (a parsed file, or a game definition); validated
loads = BOARD_FILES.loads
load = BOARD_FILES.load
partial_board = BOARD_FILES.partial  # the board shipped with the game: the places the rules name, incomplete
to_dict = BOARD_FILES.to_dict


def export(board: Board) -> str:
    """The board as a board file (same format as data/board.toml), to reuse in later games."""
    return BOARD_FILES.export(board, completeness(board))
