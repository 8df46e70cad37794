"""The fixed facts a game is played on: the board, the unit table and the rule tables.

Built once from the game's definition (so a saved game replays without our data files) and shared by every
state of that game; nothing here changes during play. Map walking is ``geography``'s job.
"""

import os
from functools import lru_cache
from typing import Any

import msgspec

from assistant.games.aa_classic.board import Board, UnitType

TABLES = os.path.join(os.path.dirname(__file__), "tables", "rules.toml")  # a string: no pathlib to read a game


class Tables(msgspec.Struct, frozen=True):
    turn_order: tuple[str, ...]
    steps: tuple[str, ...]
    research_die_cost: int
    breakthrough_face: int
    neutrality_penalty: int
    economic_victory_level: int
    rocket_range: int
    sides: dict[str, tuple[str, ...]]
    technologies: dict[str, str]
    allocation: dict[str, tuple[tuple[str, ...], ...]]
    advantage_technologies: dict[str, tuple[str, ...]]


class World(msgspec.Struct, frozen=True, dict=True):
    board: Board
    units: dict[str, UnitType]
    tables: Tables

    # -------------------------------------------------------------- sides

    def side_of(self, power: str) -> str:
        return self._side.get(power, "")

    def allied(self, a: str, b: str) -> bool:
        return bool(a) and bool(b) and self.side_of(a) == self.side_of(b)

    def enemies(self, a: str, b: str) -> bool:
        return bool(a) and bool(b) and self.side_of(a) != self.side_of(b)

    def capital_of(self, power: str) -> str:
        return self._capitals.get(power, "")

    # -------------------------------------------------------------- spaces and units

    def is_sea(self, name: str) -> bool:
        return self.board.spaces[name].kind == "sea"

    def value(self, name: str) -> int:
        return self.board.spaces[name].ipc

    def neighbours(self, name: str) -> tuple[str, ...]:
        return self.board.spaces[name].neighbours

    def domain(self, kind: str) -> str:
        return self.units[kind].domain

    @property
    def _side(self) -> dict[str, str]:
        cached = self.__dict__.get("_side_cache")
        if cached is None:
            cached = {p: side for side, powers in self.tables.sides.items() for p in powers}
            self.__dict__["_side_cache"] = cached
        return cached

    @property
    def _capitals(self) -> dict[str, str]:
        cached = self.__dict__.get("_capital_cache")
        if cached is None:
            cached = {s.capital: s.name for s in self.board.spaces.values() if s.capital}
            self.__dict__["_capital_cache"] = cached
        return cached


def load_tables() -> dict[str, Any]:
    import tomllib  # only a new game reads the tables: a command on a game in play never loads the TOML reader

    with open(TABLES, "rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=8)
def _world_from_json(raw: bytes) -> World:
    return msgspec.json.decode(raw, type=World)


def world_of(definition: dict[str, Any]) -> World:
    """The world a definition describes (its board, units and tables), decoded once per distinct definition."""
    parts = {"board": definition["board"], "units": definition["units"], "tables": definition["tables"]}
    return _world_from_json(msgspec.json.encode(parts))
