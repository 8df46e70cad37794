"""Reading a board (or scenario) file: TOML text to plain data to a validated Struct, every problem in words."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")


def convert(data: dict[str, Any], cls: type[T], check: Callable[[T], None],
            invalid: Callable[[list[str]], Exception], what: str = "board") -> T:
    """``data`` as a ``cls`` checked by ``check``; a format error raises ``invalid([...])``."""
    try:
        value = msgspec.convert(data, cls)
    except msgspec.ValidationError as exc:
        raise invalid([f"{what} format: {exc}"]) from None
    check(value)
    return value


def parse_toml(text: str, invalid: Callable[[list[str]], Exception]) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise invalid([f"not a TOML file: {exc}"]) from None
