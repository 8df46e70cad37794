"""The board as a graph: land neighbours (with the border kind), air routes, ports. Built once per board."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from assistant.games.europe_engulfed.board.format import Board


@dataclass(frozen=True)
class Network:
    # area -> ((neighbour, kind), ...); kind is land | river | strait | fortress (a fortress and its container)
    land: dict[str, tuple[tuple[str, str], ...]]
    air: dict[str, tuple[str, ...]]


_CACHE: dict[int, tuple[Board, Network]] = {}


def network(board: Board) -> Network:
    """The graph of a board (cached while the board object lives; boards are immutable)."""
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    land: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for b in board.borders:
        land[b.a].append((b.b, b.kind))
        land[b.b].append((b.a, b.kind))
    for i, a in board.areas.items():
        if a.kind == "fortress" and a.container is not None:
            land[i].append((a.container, "fortress"))
            land[a.container].append((i, "fortress"))
    air: dict[str, list[str]] = defaultdict(list)
    for r in board.air_routes:
        air[r.a].append(r.b)
        air[r.b].append(r.a)
    net = Network(
        land={i: tuple(land.get(i, ())) for i in board.areas},
        air={i: tuple(air.get(i, ())) for i in board.areas},
    )
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[id(board)] = (board, net)
    return net
