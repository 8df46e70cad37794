"""Hit distributions: how many hits groups of dice score (each die hits on <= its value)."""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np


@lru_cache(maxsize=None)
def binomial(n: int, value: int, sides: int = 6) -> tuple[float, ...]:
    """P(k hits) for n dice each hitting on <= value."""
    p = min(max(value, 0), sides) / sides
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=None)
def hits_pmf(groups: tuple[tuple[int, int], ...], sides: int = 6) -> np.ndarray:
    """P(total hits) of groups of (value, dice)."""
    pmf = np.ones(1)
    for value, dice in groups:
        pmf = np.convolve(pmf, np.array(binomial(dice, value, sides)))
    pmf.setflags(write=False)
    return pmf


def capped(pmf: np.ndarray, cap: int) -> np.ndarray:
    """Hits beyond ``cap`` change nothing: fold the tail into the last entry."""
    if len(pmf) <= cap + 1:
        return pmf
    out = pmf[: cap + 1].copy()
    out[cap] += pmf[cap + 1 :].sum()
    return out
