"""Reading a board file into a ``Board`` and writing a board back as a file in the same format."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from assistant.families.engulfed.board_files import convert, parse_toml
from assistant.games.europe_engulfed.board.format import Board
from assistant.families.engulfed.toml_writer import dumps
from assistant.games.europe_engulfed.board.validate import BoardInvalid, check

PARTIAL_BOARD = Path(__file__).parent.parent / "data" / "board.toml"


def from_dict(data: dict[str, Any]) -> Board:
    """A board from plain data (a parsed file, or a game definition); validated."""
    return convert(data, Board, check, BoardInvalid)


def loads(text: str) -> Board:
    return from_dict(parse_toml(text, BoardInvalid))


def load(path: str | Path) -> Board:
    return loads(Path(path).read_text(encoding="utf-8"))


@cache
def partial_board() -> Board:
    """The board shipped with the game: the places the rules name, marked incomplete."""
    return load(PARTIAL_BOARD)


def to_dict(board: Board) -> dict[str, Any]:
    return msgspec.to_builtins(board)


def export(board: Board) -> str:
    """The board as a board file (same format as data/board.toml), to reuse in later games."""
    header = (
        "# Europe Engulfed board exported by the assistant (format: assistant/games/europe_engulfed/data/README.md).\n"
        + ("# Marked complete by the players.\n" if board.complete else "# INCOMPLETE: some map facts are still unknown.\n")
    )
    return header + dumps(to_dict(board))
