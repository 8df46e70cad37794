"""Board (and scenario) files: TOML text to plain data to a validated Struct, every problem in words; the board a
game ships (the places its rules name); a board written back as a file players reuse in later games."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from assistant.families.engulfed.toml_writer import dumps
from events.catalogue import name_the_entry

T = TypeVar("T")


def convert(data: dict[str, Any], cls: type[T], check: Callable[[T], None],
            invalid: Callable[[list[str]], Exception], what: str = "board") -> T:
    """``data`` as a ``cls`` checked by ``check``; a format error raises ``invalid([...])``."""
    try:
        value = msgspec.convert(data, cls)
    except msgspec.ValidationError as exc:
        named = name_the_entry(data, lambda one: msgspec.convert(one, cls), str(exc))  # the area at fault
        raise invalid([f"{what} format: {named}"]) from None
    check(value)
    return value


def parse_toml(text: str, invalid: Callable[[list[str]], Exception]) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise invalid([f"not a TOML file: {exc}"]) from None


def unchecked(value: Any) -> None:
    """For files whose checks need more than the file itself (a scenario is checked against its board)."""


class Files(Generic[T]):
    """One kind of file of one game: its Struct, its checks, the error it raises, where its format is told."""

    def __init__(self, cls: type[T], check: Callable[[T], None], invalid: Callable[[list[str]], Exception], *,
                 what: str, header: str, shipped: Path | None = None):
        self.cls, self.check, self.invalid, self.what, self.header, self.shipped = cls, check, invalid, what, header, shipped
        self._shipped: T | None = None

    def from_dict(self, data: dict[str, Any]) -> T:
        """From plain data (a parsed file, or a game definition); validated."""
        return convert(data, self.cls, self.check, self.invalid, self.what)

    def loads(self, text: str) -> T:
        return self.from_dict(parse_toml(text, self.invalid))

    def load(self, path: str | Path) -> T:
        return self.loads(Path(path).read_text(encoding="utf-8"))

    def partial(self) -> T:
        """The file the game ships (read once)."""
        if self._shipped is None:
            if self.shipped is None:
                raise FileNotFoundError(f"this game ships no {self.what} file")
            self._shipped = self.load(self.shipped)
        return self._shipped

    @staticmethod
    def to_dict(value: T) -> dict[str, Any]:
        return msgspec.to_builtins(value)

    def export(self, value: T, note: str = "") -> str:
        """The value as a file in the format ``loads`` reads, headed by where that format is told."""
        return f"# {self.header}\n" + (f"# {note}\n" if note else "") + dumps(self.to_dict(value))


def completeness(board: Any) -> str:
    """A board file's second header line."""
    return "Marked complete by the players." if board.complete else "INCOMPLETE: some map facts are still unknown."


# What the new-game form asks for (the CLI: ``--option-file board=... scenario=...``).
OPTION_FILES = {
    "board": "Board file (.toml or .json, e.g. the board exported from another game)",
    "scenario": "Scenario file (.toml or .json, a set-up saved from another game)",
}
