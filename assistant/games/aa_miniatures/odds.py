"""Exact odds of an attack before the dice: the chances the target ends the next Casualty Phase untouched,
disrupted, damaged or destroyed (its face-down counters already placed this turn included), cover rolls counted.

Successes are binomial (one chance per die from the modifier, p.16); hits follow p.16's thresholds; counters
p.16; a cover roll (p.24) is taken only where it would change the counters, with its own chance.
"""

from __future__ import annotations

from math import comb

import msgspec

from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures.tables import load

OUTCOMES = ("no effect", "disrupted", "damaged", "destroyed")


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    dice: int
    per_die: float  # chance one die succeeds
    defense: int
    cover: float  # chance the cover roll succeeds when it matters (1 automatic, 0 none or ignored)
    outcomes: dict[str, float]  # OUTCOMES -> probability
    hits: tuple[float, float, float, float]  # P(0..3 hits)
    expected_successes: float


def binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _outcome(counters: tuple[str, ...], damaged: bool) -> str:
    if combat.DESTROYED in counters:
        return "destroyed"
    if combat.DAMAGED in counters:
        return "damaged"
    if combat.DISRUPTED in counters:
        return "disrupted"
    return "no effect"


def attack_odds(dice: int, modifier: int, defense: int, unit_type: str, damaged: bool = False,
                hidden: tuple[str, ...] = (), cover: float = 0.0, kind: str = "assault") -> Odds:
    p = combat.die_chance(load().success_at - modifier)
    dist = binomial(dice, p)
    hits = [0.0] * 4
    outcomes = dict.fromkeys(OUTCOMES, 0.0)
    for s, ps in enumerate(dist):
        h = combat.hits(s, defense)
        hits[h] += ps
        if kind == "defensive":  # at best disruption, cancelled by cover (p.22, p.24)
            hit = ps * (1 - cover) if h else 0.0
            outcomes["disrupted"] += hit
            outcomes[_outcome(hidden, damaged)] += ps - hit
            continue
        plain = hidden + combat.counters(unit_type, damaged, hidden, h)
        if combat.cover_matters(kind, h, hidden, unit_type, damaged) and cover:
            covered = hidden + combat.counters_under_cover(hidden, h)
            outcomes[_outcome(covered, damaged)] += ps * cover
            outcomes[_outcome(plain, damaged)] += ps * (1 - cover)
        else:
            outcomes[_outcome(plain, damaged)] += ps
    return Odds(dice=dice, per_die=p, defense=defense, cover=cover, outcomes=outcomes,
                hits=(hits[0], hits[1], hits[2], hits[3]), expected_successes=dice * p)


def cover_chance(kind: str, needed: int) -> float:
    if kind == "automatic":
        return 1.0
    if kind == "rolled":
        return combat.die_chance(needed)
    return 0.0
