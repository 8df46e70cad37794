"""Reading a board file (TOML) into a ``Board``; the partial board shipped with the game."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.board.validate import BoardInvalid, check

PARTIAL_BOARD = Path(__file__).parent.parent / "data" / "board.toml"


def from_dict(data: dict[str, Any]) -> Board:
    try:
        board = msgspec.convert(data, Board)
    except msgspec.ValidationError as exc:
        raise BoardInvalid([f"board format: {exc}"]) from None
    check(board)
    return board


def loads(text: str) -> Board:
    try:
        return from_dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise BoardInvalid([f"not a TOML file: {exc}"]) from None


@cache
def partial_board() -> Board:
    return loads(PARTIAL_BOARD.read_text(encoding="utf-8"))


def to_dict(board: Board) -> dict[str, Any]:
    return msgspec.to_builtins(board)
