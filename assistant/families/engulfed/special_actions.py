"""Special Actions: a capped stock per power, bought in production, some uses needing one held since last turn."""

from __future__ import annotations

from collections.abc import Sequence


def cap_in_year(caps: Sequence[tuple[int, int]], year: int) -> int:
    """The holding limit in ``year`` from (first year, limit) rows (EE 7.11, AE 7.11); 0 before the first row."""
    reached = [(first, k) for first, k in caps if year >= first]
    return max(reached)[1] if reached else 0


def buy_problem(held: int, cap: int, buying: int = 1) -> str:
    if cap <= 0:
        return "this power may not hold Special Actions"
    if held + buying > cap:
        return f"a stock of {held} plus {buying} would pass the limit of {cap}"
    return ""


def spend_problem(held_since: Sequence[int], turn: int, needs_previous_turn: bool) -> str:
    """``held_since``: the turn each held Special Action was bought (EE/AE: some uses need one kept from before)."""
    if not held_since:
        return "no Special Action is held"
    if needs_previous_turn and not any(t < turn for t in held_since):
        return "this use needs a Special Action kept from a previous turn; every one held was bought this turn"
    return ""


def spend_oldest(held_since: Sequence[int]) -> tuple[int, ...]:
    """The stock after spending one: the oldest goes first, so newer ones keep their chance to qualify."""
    ordered = sorted(held_since)
    return tuple(ordered[1:])
