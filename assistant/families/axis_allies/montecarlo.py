"""Battle odds by simulation, in pure Python: the independent check of the exact calculator.

Every die is rolled with a seeded ``random.Random``; the battle follows the same
round procedure as ``odds`` (AA fire, support shots, submarine first strike,
simultaneous fire, retreat threshold) and the same casualty policy (``forces.Side``),
so the only thing the two share is who is lost to a hit, not the probabilities.
"""

from __future__ import annotations

import random
from math import sqrt

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
    """The same battle with every run at once (numpy): the peer the exact calculator's speed is measured against.

    Each side's force is its position along its casualty chain (units lost so far, first lost first, as
    ``forces.Side`` takes them); each round draws, for every run still fighting, one binomial per hit value and
    side. For battles of plain fire (no AA gun, submarine first strike, restricted hits, two-hit units or support
    shots), which is what a land battle of infantry, armour and aircraft is; others raise ``ValueError``.
    """
    import numpy as np

    chain = Chain(battle)
    A, D = chain.A, chain.D
    planes = any(A.aircraft[t] for t in A.start[0])
    if (chain.aa_value and planes) or chain.support or any(A.first_strike + D.first_strike + A.restricted
                                                          + D.restricted + A.two_hit + D.two_hit):
        raise ValueError("the vectorised simulation covers battles of plain fire only")
    sides = chain.rules.sides

    def along(side) -> tuple[list[SideState], np.ndarray]:
        states = [side.start]
        for _ in range(side.hp(side.start)):
            states.append(side.take(states[-1], 0, 1))
        dice = np.zeros((len(states), sides + 1), dtype=np.int64)  # [position, hit value] -> dice
        for p, s in enumerate(states):
            for value, n in side.fire_groups(s, False)[1]:
                dice[p, min(value, sides)] += n
        return states, dice

    a_states, a_dice = along(A)
    d_states, d_dice = along(D)
    a_end, d_end = len(a_states) - 1, len(d_states) - 1
    rng = np.random.default_rng(seed)
    values = [v for v in range(1, sides + 1) if a_dice[:, v].any() or d_dice[:, v].any()]

    def hits(dice: np.ndarray) -> np.ndarray:
        total = np.zeros(len(dice), dtype=np.int64)
        for v in values:
            total += rng.binomial(dice[:, v], v / sides)
        return total

    a_pos = np.zeros(runs, dtype=np.int64)
    d_pos = np.zeros(runs, dtype=np.int64)
    rounds = np.zeros(runs, dtype=np.int64)
    fighting = np.ones(runs, dtype=bool)
    retreated = np.zeros(runs, dtype=bool)
    a_units = np.array([len(s[0]) for s in a_states])
    r = 0
    while r < max_rounds and fighting.any():
        r += 1
        now = np.flatnonzero(fighting)
        on_d, on_a = hits(a_dice[a_pos[now]]), hits(d_dice[d_pos[now]])
        a_pos[now] = np.minimum(a_pos[now] + on_a, a_end)
        d_pos[now] = np.minimum(d_pos[now] + on_d, d_end)
        rounds[now] = r
        over = (a_pos[now] == a_end) | (d_pos[now] == d_end)
        if chain.retreat_at is not None:
            back = ~over & (a_units[a_pos[now]] <= chain.retreat_at)
            retreated[now[back]] = True
            over |= back
        fighting[now[over]] = False
    a_alive, d_alive = a_pos < a_end, d_pos < d_end
    settled = ~fighting & ~retreated
    won = settled & a_alive & ~d_alive
    takers = np.array([chain.land and any(A.taker[t] for t in s[0]) for s in a_states])
    a_counts = np.array([A.counts(s) for s in a_states], dtype=float)
    d_counts = np.array([D.counts(s) for s in d_states], dtype=float)
    spread = np.bincount(rounds, minlength=1) / runs
    return Estimate(
        runs=runs,
        seed=seed,
        attacker_wins=float(won.mean()),
        defender_wins=float((settled & ~a_alive & d_alive).mean()),
        draw=float((settled & ~a_alive & ~d_alive).mean()),
        retreat=float(retreated.mean()),
        stalemate=float(fighting.mean()),
        captures=float((won & takers[a_pos]).mean()),
        expected_attacker_survivors={n: float(v) for n, v in zip(A.names, a_counts[a_pos].sum(axis=0) / runs)},
        expected_defender_survivors={n: float(v) for n, v in zip(D.names, d_counts[d_pos].sum(axis=0) / runs)},
        rounds=tuple(float(x) for x in spread),
    )
