"""Where each space's name goes on a schematic map so that no two names overlap.

A greedy label placement, as cartographers' tools do it: the most crowded spaces choose first, each name tries
places around its circle (below, above, beside, the diagonals), then the same ring further out with a thin leader
line back to its circle, and keeps the first place that overlaps no name already placed and no circle (falling
back to the place that covers the fewest circles). Text widths are estimated on the generous side, so the drawn
names are smaller than the boxes checked here. Pure Python, deterministic, computed once per board.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

CHAR_W = 7.0  # px per character at 12 px sans-serif, rounded up (Chromium's DejaVu Sans averages about 6.6)
ASCENT, DESCENT = 12.0, 4.0  # the box above and below the baseline
GAP = 1.0  # air kept between two names
RINGS = (1.0, 1.9, 2.8, 3.8, 5.0, 6.4)  # how far out the candidate places go, in label heights beyond the circle
ANGLES = tuple(range(0, 360, 20))  # around the circle, 0 = straight below
CIRCLE_COST = 3.0  # covering another space's circle costs as much as moving three rings further out


@dataclass(frozen=True)
class Label:
    x: float  # the text's anchor (middle) and baseline
    y: float
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 as checked
    leader: bool  # drawn away from its circle: a thin line joins them


def _box(x: float, baseline: float, width: float) -> tuple[float, float, float, float]:
    return (x - width / 2, baseline - ASCENT, x + width / 2, baseline + DESCENT)


def _overlap(a, b, gap: float = GAP) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _hits_circle(box, cx: float, cy: float, r: float) -> bool:
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _candidates(x: float, y: float, r: float, width: float):
    """Places around the circle: the box's nearest edge ``d`` away from the circle, at each angle."""
    height = ASCENT + DESCENT
    for ring in RINGS:
        d = r + 6 + (ring - 1.0) * height  # clear of the capital and battle rings (r + 2, r + 5)
        for angle in ANGLES:
            a = math.radians(angle)
            dx, dy = math.sin(a), math.cos(a)
            # centre of the box so that its nearest side is d away along (dx, dy)
            cx = x + dx * (d + width / 2 * abs(dx))
            cy = y + dy * (d + height / 2 * abs(dy))
            yield cx, cy + (ASCENT - DESCENT) / 2, RINGS.index(ring)


def place(spots: Mapping[str, tuple[float, float, float]], size: tuple[float, float]) -> dict[str, Label]:
    """``spots``: name -> (x, y, radius) of its circle; ``size``: the map's width and height (names stay inside)."""
    width_of = {n: len(n) * CHAR_W for n in spots}
    circles = list(spots.items())

    def crowd(name: str) -> int:
        x, y, _ = spots[name]
        return sum(1 for m, (u, v, _) in circles if m != name and abs(u - x) < 120 and abs(v - y) < 40)

    placed: dict[str, Label] = {}
    for name in sorted(spots, key=lambda n: (-crowd(n), n)):
        x, y, r = spots[name]
        best, best_cost = None, math.inf
        for cx, baseline, ring in _candidates(x, y, r, width_of[name]):
            if ring >= best_cost:
                break  # further out costs more than the best place found
            box = _box(cx, baseline, width_of[name])
            if box[0] < 0 or box[1] < 0 or box[2] > size[0] or box[3] > size[1]:
                continue
            if any(_overlap(box, other.box) for other in placed.values()):
                continue
            cost = ring + sum(CIRCLE_COST for m, (u, v, rr) in circles if _hits_circle(box, u, v, rr + 1))
            if cost < best_cost:
                best, best_cost = Label(cx, baseline, box, ring > 1), cost
        if best is None:  # nowhere free within reach: below the circle (the test of the map would show it)
            baseline = y + r + ASCENT
            best = Label(x, baseline, _box(x, baseline, width_of[name]), False)
        placed[name] = best
    return placed
