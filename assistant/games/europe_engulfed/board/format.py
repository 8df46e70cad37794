"""The board-definition format of Europe Engulfed: what the two map sheets say, as data.

The rule book has no map (digest §0, §11.4), so every fact here is optional: a missing value means
"the board does not say yet", never "no". ``None`` is unknown; ``False`` / ``()`` are known negatives.
The format is documented for players in ``data/README.md``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Terrain = Literal["clear", "rough", "swamp", "desert"]  # EE 6.8, Glossary "Désert"
WeatherZone = Literal["west", "east", "south"]
# "area" is an ordinary land area; "fortress" an area inside an area (Glossary "Forteresses");
# "box" a special box that works as an area (U.S.A. box, EE Glossary "Zones Nationales").
AreaKind = Literal["area", "fortress", "box"]
BorderKind = Literal["land", "river", "strait"]


class LandArea(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """One land area, fortress or box. Unknown facts are left out (None)."""

    name: str
    kind: AreaKind = "area"
    # Whose territory the map colours it (solid or striped), e.g. "germany", "spain", "france".
    nation: str | None = None
    # Solid colour: a Home Area of ``nation`` (EE Glossary "Zones Nationales", 3.2).
    home: bool | None = None
    capital: bool | None = None
    resource: bool | None = None
    # WERP value printed or stated for this Resource Area when it differs from the nation's per-area value
    # (EE 4.14: Moscow 4, Baku 5).
    resource_value: int | None = None
    terrain: Terrain | None = None
    weather_zone: WeatherZone | None = None
    # Sea areas this area is a port on; () = known not to be a port.
    ports: tuple[str, ...] | None = None
    # For a fortress: the area that surrounds it (Malta has none: container stays None and is known
    # to be absent when ``standalone`` is true).
    container: str | None = None
    standalone: bool = False
    # Every land border of this area is on the board (then a failed supply trace is a real verdict).
    borders_complete: bool = False
    # Named groups the rules test membership of, e.g. "middle_east", "french_north_africa",
    # "vichy_south", "atlantic_coast", "v2_coast", "british_isles" (vocabulary in data/README.md).
    regions: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    notes: str = ""


class SeaArea(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    # The nation printed under the sea area's name, who pays naval maintenance there (EE 4.2).
    maintenance: str | None = None
    # Sea areas it touches; None = not entered yet.
    adjacent: tuple[str, ...] | None = None
    sources: tuple[str, ...] = ()
    notes: str = ""


class Border(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A land border between two areas; a fortress is joined to its container by the loader, not here."""

    a: str
    b: str
    kind: BorderKind = "land"
    strait: str = ""  # the strait's name when kind == "strait" (Messina, Dardanelles, Kerch)
    sources: tuple[str, ...] = ()


class AirRoute(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A printed air route: GSU and airborne movement only; never a supply line (EE 3.1)."""

    a: str
    b: str
    sources: tuple[str, ...] = ()


class InvasionArrow(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    sea: str
    area: str
    max_units: int | None = None
    sources: tuple[str, ...] = ()


class CapeRoute(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """The Allied route around the Cape of Good Hope (EE 3.32, 5.33, Glossary "Canal de Suez")."""

    ports: tuple[str, ...]  # land areas where the route starts (Upper Egypt, Persia)
    ocean: str  # the sea area whose fleet capacity it uses (Atlantic)
    cost: int  # capacity each unit uses in the ocean (4)
    suez_sea: str  # the sea joined to the route by the Suez canal (Mediterranean)
    suez_needs: tuple[str, ...]  # areas a side must control to use the canal (Alexandria, Sinai Desert)
    sources: tuple[str, ...] = ()


class Board(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    title: str
    # True once players have checked every fact against their map; validation then refuses unknowns.
    complete: bool = False
    sources: tuple[str, ...] = ()
    notes: str = ""
    areas: dict[str, LandArea] = {}
    seas: dict[str, SeaArea] = {}
    borders: tuple[Border, ...] = ()
    air_routes: tuple[AirRoute, ...] = ()
    invasion_arrows: tuple[InvasionArrow, ...] = ()
    cape_route: CapeRoute | None = None
    # Off-map Soviet production (EE 4.14 note): WERP that no map area holds.
    off_map_production: dict[str, int] = {}
