"""Any battle simulated with every run at once (numpy): the estimate of a battle too large for exact odds when it is
more than plain fire — fleets with submarines' surprise strikes, hits that may not fall on aircraft or submarines,
two-hit battleships, shore support in a landing's first round.

It follows the round of the pure-Python simulation (``montecarlo.simulate``) step by step: surprise strikes first
(cancelled by a destroyer opposite where the edition says so), then everyone else, support shots in the first round,
the attacker's planned retreat. What it adds is the bookkeeping that lets numpy carry 10,000 runs at once:

* each run's force is an index into its side's reachable states (``Chain``), and each state's dice are a row of a
  table: dice[state, bucket, value], the buckets being the three kinds of hits ``forces.Side.take`` knows (never
  on aircraft, on anything, never on submarines);
* ``take`` lands hits one at a time, each on the state the previous one left, so h hits of a kind are h steps
  through a table of single steps (``step[state, bucket]``), hits of the three kinds in ``take``'s order;
* a run in which neither side can ever change the other (a submarine facing only aircraft it cannot hit, and
  aircraft that cannot see it) is a stalemate at once, as it is for the exact calculator.
"""

from __future__ import annotations

import numpy as np

from assistant.families.axis_allies.battle import Battle
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.forces import Side, SideState
from assistant.families.axis_allies.montecarlo import Estimate, summary

BUCKETS = 3  # restricted (never aircraft), free, no_sub (never submarines): ``Side.fire_groups``' order
ORDER = (0, 2, 1)  # the order ``Side.take`` lands them in
# a state's fire in each moment of a round: the surprise strike, then the rest with and without a surprise strike
SURPRISE, MAIN_AFTER_SURPRISE, MAIN = 0, 1, 2


class _Tables:
    """One side's reachable states as arrays (``Chain``'s states and order)."""

    def __init__(self, side: Side, states: list[SideState], sides: int):
        index = {s: i for i, s in enumerate(states)}
        n = len(states)
        self.alive = np.array([bool(s[0]) for s in states])
        self.units = np.array([len(s[0]) for s in states], dtype=np.int64)
        self.hp = np.array([side.hp(s) for s in states], dtype=np.int64)
        self.first_strike = np.array([side.has_first_strike(s) for s in states])
        self.destroyer = np.array([side.has_destroyer(s) for s in states])
        self.counts = np.array([side.counts(s) for s in states], dtype=float).reshape(n, -1)
        # step[x, b]: the state one hit of bucket b leaves x in (x itself where the hit finds no target)
        self.step = np.array([[index[side.take(s, 1, 0)], index[side.take(s, 0, 1)], index[side.take(s, 0, 0, no_sub=1)]]
                              for s in states], dtype=np.int64).reshape(n, BUCKETS)
        # dice[moment, x, b, v]: the dice state x throws in that moment, by bucket and the value they hit on
        self.dice = np.zeros((3, n, BUCKETS, sides + 1), dtype=np.int64)
        for x, s in enumerate(states):
            spotted = side.spots_submarines(s)
            for moment, first, surprise in ((SURPRISE, True, True), (MAIN_AFTER_SURPRISE, False, True),
                                            (MAIN, False, False)):
                for b, groups in enumerate(side.fire_groups(s, first, surprise, spotted)):
                    for value, dice in groups:
                        self.dice[moment, x, b, min(value, sides)] += dice

    def land(self, pos: np.ndarray, hits: np.ndarray) -> np.ndarray:
        """Where hits[run, b] leave each run's state pos[run]."""
        for b in ORDER:
            h = np.minimum(hits[:, b], self.hp[pos])
            for i in range(int(h.max(initial=0))):
                pos = np.where(h > i, self.step[pos, b], pos)
        return pos


