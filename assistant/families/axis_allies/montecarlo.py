"""Battle odds by simulation, in pure Python: the independent check of the exact calculator.

Every die is rolled with a seeded ``random.Random``; the battle follows the same
round procedure as ``odds`` (AA fire, support shots, submarine first strike,
simultaneous fire, retreat threshold) and the same casualty policy (``forces.Side``),
so the only thing the two share is who is lost to a hit, not the probabilities.
"""

from __future__ import annotations

import random
from math import sqrt
from typing import Any

import msgspec

from assistant.families.axis_allies.battle import Battle
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.forces import SideState

OUTCOMES = ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate")


class Estimate(msgspec.Struct, frozen=True, kw_only=True):
    runs: int
    seed: int
    attacker_wins: float
    defender_wins: float
    draw: float
    retreat: float
    stalemate: float
    captures: float
    expected_attacker_survivors: dict[str, float]
    expected_defender_survivors: dict[str, float]
    rounds: tuple[float, ...]

    def standard_error(self, p: float) -> float:
        return sqrt(max(p * (1.0 - p), 1e-12) / self.runs)

    def margin(self) -> float:
        """Two standard errors of the least certain outcome, in percentage points (what a table is told)."""
        return 200 * max(self.standard_error(getattr(self, k)) for k in OUTCOMES)


def _roll(rng: random.Random, groups: tuple[tuple[int, int], ...], sides: int) -> int:
    hits = 0
    for value, dice in groups:
        for _ in range(dice):
            if rng.randint(1, sides) <= value:
                hits += 1
    return hits


def simulate(battle: Battle, runs: int = 10_000, seed: int = 0, max_rounds: int = 1000) -> Estimate:
    chain = Chain(battle)
    A, D = chain.A, chain.D
    sides = chain.rules.sides
    rng = random.Random(seed)
    tally = dict.fromkeys(OUTCOMES, 0)
    captures = 0
    rounds: dict[int, int] = {}
    a_left = [0] * len(A.names)
    d_left = [0] * len(D.names)
    planes = sum(1 for t in A.start[0] if A.aircraft[t])
    for _ in range(runs):
        a: SideState = A.start
        d: SideState = D.start
        if chain.aa_value and planes:
            shot = sum(1 for _ in range(planes) if rng.randint(1, sides) <= chain.aa_value)
            a = A.take(a, 0, shot, aircraft_only=True)
        r = 0
        outcome = ""
        while a[0] and d[0]:
            if r >= max_rounds:
                outcome = "stalemate"
                break
            r += 1
            a_sur, d_sur = chain.surprise(a, d)
            if a_sur or d_sur:
                ar, af, an = A.fire_groups(a, True, a_sur, A.spots_submarines(a))
                dr, df, dn = D.fire_groups(d, True, d_sur, D.spots_submarines(d))
                on_d = (_roll(rng, ar, sides), _roll(rng, af, sides), _roll(rng, an, sides))
                on_a = (_roll(rng, dr, sides), _roll(rng, df, sides), _roll(rng, dn, sides))
                a, d = A.take(a, on_a[0], on_a[1], no_sub=on_a[2]), D.take(d, on_d[0], on_d[1], no_sub=on_d[2])
                if not (a[0] and d[0]):
                    break
            ar, af, an = A.fire_groups(a, False, a_sur, A.spots_submarines(a))
            if r == 1 and chain.support:
                af = tuple(sorted(af + chain.support))
            dr, df, dn = D.fire_groups(d, False, d_sur, D.spots_submarines(d))
            on_d = (_roll(rng, ar, sides), _roll(rng, af, sides), _roll(rng, an, sides))
            on_a = (_roll(rng, dr, sides), _roll(rng, df, sides), _roll(rng, dn, sides))
            a, d = A.take(a, on_a[0], on_a[1], no_sub=on_a[2]), D.take(d, on_d[0], on_d[1], no_sub=on_d[2])
            if a[0] and d[0] and chain.retreat_at is not None and len(a[0]) <= chain.retreat_at:
                outcome = "retreat"
                break
        if not outcome:
            outcome = "attacker_wins" if a[0] else ("defender_wins" if d[0] else "draw")
            if a[0] and chain.land and any(A.taker[t] for t in a[0]):
                captures += 1
        tally[outcome] += 1
        rounds[r] = rounds.get(r, 0) + 1
        for t in a[0]:
            a_left[t] += 1
        for t in d[0]:
            d_left[t] += 1
    longest = max(rounds, default=0)
    return Estimate(
        runs=runs,
        seed=seed,
        **{k: v / runs for k, v in tally.items()},
        captures=captures / runs,
        expected_attacker_survivors={n: c / runs for n, c in zip(A.names, a_left)},
        expected_defender_survivors={n: c / runs for n, c in zip(D.names, d_left)},
        rounds=tuple(rounds.get(i, 0) / runs for i in range(longest + 1)),
    )


