"""The scenario set-up format: what the players' play book gives for the scenario they play.

The rule book has no set-ups (its sections 16–19 are in the play book and play aids, digest §11.3), so the
players enter one once; it can be saved as a scenario file (TOML, see data/README.md) and reused.
Field names match the game's options (``Options.scenario``) so either can be converted into the other.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Side = Literal["Axis", "Allied"]
UnitKind = Literal["infantry", "armor", "cavalry", "militia", "airborne", "gsu"]

_CONF = dict(frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


class UnitSetup(msgspec.Struct, **_CONF):
    """One block (or ground support unit, kind "gsu") on the map at the start; ``area`` may be a fortress."""

    id: str
    nation: str  # a major power, a minor power, "vichy" or "free_french"
    kind: UnitKind
    area: str
    max_steps: int = 1
    steps: int = 0  # 0 = full strength
    elite: bool = False


class PoolEntry(msgspec.Struct, **_CONF):
    """Blocks of one kind and strength waiting in a nation's force pool."""

    kind: UnitKind
    max_steps: int
    count: int
    elite: bool = False


class TrackSetup(msgspec.Struct, **_CONF):
    """The General Information Track at the start (Glossary "Éléments Stratégiques", EE 2.1, 2.22)."""

    uboats: int = 0
    asw: int = 0
    flak_germany: int = 0
    flak_britain: int = 0
    bombers_axis: int = 0
    bombers_allied: int = 0
    fighters_axis: int = 0
    fighters_allied: int = 0
    v1: int = 0
    v2: int = 0


class Scenario(msgspec.Struct, **_CONF):
    name: str = "entered at the table"
    start_turn: str = "1939-09"  # "YYYY-MM", the month that opens the first turn
    control: dict[str, Side] = {}  # start lines: every area behind a side's line (Glossary "Zone contrôlée")
    units: tuple[UnitSetup, ...] = ()
    pools: dict[str, tuple[PoolEntry, ...]] = {}  # nation -> force pool
    fleets: dict[str, dict[str, int]] = {}  # sea area -> nation -> fleet points
    track: TrackSetup = TrackSetup()
    special_actions: dict[str, int] = {}  # nation -> Special Action markers held
    wars: tuple[tuple[str, str], ...] = ()  # pairs of powers at war at the start
    conquered: tuple[str, ...] = ()
    paris_taken: bool = False
    vichy: bool = False
    pact: bool = False
    next_fleet_allowed: dict[str, str] = {}  # nation -> first turn ("YYYY-MM") it may build a fleet point
    next_allowed: dict[str, int] = {}  # "flak_germany" / "flak_britain" / "asw" -> first year allowed again
    base_production: dict[str, int] = {}  # nation -> base WERP when the scenario differs from 4.14
    conquered_by: dict[str, str] = {}  # resource areas already conquered at the start -> the taker (EE 4.7)
    sources: tuple[str, ...] = ()  # where the players took it from ("Play book 16.2", ...)
    notes: str = ""
