"""Loads the game's own data files (data/*.toml) into typed, frozen structures, once per process."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import msgspec

DATA = Path(__file__).parent / "data"


class Nation(msgspec.Struct, frozen=True):
    title: str
    side: str
    base: int
    per_area: int
    strategic: bool
    flak: bool
    asw: bool
    fleet_once_per_year: bool
    sa_caps: list[tuple[int, int]]
    limits: dict[str, int]
    neutral_base: int = 0
    area_values: dict[str, int] = {}
    off_map: int = 0
    peacetime: list[tuple[str, int]] = []


class Nations(msgspec.Struct, frozen=True):
    axis_order: list[str]
    allied_order: list[str]
    nation: dict[str, Nation]


class Surcharge(msgspec.Struct, frozen=True, rename={"start": "from"}):
    start: str
    per_step: int
    rule: str
    needs: str = ""


class CadreWaiver(msgspec.Struct, frozen=True):
    until: str
    needs: str
    rule: str


class Costs(msgspec.Struct, frozen=True):
    step: dict[str, int]
    item: dict[str, int]
    surcharge: dict[str, Surcharge]
    cadre_waiver: dict[str, CadreWaiver]


class Calendar(msgspec.Struct, frozen=True):
    first_turn: str
    last_turn: str
    bimonths: list[str]
    switch: dict[str, tuple[str, str, str]]
    victory_band: dict[str, tuple[str, str, str]]


class Weather(msgspec.Struct, frozen=True):
    zones: list[str]
    conditions: list[str]
    variable_months: list[str]
    air_war_zone: str


class Tables(msgspec.Struct, frozen=True):
    track: dict[str, int]
    flak: dict[str, dict[str, int]]
    air_war: dict[str, dict[str, int] | int]
    v_weapons: dict[str, dict[str, int] | int]
    uboats: dict[str, int]
    lend_lease: dict[str, int]
    conscription: dict[str, list[int] | int]
    combat: dict[str, int]
    conquered_area_value: dict[str, int | dict[str, int]]
    victory: dict[str, int]


class RomaniaCap(msgspec.Struct, frozen=True):
    land_units: int
    armor: int
    gsu: int


class FinnishBorder(msgspec.Struct, frozen=True):
    area_before_leningrad: str
    countries_after_leningrad: list[str]
    border_area: str


class Operating(msgspec.Struct, frozen=True):
    """Where each nationality may operate (EE 9.12, 9.17, 9.21, 9.41, 9.51b), from data/operating.toml."""

    german_militia: list[str]
    axis_minor_countries: dict[str, list[str]]
    axis_minor_countries_at_war_with_ussr: dict[str, list[str]]
    finland: FinnishBorder
    romania_cap: RomaniaCap
    soviet_south_countries: list[str]
    italian_in_ussr: dict[str, int]
    italian_transit_countries: list[str]
    british_kept_out_regions: list[str]
    french_kept_out_countries: list[str]


def _load(name: str, typ: type):
    with open(DATA / name, "rb") as fh:
        return msgspec.convert(tomllib.load(fh), typ)


@cache
def nations() -> Nations:
    return _load("nations.toml", Nations)


@cache
def operating() -> Operating:
    return _load("operating.toml", Operating)


@cache
def costs() -> Costs:
    return _load("costs.toml", Costs)


@cache
def calendar() -> Calendar:
    return _load("calendar.toml", Calendar)


@cache
def weather() -> Weather:
    return _load("weather.toml", Weather)


@cache
def tables() -> Tables:
    return _load("tables.toml", Tables)


def nation(name: str) -> Nation:
    return nations().nation[name]


MAJORS: tuple[str, ...] = ("germany", "italy", "britain", "france", "ussr", "usa")


def side_of(name: str) -> str:
    return nations().nation[name].side