def simulate_vectorised(battle: Battle, runs: int = 10_000, seed: int = 0, max_rounds: int = 1000) -> Estimate:
    """The same battle with every run at once (numpy): the peer the exact calculator's speed is measured against,
    and the estimate of a battle too large for exact odds.

    Each run's force is an index into its side's states (``Chain``); a hit moves it one state on along its casualty
    order (``forces.Side``), so h hits are a look-up in a table of walks. Each round draws, for every run still
    fighting, one binomial per hit value and side. AA fire before the battle draws how many aircraft each run loses.
    For battles of plain fire and AA guns (no submarine first strike, restricted hits, two-hit units or support
    shots), which is what a land battle is; others raise ``ValueError``.
    """
    import numpy as np

    chain = Chain(battle)
    A, D = chain.A, chain.D
    if chain.support or any(A.first_strike + D.first_strike + A.restricted + D.restricted + A.two_hit + D.two_hit):
        raise ValueError("the vectorised simulation covers battles of plain fire and AA guns only")
    sides = chain.rules.sides

    def reachable(side, starts: list[SideState]) -> tuple[list[SideState], dict[SideState, int]]:
        """The states hits can leave a side in from these (one casualty chain per start; not the chain's states
        that only hits sparing some units reach, which plain fire never does)."""
        states, index, todo = [], {}, list(starts)
        while todo:
            s = todo.pop()
            if s not in index:
                index[s] = len(states)
                states.append(s)
                todo.append(side.take(s, 0, 1))
        return states, index

    def dice_of(side, states) -> np.ndarray:
        """dice[x, v]: the dice hitting on v that state x fires."""
        dice = np.zeros((len(states), sides + 1), dtype=np.int64)
        for x, s in enumerate(states):
            for value, n in side.fire_groups(s, False)[1]:
                dice[x, min(value, sides)] += n
        return dice

    def walks(side, states, index) -> np.ndarray:
        """walk[x, h]: the state h hits leave state x in (several chains, after AA fire)."""
        top = max(side.hp(s) for s in states)
        after_one = np.array([index[side.take(s, 0, 1)] for s in states], dtype=np.int64)
        walk = np.empty((len(states), top + 1), dtype=np.int64)
        walk[:, 0] = np.arange(len(states))
        for h in range(1, top + 1):
            walk[:, h] = after_one[walk[:, h - 1]]
        return walk

    planes = sum(1 for t in A.start[0] if A.aircraft[t])
    shot = range(planes + 1) if chain.aa_value and planes else range(1)  # aircraft the AA gun may bring down
    a_states, a_index = reachable(A, [A.take(A.start, 0, k, aircraft_only=True) for k in shot])
    d_states, d_index = reachable(D, [D.start])
    a_dice, d_dice = dice_of(A, a_states), dice_of(D, d_states)
    a_top, d_top = len(a_states) - 1, len(d_states) - 1  # the end of a single casualty chain
    one_chain = len(shot) == 1
    a_walk = None if one_chain else walks(A, a_states, a_index)
    a_alive = np.array([bool(s[0]) for s in a_states])
    d_alive = np.array([bool(s[0]) for s in d_states])
    rng = np.random.default_rng(seed)
    values = [v for v in range(1, sides + 1) if a_dice[:, v].any() or d_dice[:, v].any()]

    def hits(dice: np.ndarray) -> np.ndarray:
        total = np.zeros(len(dice), dtype=np.int64)
        for v in values:
            total += rng.binomial(dice[:, v], v / sides)
        return total

    if len(shot) > 1:  # before the battle: each aircraft one die of the AA gun
        after_aa = np.array([a_index[A.take(A.start, 0, k, aircraft_only=True)] for k in shot])
        a_pos = after_aa[rng.binomial(planes, chain.aa_value / sides, size=runs)]
    else:
        a_pos = np.full(runs, a_index[A.start], dtype=np.int64)
    d_pos = np.full(runs, d_index[D.start], dtype=np.int64)
    rounds = np.zeros(runs, dtype=np.int64)
    fighting = a_alive[a_pos] & d_alive[d_pos]
    retreated = np.zeros(runs, dtype=bool)
    a_units = np.array([len(s[0]) for s in a_states])
    r = 0
    while r < max_rounds and fighting.any():
        r += 1
        now = np.flatnonzero(fighting)
        on_d, on_a = hits(a_dice[a_pos[now]]), hits(d_dice[d_pos[now]])
        # one casualty chain (no AA fire) is numbered in its order: h hits are h states on, without a look-up
        a_pos[now] = (np.minimum(a_pos[now] + on_a, a_top) if one_chain
                      else a_walk[a_pos[now], np.minimum(on_a, a_walk.shape[1] - 1)])
        d_pos[now] = np.minimum(d_pos[now] + on_d, d_top)
        rounds[now] = r
        over = ~a_alive[a_pos[now]] | ~d_alive[d_pos[now]]
        if chain.retreat_at is not None:
            back = ~over & (a_units[a_pos[now]] <= chain.retreat_at)
            retreated[now[back]] = True
            over |= back
        fighting[now[over]] = False
    return summary(chain, a_states, d_states, a_pos, d_pos, fighting, retreated, rounds, seed)