def simulate_any(battle: Battle, runs: int = 10_000, seed: int = 0, max_rounds: int = 1000) -> Estimate:
    """What ``runs`` simulated battles say (a fixed ``seed``: the same battle always gives the same figures)."""
    chain = Chain(battle)
    A, D = chain.A, chain.D
    sides = chain.rules.sides
    at, dt = _Tables(A, chain.a_states, sides), _Tables(D, chain.d_states, sides)
    support = np.zeros((BUCKETS, sides + 1), dtype=np.int64)
    for value, dice in chain.support:
        support[1, min(value, sides)] += dice
    cancel = chain.rules.destroyers_cancel_first_strike
    rng = np.random.default_rng(seed)

    def throw(dice: np.ndarray) -> np.ndarray:
        """hits[run, b] from dice[run, b, v]."""
        hits = np.zeros(dice.shape[:2], dtype=np.int64)
        for v in range(1, sides + 1):
            if dice[:, :, v].any():
                hits += rng.binomial(dice[:, :, v], v / sides)
        return hits

    def can_change(fire: _Tables, target: _Tables, f: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Whether f's dice, in any moment, could change t: a bucket with dice whose one hit moves t on."""
        dice = fire.dice[:, f].sum(axis=3)  # [moment, run, b]
        moves = target.step[t] != t[:, None]  # [run, b]
        return ((dice > 0) & moves[None]).any(axis=(0, 2))

    planes = sum(1 for t in A.start[0] if A.aircraft[t])
    a_index = {s: i for i, s in enumerate(chain.a_states)}
    if chain.aa_value and planes:  # before the battle: each aircraft one die of the AA gun
        after_aa = np.array([a_index[A.take(A.start, 0, k, aircraft_only=True)] for k in range(planes + 1)])
        a_pos = after_aa[rng.binomial(planes, chain.aa_value / sides, size=runs)]
    else:
        a_pos = np.full(runs, a_index[A.start], dtype=np.int64)
    d_pos = np.full(runs, chain.d_states.index(D.start), dtype=np.int64)
    rounds = np.zeros(runs, dtype=np.int64)
    fighting = at.alive[a_pos] & dt.alive[d_pos]
    retreated = np.zeros(runs, dtype=bool)
    stalemate = np.zeros(runs, dtype=bool)
    r = 0
    while r < max_rounds:
        now = np.flatnonzero(fighting)
        a, d = a_pos[now], d_pos[now]
        stuck = ~can_change(at, dt, a, d) & ~can_change(dt, at, d, a)
        if stuck.any() and (r or not support.any()):  # shore support fires in the first round only  # neither side can ever score a hit that counts: it ends here
            stalemate[now[stuck]] = True
            fighting[now[stuck]] = False
            now, a, d = now[~stuck], a[~stuck], d[~stuck]
        if not len(now):
            break
        r += 1
        rounds[now] = r
        a_sur = at.first_strike[a] & ~(cancel & dt.destroyer[d])
        d_sur = dt.first_strike[d] & ~(cancel & at.destroyer[a])
        striking = np.flatnonzero(a_sur | d_sur)
        if len(striking):
            sa, sd = a[striking], d[striking]
            on_d = throw(at.dice[SURPRISE, sa] * a_sur[striking, None, None])
            on_a = throw(dt.dice[SURPRISE, sd] * d_sur[striking, None, None])
            a[striking], d[striking] = at.land(sa, on_a), dt.land(sd, on_d)
        going = at.alive[a] & dt.alive[d]  # a surprise strike that ends the battle ends the round too
        g = np.flatnonzero(going)
        ga, gd = a[g], d[g]
        a_dice = np.where(a_sur[g, None, None], at.dice[MAIN_AFTER_SURPRISE, ga], at.dice[MAIN, ga])
        if r == 1:
            a_dice = a_dice + support
        d_dice = np.where(d_sur[g, None, None], dt.dice[MAIN_AFTER_SURPRISE, gd], dt.dice[MAIN, gd])
        on_d, on_a = throw(a_dice), throw(d_dice)
        a[g], d[g] = at.land(ga, on_a), dt.land(gd, on_d)
        a_pos[now], d_pos[now] = a, d
        over = ~at.alive[a] | ~dt.alive[d]
        if chain.retreat_at is not None:
            back = ~over & (at.units[a] <= chain.retreat_at)
            retreated[now[back]] = True
            over |= back
        fighting[now[over]] = False
        if not fighting.any():
            break
    stalemate |= fighting  # still fighting after max_rounds
    return summary(chain, chain.a_states, chain.d_states, a_pos, d_pos, stalemate, retreated, rounds, seed)
