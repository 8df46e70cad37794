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
    """Routes for as many units as capacity allows, preferring routes that use less capacity.

    Units with the same routes are interchangeable, so the search chooses how many of each such class take
    each route (exact within ``budget`` steps; the greedy answer stands if the budget runs out)."""
    left = {k: c.capacity for k, c in caps.items()}
    classes: dict[tuple, list[Need]] = {}
    for n in needs:
        classes.setdefault((n.group, tuple(sorted((o.usage, o.seas, o.cape) for o in n.options))), []).append(n)
    order = sorted(classes.values(), key=lambda c: (len(c[0].options), min(_key(o) for o in c[0].options)))
    opts = [sorted(c[0].options, key=_key) for c in order]

    def room(group: str, o: SeaOption) -> int:
        return min(left.get((s, group), 0) // k for s, k in o.usage)

    def take(group: str, o: SeaOption, count: int) -> None:
        for s, k in o.usage:
            left[(s, group)] -= count * k

    def assign(counts: list[list[int]]) -> dict[str, SeaOption]:
        out: dict[str, SeaOption] = {}
        for members, options, per_option in zip(order, opts, counts):
            queue = iter(members)
            for o, k in zip(options, per_option):
                for _ in range(k):
                    out[next(queue).unit_id] = o
        return out

    # greedy first: each class fills its cheapest routes in turn
    greedy = []
    for members, options in zip(order, opts):
        wanted, per_option = len(members), []
        for o in options:
            k = min(wanted, room(members[0].group, o))
            take(members[0].group, o, k)
            per_option.append(k)
            wanted -= k
        greedy.append(per_option)
    best_counts, best = greedy, sum(map(sum, greedy))
    if best == len(needs):
        return assign(greedy)
    left = {k: c.capacity for k, c in caps.items()}
    remaining = [sum(len(c) for c in order[i:]) for i in range(len(order) + 1)]
    current: list[list[int]] = []
    steps = [0]

    def search(ci: int, supplied: int) -> None:
        nonlocal best_counts, best
        steps[0] += 1
        if steps[0] > budget or supplied + remaining[ci] <= best:
            return
        if ci == len(order):
            best_counts, best = [list(x) for x in current], supplied
            return
        group, options, size = order[ci][0].group, opts[ci], len(order[ci])
        per_option = [0] * len(options)
        current.append(per_option)

        def spread(j: int, free: int, placed: int) -> None:
            if j == len(options):
                search(ci + 1, supplied + placed)
                return
            for k in range(min(free, room(group, options[j])), -1, -1):
                take(group, options[j], k)
                per_option[j] = k
                spread(j + 1, free - k, placed + k)
                take(group, options[j], -k)
            per_option[j] = 0

        spread(0, size, 0)
        current.pop()

    search(0, 0)
    return assign(best_counts)


def capacity_report(
    caps: Mapping[tuple[str, str], SeaCapacity], needs: Sequence[Need], chosen: Mapping[str, SeaOption]
) -> tuple[SeaCapacity, ...]:
    use = used(needs, chosen)
    return tuple(
        msgspec.structs.replace(c, used=use.get(k, 0)) for k, c in sorted(caps.items())
    )


def side_groups(side: Side) -> tuple[str, ...]:
    return GROUPS[side]
