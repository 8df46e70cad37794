"""Blocks and steps (shared by every Engulfed game): losses, full-strength-first, cadre prices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def loss_problems(units: Mapping[str, tuple[int, int]], losses: Mapping[str, int], hits: int) -> list[str]:
    """What is wrong with applying ``losses`` (unit -> steps lost) for ``hits`` to ``units`` (unit -> (steps, max)).

    Every full-strength unit loses one step before any unit loses a second (AE 6.25, EE 6.27); a side loses
    exactly the hits, or all it has.
    """
    problems: list[str] = []
    for uid, n in losses.items():
        if uid not in units:
            problems.append(f"{uid} is not in this battle")
        elif n < 1 or n > units[uid][0]:
            problems.append(f"{uid} has {units[uid][0]} step(s); it cannot lose {n}")
    if problems:
        return problems
    total = sum(steps for steps, _ in units.values())
    owed = min(hits, total)
    if sum(losses.values()) != owed:
        problems.append(f"{owed} step(s) must be lost, the allocation takes {sum(losses.values())}")
    full = [u for u, (steps, top) in units.items() if steps == top]
    second = [u for u, n in losses.items() if n >= 2 or (n >= 1 and units[u][0] < units[u][1])]
    untouched_full = [u for u in full if losses.get(u, 0) == 0]
    if second and untouched_full:
        problems.append("every full-strength unit loses a step before any unit loses a second: "
                        + ", ".join(sorted(untouched_full)) + " must lose one first")
    return problems


def next_loss(units: Mapping[str, tuple[int, int]], preferred: Sequence[str] = ()) -> str | None:
    """The unit (unit -> (steps, max)) that takes the next hit when the assistant allocates: a full-strength unit
    while there is one (EE 6.27, AE 6.25), the first in the players' loss order, then the strongest, then by id;
    None when none is left."""
    alive = {u: v for u, v in units.items() if v[0] > 0}
    if not alive:
        return None
    full = [u for u, (steps, top) in alive.items() if steps == top]
    rank = {uid: i for i, uid in enumerate(preferred)}
    return min(full or alive, key=lambda u: (rank.get(u, len(rank)), -alive[u][0], u))


def new_unit_price(steps: int, per_step: int, cadre_doubles: bool) -> int:
    """A new unit built at ``steps``: the cadre (first) step costs double when the rule says so (AE 4.44 note)."""
    if steps < 1:
        raise ValueError("a unit has at least one step")
    return per_step * (steps + (1 if cadre_doubles else 0))
