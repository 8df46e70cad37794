"""Supply questions other rules ask (production 4.12/4.41/9.63, maintenance 4.2, fleet transfers 8.3).

All pure over (board, situation). Areas use no fleet capacity: an area or port is supplied by sea when a
sea line exists with capacity on every sea it crosses (ruling in docs/rulings.md).
"""

from __future__ import annotations

import msgspec

from assistant.games.europe_engulfed.board import places
from assistant.games.europe_engulfed.board.format import Board
from assistant.games.europe_engulfed.board.gaps import BoardGap
from assistant.games.europe_engulfed.supply import capacity as cap
from assistant.games.europe_engulfed.supply.determine import determine
from assistant.games.europe_engulfed.supply.situation import FleetPoints, Side, SupplySituation, group_of_nation
from assistant.games.europe_engulfed.supply.trace import SeaOption, Tracer, fleet_nations
from assistant.games.europe_engulfed.events.supply import SeaChoice


class AreaSupply(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    area: str
    supplied: bool
    via: str = ""  # "land" | "sea" | ""
    reason: str = ""
    gaps: tuple[BoardGap, ...] = ()  # unknown facts a failed trace touched: then it is undetermined, not "no"


class ResourceAreaSupply(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    area: str
    controller: str
    supplied: bool
    occupied_by: tuple[str, ...] = ()
    home: bool = False
    reason: str = ""
    gaps: tuple[BoardGap, ...] = ()  # not supplied only as far as the board knows: these facts could change it


def _area(tracer: Tracer, nation: str, area: str) -> AreaSupply:
    tr = tracer.trace(nation, area)
    if tr.land:
        return AreaSupply(area=area, supplied=True, via="land", reason=f"land line to {tr.source} (EE 3.1)")
    caps = cap.capacities(tracer)
    options = cap.usable(tr.options, group_of_nation(nation, tracer.side), caps)
    if options:
        return AreaSupply(area=area, supplied=True, via="sea", reason=options[0].describe() + " (EE 3.3)")
    gaps = f"; the board lacks: {', '.join(g.sentence() for g in tr.gaps[:3])}" if tr.gaps else ""
    return AreaSupply(area=area, supplied=False, reason=f"no supply line (EE 3.1){gaps}", gaps=tr.gaps)


def trace_area(board: Board, sit: SupplySituation, area: str, nation: str, side: Side) -> AreaSupply:
    """Can this area trace supply for the nation (e.g. 9.521 Paris to Germany, 9.63 a minor's resource area)?"""
    return _area(Tracer(board, sit, side), nation, area)


def supply_sources(board: Board, sit: SupplySituation, nation: str, side: Side) -> tuple[str, ...]:
    """The nation's home areas that generate supply now (EE 3.2); new units appear only there (EE 4.41)."""
    return Tracer(board, sit, side).line(nation).sources


def resource_area_report(board: Board, sit: SupplySituation, nation: str, side: Side) -> tuple[ResourceAreaSupply, ...]:
    """Every resource area: who controls it, whether it traces supply for the nation (EE 4.12, with the
    Leningrad/Ladoga condition), who occupies it (EE 4.7, 4.11)."""
    tracer = Tracer(board, sit, side)
    line = tracer.line(nation)
    out = []
    for i, a in sorted(board.areas.items()):
        if not a.resource:
            continue
        occupied = tuple(sorted(tracer.occupants.get(i, ())))
        home = bool(a.home and a.nation == nation)
        if not tracer.friendly(i):
            out.append(ResourceAreaSupply(area=i, controller=tracer.control(i), supplied=False, occupied_by=occupied,
                                          home=home, reason="not friendly-controlled (EE 4.12)"))  # fmt: skip
            continue
        if i == places.LENINGRAD and nation == "ussr":
            ladoga = line.comp.get(places.LADOGA)
            ok = tracer.friendly(places.LADOGA) and ladoga in line.source_of and line.source_of[ladoga] != places.LENINGRAD
            why = "Ladoga Swamps friendly and supplied" if ok else "Ladoga Swamps not friendly and supplied"
            out.append(ResourceAreaSupply(area=i, controller=side, supplied=ok, occupied_by=occupied, home=home,
                                          reason=f"{why} (EE 4.12)"))  # fmt: skip
            continue
        got = _area(tracer, nation, i)
        out.append(ResourceAreaSupply(area=i, controller=side, supplied=got.supplied, occupied_by=occupied, home=home,
                                      reason=got.reason, gaps=got.gaps))  # fmt: skip
    return tuple(out)


def supplied_ports(board: Board, sit: SupplySituation, nation: str, side: Side) -> dict[str, tuple[str, ...]]:
    """sea -> friendly ports on it that trace supply for the nation by land or by sea (EE 8.3, 4.2)."""
    tracer = Tracer(board, sit, side)
    line = tracer.line(nation)
    group = group_of_nation(nation, side)
    out: dict[str, list[str]] = {}
    for i in board.areas:
        for sea, mult in tracer.port_seas(i):
            if mult != 1:
                continue
            by_land = line.comp.get(i) in line.source_of
            by_sea = any(line.destinations.get(ch[-1]) not in (None, i) for ch in tracer.chains(group, sea))
            if by_land or by_sea:
                out.setdefault(sea, []).append(i)
    return {s: tuple(v) for s, v in out.items()}


def unsupplied_fleets(board: Board, sit: SupplySituation, side: Side) -> tuple[FleetPoints, ...]:
    """Fleet points of the side with no supplied friendly port in their sea area (EE 4.2, 8.3)."""
    nations = {n for g in cap.side_groups(side) for n in fleet_nations(g)}
    ports: dict[str, dict[str, tuple[str, ...]]] = {}
    out = []
    for fp in sit.fleets:
        if fp.nation not in nations or fp.count <= 0:
            continue
        if fp.nation not in ports:
            ports[fp.nation] = supplied_ports(board, sit, fp.nation, side)
        if fp.sea not in ports[fp.nation]:
            out.append(fp)
    return tuple(out)


def facts_needed(board: Board, sit: SupplySituation, side: Side) -> dict[str, tuple[str, ...]]:
    """unit -> the board facts its supply line needed but the board lacks (as sentences), for the side's units
    whose line the board cannot decide (EE 3.1). Empty when the board decides every line."""
    det = determine(board, sit, side, "initial")
    return {uid: tuple(g.sentence() for g in gaps) for uid, gaps in sorted(det.undetermined.items())}


def blocking_gaps(board: Board, sit: SupplySituation, side: Side, phase: str,
                  verdicts: dict[str, tuple[bool, str]] | None = None) -> tuple[BoardGap, ...]:
    """The board facts that stop this side's supply determination now (EE 3.1): every fact missing from a line
    the board cannot decide, once each, units with a recorded verdict aside."""
    det = determine(board, sit, side, phase, verdicts=verdicts or {})
    return tuple(sorted({g for gaps in det.undetermined.values() for g in gaps}))


class UnitRoutes(msgspec.Struct, frozen=True, kw_only=True):
    unit_id: str
    routes: tuple[SeaOption, ...]


class SeaSupplyPlan(msgspec.Struct, frozen=True, kw_only=True):
    """For the table when fleet capacity must be shared (EE 3.31): who needs the sea, by which routes, the
    capacity per sea area, and the assistant's proposal (``short``: not every unit can be carried)."""

    needs: tuple[UnitRoutes, ...]
    proposal: tuple[SeaChoice, ...]
    capacity: tuple[cap.SeaCapacity, ...]
    short: bool


def sea_supply_plan(board: Board, sit: SupplySituation, side: Side) -> SeaSupplyPlan:
    det = determine(board, sit, side, "initial")
    proposal = tuple(SeaChoice(unit_id=u, seas=o.seas, cape=o.cape) for u, o in sorted(det.proposal.items()))
    return SeaSupplyPlan(
        needs=tuple(UnitRoutes(unit_id=n.unit_id, routes=n.options) for n in det.needs),
        proposal=proposal,
        capacity=det.capacity,
        short=det.capacity_short,
    )
