"""Exact odds one state at a time: the straightforward solver, and the oracle the grid solver is tested against.

Every state's transition mass is settled once, in order of decreasing total hit points (every hit lowers them, so
the chain has no cycles besides "nobody hit", which is divided out exactly). The distribution of rounds comes from
a backward pass: per state, a vector of the rounds still to fight before the battle ends.

Its cost follows the states the battle actually reaches and their distinct transitions, so it stays the better way
for large fleets whose hits may not fall on every unit (submarines' hits sparing aircraft, aircraft missing
submarines without a destroyer): there the grid solver would work out every side state against every fire.
It shares the battle's set-up (``Chain``) with the grid solver and nothing of its method."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from assistant.families.axis_allies.battle import MAX_ROUNDS, Battle, Odds
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.forces import SideState


@dataclass
class _Outcomes:
    mass: dict[str, float]
    rounds: np.ndarray
    attacker: np.ndarray
    defender: np.ndarray
    captures: float = 0.0


class StepwiseChain(Chain):
    def round_blocks(self, a: SideState, d: SideState, first_round: bool) -> list[tuple[float, tuple, tuple]]:
        """One combat round from (a, d) as blocks (p, (a' indices, pa), (d' indices, pd)):
        P(a', d') = sum over blocks of p * pa * pd."""
        A, D = self.A, self.D
        a_sur, d_sur = self.surprise(a, d)
        if a_sur or d_sur:
            d_idx, d_p = self.hit_targets(D, d, self.fire(A, a, True, surprise=a_sur))
            a_idx, a_p = self.hit_targets(A, a, self.fire(D, d, True, surprise=d_sur))
            opening = [
                (self.a_states[i], self.d_states[j], pa * pd)
                for j, pd in zip(d_idx.tolist(), d_p.tolist())
                for i, pa in zip(a_idx.tolist(), a_p.tolist())
            ]
        else:
            opening = [(a, d, 1.0)]
        extra = self.support if first_round else ()
        blocks = []
        for a1, d1, p1 in opening:
            if not a1[0] or not d1[0]:
                blocks.append((p1, (np.array([self.ai[a1]]), np.ones(1)), (np.array([self.di[d1]]), np.ones(1))))
                continue
            d_next = self.hit_targets(D, d1, self.fire(A, a1, False, extra, surprise=a_sur))
            a_next = self.hit_targets(A, a1, self.fire(D, d1, False, surprise=d_sur))
            blocks.append((p1, a_next, d_next))
        return blocks

    def round_transitions(self, a: SideState, d: SideState, first_round: bool) -> dict[tuple[SideState, SideState], float]:
        """One combat round from (a, d): {(a', d'): probability}."""
        out: dict[tuple[SideState, SideState], float] = {}
        for p1, (ia, pa), (id_, pd) in self.round_blocks(a, d, first_round):
            for i, x in zip(ia.tolist(), pa.tolist()):
                for j, y in zip(id_.tolist(), pd.tolist()):
                    key = (self.a_states[i], self.d_states[j])
                    out[key] = out.get(key, 0.0) + p1 * x * y
        return out

    def solve(self) -> Odds:
        """Two passes over the chain. Forward, by decreasing total hit points, the mass reaching each
        state (the outcomes and expected survivors). Backward, by increasing total, each state's
        distribution of rounds still to fight: one vector per state, read (not scattered) along the
        transitions, which is what keeps the rounds distribution cheap."""
        A, D = self.A, self.D
        start, a_states, d_states = self.start, self.a_states, self.d_states
        ai, di = self.ai, self.di
        na, nd, R = len(a_states), len(d_states), MAX_ROUNDS
        mass = np.zeros((na, nd))
        out = _Outcomes(
            {k: 0.0 for k in ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate")},
            np.zeros(R + 1),
            np.zeros(len(A.names)),
            np.zeros(len(D.names)),
        )

        def settle(a: SideState, d: SideState, m: float, may_retreat: bool = True) -> bool:
            """Record an absorbing state; False when the battle goes on."""
            if a[0] and d[0]:
                if may_retreat and self.retreat_at is not None and len(a[0]) <= self.retreat_at:
                    kind = "retreat"
                else:
                    return False
            elif a[0]:
                kind = "attacker_wins"
                if self.land and any(A.taker[t] for t in a[0]):
                    out.captures += m
            elif d[0]:
                kind = "defender_wins"
            else:
                kind = "draw"
            self._record(out, kind, a, d, m)
            return True

        # Round 1 is special (support shots, and no retreat before it); fold it by hand.
        d0 = D.start
        first_round: list[tuple[float, int]] = []  # (probability, flat index) after round 1
        for a0, p0 in start.items():
            if settle(a0, d0, p0, may_retreat=False):
                out.rounds[0] += p0  # over before any round (AA fire)
                continue
            for (a2, d2), p in self.round_transitions(a0, d0, True).items():
                i, j = ai[a2], di[d2]
                mass[i, j] += p0 * p
                first_round.append((p0 * p, i * nd + j))

        # Per side state, computed once rather than once per (attacker, defender) pair: whether it
        # still stands, whether it opens with first-strike fire, and what it fires in an ordinary round.
        a_alive = [bool(a[0]) for a in a_states]
        d_alive = [bool(d[0]) for d in d_states]
        a_retreats = [self.retreat_at is not None and len(a[0]) <= self.retreat_at for a in a_states]
        a_opens = [A.has_first_strike(a) for a in a_states]
        d_opens = [D.has_first_strike(d) for d in d_states]
        # Without first strikes this round (none, or cancelled by destroyers) submarines fire with the rest.
        a_fire = [self.fire(A, a, False, surprise=False) for a in a_states]
        d_fire = [self.fire(D, d, False, surprise=False) for d in d_states]
        cancel = self.rules.destroyers_cancel_first_strike
        a_dd = [A.has_destroyer(a) for a in a_states] if cancel else [False] * na
        d_dd = [D.has_destroyer(d) for d in d_states] if cancel else [False] * nd

        # Hits only ever lower the total hit points, so settling states level by level (highest
        # total first) sees every state's incoming mass complete; no grid sort over na * nd pairs.
        a_hp = [A.hp(a) for a in a_states]
        d_hp = [D.hp(d) for d in d_states]
        by_total: dict[int, list[tuple[int, int]]] = {}
        for i in range(na):
            for j in range(nd):
                by_total.setdefault(a_hp[i] + d_hp[j], []).append((i, j))
        mass_flat = mass.reshape(-1)
        # to_fight[s][r] = P(the battle ends r rounds after arriving in s); absorbing states end at once.
        to_fight = np.zeros((na * nd, R + 1))
        fought: list[tuple[int, np.ndarray, np.ndarray, float]] = []  # (state, targets, probabilities, stay)
        for total in sorted(by_total, reverse=True):
            for i, j in by_total[total]:
                m = mass[i, j]
                if m <= 0.0:
                    continue
                a, d = a_states[i], d_states[j]
                own = i * nd + j
                if not (a_alive[i] and d_alive[j]) or a_retreats[i]:
                    settle(a, d, m)
                    to_fight[own, 0] = 1.0
                    continue
                if (a_opens[i] and not d_dd[j]) or (d_opens[j] and not a_dd[i]):
                    flat, probs, single = self._flat_transitions(a, d, nd)
                else:
                    # One block (no first strike): the outer product of each side's distinct targets.
                    ia, pa = self.hit_targets(A, a, d_fire[j])
                    id_, pd = self.hit_targets(D, d, a_fire[i])
                    flat = (ia[:, None] * nd + id_[None, :]).reshape(-1)
                    probs = (pa[:, None] * pd[None, :]).reshape(-1)
                    single = True
                stay = float(probs[flat == own].sum())
                if stay >= 1.0 - 1e-15:
                    self._record(out, "stalemate", a, d, m)
                    to_fight[own, 0] = 1.0
                    continue
                moving = flat != own
                flat, probs = flat[moving], probs[moving]
                if single:  # one block: its targets are distinct
                    mass_flat[flat] += probs * (m / (1.0 - stay))
                else:
                    np.add.at(mass_flat, flat, probs * (m / (1.0 - stay)))
                fought.append((own, flat, probs, stay))

        # Backward: every target has a lower total, so its vector is complete before it is read.
        kernel_steps = np.arange(R + 1)
        for own, flat, probs, stay in reversed(fought):
            onward = probs @ to_fight[flat]
            # Time spent here is geometric: it spreads the onward rounds by stay**k.
            if stay:
                onward = np.convolve(onward, stay**kernel_steps)[: R + 1]
            to_fight[own, 1:] = onward[:-1]  # one round more
        for p, s in first_round:
            out.rounds[1:] += p * to_fight[s, :-1]
        return self._odds(out, na * nd)

    def _flat_transitions(self, a, d, nd) -> tuple[np.ndarray, np.ndarray, bool]:
        """Targets of one ordinary round as flat state indices with their probabilities."""
        blocks = self.round_blocks(a, d, False)
        flats = [(ia[:, None] * nd + id_[None, :]).reshape(-1) for _, (ia, _pa), (id_, _pd) in blocks]
        probs = [(p1 * pa[:, None] * pd[None, :]).reshape(-1) for p1, (_ia, pa), (_id, pd) in blocks]
        if len(blocks) == 1:
            return flats[0], probs[0], True
        return np.concatenate(flats), np.concatenate(probs), False

    def _record(self, out: _Outcomes, kind: str, a: SideState, d: SideState, m: float) -> None:
        out.mass[kind] += m
        out.attacker += m * np.array(self.A.counts(a), dtype=float)
        out.defender += m * np.array(self.D.counts(d), dtype=float)

    def _odds(self, out: _Outcomes, states: int) -> Odds:
        A, D = self.A, self.D
        a_start, d_start = A.counts(A.start), D.counts(D.start)
        cost_a = [p.cost for p in A.profiles]
        cost_d = [p.cost for p in D.profiles]
        total = sum(out.mass.values())
        return Odds(
            **{k: float(v) for k, v in out.mass.items()},
            captures=float(out.captures),
            expected_attacker_survivors={n: float(v) for n, v in zip(A.names, out.attacker)},
            expected_defender_survivors={n: float(v) for n, v in zip(D.names, out.defender)},
            expected_attacker_loss=float(sum(c * (s - e) for c, s, e in zip(cost_a, a_start, out.attacker))),
            expected_defender_loss=float(sum(c * (s - e) for c, s, e in zip(cost_d, d_start, out.defender))),
            rounds=tuple(float(x) for x in out.rounds),
            rounds_beyond=max(0.0, float(total - out.rounds.sum())),
            states=states,
        )


def stepwise_odds(battle: Battle) -> Odds:
    return StepwiseChain(battle).solve()
