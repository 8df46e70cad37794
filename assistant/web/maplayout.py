"""A schematic map drawn from adjacency alone: where to put each space when the board data has no coordinates.

Positions start from graph distances to anchor spaces the game names (west/east, north/south), so the picture
keeps the board's orientation, then stress majorization (as in graphviz ``neato``) makes drawn distances follow
the number of borders between spaces. Borders that cross the map's wrap-around edge are left out, so the
cylinder unrolls into a flat map. Pure Python, deterministic, computed once per board.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from assistant import cachefile

ITERATIONS = 60


def _distances(nodes: Sequence[str], edges: Iterable[tuple[str, str]], far: int | None = None) -> list[list[int]]:
    index = {n: i for i, n in enumerate(nodes)}
    adj: list[list[int]] = [[] for _ in nodes]
    for a, b in edges:
        adj[index[a]].append(index[b])
        adj[index[b]].append(index[a])
    n = len(nodes)
    unreached = n + 1  # marks a pair not reached yet; replaced by ``far`` (default: n) at the end
    out = []
    for start in range(n):
        dist = [unreached] * n
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in adj[here]:
                if dist[nxt] == unreached:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        out.append(dist)
    # unreachable pairs (separate islands of the graph) are drawn apart: n away unless the caller says nearer
    gap = n if far is None else far
    return [[gap if v == unreached else v for v in row] for row in out]


@lru_cache(maxsize=8)
def layout(
    nodes: tuple[str, ...],
    edges: tuple[tuple[str, str], ...],
    west: tuple[str, ...],
    east: tuple[str, ...],
    north: tuple[str, ...],
    south: tuple[str, ...],
    far: int | None = None,
) -> dict[str, tuple[float, float]]:
    """x, y in [0, 1] per node (y grows southwards, as on screen). An empty anchor group leaves that axis to the
    layout alone (a partial board may not know its western areas yet); ``far`` is the distance drawn between
    islands of the graph (default: the number of nodes).

    Half a second of pure Python for a board of 130 spaces, on the first page a server shows: the result is also
    kept between runs, keyed by the board and anchors and by this file (a change of the method lays out again).
    """
    args = [nodes, edges, west, east, north, south, far]
    here = os.stat(__file__)
    key = [args, [here.st_size, here.st_mtime_ns]]
    name = "layout-" + hashlib.blake2b(repr(args).encode(), digest_size=8).hexdigest()
    kept = cachefile.load(name, key)
    if isinstance(kept, dict) and set(kept) == set(nodes):
        return {n: (float(x), float(y)) for n, (x, y) in kept.items()}
    found = _layout(nodes, edges, west, east, north, south, far)
    cachefile.save(name, key, found)
    return found


Names = tuple[str, ...]


def _start(nodes: Names, edges: tuple[tuple[str, str], ...], west: Names, east: Names, north: Names, south: Names,
           far: int | None) -> tuple[list[list[int]], list[float], list[float]]:
    """Graph distances, and the first positions from the distances to the anchors (ties broken)."""
    d = _distances(nodes, edges, far)
    index = {n: i for i, n in enumerate(nodes)}
    n = len(nodes)

    def mean_dist(group: tuple[str, ...], i: int) -> float:
        return sum(d[index[g]][i] for g in group) / len(group) if group else 0.0

    x = [mean_dist(west, i) - mean_dist(east, i) for i in range(n)]
    y = [mean_dist(north, i) - mean_dist(south, i) for i in range(n)]
    # break ties between spaces at the same distances, deterministically
    for i in range(n):
        x[i] += 0.013 * ((i * 7919) % 23 - 11)
        y[i] += 0.013 * ((i * 104729) % 19 - 9)
    return d, x, y


def _finish(nodes: Names, x: list[float], y: list[float], west: Names, east: Names, north: Names,
            south: Names) -> dict[str, tuple[float, float]]:
    """The anchors decide the orientation (west on the left, north at the top); positions scaled to [0, 1]."""
    index = {n: i for i, n in enumerate(nodes)}
    if west and east and sum(x[index[w]] for w in west) / len(west) > sum(x[index[e]] for e in east) / len(east):
        x = [-v for v in x]
    if north and south and sum(y[index[s]] for s in north) / len(north) > sum(y[index[s]] for s in south) / len(south):
        y = [-v for v in y]
    lo_x, hi_x, lo_y, hi_y = min(x), max(x), min(y), max(y)
    return {
        name: ((x[i] - lo_x) / ((hi_x - lo_x) or 1), (y[i] - lo_y) / ((hi_y - lo_y) or 1))
        for i, name in enumerate(nodes)
    }


def _layout(nodes: Names, edges: tuple[tuple[str, str], ...], west: Names, east: Names, north: Names, south: Names,
            far: int | None) -> dict[str, tuple[float, float]]:
    """The layout itself (``layout`` keeps its answers)."""
    if len(nodes) < 2:
        return {name: (0.5, 0.5) for name in nodes}
    d, x, y = _start(nodes, edges, west, east, north, south, far)
    n = len(nodes)
    weights = [[0.0 if i == j else 1.0 / (d[i][j] * d[i][j]) for j in range(n)] for i in range(n)]
    for _ in range(ITERATIONS):
        for i in range(n):
            wi, di, xi, yi = weights[i], d[i], x[i], y[i]
            sx = sy = sw = 0.0
            for j in range(n):
                if j == i:
                    continue
                dx, dy = xi - x[j], yi - y[j]
                norm = math.hypot(dx, dy) or 1e-9
                w = wi[j]
                sx += w * (x[j] + di[j] * dx / norm)
                sy += w * (y[j] + di[j] * dy / norm)
                sw += w
            x[i], y[i] = sx / sw, sy / sw
    return _finish(nodes, x, y, west, east, north, south)


@lru_cache(maxsize=8)
def quick_layout(nodes: Names, edges: tuple[tuple[str, str], ...], west: Names, east: Names, north: Names,
                 south: Names, far: int | None = None) -> dict[str, tuple[float, float]]:
    """The same stress majorization with every space moved at once (numpy): about ten times faster than
    ``layout`` on 200 spaces, for a board the players keep extending at the table (laid out again after each new
    link). Slightly different positions from ``layout``'s one-space-at-a-time sweep; same orientation rules."""
    if len(nodes) < 2:
        return {name: (0.5, 0.5) for name in nodes}
    import numpy as np  # loaded with the first map that needs it, not with the server

    d_, x_, y_ = _start(nodes, edges, west, east, north, south, far)
    d, x, y = np.array(d_, dtype=float), np.array(x_), np.array(y_)
    with np.errstate(divide="ignore"):
        w = np.where(d > 0, 1.0 / (d * d), 0.0)
    total = w.sum(axis=1)
    for _ in range(ITERATIONS):
        dx, dy = x[:, None] - x[None, :], y[:, None] - y[None, :]
        norm = np.hypot(dx, dy)
        norm[norm == 0] = 1e-9
        x, y = ((w * (x[None, :] + d * dx / norm)).sum(axis=1) / total,
                (w * (y[None, :] + d * dy / norm)).sum(axis=1) / total)
    return _finish(nodes, x.tolist(), y.tolist(), west, east, north, south)
