"""Hex geometry for hexes players label as on their map: distance, neighbours, line of sight, a Vehicle's arcs.

A label such as ``C7`` is column C, row 7 of flat-topped hexes whose odd columns (B, D, ...) sit half a hex lower
(see docs.md). Any other label (``"church"``) is kept as the players wrote it but has no geometry: the assistant
then asks the players for what it cannot measure (range band, arc) rather than guessing.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

LABEL = re.compile(r"^([A-Za-z]{1,2})(\d{1,3})$")
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")  # hexsides of a flat-topped hex, clockwise from the top
_SQ3 = math.sqrt(3)
_FACING_VECTORS = {
    f: (math.sin(math.radians(60 * i)), -math.cos(math.radians(60 * i))) for i, f in enumerate(FACINGS)
}


def normal(label: str) -> str:
    """The label as stored: trimmed, letters upper-case when it is a grid label."""
    label = label.strip()
    m = LABEL.match(label)
    return f"{m.group(1).upper()}{int(m.group(2))}" if m else label


@lru_cache(maxsize=4096)
def axial(label: str) -> tuple[int, int] | None:
    m = LABEL.match(label.strip())
    if not m:
        return None
    letters = m.group(1).upper()
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 64)
    col -= 1
    row = int(m.group(2)) - 1
    return col, row - (col - (col & 1)) // 2


def label_of(q: int, r: int) -> str:
    row = r + (q - (q & 1)) // 2 + 1
    n, letters = q + 1, ""
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{row}"


def distance(a: str, b: str) -> int | None:
    """Hexes from ``a`` to ``b``, counting ``b`` and not ``a`` (p.15); None when either has no geometry."""
    if a == b:
        return 0
    pa, pb = axial(a), axial(b)
    if pa is None or pb is None:
        return None
    dq, dr = pa[0] - pb[0], pa[1] - pb[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: str, b: str) -> bool | None:
    """Adjacent in the rulebook's sense: the neighbouring hex or the same hex (glossary, p.29)."""
    if a == b:
        return True
    d = distance(a, b)
    return None if d is None else d <= 1


def neighbours(label: str) -> list[str]:
    p = axial(label)
    if p is None:
        return []
    out = []
    for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
        q, r = p[0] + dq, p[1] + dr
        if q >= 0 and r + (q - (q & 1)) // 2 >= 0:
            out.append(label_of(q, r))
    return out


def centre(q: float, r: float) -> tuple[float, float]:
    return 1.5 * q, _SQ3 * (r + q / 2)


def _hex_at(x: float, y: float) -> tuple[int, int]:
    q = x * 2 / 3
    r = -x / 3 + y / _SQ3
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def crossed(a: str, b: str) -> list[str] | None:
    """The hexes a centre-to-centre line from ``a`` to ``b`` enters, ends excluded (p.19). A line running exactly
    along a hexside enters neither hex beside it: a hex counts only if the line nudged to both sides enters it."""
    pa, pb = axial(a), axial(b)
    if pa is None or pb is None:
        return None
    (x0, y0), (x1, y1) = centre(*pa), centre(*pb)
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return []
    nx, ny = -(y1 - y0) / length * 1e-6, (x1 - x0) / length * 1e-6
    steps = max(2, int(length * 40))
    sides = []
    for sign in (1, -1):
        seen = set()
        for i in range(steps + 1):
            t = i / steps
            seen.add(_hex_at(x0 + (x1 - x0) * t + sign * nx, y0 + (y1 - y0) * t + sign * ny))
        sides.append(seen)
    both = (sides[0] & sides[1]) - {pa, pb}
    return sorted({label_of(q, r) for q, r in both})


def arc(target: str, facing: str, attacker: str) -> str | None:
    """"front" or "rear" for an attack on a Vehicle in ``target`` facing ``facing`` from ``attacker`` (p.17):
    the front is the half-plane ahead of the Vehicle; hexes directly left or right and its own hex are rear."""
    if attacker == target:
        return "rear"
    pt, pa = axial(target), axial(attacker)
    if pt is None or pa is None or facing not in _FACING_VECTORS:
        return None
    (xt, yt), (xa, ya) = centre(*pt), centre(*pa)
    fx, fy = _FACING_VECTORS[facing]
    return "front" if fx * (xa - xt) + fy * (ya - yt) > 1e-9 else "rear"


def facing_towards(frm: str, to: str) -> str | None:
    """The hexside of ``frm`` that points at the neighbouring hex ``to``."""
    pf, pt = axial(frm), axial(to)
    if pf is None or pt is None or pf == pt:
        return None
    (x0, y0), (x1, y1) = centre(*pf), centre(*pt)
    dx, dy = x1 - x0, y1 - y0
    return max(FACINGS, key=lambda f: _FACING_VECTORS[f][0] * dx + _FACING_VECTORS[f][1] * dy)


def opposite(facing: str) -> str:
    return FACINGS[(FACINGS.index(facing) + 3) % 6]
