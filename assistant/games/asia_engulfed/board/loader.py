"""Reading a board file (TOML) into a ``Board``; the partial board shipped with the game."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from assistant.families.engulfed.board_files import convert, parse_toml
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.board.validate import BoardInvalid, check

PARTIAL_BOARD = Path(__file__).parent.parent / "data" / "board.toml"


def from_dict(data: dict[str, Any]) -> Board:
    return convert(data, Board, check, BoardInvalid)


def loads(text: str) -> Board:
    return from_dict(parse_toml(text, BoardInvalid))


@cache
def partial_board() -> Board:
    return loads(PARTIAL_BOARD.read_text(encoding="utf-8"))


def to_dict(board: Board) -> dict[str, Any]:
    return msgspec.to_builtins(board)
