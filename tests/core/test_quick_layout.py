"""The numpy layout for boards entered link by link: the same orientation rules as ``layout``, positions in the
unit square, neighbours drawn nearer than far spaces, the same answer every time."""

from __future__ import annotations

import math

from assistant.web.maplayout import _layout, quick_layout


def grid(n: int) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    nodes = tuple(f"{r}.{c}" for r in range(n) for c in range(n))
    edges = tuple((f"{r}.{c}", f"{r}.{c + 1}") for r in range(n) for c in range(n - 1))
    edges += tuple((f"{r}.{c}", f"{r + 1}.{c}") for r in range(n - 1) for c in range(n))
    return nodes, edges


def test_the_anchors_turn_the_picture_and_positions_fill_the_unit_square():
    nodes, edges = grid(5)
    west, east = ("0.0", "1.0", "2.0"), ("2.4", "3.4", "4.4")
    north, south = ("0.1", "0.2", "0.3"), ("4.1", "4.2", "4.3")
    pos = quick_layout(nodes, edges, west, east, north, south)
    assert set(pos) == set(nodes) and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pos.values())
    assert pos["2.0"][0] < pos["2.2"][0] < pos["2.4"][0]  # west on the left
    assert pos["0.2"][1] < pos["2.2"][1] < pos["4.2"][1]  # north at the top
    flipped = quick_layout(nodes, edges, east, west, south, north)
    assert flipped["2.0"][0] > flipped["2.4"][0] and flipped["0.2"][1] > flipped["4.2"][1]


def test_neighbours_are_drawn_nearer_than_far_spaces_much_as_the_slow_layout_does():
    nodes, edges = grid(7)
    args = (nodes, edges, ("3.0",), ("3.6",), ("0.3",), ("6.3",))
    quick = quick_layout(*args)
    slow = _layout(*args, None)

    def mean(pos, pairs):
        return sum(math.dist(pos[a], pos[b]) for a, b in pairs) / len(pairs)

    far = [(f"{r}.0", f"{r}.6") for r in range(7)]
    assert mean(quick, edges) * 3 < mean(quick, far)
    assert abs(mean(quick, edges) - mean(slow, edges)) < 0.05
    quick_layout.cache_clear()
    assert quick_layout(*args) == quick  # deterministic


def test_a_single_space_sits_in_the_middle():
    assert quick_layout(("a",), (), (), (), (), ()) == {"a": (0.5, 0.5)}
