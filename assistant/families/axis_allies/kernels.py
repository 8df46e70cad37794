"""Where one side's fire leaves the other, for every state of both at once: the arrays the solver steps with.

``transitions(chain, target, fires)[y, x, x']`` is the probability that the target side, in its state ``x``, is left
in state ``x'`` by the fire of the other side in its state ``y`` (``fires[y]``: groups of dice as ``Chain.fire``
gives them). Fire with only free hits (any unit may be lost) moves a force down its casualty order, one state per
hit, so its rows are the hit distribution laid along that order: built for every state in a few array operations.
Hits that may not fall on aircraft or on submarines take the casualty policy state by state (``Chain.hit_targets``).
"""

from __future__ import annotations

import numpy as np

from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.dice import hits_pmf
from assistant.families.axis_allies.forces import Side


def transitions(chain: Chain, target: Side, fires: list[tuple]) -> np.ndarray:
    states = chain.a_states if target is chain.A else chain.d_states
    ids: dict[tuple, int] = {}
    which = np.array([ids.setdefault(f, len(ids)) for f in fires], dtype=np.intp)
    out = np.zeros((len(ids), len(states), len(states)))
    plain = [(k, f) for f, k in ids.items() if not f[0] and not f[2]]
    if plain:
        _along_the_order(chain, target, plain, out)
    for f, k in ids.items():
        if f[0] or f[2]:
            for x, s in enumerate(states):
                idx, p = chain.hit_targets(target, s, f)
                out[k, x, idx] = p
    return out[which]


def _along_the_order(chain: Chain, target: Side, fires: list[tuple[int, tuple]], out: np.ndarray) -> None:
    """Free hits only: h hits take state x to the h-th state after it in casualty order; hits beyond its hit
    points change nothing more (the tail of the distribution is folded onto its last state)."""
    states, index = (chain.a_states, chain.ai) if target is chain.A else (chain.d_states, chain.di)
    hp = np.array([target.hp(s) for s in states], dtype=np.intp)
    top = int(hp.max())
    after_one = np.array([index[target.take(s, 0, 1)] for s in states], dtype=np.intp)
    walk = np.empty((len(states), top + 1), dtype=np.intp)  # walk[x, h]: the state h free hits leave x in
    walk[:, 0] = np.arange(len(states))
    for h in range(1, top + 1):
        walk[:, h] = after_one[walk[:, h - 1]]
    xs, hs = np.nonzero(np.arange(top + 1)[None, :] <= hp[:, None])
    to = walk[xs, hs]
    last = hs == hp[xs]
    for k, fire in fires:
        pmf = hits_pmf(fire[1], chain.rules.sides)
        exact = np.zeros(top + 1)
        exact[: min(len(pmf), top + 1)] = pmf[: top + 1]
        at_least = np.zeros(top + 1)  # P(hits >= h)
        tail = np.cumsum(pmf[::-1])[::-1]
        at_least[: min(len(pmf), top + 1)] = tail[: top + 1]
        out[k, xs, to] = np.where(last, at_least[hs], exact[hs])


def reachable(starts: np.ndarray, *moves: np.ndarray) -> np.ndarray:
    """The states reached from ``starts`` (a mask) by any number of moves; ``moves[y, x, x']`` > 0 where one is
    possible (any ``y``)."""
    step = np.zeros(moves[0].shape[1:], dtype=bool)
    for m in moves:
        step |= (m > 0).any(axis=0)
    step = step.astype(float)
    seen = starts.copy()
    while True:
        more = seen | ((seen.astype(float) @ step) > 0)
        if (more == seen).all():
            return seen
        seen = more
