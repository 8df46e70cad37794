"""The fixed facts a game of A&A Europe is played on: the board, the unit table and the rule tables.

Read from ``data/*.toml``, checked on load (every border listed from both sides, every set-up line on a real space),
embedded in each saved game's definition and decoded once per distinct definition; nothing here changes in play.
"""

import functools
import tomllib
from collections import deque
from pathlib import Path
from typing import Any, Literal

import msgspec

DATA = Path(__file__).parent / "data"

GROUPS = frozenset({"national", "annexed", "axis_minor", "possession", "middle_east", "neutral"})
UNIT_FLAGS = frozenset(
    {
        "artillery_supported", "artillery", "blitz", "anti_aircraft", "captured_with_territory", "never_attacks",
        "not_a_casualty", "production", "not_for_sale", "lands_on_carrier", "escort", "intercept",
        "strategic_bombing", "cancels_surprise", "spots_submarines", "shore_support", "surprise_strike", "submerge",
        "cannot_hit_aircraft", "hidden_from_aircraft", "two_hits",
    }
)


class DataError(ValueError):
    """A data file (or a table's override) that contradicts itself."""


class Space(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    kind: Literal["land", "sea"]
    french: str = ""
    ipc: int = 0
    owner: str = ""  # who controls it at the start ("" = neutral territory, or a sea zone that is not a convoy centre)
    group: str = ""
    capital: str = ""
    complex: bool = False
    convoy: bool = False
    borders: tuple[str, ...] = ()
    source: str = ""


class UnitType(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    french: str
    domain: Literal["land", "air", "sea"]
    cost: int
    movement: int
    attack: int
    defence: int
    transport_cost: int = 0
    transport_capacity: int = 0
    carrier_cost: int = 0
    carrier_capacity: int = 0
    flags: frozenset[str] = frozenset()
    source: str = ""

    def has(self, flag: str) -> bool:
        return flag in self.flags


class Tables(msgspec.Struct, frozen=True):
    turn_order: tuple[str, ...]
    phases: tuple[str, ...]
    sides: dict[str, tuple[str, ...]]
    names: dict[str, str]
    cash_advance: dict[str, int]
    allocation: dict[str, tuple[tuple[str, ...], ...]]
    victory: dict[str, Any]
    fire: dict[str, int]


class World(msgspec.Struct, frozen=True, dict=True):
    spaces: dict[str, Space]
    units: dict[str, UnitType]
    tables: Tables
    air_only: tuple[tuple[str, str], ...] = ()

    # ------------------------------------------------------------ sides and powers

    def side_of(self, power: str) -> str:
        return next((side for side, powers in self.tables.sides.items() if power in powers), "")

    def allied(self, a: str, b: str) -> bool:
        return bool(a) and bool(b) and self.side_of(a) == self.side_of(b)

    def enemies(self, a: str, b: str) -> bool:
        return bool(a) and bool(b) and bool(self.side_of(a)) and self.side_of(a) != self.side_of(b)

    def name(self, power: str) -> str:
        return self.tables.names.get(power, power)

    def capital_of(self, power: str) -> str:
        return next((s.name for s in self.spaces.values() if s.capital == power), "")

    # ------------------------------------------------------------ spaces

    def is_sea(self, name: str) -> bool:
        return self.spaces[name].kind == "sea"

    def neutral(self, name: str) -> bool:
        return self.spaces[name].group == "neutral"

    def middle_east(self, name: str) -> bool:
        return self.spaces[name].group == "middle_east"

    def value(self, name: str) -> int:
        return self.spaces[name].ipc

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.spaces[a].borders

    def ships_may_cross(self, a: str, b: str) -> bool:
        return (a, b) not in self._air_only and (b, a) not in self._air_only

    def domain(self, kind: str) -> str:
        return self.units[kind].domain

    @functools.cached_property
    def _air_only(self) -> frozenset[tuple[str, str]]:
        return frozenset(tuple(p) for p in self.air_only)  # type: ignore[misc]

    def distance(self, start: str, goal: str, domain: str) -> int | None:
        """Fewest moves from ``start`` to ``goal`` for a unit of ``domain`` (air: over land and sea, never over a
        neutral territory [T L26]); None if it cannot get there."""
        path = self.route(start, goal, domain)
        return None if path is None else len(path) - 1

    def route(self, start: str, goal: str, domain: str) -> tuple[str, ...] | None:
        """A shortest path (start and goal included) for a unit of ``domain``, terrain only; None if there is none."""
        came: dict[str, str] = {start: start}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            if here == goal:
                path = [goal]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return tuple(reversed(path))
            for nxt in sorted(self.spaces[here].borders):
                if nxt not in came and self.passable(here, nxt, domain):
                    came[nxt] = here
                    todo.append(nxt)
        return None

    def passable(self, a: str, b: str, domain: str) -> bool:
        """One step a -> b for a unit of ``domain``, terrain only (neutrals are closed to every unit [T L26])."""
        if self.neutral(b):
            return False
        if domain == "air":
            return True
        if domain == "sea":
            return self.is_sea(b) and self.is_sea(a) and self.ships_may_cross(a, b)
        return not self.is_sea(b) and not self.is_sea(a)


# ---------------------------------------------------------------- loading


def _read(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


@functools.cache
def board_data() -> dict[str, Any]:
    raw = _read("board.toml")
    spaces = {}
    for kind, rows in (("land", raw["territory"]), ("sea", raw["sea_zone"])):
        for row in rows:
            if row["name"] in spaces:
                raise DataError(f"{row['name']} is listed twice")
            spaces[row["name"]] = {**row, "kind": kind}
    return {"spaces": spaces, "air_only": raw.get("air_only", [])}


@functools.cache
def unit_data() -> dict[str, Any]:
    return {uid: {**row, "id": uid} for uid, row in _read("units.toml").items()}


@functools.cache
def setup_data() -> dict[str, Any]:
    return _read("setup.toml")


@functools.cache
def rule_data() -> dict[str, Any]:
    return _read("rules.toml")


def check(world: World) -> None:
    """Raise DataError unless every border is listed from both sides and every space is well formed."""
    for name, sp in world.spaces.items():
        if sp.name != name:
            raise DataError(f"space filed under {name!r} is called {sp.name!r}")
        if sp.group and sp.group not in GROUPS:
            raise DataError(f"{name}: unknown group {sp.group!r}")
        for other in sp.borders:
            if other not in world.spaces:
                raise DataError(f"{name}: unknown neighbour {other!r}")
            if name not in world.spaces[other].borders:
                raise DataError(f"{name} lists {other} as a neighbour but {other} does not list {name}")
        if sp.kind == "sea" and not sp.convoy and (sp.ipc or sp.owner):
            raise DataError(f"sea zone {name} has a value or an owner but is no convoy centre")
    for a, b in world.air_only:
        if not world.adjacent(a, b):
            raise DataError(f"air-only border {a} / {b} is not a border")
    for unit in world.units.values():
        if unit.flags - UNIT_FLAGS:
            raise DataError(f"{unit.id}: unknown flags {sorted(unit.flags - UNIT_FLAGS)}")


@functools.lru_cache(maxsize=8)
def _decode(raw: bytes) -> World:
    world = msgspec.json.decode(raw, type=World)
    check(world)
    return world


def world_of(definition: dict[str, Any]) -> World:
    parts = {k: definition[k] for k in ("spaces", "units", "tables", "air_only")}
    try:
        return _decode(msgspec.json.encode(parts))
    except msgspec.ValidationError as exc:
        raise DataError(f"game definition: {exc}") from exc
