"""Where one side's fire leaves the other, for every state of both at once: the arrays the solver steps with.

``transitions(chain, target, kept, fires)[y, x, x']`` is the probability that the target side, in its state
``kept[x]``, is left in state ``kept[x']`` by the fire ``fires[y]`` (groups of dice as ``Chain.fire`` gives them).
Fire with only free hits (any unit may be lost) moves a force down its casualty order, one state per hit, so its
rows are the hit distribution laid along that order: built for every state in a few array operations. Hits that
may not fall on aircraft, or on submarines, take the casualty policy state by state (``Chain.hit_targets``) — unless
the target has no such units, when they are free hits like the others.
"""

from __future__ import annotations

import numpy as np

from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.dice import hit_table
from assistant.families.axis_allies.forces import Side, SideState


def _has(side: Side, flags: list[bool]) -> bool:
    return any(flags[t] for t in side.start[0])


def normalised(fire: tuple, target: Side) -> tuple:
    """The same fire with hits that cannot be restricted on this target counted as free hits (same outcomes: the
    casualty policy takes hits sparing aircraft first, then those sparing submarines, then the free ones)."""
    restricted, free, no_sub = fire
    if no_sub and not _has(target, target.submarine):
        free, no_sub = tuple(sorted(free + no_sub)), ()
    if restricted and not no_sub and not _has(target, target.aircraft):
        free, restricted = tuple(sorted(free + restricted)), ()
    return restricted, free, no_sub


def restricted_hits(chain: Chain, target: Side) -> tuple[bool, bool]:
    """Whether the other side may fire hits on ``target`` that spare its aircraft, and hits that spare its submarines
    (after ``normalised``: only where the target has such units)."""
    shooter = chain.D if target is chain.A else chain.A
    no_sub = _has(shooter, shooter.aircraft) and shooter.needs_destroyer and _has(target, target.submarine)
    return _has(shooter, shooter.restricted) and (_has(target, target.aircraft) or no_sub), no_sub


def kept_states(chain: Chain, target: Side) -> np.ndarray:
    """Indices of the target's states any fire of the other side can lead to (all, if in doubt), ascending."""
    restricted, no_sub = restricted_hits(chain, target)
    moves = [lambda s: target.take(s, 0, 1)]
    if restricted:
        moves.append(lambda s: target.take(s, 1, 0))
    if no_sub:
        moves.append(lambda s: target.take(s, 0, 0, no_sub=1))
    index = chain.ai if target is chain.A else chain.di
    starts: list[SideState] = list(chain.start) if target is chain.A else [target.start]
    seen = set(starts)
    todo = list(starts)
    while todo:
        s = todo.pop()
        for move in moves:
            nxt = move(s)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return np.array(sorted(index[s] for s in seen), dtype=np.intp)


def transitions(chain: Chain, target: Side, kept: np.ndarray, fires: list[tuple]) -> np.ndarray:
    states = chain.a_states if target is chain.A else chain.d_states
    at = np.full(len(states), -1, dtype=np.intp)  # a state's place among the kept ones
    at[kept] = np.arange(len(kept))
    ids: dict[tuple, int] = {}
    which = np.array([ids.setdefault(normalised(f, target), len(ids)) for f in fires], dtype=np.intp)
    out = np.zeros((len(ids), len(kept), len(kept)))
    plain = [(k, f) for f, k in ids.items() if not f[0] and not f[2]]
    if plain:
        _along_the_order(chain, target, kept, at, plain, out)
    for f, k in ids.items():
        if f[0] or f[2]:
            for x, i in enumerate(kept):
                idx, p = chain.hit_targets(target, states[i], f)
                out[k, x, at[idx]] = p
    return out if len(ids) == len(fires) else out[which]  # all distinct: ``which`` counts 0, 1, 2...


def _along_the_order(chain: Chain, target: Side, kept: np.ndarray, at: np.ndarray, fires: list[tuple[int, tuple]],
                     out: np.ndarray) -> None:
    """Free hits only: h hits take state x to the h-th state after it in casualty order; hits beyond its hit
    points change nothing more (the tail of the distribution is folded onto its last state)."""
    states, index = (chain.a_states, chain.ai) if target is chain.A else (chain.d_states, chain.di)
    hp = np.array([target.hp(states[i]) for i in kept], dtype=np.intp)
    top = int(hp.max())
    after_one = at[[index[target.take(states[i], 0, 1)] for i in kept]]
    walk = np.empty((len(kept), top + 1), dtype=np.intp)  # walk[x, h]: the state h free hits leave x in
    walk[:, 0] = np.arange(len(kept))
    for h in range(1, top + 1):
        walk[:, h] = after_one[walk[:, h - 1]]
    xs, hs = np.nonzero(np.arange(top + 1)[None, :] <= hp[:, None])
    to = walk[xs, hs]
    last = hs == hp[xs]
    table = hit_table([f[1] for _, f in fires], chain.rules.sides)
    width = max(table.shape[1], top + 1)
    exact = np.zeros((len(fires), width))
    exact[:, : table.shape[1]] = table
    at_least = np.cumsum(exact[:, ::-1], axis=1)[:, ::-1]  # P(hits >= h)
    rows = np.array([k for k, _ in fires], dtype=np.intp)
    out[rows[:, None], xs[None, :], to[None, :]] = np.where(last[None, :], at_least[:, hs], exact[:, hs])