def summary(chain: Chain, a_states: list[SideState], d_states: list[SideState], a_pos: Any, d_pos: Any,
            stalemate: Any, retreated: Any, rounds: Any, seed: int) -> Estimate:
    """The estimate from where every run ended: each side's state (indexes into its states), whether it ended in a
    stalemate or a retreat, and after how many rounds (numpy arrays, one entry per run)."""
    import numpy as np

    A, D = chain.A, chain.D
    runs = len(a_pos)
    a_left = np.array([bool(s[0]) for s in a_states])[a_pos]
    d_left = np.array([bool(s[0]) for s in d_states])[d_pos]
    settled = ~stalemate & ~retreated
    won = settled & a_left & ~d_left
    takers = np.array([chain.land and any(A.taker[t] for t in s[0]) for s in a_states])
    a_counts = np.array([A.counts(s) for s in a_states], dtype=float).reshape(len(a_states), -1)
    d_counts = np.array([D.counts(s) for s in d_states], dtype=float).reshape(len(d_states), -1)
    spread = np.bincount(rounds, minlength=1) / runs
    return Estimate(
        runs=runs,
        seed=seed,
        attacker_wins=float(won.mean()),
        defender_wins=float((settled & ~a_left & d_left).mean()),
        draw=float((settled & ~a_left & ~d_left).mean()),
        retreat=float(retreated.mean()),
        stalemate=float(stalemate.mean()),
        captures=float((won & takers[a_pos]).mean()),
        expected_attacker_survivors={n: float(v) for n, v in zip(A.names, a_counts[a_pos].sum(axis=0) / runs)},
        expected_defender_survivors={n: float(v) for n, v in zip(D.names, d_counts[d_pos].sum(axis=0) / runs)},
        rounds=tuple(float(x) for x in spread),
    )
