"""Supply tracing as a graph search: a land leg, at most one sea leg, then a second land leg to a source.

The game supplies the predicates (which land zone a route may use, where it may put to sea, which sea zones are
open, where it may land again), so the same search serves any Engulfed map. The route found is returned, so a
verdict can say how a block is supplied, and a failed search says so (``None``).

Where many blocks trace at once, ``components`` groups the land places a line may use into connected groups once,
so a land line is a lookup (a group holding a source), and only the blocks cut off need the sea.
A trace that touched a fact the board does not know names it (``gaps.BoardGap``), so it is undetermined, not "no".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Legs:
    land_neighbours: Callable[[str], Iterable[str]]
    land_ok: Callable[[str, bool], bool]  # (zone, is_target) -> may the route enter it
    embark: Callable[[str, bool], Iterable[str]]  # (land zone, is_start) -> sea zones the route may enter from it
    sea_ok: Callable[[str], bool]
    sea_neighbours: Callable[[str], Iterable[str]]
    land_from: Callable[[str], Iterable[str]]  # sea zone -> land zones (friendly ports) where the route goes ashore
    sea_legs: int = 1  # how many sea portions a route may use


def trace(start: str, targets: Collection[str], legs: Legs) -> tuple[str, ...] | None:
    """The shortest route from ``start`` to one of ``targets`` (start included), or None."""
    if start in targets:
        return (start,)
    first = (start, 0, False)
    parent: dict[tuple[str, int, bool], tuple[str, int, bool] | None] = {first: None}
    queue = deque([first])
    while queue:
        node = queue.popleft()
        name, used, at_sea = node
        nexts: list[tuple[str, int, bool]] = []
        if not at_sea:
            for nb in legs.land_neighbours(name):
                if legs.land_ok(nb, nb in targets):
                    nexts.append((nb, used, False))
            if used < legs.sea_legs:
                for sea in legs.embark(name, name == start):
                    if legs.sea_ok(sea):
                        nexts.append((sea, used + 1, True))
        else:
            for sea in legs.sea_neighbours(name):
                if legs.sea_ok(sea):
                    nexts.append((sea, used, True))
            for zone in legs.land_from(name):
                if legs.land_ok(zone, zone in targets):
                    nexts.append((zone, used, False))
        for n in nexts:
            if n in parent:
                continue
            parent[n] = node
            if not n[2] and n[0] in targets:
                return _path(parent, n)
            queue.append(n)
    return None


def _path(parent: dict, end: tuple[str, int, bool]) -> tuple[str, ...]:
    out: list[str] = []
    node: tuple[str, int, bool] | None = end
    while node is not None:
        out.append(node[0])
        node = parent[node]
    return tuple(reversed(out))


def components(places: Iterable[str], neighbours: Callable[[str], Iterable[str]], passable: Callable[[str], bool],
               joined: Callable[[str, str], bool] = lambda a, b: True) -> tuple[dict[str, int], list[list[str]]]:
    """The connected groups of passable places (``joined`` may cut a link): place -> group number, and each
    group's places in the order found (places in the given order, then breadth first)."""
    group_of: dict[str, int] = {}
    members: list[list[str]] = []
    for start in places:
        if start in group_of or not passable(start):
            continue
        gid = len(members)
        group_of[start] = gid
        group, queue = [start], deque([start])
        while queue:
            a = queue.popleft()
            for b in neighbours(a):
                if b not in group_of and joined(a, b) and passable(b):
                    group_of[b] = gid
                    group.append(b)
                    queue.append(b)
        members.append(group)
    return group_of, members
