"""Dice luck from the log alone: expected hits against actual hits, per roll, per power, per battle.

Every ``core.dice_rolled`` carries its faces, the number of sides, one target
per die and whether a die hits at most or at least its target, so each die is a
Bernoulli trial with a known probability. A group of rolls is scored by
the z-score of its hits (actual - expected) / standard deviation, and by its
mid-percentile under the exact distribution of the hit count (a Poisson
binomial): P(fewer hits) + P(as many) / 2, so 50 means an ordinary game of dice.
Rolls without targets (e.g. "roll for the order of play") carry no luck and are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import comb, sqrt
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from events.core import DiceRolled, PhaseBegan

if TYPE_CHECKING:
    import numpy as np


class Entry(Protocol):
    """What luck needs of a log entry (``application.LogEntry`` fits)."""

    seq: int
    event: Any
    cancelled: bool
    corrected_faces: tuple[int, ...] | None


class RollLuck(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    round: int
    power: str
    battle: str
    purpose: str
    faces: tuple[int, ...]
    chances: tuple[float, ...]  # per-die probability of a hit
    expected: float
    actual: int
    z: float
    percentile: float


class LuckIndex(msgspec.Struct, frozen=True, kw_only=True):
    rolls: int
    dice: int
    expected: float
    actual: int
    z: float
    percentile: float


class LuckReport(msgspec.Struct, frozen=True, kw_only=True):
    rolls: tuple[RollLuck, ...]
    by_power: dict[str, LuckIndex]
    by_battle: dict[str, LuckIndex]
    luckiest: tuple[RollLuck, ...]
    unluckiest: tuple[RollLuck, ...]


def hit_chance(target: int, sides: int, hits_when: str) -> float:
    if hits_when == "at_most":
        return min(max(target, 0), sides) / sides
    return min(max(sides - target + 1, 0), sides) / sides


def is_hit(face: int, target: int, hits_when: str) -> bool:
    return face <= target if hits_when == "at_most" else face >= target


def hits_distribution(chances: Iterable[float]) -> np.ndarray:
    """Exact P(k hits) for independent dice with these hit chances (dice of equal chance batched)."""
    import numpy as np  # loaded by the first luck figure, not with the rules that import this module's types

    pmf = np.ones(1)
    counts: dict[float, int] = {}
    for p in chances:
        counts[p] = counts.get(p, 0) + 1
    for p, n in counts.items():
        k = np.arange(n + 1)
        binom = np.array([comb(n, i) for i in range(n + 1)], dtype=float) * p**k * (1 - p) ** (n - k)
        pmf = np.convolve(pmf, binom)
    return pmf


def score(chances: Sequence[float], actual: int) -> tuple[float, float, float]:
    """(expected, z, percentile) of ``actual`` hits."""
    expected = float(sum(chances))
    variance = float(sum(p * (1 - p) for p in chances))
    z = (actual - expected) / sqrt(variance) if variance > 0 else 0.0
    pmf = hits_distribution(chances)
    below = float(pmf[:actual].sum())
    at = float(pmf[actual]) if actual < len(pmf) else 0.0
    return expected, z, 100.0 * (below + at / 2)


def _index(rolls: Sequence[RollLuck]) -> LuckIndex:
    chances = [p for r in rolls for p in r.chances]
    actual = sum(r.actual for r in rolls)
    expected, z, percentile = score(chances, actual)
    return LuckIndex(rolls=len(rolls), dice=len(chances), expected=expected, actual=actual, z=z, percentile=percentile)


# Who threw a roll and in which battle: (power, battle); the game's adapter knows better than the clock.
Attribution = Callable[[int, DiceRolled, str], tuple[str, str]]


def by_clock(seq: int, roll: DiceRolled, side: str) -> tuple[str, str]:
    """Who the throw says threw it, else the side whose turn it is; the battle is the throw's ``ref``."""
    return roll.thrower or side, roll.ref


def from_table(owners: dict[int, tuple[str, str]]) -> Attribution:
    """An adapter's attribution: the (power, battle) it found for a throw's event number, else the clock's."""

    def attribute(seq: int, roll: DiceRolled, side: str) -> tuple[str, str]:
        return owners.get(seq) or by_clock(seq, roll, side)

    return attribute


def by_turn(round_: int, side: str) -> str:
    """A turn as the per-battle table names it when one place saw battles in several turns."""
    return f"round {round_}, {side}" if side else f"round {round_}"


def luck_report(entries: Iterable[Entry], attribute: Attribution = by_clock, moments: int = 5,
                turn: Callable[[int, str], str] = by_turn) -> LuckReport:
    """Luck per roll, per power and per battle. A battle is one place in one turn: when a game names its battles
    by their place (A&A: "Manchuria" is attacked by the USSR, then by Japan), each turn's battle there is a row of
    its own, named with ``turn(round, side)``: "Manchuria (round 1, ussr)"."""
    rolls: list[RollLuck] = []
    turns: list[tuple[int, str]] = []  # per roll: the round and the side whose turn it was
    clock_round, clock_side = 0, ""
    for entry in entries:
        if entry.cancelled:
            continue
        event = entry.event
        if isinstance(event, PhaseBegan):
            clock_round, clock_side = event.round, event.side
            continue
        if not isinstance(event, DiceRolled) or not event.targets:
            continue
        faces = entry.corrected_faces or event.faces
        chances = tuple(hit_chance(t, event.sides, event.hits_when) for t in event.targets)
        actual = sum(1 for f, t in zip(faces, event.targets) if is_hit(f, t, event.hits_when))
        expected, z, percentile = score(chances, actual)
        power, battle = attribute(entry.seq, event, clock_side)
        turns.append((clock_round, clock_side))
        rolls.append(
            RollLuck(
                seq=entry.seq, round=clock_round, power=power, battle=battle, purpose=event.purpose,
                faces=tuple(faces), chances=chances, expected=expected, actual=actual, z=z, percentile=percentile,
            )
        )
    groups: dict[str, dict[str, list[RollLuck]]] = {"power": {}, "battle": {}}
    fought: dict[tuple[str, int, str], list[RollLuck]] = {}  # (battle, round, side on turn) -> its rolls
    for r, (round_, side) in zip(rolls, turns):
        groups["power"].setdefault(r.power, []).append(r)
        if r.battle:
            fought.setdefault((r.battle, round_, side), []).append(r)
    places: dict[str, int] = {}
    for battle, _round, _side in fought:
        places[battle] = places.get(battle, 0) + 1
    for (battle, round_, side), battle_rolls in fought.items():
        name = battle if places[battle] == 1 else f"{battle} ({turn(round_, side)})"
        groups["battle"].setdefault(name, []).extend(battle_rolls)
    # The moments that mattered: most hits above (below) expectation, then the rarer outcome.
    ranked = sorted(rolls, key=lambda r: (r.actual - r.expected, r.percentile))
    return LuckReport(
        rolls=tuple(rolls),
        by_power={k: _index(v) for k, v in sorted(groups["power"].items())},
        by_battle={k: _index(v) for k, v in groups["battle"].items()},
        luckiest=tuple(r for r in reversed(ranked[-moments:]) if r.actual > r.expected),
        unluckiest=tuple(r for r in ranked[:moments] if r.actual < r.expected),
    )
