"""Tracing supply lines on the board (EE 3.1–3.33): land lines, supply sources, sea legs.

``Tracer(board, situation, side)`` works out, once per nation, which friendly areas a line may enter, how they
join up, which home areas are supply sources and which ports lead to one. Tracing a unit is then a lookup.
Nothing is allocated here: a unit that needs the sea gets its possible routes, and ``capacity`` chooses.
"""

from __future__ import annotations

from functools import cached_property

import msgspec

from assistant.families.engulfed.trace import components
from assistant.games.europe_engulfed.board import places
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.board.gaps import BoardGap
from assistant.games.europe_engulfed.board.network import network
from assistant.games.europe_engulfed.supply.situation import (
    AXIS_FLEET_NATIONS,
    WESTERN,
    Side,
    SupplySituation,
    group_of_nation,
    is_major,
    source_nations,
)


class SeaOption(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One way across the sea: from ``origin`` port over ``seas`` (in order) to ``destination`` port (EE 3.3)."""

    seas: tuple[str, ...]
    origin: str
    destination: str
    usage: tuple[tuple[str, int], ...]  # capacity used in each sea area (EE 3.31, 3.32, 7.22)
    cape: bool = False
    beachhead: bool = False

    def describe(self) -> str:
        way = " and around the Cape" if self.cape else ""
        return f"by sea from {self.origin} across {' + '.join(self.seas)}{way} to {self.destination}"


class Trace(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What the board says about one unit's (or area's) line before fleet capacity is shared out."""

    area: str
    land: bool = False  # a land line reaches a supply source
    source: str = ""
    options: tuple[SeaOption, ...] = ()
    gaps: tuple[BoardGap, ...] = ()  # facts that could change a failed trace


def enemy_of(side: Side) -> Side:
    return "Allied" if side == "Axis" else "Axis"


class Tracer:
    def __init__(self, board: Board, situation: SupplySituation, side: Side):
        self.board = board
        self.sit = situation
        self.side: Side = side
        self.enemy: Side = enemy_of(side)
        self.net = network(board)
        self.contested = frozenset(situation.contested)
        self._lines: dict[str, _Line] = {}

    # ---------------------------------------------------------------- facts of the situation
    def control(self, area: str) -> str:
        c = self.sit.control.get(area)
        if c is not None:
            return c
        a = self.board.areas.get(area)
        if a is not None and a.kind == "fortress" and a.container is not None:
            return self.sit.control.get(a.container, "neutral")  # Glossary "Forteresses"
        return "neutral"

    def friendly(self, area: str) -> bool:
        return self.control(area) == self.side

    @cached_property
    def occupants(self) -> dict[str, frozenset[str]]:
        """Nations with land units (not GSUs) of this side in each area (EE 4.7 "occupy with a land unit")."""
        out: dict[str, set[str]] = {}
        for u in self.sit.units:
            if u.side == self.side and not u.gsu:
                out.setdefault(u.area, set()).add(u.nation)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def fortresses_in(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for i, a in self.board.areas.items():
            if a.kind == "fortress" and a.container is not None:
                out.setdefault(a.container, []).append(i)
        return {k: tuple(v) for k, v in out.items()}

    def edge_open(self, a: str, b: str) -> bool:
        """EE 5.17: enemy control of Leningrad cuts Novgorod–Karelia."""
        if {a, b} == {places.NOVGOROD, places.KARELIA}:
            return self.control(places.LENINGRAD) != self.enemy
        return True

    def partisan_blocked(self, area: str, nation: str) -> bool:
        """EE 4.7: no line through a conquered resource area that is not occupied as required."""
        a = self.board.areas[area]
        if not a.resource:
            return False
        here = self.occupants.get(area, frozenset())
        if area == places.ALEXANDRIA and self.side == "Allied" and self.sit.conquered_by.get(area) is None:
            # a British land unit must occupy it; British and U.S. units may trace through it unoccupied
            return "britain" not in here and nation not in ("britain", "usa", "free_french")
        taker = self.sit.conquered_by.get(area)
        if taker is None or (a.home and a.nation == taker):
            return False
        if self.side == "Axis":
            if nation == "germany" and a.nation == "italy":
                return False  # German units may trace through unoccupied friendly Italian resource areas
            return not here
        if taker == "ussr":
            return "ussr" not in here
        if taker in WESTERN and a.nation in ("germany", "italy"):
            return not (here & set(WESTERN))
        return False

    def passable(self, area: str, nation: str) -> bool:
        c = self.control(area)
        if c == self.side:
            return not self.partisan_blocked(area, nation)
        return c == "vichy" and self.side == "Axis"  # EE 9.523

    # ---------------------------------------------------------------- sea
    def port_seas(self, area: str) -> tuple[tuple[str, int], ...]:
        """(sea, capacity multiplier) this area serves as a friendly port for the side (EE 3.3, 7.22, Glossary)."""
        a = self.board.areas.get(area)
        if a is None:
            return ()
        out: dict[str, int] = {}
        c = self.control(area)
        if c == self.side:
            for s in a.ports or ():
                out[s] = 1
            for f in self.fortresses_in.get(area, ()):
                if self.friendly(f) and f not in self.contested:  # the container works as a port
                    for s in self.board.areas[f].ports or ():
                        out[s] = 1
        elif c == "vichy" and self.side == "Axis":
            for s in a.ports or ():
                if s == places.MEDITERRANEAN:  # EE 9.523: only the Mediterranean through Vichy ports
                    out[s] = 1
        for bh in self.sit.beachheads:
            if bh.area == area and bh.side == self.side and bh.sea not in out:
                out[bh.sea] = 2  # EE 7.22: each unit tracing through a beachhead counts two
        return tuple(out.items())

    @cached_property
    def transfers(self) -> dict[str, frozenset[tuple[str, str]]]:
        """Directed sea pairs (from, to) a group could transfer fleet points across (EE 8.31, 8.32)."""
        atl, med, bal = places.ATLANTIC, places.MEDITERRANEAN, places.BALTIC
        c = self.control
        west: set[tuple[str, str]] = set()
        if c(places.GIBRALTAR) == "Allied" or (c(places.ALEXANDRIA) == "Allied" and c(places.SINAI) == "Allied"):
            west |= {(atl, med), (med, atl)}
        axis: set[tuple[str, str]] = set()
        if c(places.RUHR) == "Axis" or c(places.DENMARK) == "Axis":
            axis |= {(atl, bal), (bal, atl)}
        if self.sit.italy_at_war and c(places.GIBRALTAR) == "Axis":
            axis.add((atl, med))
            if c(places.ALEXANDRIA) == "Axis" or self.sit.axis_ussr_war:
                axis.add((med, atl))
        return {"western": frozenset(west), "axis": frozenset(axis), "soviet": frozenset()}

    def chains(self, group: str, first: str) -> list[tuple[str, ...]]:
        """Sea areas a line may cross from ``first`` (the unit's side): supply flows from the far end towards
        the unit, so each step back needs a transfer allowed in that direction (EE 3.3 ruling)."""
        allowed = self.transfers[group]
        out, stack = [], [(first,)]
        while stack:
            chain = stack.pop()
            out.append(chain)
            for frm, to in allowed:
                if to == chain[-1] and frm not in chain:
                    stack.append((*chain, frm))
        return out

    # ---------------------------------------------------------------- per nation
    def line(self, nation: str) -> _Line:
        got = self._lines.get(nation)
        if got is None:
            got = self._lines[nation] = _Line(self, nation)
        return got

    def trace(self, nation: str, area: str) -> Trace:
        return self.line(nation).trace(area)


class _Line:
    """Everything about one nation's lines for one side."""

    def __init__(self, t: Tracer, nation: str):
        self.t = t
        self.nation = nation
        self.group = group_of_nation(nation, t.side)
        land = t.net.land
        self.comp, self.members = components(t.board.areas, lambda a: (b for b, _kind in land.get(a, ())),
                                             lambda a: t.passable(a, nation), t.edge_open)
        self.source_of: dict[int, str] = {}
        self.sources: tuple[str, ...] = ()
        self.source_gaps: list[BoardGap] = []
        self._find_sources()

    def _find_sources(self) -> None:
        """EE 3.2: friendly home areas (even contested); a major's needs a second line, with four exceptions."""
        t, homes_of = self.t, source_nations(self.nation)
        areas = t.board.areas
        homes = [i for i, a in areas.items() if a.home and a.nation in homes_of and t.friendly(i) and i in self.comp]
        self.source_gaps = [
            BoardGap(subject=i, fact="home", rule="EE 3.2") for i, a in areas.items() if a.home is None and a.nation in homes_of
        ]
        major = is_major(self.nation)
        per_comp_homes: dict[int, set[str]] = {}
        for h in homes:
            per_comp_homes.setdefault(self.comp[h], set()).add(h)
        per_comp_ra: dict[int, set[str]] = {}
        for cid, group in enumerate(self.members):
            for i in group:
                a = areas[i]
                if a.resource and t.friendly(i):
                    per_comp_ra.setdefault(cid, set()).add(i)
                elif a.resource is None:
                    self.source_gaps.append(BoardGap(subject=i, fact="resource", rule="EE 3.2"))
        pair = {places.LENINGRAD, places.LADOGA}  # they do not support each other (EE 3.2)

        def second_line(h: str) -> bool:
            cid = self.comp[h]
            others = (per_comp_homes.get(cid, set()) | per_comp_ra.get(cid, set())) - {h}
            if h in pair:
                others -= pair
            return bool(others)

        sources: list[str] = []
        for h in homes:
            if h == places.LENINGRAD:
                continue
            if not major or h in places.SELF_SUFFICIENT_SOURCES or second_line(h):
                sources.append(h)
        if places.LENINGRAD in homes:
            ladoga = self.comp.get(places.LADOGA)
            ladoga_ok = (
                t.friendly(places.LADOGA)
                and ladoga is not None
                and any(self.comp[s] == ladoga for s in sources)
            )
            if ladoga_ok or not major or second_line(places.LENINGRAD):
                sources.append(places.LENINGRAD)
        self.sources = tuple(sources)
        for s in sources:
            self.source_of.setdefault(self.comp[s], s)

    @cached_property
    def destinations(self) -> dict[str, str]:
        """sea -> a friendly port on it whose land line reaches a source (beachheads excluded: ruling)."""
        t, out = self.t, {}
        novgorod_lost = t.control(places.NOVGOROD) == t.enemy
        for cid in self.source_of:
            for i in self.members[cid]:
                if i == places.LENINGRAD and novgorod_lost:
                    continue  # EE 3.3: not a valid destination port
                for sea, mult in t.port_seas(i):
                    if mult == 1:
                        out.setdefault(sea, i)
        return out

    @cached_property
    def destination_gaps(self) -> list[BoardGap]:
        areas = self.t.board.areas
        return [
            BoardGap(subject=i, fact="ports", rule="EE 3.3")
            for cid in self.source_of
            for i in self.members[cid]
            if areas[i].ports is None
        ]

    def start_components(self, area: str) -> set[int]:
        """EE 3.1: a line starts in the unit's area; from an enemy-controlled area only if it is contested."""
        t = self.t
        if area in self.comp:
            return {self.comp[area]}
        c = t.control(area)
        may_leave = c == t.side or (c == t.enemy and area in t.contested)
        if not may_leave:
            return set()
        return {self.comp[b] for b, _k in t.net.land.get(area, ()) if b in self.comp and t.edge_open(area, b)}

    def trace(self, area: str) -> Trace:
        t = self.t
        if area not in t.board.areas:
            return Trace(area=area, gaps=(BoardGap(subject=area, fact="area", rule="EE 3.1"),))
        starts = self.start_components(area)
        for cid in starts:
            if cid in self.source_of:
                return Trace(area=area, land=True, source=self.source_of[cid])
        reach = [area] + [i for cid in starts for i in self.members[cid] if i != area]
        options = self._sea_options(reach)
        gaps = [] if options else self._gaps(reach)
        return Trace(area=area, options=tuple(options), gaps=tuple(sorted(set(gaps))))

    def _sea_options(self, reach: list[str]) -> list[SeaOption]:
        t, dest = self.t, self.destinations
        cape = t.board.cape_route if self.group == "western" else None
        suez = cape is not None and all(t.friendly(a) for a in cape.suez_needs)
        seen: dict[tuple, SeaOption] = {}

        def add(option: SeaOption) -> None:
            seen.setdefault((option.seas, option.cape, option.usage), option)

        for port in reach:
            if port != reach[0] and not t.friendly(port) and t.control(port) != "vichy":
                continue
            port_seas = t.port_seas(port)
            for sea, mult in port_seas:
                for chain in t.chains(self.group, sea):
                    far = dest.get(chain[-1])
                    if far is not None and far != port:
                        usage = tuple((s, mult) for s in chain)
                        add(SeaOption(seas=chain, origin=port, destination=far, usage=usage, beachhead=mult == 2))
                if cape is not None and suez and sea == cape.suez_sea and cape.ocean in dest:
                    usage = ((sea, mult), (cape.ocean, cape.cost))
                    add(SeaOption(seas=(sea, cape.ocean), origin=port, destination=dest[cape.ocean], usage=usage,
                                  cape=True, beachhead=mult == 2))  # fmt: skip
            if cape is not None and port in cape.ports and t.friendly(port) and cape.ocean in dest:
                add(SeaOption(seas=(cape.ocean,), origin=port, destination=dest[cape.ocean],
                              usage=((cape.ocean, cape.cost),), cape=True))  # fmt: skip
        return list(seen.values())

    def _gaps(self, reach: list[str]) -> list[BoardGap]:
        """The unknown facts this failed trace touched (EE 3.1 ruling): those of the areas it reached, and the
        far ports and sources only if the line could leave by sea (a port known or unknown on its way)."""
        areas, t = self.t.board.areas, self.t
        inside = set(reach)
        out = [g for g in self.source_gaps if g.subject in inside]
        if any(areas[i].ports is None or t.port_seas(i) for i in reach):
            out += [g for g in self.source_gaps if g.subject not in inside] + self.destination_gaps
        for i in reach:
            a = areas[i]
            if not a.borders_complete:
                out.append(BoardGap(subject=i, fact="borders", rule="EE 3.1"))
            if a.ports is None:
                out.append(BoardGap(subject=i, fact="ports", rule="EE 3.3"))
            if a.kind == "fortress" and a.container is None and not a.standalone:
                out.append(BoardGap(subject=i, fact="container", rule="EE Glossary (Forteresses)"))
        return out


def fleet_nations(group: str) -> tuple[str, ...]:
    if group == "axis":
        return AXIS_FLEET_NATIONS
    return ("ussr",) if group == "soviet" else WESTERN
