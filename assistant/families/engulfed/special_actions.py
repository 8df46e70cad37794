"""Special Actions: a capped stock per power, bought in production, some uses needing one held since last turn."""

from __future__ import annotations

from collections.abc import Sequence


def cap_in_year(caps: Sequence[tuple[int, int]], year: int) -> int:
    """The holding limit in ``year`` from (first year, limit) rows (EE 7.11, AE 7.11); 0 before the first row."""
    reached = [(first, k) for first, k in caps if year >= first]
    return max(reached)[1] if reached else 0


def room(held: int, cap: int, buying: int = 1) -> bool:
    """May ``buying`` more be held under ``cap`` (EE 7.11, AE 7.11)?"""
    return held + buying <= cap


def buy_problem(held: int, cap: int, buying: int = 1) -> str:
    if cap <= 0:
        return "this power may not hold Special Actions"
    if not room(held, cap, buying):
        return f"a stock of {held} plus {buying} would pass the limit of {cap}"
    return ""


def kept_from_before(held_since: Sequence[int], turn: int) -> bool:
    """Is one held since an earlier turn (EE 7.8, AE 7.4, 7.8)?"""
    return any(t < turn for t in held_since)


def spend_problem(held_since: Sequence[int], turn: int, needs_previous_turn: bool) -> str:
    """``held_since``: the turn each held Special Action was bought (EE/AE: some uses need one kept from before)."""
    if not held_since:
        return "no Special Action is held"
    if needs_previous_turn and not kept_from_before(held_since, turn):
        return "this use needs a Special Action kept from a previous turn; every one held was bought this turn"
    return ""


def spend_oldest(held_since: Sequence[int]) -> tuple[int, ...]:
    """The stock after spending one: the oldest goes first, so newer ones keep their chance to qualify."""
    ordered = sorted(held_since)
    return tuple(ordered[1:])


def bought(held_since: Sequence[int], turn: int, count: int = 1) -> tuple[int, ...]:
    """The stock after buying ``count`` in ``turn``."""
    return (*held_since, *(turn,) * count)


def edited(held_since: Sequence[int], count: int, turn: int) -> tuple[int, ...]:
    """The stock the table says it holds: fewer, the oldest go first (as when spent); more, bought now."""
    ordered = tuple(sorted(held_since))
    if count < len(ordered):
        return ordered[len(ordered) - count:]
    return bought(ordered, turn, count - len(ordered))
