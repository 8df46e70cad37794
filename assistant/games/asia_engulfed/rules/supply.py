"""Supply (AE 3.0-3.8): sources per power, land tracing with partisans, one sea leg through supplied sea zones,
the Japanese Supply Network, partial supply, and the verdict for each piece with its route or its reason.

Tracing uses the Engulfed family's search; this module only says what AE allows at each step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.families.engulfed.trace import Legs, trace
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed.board.format import Board
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.scenario.format import Piece
from assistant.games.asia_engulfed.state import AEState

FULL, PARTIAL, NONE = "full", "partial", "none"
ALWAYS = ("dei", "philippines")  # AE 3.33 (and Chinese Communists, 3.32)
CHINESE_RESOURCE_COUNTRIES = ("china", "manchukuo")  # AE 4.14: Peking, Manchukuo, Shanghai among China's five


@dataclass
class Tracer:
    """One supply situation (state + influence computed once); traces for many pieces."""

    s: AEState
    for_production: bool = False
    influence: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    _routes: dict[tuple, tuple[str, ...] | None] = field(default_factory=dict)
    _sources: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    _legs: dict[tuple[str, str], Legs] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.influence = all_influence(self.s)
        self.board: Board = self.s.board
        occupied: dict[str, set[str]] = {}
        for p in self.s.pieces.values():
            if places.is_land(p):
                occupied.setdefault(p.at, set()).add("nationalist" if p.force == "nationalist" else places.side(p))
        self.occupied = occupied

    # --- sources -----------------------------------------------------------------------------------------------
    def sources(self, nation: str, force: str = "") -> set[str]:
        s, b = self.s, self.board
        side = "japan" if nation == "japan" else "allies"
        if nation == "china":
            # AE 3.31: Chinese-controlled resource zones in China, except Hong Kong.
            return {z for z, zone in b.zones.items() if zone.country in CHINESE_RESOURCE_COUNTRIES
                    and (zone.resource or 0) > 0 and z != "hong_kong" and s.control.get(z) == "allies"}
        out = set()
        for z, zone in b.zones.items():
            if zone.colour != nation or not zone.national or s.control.get(z) != side:
                continue
            if zone.kind is None:
                self.missing.add(f"{z}: large zone, port box or island box (AE 3.3)")
            elif zone.kind != "large":
                continue
            if nation == "commonwealth" and ((zone.country == "india" and "india" in s.conquered)
                                             or (zone.country == "australia" and "australia" in s.conquered)):
                continue  # AE 10.12, 10.13
            out.add(z)
        if nation == "usa":  # AE 3.34: Hawaii and the Australian national zones, for supply only
            out |= {z for z, zone in b.zones.items() if s.control.get(z) == "allies"
                    and (z == "hawaii" or (zone.country == "australia" and zone.national))}
        return out

    def partial_sources(self, side: str) -> set[str]:
        """AE 3.35: Luzon, French Indochina, Manchukuo for whichever side controls them."""
        return {z for z, zone in self.board.zones.items()
                if "partial_source" in zone.regions and self.s.control.get(z) == side}

    # --- one step of a route --------------------------------------------------------------------------------------
    def partisan(self, zone: str, side: str, nationalist: bool, as_target: bool) -> bool:
        """AE 4.8: unoccupied conquered resource/oil zones (outside Japan) and unoccupied Nationalist ones."""
        z = self.board.zones[zone]
        if not ((z.resource or 0) > 0 or (z.oil or 0) > 0):
            return False
        held = self.occupied.get(zone, set())
        if side == "japan" and self.s.control.get(zone) == "japan" and not places.in_japan(self.board, zone):
            return z.colour != "japan" and "japan" not in held
        if side == "allies" and z.country in CHINESE_RESOURCE_COUNTRIES and zone != "hong_kong":
            return "nationalist" not in held and not (nationalist and as_target)
        return False

    def legs(self, nation: str, force: str = "") -> Legs:
        s, b = self.s, self.board
        side = "japan" if nation == "japan" else "allies"
        enemy = places.enemy(side)
        nationalist = nation == "china" and force == "nationalist"
        damaged = s.port_damage if self.for_production else {}

        def land_ok(zone: str, as_target: bool) -> bool:
            z = b.zones.get(zone)
            if z is None or z.neutral or s.control.get(zone) != side:
                return False
            return not self.partisan(zone, side, nationalist, as_target)

        def embark(zone: str, is_start: bool) -> list[str]:
            z = b.zones[zone]
            if z.seas is None:
                self.missing.add(f"{zone}: the sea zones it borders (AE 3.4)")
                return []
            coastal = is_start  # AE 3.4: a coastal zone traces straight to sea, even past an impassable coast
            port = places.has_port(b, zone) and s.control.get(zone) == side and not damaged.get(zone)
            if z.port is None:
                self.missing.add(f"{zone}: port size or no port (AE 3.24)")
            return list(z.seas) + list(z.impassable_coasts) if (coastal or port) else []

        def sea_ok(sea: str) -> bool:
            if side == "japan":
                if sea == s.submarine_zone:
                    return True  # AE 3.52 (decision: traced through even under Allied dominance)
                return sea in s.network and self.influence.get(sea) != enemy
            return self.influence.get(sea) != enemy

        def sea_neighbours(sea: str) -> list[str]:
            z = b.seas[sea]
            if z.adjacent is None:
                self.missing.add(f"{sea}: the sea zones it touches (AE 3.4)")
            out = list(z.adjacent or ())
            if nation == "usa" and len(b.wrap_route) == 2 and sea in b.wrap_route:  # AE 9.25
                out.append(b.wrap_route[1] if sea == b.wrap_route[0] else b.wrap_route[0])
            return out

        def land_from(sea: str) -> list[str]:
            return [z for z in places.ports_on(b, sea) if not damaged.get(z)]

        def land_neighbours(zone: str) -> tuple[str, ...]:
            if not b.zones[zone].borders_complete:
                self.missing.add(f"{zone}: its full list of land borders (AE 3.1)")
            return places.neighbours(b, zone)

        return Legs(land_neighbours=land_neighbours, land_ok=land_ok, embark=embark, sea_ok=sea_ok,
                    sea_neighbours=sea_neighbours, land_from=land_from)

    def route(self, start: str, nation: str, force: str = "", targets: set[str] | None = None
              ) -> tuple[str, ...] | None:
        """The route (cached: pieces of one power in one zone share it)."""
        if start not in self.board.zones:
            return None
        key = (start, nation, force, None if targets is None else frozenset(targets))
        side = "japan" if nation == "japan" else "allies"
        if self.s.control.get(start) == side and self.partisan(start, side, force == "nationalist", False):
            return None  # AE 4.8: no supply out of an unoccupied conquered (or Nationalist) resource zone
        if key not in self._routes:
            if targets is None:
                if (nation, force) not in self._sources:
                    self._sources[(nation, force)] = self.sources(nation, force)
                targets = self._sources[(nation, force)]
            if (nation, force) not in self._legs:
                self._legs[(nation, force)] = self.legs(nation, force)
            self._routes[key] = trace(start, targets, self._legs[(nation, force)])
        return self._routes[key]

    # --- verdicts ---------------------------------------------------------------------------------------------------
    def piece(self, p: Piece) -> tuple[str, tuple[str, ...], str]:
        """(status, route, reason) for one piece (AE 3.1-3.5, 3.35)."""
        if p.nation in ALWAYS or (p.nation == "china" and p.force == "communist"):
            return FULL, (), "always supplied (AE 3.32, 3.33)"
        at = places.fleet_zone(self.s, p)
        if at not in self.board.zones:
            return FULL, (), "at sea: returns to base (AE 1.18)"
        side = places.side(p)
        found = self.route(at, p.nation, p.force)
        if found is not None:
            return FULL, found, "traces to a supply source (AE 3.1)"
        z = self.board.zones[at]
        if z.kind == "port_box" and self.s.control.get(at) == side:
            return PARTIAL, (), "in a friendly port box (AE 3.22, 3.35)"
        if z.kind == "island_box" and p.kind == "garrison" and self.s.control.get(at) == side:
            return PARTIAL, (), "a garrison in a friendly island box (AE 3.23, 3.35)"
        found = self.route(at, p.nation, p.force, self.partial_sources(side))
        if found is not None:
            return PARTIAL, found, "traces to a partial supply source (AE 3.35)"
        return NONE, (), "no route to a source of " + p.nation + " (AE 3.1)"

    def zone_supplied(self, zone: str, nation: str, force: str = "") -> bool:
        return self.route(zone, nation, force) is not None
