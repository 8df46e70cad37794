"""The rulebook's numbers (data/rules.toml) as one small frozen object, loaded once."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

import msgspec


class Terrain(msgspec.Struct, frozen=True):
    name: str
    vehicle_cost: int
    vehicle_enters: bool
    soldier_enters: bool
    vehicle_roll: bool
    cover: tuple[str, ...]
    blocks_los: bool

    def enterable_by(self, unit_type: str) -> bool:
        return self.vehicle_enters if unit_type == "vehicle" else self.soldier_enters


class Tables(msgspec.Struct, frozen=True):
    sides: dict[str, tuple[str, ...]]
    nationalities: dict[str, str]
    groups: tuple[tuple[str, ...], ...]
    budget: int
    max_units: int
    scenarios: dict[str, dict[str, Any]]
    ranges: dict[str, tuple[int, int]]
    success_at: int
    impaired_modifier: int
    cover: dict[str, int]
    same_hex_cover_modifier: int
    movement_roll_at: int
    per_side: int
    vehicles_per_hex: int
    terrain: dict[str, Terrain]
    map_configurations: dict[str, str]

    def side_of(self, nationality: str) -> str:
        for side, members in self.sides.items():
            if nationality in members:
                return side
        return ""

    def band(self, distance: int, long_max: int = 8) -> str | None:
        """The range band of a distance in hexes (p.15); None beyond long range."""
        for name, (low, high) in self.ranges.items():
            if name == "long":
                high = max(high, long_max)
            if low <= distance <= high:
                return name
        return None


BANDS = ("short", "medium", "long")


@cache
def load() -> Tables:
    raw = tomllib.loads(resources.files("assistant.games.aa_miniatures").joinpath("data/rules.toml").read_text("utf-8"))
    return Tables(
        sides={k: tuple(v) for k, v in raw["sides"].items()},
        nationalities=dict(raw["nationalities"]),
        groups=tuple(tuple(g) for g in raw["historical_limits"]["groups"]),
        budget=raw["army"]["budget"],
        max_units=raw["army"]["max_units"],
        scenarios=dict(raw["scenarios"]),
        ranges={k: (v[0], v[1]) for k, v in raw["ranges"].items()},
        success_at=raw["attack"]["success_at"],
        impaired_modifier=raw["attack"]["impaired_modifier"],
        cover={"soldier": raw["cover"]["soldier"], "vehicle": raw["cover"]["vehicle"]},
        same_hex_cover_modifier=raw["cover"]["same_hex_modifier"],
        movement_roll_at=raw["movement"]["roll_success_at"],
        per_side=raw["stacking"]["per_side"],
        vehicles_per_hex=raw["stacking"]["vehicles_per_hex"],
        terrain={k: msgspec.convert(v, Terrain) for k, v in raw["terrain"].items()},
        map_configurations=dict(raw["map_configurations"]),
    )
