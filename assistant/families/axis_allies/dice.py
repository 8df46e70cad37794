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


@lru_cache(maxsize=None)
def pascal(top: int) -> np.ndarray:
    """ways[n, k] = C(n, k) for n, k <= top."""
    ways = np.array([[comb(n, k) for k in range(top + 1)] for n in range(top + 1)], dtype=float)
    ways.setflags(write=False)
    return ways


def hit_table(fires: list[tuple[tuple[int, int], ...]], sides: int = 6) -> np.ndarray:
    """``hits_pmf`` of many groups at once: row i is P(total hits) of ``fires[i]`` (padded with zeros).

    Dice of one value make a binomial; the values' binomials are convolved for every row together."""
    values = sorted({min(v, sides) for groups in fires for v, n in groups if n})
    counts = np.zeros((len(fires), len(values)), dtype=np.intp)
    column = {v: i for i, v in enumerate(values)}
    for row, groups in enumerate(fires):
        for v, n in groups:
            if n:
                counts[row, column[min(v, sides)]] += n
    table = np.ones((len(fires), 1))
    for i, v in enumerate(values):
        n = counts[:, i]
        top = int(n.max())
        k = np.arange(top + 1)
        p = v / sides
        ways = pascal(top)[n]
        # Exponents past a row's dice are masked (they would be negative).
        binom = np.where(k[None, :] <= n[:, None], ways * p ** k[None, :] * (1 - p) ** np.maximum(n[:, None] - k, 0), 0.0)
        out = np.zeros((len(fires), table.shape[1] + top))
        for j in range(top + 1):
            out[:, j : j + table.shape[1]] += table * binom[:, j : j + 1]
        table = out
    return table
