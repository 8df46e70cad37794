"""The Asia Engulfed board format: what the map says, as data (vocabulary in ../VOCABULARY.md).

The rule book has no map: every fact is optional. ``None`` means "the board does not say yet", never "no";
``False`` / ``0`` / ``()`` are known negatives. Players complete it with amendments kept in the game's log.
"""

from __future__ import annotations

from typing import Literal

import msgspec

ZoneKind = Literal["large", "port_box", "island_box"]  # AE 3.21-3.23
Terrain = Literal["clear", "rough", "jungle"]  # AE 6.7
PortSize = Literal["none", "small", "medium", "large", "national"]  # AE 3.24
BorderKind = Literal["normal", "river", "strait", "impassable"]  # AE 5.16, 5.18, 6.73
_S = dict(frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


class LandZone(msgspec.Struct, **_S):
    name: str
    kind: ZoneKind | None = None
    # Whose colour the map gives it: japan, usa, commonwealth, china, philippines, dei (AE 4.43 colours).
    colour: str | None = None
    # A national zone of ``colour`` (AE 3.3: supply source when a large zone; AE 4.41 new units).
    national: bool | None = None
    # Country the rules name: japan, india, ceylon, australia, china, manchukuo, korea, burma, philippines, dei...
    country: str | None = None
    terrain: Terrain | None = None
    port: PortSize | None = None
    seas: tuple[str, ...] | None = None  # sea zones it borders (and its port touches, AE 3.24)
    impassable_coasts: tuple[str, ...] = ()  # sea zones across an impassable coast (AE 7.2, 5.31)
    resource: int | None = None  # WERP printed (0 = none; AE 4.1)
    oil: int | None = None  # oil points printed (0 = none; AE 4.1)
    air_base: bool | None = None  # strategic air base (AE 2.4)
    vp: bool | None = None  # victory point zone (AE 10.3)
    neutral: bool | None = None  # AE 3.25 "zones non neutres"
    borders_complete: bool = False
    # Groups rules test: home_island, usa_national, burma_road, partial_source (AE 3.35), south_africa.
    regions: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    notes: str = ""


class SeaZone(msgspec.Struct, **_S):
    name: str
    transports: int | None = None  # transport icons under its name, 1-3 (AE 3.51)
    vp: bool | None = None
    adjacent: tuple[str, ...] | None = None
    japan_link: bool | None = None  # borders the Japanese home islands: a Supply Network root (AE 3.51)
    sources: tuple[str, ...] = ()
    notes: str = ""


class Border(msgspec.Struct, **_S):
    a: str
    b: str
    kind: BorderKind = "normal"
    sources: tuple[str, ...] = ()


class Board(msgspec.Struct, **_S):
    title: str
    complete: bool = False
    sources: tuple[str, ...] = ()
    notes: str = ""
    zones: dict[str, LandZone] = {}
    seas: dict[str, SeaZone] = {}
    borders: tuple[Border, ...] = ()
    # AE 9.25: the US route around Australia (a sea zone east of it joined to one west of it; US supply and
    # Lend-Lease only, never strategic movement). () = not entered.
    wrap_route: tuple[str, ...] = ()
    # AE 8.22b: fleets may pass between these two sea zones only when Leyte is friendly and uncontested.
    leyte_passage: tuple[str, ...] = ()
