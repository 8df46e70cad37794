"""Battle odds by simulation, in pure Python: the independent check of the exact calculator.

Every die is rolled with a seeded ``random.Random``; the battle follows the same
round procedure as ``odds`` (AA fire, support shots, submarine first strike,
simultaneous fire, retreat threshold) and the same casualty policy (``odds.Side``),
so the only thing the two share is who is lost to a hit, not the probabilities.
"""

from __future__ import annotations

import random
from math import sqrt

import msgspec

from assistant.families.axis_allies.odds import Battle, SideState, _Chain

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
    chain = _Chain(battle)
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
