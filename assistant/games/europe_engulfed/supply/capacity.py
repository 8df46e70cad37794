"""Fleet supply capacity (EE 3.31–3.33) and sharing it among the units that need the sea.

Players choose which units use which route when capacity is short; ``check`` verifies a choice and
``propose`` finds one that supplies as many units as possible (exact search, bounded, then greedy).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from assistant.games.europe_engulfed.board import places
from assistant.games.europe_engulfed.supply.situation import Side, SupplySituation, per_fleet_point
from assistant.games.europe_engulfed.supply.trace import SeaOption, Tracer, fleet_nations

GROUPS = {"Axis": ("axis",), "Allied": ("western", "soviet")}
MAX_MED_REDUCTION = {"axis": 1, "western": 2, "soviet": 1}  # EE 3.33 (Soviets: ruling, as the Axis)


class SeaCapacity(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    sea: str
    group: str  # "western" | "soviet" | "axis"
    capacity: int
    used: int = 0
    reduction: int = 0  # EE 3.33 reduction per fleet point


def med_reduction(tracer: Tracer, group: str) -> int:
    """EE 3.33: −1 per fleet point if Malta, Sicily or Sardinia is enemy-held; −1 more for the Western Allies
    if Crete is Axis-held; at most 1 for the Axis, 2 for the Western Allies."""
    enemy = tracer.enemy
    r = int(any(tracer.control(p) == enemy for p in (places.MALTA, places.SICILY, places.SARDINIA)))
    if group == "western" and tracer.control(places.CRETE) == "Axis":
        r += 1
    return min(r, MAX_MED_REDUCTION[group])


def capacities(tracer: Tracer) -> dict[tuple[str, str], SeaCapacity]:
    """(sea, group) -> the supply capacity of the side's fleet points there."""
    sit: SupplySituation = tracer.sit
    out: dict[tuple[str, str], SeaCapacity] = {}
    for group in GROUPS[tracer.side]:
        nations = fleet_nations(group)
        cut = med_reduction(tracer, group)
        for fp in sit.fleets:
            if fp.nation not in nations or fp.count <= 0:
                continue
            red = cut if fp.sea == places.MEDITERRANEAN else 0
            each = max(0, per_fleet_point(fp.nation) - red)
            key = (fp.sea, group)
            old = out.get(key)
            total = (old.capacity if old else 0) + fp.count * each
            out[key] = SeaCapacity(sea=fp.sea, group=group, capacity=total, reduction=red)
    return out


def usable(options: Sequence[SeaOption], group: str, caps: Mapping[tuple[str, str], SeaCapacity]) -> list[SeaOption]:
    """Routes whose every sea has enough capacity for this one unit."""
    return [o for o in options if all(caps.get((s, group)) and caps[(s, group)].capacity >= n for s, n in o.usage)]


class Need(msgspec.Struct, frozen=True):
    """A unit that can only be supplied by sea, with its usable routes."""

    unit_id: str
    group: str
    options: tuple[SeaOption, ...]


def used(needs: Sequence[Need], chosen: Mapping[str, SeaOption]) -> dict[tuple[str, str], int]:
    total: dict[tuple[str, str], int] = {}
    for n in needs:
        o = chosen.get(n.unit_id)
        if o is not None:
            for s, k in o.usage:
                total[(s, n.group)] = total.get((s, n.group), 0) + k
    return total


def over(needs: Sequence[Need], chosen: Mapping[str, SeaOption], caps: Mapping[tuple[str, str], SeaCapacity]) -> list[str]:
    """Sentences for every sea area whose capacity the choice exceeds (EE 3.31)."""
    out = []
    for (sea, group), n in sorted(used(needs, chosen).items()):
        cap = caps.get((sea, group))
        limit = cap.capacity if cap else 0
        if n > limit:
            out.append(f"{sea}: the {group} fleet points supply {limit} but the choice uses {n}")
    return out


def _key(o: SeaOption) -> tuple:
    return (sum(k for _s, k in o.usage), o.seas, o.cape)


def propose(needs: Sequence[Need], caps: Mapping[tuple[str, str], SeaCapacity], budget: int = 20000) -> dict[str, SeaOption]:
    """Routes for as many units as capacity allows, preferring routes that use less capacity."""
    left = {k: c.capacity for k, c in caps.items()}
    order = sorted(needs, key=lambda n: (len(n.options), min((_key(o) for o in n.options), default=(0,))))
    opts = [sorted(n.options, key=_key) for n in order]

    def fits(n: Need, o: SeaOption) -> bool:
        return all(left.get((s, n.group), 0) >= k for s, k in o.usage)

    def take(n: Need, o: SeaOption, sign: int) -> None:
        for s, k in o.usage:
            left[(s, n.group)] -= sign * k

    # greedy first: every unit takes its cheapest route that still fits
    greedy: dict[str, SeaOption] = {}
    for n, os_ in zip(order, opts):
        for o in os_:
            if fits(n, o):
                take(n, o, 1)
                greedy[n.unit_id] = o
                break
    if len(greedy) == len(order):
        return greedy
    for n in order:  # undo, then search exactly for a better one within the budget
        if n.unit_id in greedy:
            take(n, greedy[n.unit_id], -1)
    best, current, nodes = dict(greedy), {}, [0]

    def search(i: int) -> None:
        nonlocal best
        nodes[0] += 1
        if nodes[0] > budget or len(current) + (len(order) - i) <= len(best):
            return
        if i == len(order):
            best = dict(current)
            return
        n = order[i]
        for o in opts[i]:
            if fits(n, o):
                take(n, o, 1)
                current[n.unit_id] = o
                search(i + 1)
                del current[n.unit_id]
                take(n, o, -1)
        search(i + 1)

    search(0)
    return best


def capacity_report(
    caps: Mapping[tuple[str, str], SeaCapacity], needs: Sequence[Need], chosen: Mapping[str, SeaOption]
) -> tuple[SeaCapacity, ...]:
    use = used(needs, chosen)
    return tuple(
        msgspec.structs.replace(c, used=use.get(k, 0)) for k, c in sorted(caps.items())
    )


def side_groups(side: Side) -> tuple[str, ...]:
    return GROUPS[side]
