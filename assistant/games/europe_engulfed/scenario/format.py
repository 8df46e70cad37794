"""The scenario set-up format: what the players' play book gives for the scenario they play.

The rule book has no set-ups (its sections 16–19 are in the play book and play aids, digest §11.3), so the
players enter one once; it can be saved as a scenario file (TOML, see data/README.md) and reused.
Field names match the game's options (``Options.scenario``) so either can be converted into the other.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from events.bounds import Name, Note, Text, count, items, mapping

Side = Literal["Axis", "Allied"]
UnitKind = Literal["infantry", "armor", "cavalry", "militia", "airborne", "gsu"]

Steps = count(9)
Track = count(99)
_CONF = dict(frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


class UnitSetup(msgspec.Struct, **_CONF):
    """One block (or ground support unit, kind "gsu") on the map at the start; ``area`` may be a fortress."""

    id: Name
    nation: Name  # a major power, a minor power, "vichy" or "free_french"
    kind: UnitKind
    area: Name
    max_steps: Steps = 1
    steps: Steps = 0  # 0 = full strength
    elite: bool = False


class PoolEntry(msgspec.Struct, **_CONF):
    """Blocks of one kind and strength waiting in a nation's force pool."""

    kind: UnitKind
    max_steps: Steps
    count: count(999)
    elite: bool = False


class TrackSetup(msgspec.Struct, **_CONF):
    """The General Information Track at the start (Glossary "Éléments Stratégiques", EE 2.1, 2.22)."""

    uboats: Track = 0
    asw: Track = 0
    flak_germany: Track = 0
    flak_britain: Track = 0
    bombers_axis: Track = 0
    bombers_allied: Track = 0
    fighters_axis: Track = 0
    fighters_allied: Track = 0
    v1: Track = 0
    v2: Track = 0


class Scenario(msgspec.Struct, **_CONF):
    name: Text = "entered at the table"
    start_turn: Name = "1939-09"  # "YYYY-MM", the month that opens the first turn
    control: mapping(Name, Side, 2000) = {}  # start lines: every area behind a side's line (Glossary "Zone contrôlée")
    units: items(UnitSetup, 2000) = ()
    pools: mapping(Name, items(PoolEntry, 100), 50) = {}  # nation -> force pool
    fleets: mapping(Name, mapping(Name, count(99), 20), 100) = {}  # sea area -> nation -> fleet points
    track: TrackSetup = TrackSetup()
    special_actions: mapping(Name, count(20), 20) = {}  # nation -> Special Action markers held
    wars: items(tuple[Name, Name], 500) = ()  # pairs of powers at war at the start
    conquered: items(Name, 100) = ()
    paris_taken: bool = False
    vichy: bool = False
    pact: bool = False
    next_fleet_allowed: mapping(Name, Name, 20) = {}  # nation -> first turn ("YYYY-MM") it may build a fleet point
    next_allowed: mapping(Name, count(2100), 20) = {}  # "flak_germany" / "flak_britain" / "asw" -> first year allowed again
    base_production: mapping(Name, count(999), 20) = {}  # nation -> base WERP when the scenario differs from 4.14
    conquered_by: mapping(Name, Name, 500) = {}  # resource areas already conquered at the start -> the taker (EE 4.7)
    sources: items(Text, 100) = ()  # where the players took it from ("Play book 16.2", ...)
    notes: Note = ""
