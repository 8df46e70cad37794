"""Exact odds state by state: the solver for big fleets, and the oracle the grid solver is tested against.

Every state's transition mass is settled once, in order of decreasing total hit points (every hit lowers them, so
the chain has no cycles besides "nobody hit", which is divided out exactly). A round that opens with submarines'
first strike is two half-steps: the opening strike takes (a, d) to (a1, d1) "between the volleys" (marked with who
struck first, which decides who fires with the others next), and the ordinary fire goes on from there, worked out
once for all the mass reaching (a1, d1) instead of once per state whose opening led there. The distribution of
rounds comes from a backward pass: per state, a vector of the rounds still to fight before the battle ends (a round
counts once, its opening and its ordinary fire together). States of equal total hit points pass mass to one another
only where nothing changes, so each such level is settled in whole-array steps; where each side's fire leaves the
other's force states is worked out per side, once for each (force state, fire) the battle reaches. The plain fold
(each state's whole round, ``round_transitions``, one state at a time) is what the tests hold it to.

Its cost follows the states the battle actually reaches and their distinct transitions, so it stays the better way
for large fleets whose hits may not fall on every unit (submarines' hits sparing aircraft, aircraft missing
submarines without a destroyer): there the grid solver would work out every side state against every fire.
It shares the battle's set-up (``Chain``) with the grid solver and nothing of its method."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from assistant.families.axis_allies.battle import MAX_ROUNDS, Battle, Odds
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.dice import capped, hits_pmf
from assistant.families.axis_allies.forces import Side, SideState

STALEMATE = 1.0 - 1e-15  # a state kept by a round with at least this probability is never left
GATHER = 1 << 11  # transitions read at once in the backward pass (bounds its temporary arrays)
BATCH = 1 << 20  # hit combinations worked out at once (bounds the temporary arrays of ``_Hits``)


@dataclass
class _Outcomes:
    mass: dict[str, float]
    rounds: np.ndarray
    attacker: np.ndarray
    defender: np.ndarray
    captures: float = 0.0


class _Hits:
    """Where each fire of the other side leaves each force state of one side: one row of (target states,
    probabilities) per (state, fire) pair, worked out for a whole level's new pairs at once and kept flat, so that
    the rows of a level of cells are read at once.

    A fire's hits fall one at a time (``Side.take``): those sparing aircraft first, then those sparing submarines,
    then the free ones; so the state k hits of one kind leave is a walk along one-hit steps, tabled once per side,
    and a row is the three hit distributions laid along those walks (what ``Chain.hit_targets`` gives, for many
    pairs in a few array operations)."""

    def __init__(self, chain: Chain, side: Side, fires: list[tuple]):
        states, index = (chain.a_states, chain.ai) if side is chain.A else (chain.d_states, chain.di)
        top = max(side.hp(s) for s in states)  # hits beyond these change nothing more
        n = len(states)

        def walk(restricted: int, free: int, no_sub: int) -> np.ndarray:
            step = np.array([index[side.take(s, restricted, free, no_sub=no_sub)] for s in states], dtype=np.int64)
            out = np.empty((n, top + 1), dtype=np.int64)
            out[:, 0] = np.arange(n)
            for k in range(1, top + 1):
                out[:, k] = step[out[:, k - 1]]
            return out

        def table(kind: int) -> tuple[np.ndarray, np.ndarray]:
            pmfs = [capped(hits_pmf(f[kind], chain.rules.sides), top) for f in fires]
            out = np.zeros((len(fires), max(len(p) for p in pmfs)))
            for row, p in enumerate(pmfs):
                out[row, : len(p)] = p
            return out, np.array([len(p) for p in pmfs], dtype=np.int64)

        # In the order the hits fall: sparing aircraft (restricted), sparing submarines, free.
        self.walks = walk(1, 0, 0), walk(0, 0, 1), walk(0, 1, 0)
        self.tables = table(0), table(2), table(1)
        self.n = n
        # What working out a pair takes: its combinations of hit counts, and its sums over the side's states.
        self.load = np.maximum(np.prod([lengths for _, lengths in self.tables], axis=0), n)
        self.row = np.full((n, len(fires)), -1, dtype=np.int64)
        self.begin = np.zeros(self.row.size, dtype=np.int64)  # per row: where its targets begin, and how many
        self.count = np.zeros(self.row.size, dtype=np.int64)
        self.rows_kept = 0
        self.target = np.zeros(1 << 12, dtype=np.int64)  # state indices of this side (room to grow, doubling)
        self.prob = np.zeros(1 << 12)
        self.kept = 0

    def rows(self, states: np.ndarray, fires: np.ndarray) -> np.ndarray:
        rows = self.row[states, fires]
        missing = rows < 0
        if missing.any():
            nf = self.row.shape[1]
            asked = np.zeros(self.row.size, dtype=bool)
            asked[states[missing] * nf + fires[missing]] = True
            keys = np.flatnonzero(asked)
            ends = np.cumsum(self.load[keys % nf])
            k = 0
            while k < len(keys):  # in batches of bounded size
                stop = max(k + 1, int(np.searchsorted(ends, ends[k] - self.load[keys[k] % nf] + BATCH, side="right")))
                self._add(keys[k:stop] // nf, keys[k:stop] % nf)
                k = stop
            self.row.reshape(-1)[keys] = np.arange(self.rows_kept - len(keys), self.rows_kept)
            rows = self.row[states, fires]
        return rows

    def _add(self, states: np.ndarray, fires: np.ndarray) -> None:
        """Rows for these (state, fire) pairs, after the rows already kept: every combination of the three kinds'
        hit counts, pair by pair, then summed by the state it leaves."""
        (on_r, lr), (on_n, ln), (on_f, lf) = self.tables
        lr, ln, lf = lr[fires], ln[fires], lf[fires]
        sizes = lr * ln * lf
        pair = np.repeat(np.arange(len(states)), sizes)
        r, rest = np.divmod(np.arange(len(pair)) - np.repeat(np.cumsum(sizes) - sizes, sizes), (ln * lf)[pair])
        h_n, h_f = np.divmod(rest, lf[pair])
        fire = fires[pair]
        by_r, by_n, by_f = self.walks
        reached = by_f[by_n[by_r[states[pair], r], h_n], h_f]
        summed = np.bincount(pair * self.n + reached, on_r[fire, r] * on_n[fire, h_n] * on_f[fire, h_f],
                             minlength=len(states) * self.n)
        keys = np.flatnonzero(summed)  # every target reached has some probability
        counts = np.bincount(keys // self.n, minlength=len(states))
        done, kept = self.rows_kept + len(states), self.kept + len(keys)
        self.begin[self.rows_kept : done] = self.kept + np.cumsum(counts) - counts
        self.count[self.rows_kept : done] = counts
        if kept > len(self.target):
            room = max(kept, 2 * len(self.target))
            self.target = np.concatenate([self.target[: self.kept], np.zeros(room - self.kept, dtype=np.int64)])
            self.prob = np.concatenate([self.prob[: self.kept], np.zeros(room - self.kept)])
        self.target[self.kept : kept] = keys % self.n
        self.prob[self.kept : kept] = summed[keys]
        self.rows_kept, self.kept = done, kept


def _pairs(on_a: _Hits, ra: np.ndarray, on_d: _Hits, rd: np.ndarray, nd: int) -> tuple[np.ndarray, ...]:
    """Fire exchanged in each of a list of cells: the outer product of where it leaves each side (rows ``ra`` of
    ``on_a``, ``rd`` of ``on_d``). Returns, grouped by cell, (cell's position in the list, target cell, probability)."""
    la, ld = on_a.count[ra], on_d.count[rd]
    n = la * ld
    pos = np.repeat(np.arange(len(ra)), n)
    local = np.arange(len(pos)) - np.repeat(np.cumsum(n) - n, n)
    ldp = ld[pos]
    u = local // ldp
    ea = on_a.begin[ra][pos] + u
    ed = on_d.begin[rd][pos] + (local - u * ldp)
    return pos, on_a.target[ea] * nd + on_d.target[ed], on_a.prob[ea] * on_d.prob[ed]


def _gather(pos: np.ndarray, target: np.ndarray, prob: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
    """Per cell k < n: the sum over its transitions (``pos == k``, grouped) of prob * rows[target]. Cells with
    about as many transitions are taken together, a stack of small products (padded with probability 0)."""
    out = np.zeros((n, rows.shape[1]))
    if not len(pos):
        return out
    counts = np.bincount(pos, minlength=n)
    begins = np.cumsum(counts) - counts
    cells = np.argsort(counts, kind="stable")
    cells = cells[counts[cells] > 0]
    sizes = counts[cells]
    k = 0
    while k < len(cells):
        padded = np.arange(1, len(cells) - k + 1) * sizes[k:]  # entries read if the stack ran to each cell
        stop = k + max(1, int(np.searchsorted(padded, GATHER, side="right")))
        stack, lane = cells[k:stop], np.arange(sizes[stop - 1])
        real = lane < counts[stack][:, None]
        entry = np.where(real, begins[stack][:, None] + lane, 0)
        read = np.take(rows, target[entry].reshape(-1), axis=0).reshape(len(stack), len(lane), -1)
        out[stack] = np.matmul(np.where(real, prob[entry], 0.0)[:, None, :], read)[:, 0]
        k = stop
    return out


def _spread(onward: np.ndarray, stay: np.ndarray) -> np.ndarray:
    """Time spent in place is geometric: each row's onward rounds spread by stay**k (in place), the sum over k
    taken in doublings (after the step of ``shift``, each entry holds its terms for k < 2 * shift)."""
    waits = np.flatnonzero(stay)
    if len(waits):
        part, power = onward[waits], stay[waits][:, None]
        shift = 1
        while shift < part.shape[1]:
            part[:, shift:] += power * part[:, :-shift]
            power, shift = power * power, 2 * shift
        onward[waits] = part
    return onward


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

    def _fire_ids(self, side: Side, states: list[SideState]) -> tuple[list[tuple], np.ndarray]:
        """A side's distinct fires, and which one each of its states fires: ids[opening, surprise, state]. Without
        first-strike units a state fires the same whether it would surprise or not, and nothing in an opening."""
        fires: dict[tuple, int] = {}

        def fire_id(opening: bool, state: SideState, surprise: bool) -> int:
            return fires.setdefault(self.fire(side, state, opening, surprise=surprise), len(fires))

        ids = np.full((2, 2, len(states)), fire_id(True, side.start, False), dtype=np.int64)  # no fire
        for k, s in enumerate(states):
            ids[0, :, k] = fire_id(False, s, False)
            if side.has_first_strike(s):
                ids[0, 1, k], ids[1, 1, k] = fire_id(False, s, True), fire_id(True, s, True)
        return list(fires), ids

    def solve(self) -> Odds:
        """Two passes over the chain. Forward, by decreasing total hit points, the mass reaching each
        state (the outcomes and expected survivors). Backward, by increasing total, each state's
        distribution of rounds still to fight: one vector per state, read (not scattered) along the
        transitions, which is what keeps the rounds distribution cheap.

        A cell is (attacker state, defender state), flat index i * nd + j. ``mass`` reaches cells at a round's
        start; ``mid`` reaches them after an opening strike, at flags * nc + cell with flags 1 (the attacker's
        submarines struck first), 2 (the defender's) or 3 (both's)."""
        A, D = self.A, self.D
        a_states, d_states = self.a_states, self.d_states
        na, nd, R = len(a_states), len(d_states), MAX_ROUNDS
        nc = na * nd
        mass, mid, ended = np.zeros(nc), np.zeros(4 * nc), np.zeros(nc)
        rounds = np.zeros(R + 1)
        # to_fight[s][r] = P(the battle ends r rounds after arriving in s); absorbing states end at once.
        to_fight = np.zeros((nc, R + 1))

        # Round 1 is special (support shots, and no retreat before it); fold it by hand.
        d0 = D.start
        first: dict[int, float] = {}  # probability of each cell after round 1
        for a0, p0 in self.start.items():
            if not (a0[0] and d0[0]):
                ended[self.ai[a0] * nd + self.di[d0]] += p0
                rounds[0] += p0  # over before any round (AA fire)
                continue
            for (a2, d2), p in self.round_transitions(a0, d0, True).items():
                c = self.ai[a2] * nd + self.di[d2]
                first[c] = first.get(c, 0.0) + p0 * p
                mass[c] += p0 * p

        # Per side state, computed once rather than once per (attacker, defender) pair.
        a_alive = np.array([bool(a[0]) for a in a_states], dtype=bool)
        d_alive = np.array([bool(d[0]) for d in d_states], dtype=bool)
        a_retreats = np.array([self.retreat_at is not None and len(a[0]) <= self.retreat_at for a in a_states],
                              dtype=bool)
        cancel = self.rules.destroyers_cancel_first_strike
        a_dd = np.array([cancel and A.has_destroyer(a) for a in a_states], dtype=bool)
        d_dd = np.array([cancel and D.has_destroyer(d) for d in d_states], dtype=bool)
        a_opens = np.array([A.has_first_strike(a) for a in a_states], dtype=bool)[:, None] & ~d_dd[None, :]
        d_opens = np.array([D.has_first_strike(d) for d in d_states], dtype=bool)[None, :] & ~a_dd[:, None]
        opens = (a_opens.astype(np.int64) + 2 * d_opens).reshape(-1)  # who strikes first in each cell
        fighting = (a_alive[:, None] & d_alive[None, :] & ~a_retreats[:, None]).reshape(-1)
        a_fires, a_fid = self._fire_ids(A, a_states)
        d_fires, d_fid = self._fire_ids(D, d_states)
        on_a, on_d = _Hits(self, A, d_fires), _Hits(self, D, a_fires)

        def fire_at(cells: np.ndarray, flags: np.ndarray, opening: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
            """(attacker state, the defender's fire), (defender state, the attacker's fire) in these cells: the
            opening strike or the ordinary fire, each side firing as ``flags`` says."""
            i, j = np.divmod(cells, nd)
            return (i, d_fid[opening, flags >> 1, j]), (j, a_fid[opening, flags & 1, i])

        def volleys(cells: np.ndarray, flags: np.ndarray, opening: int) -> tuple[np.ndarray, ...]:
            (i, by_d), (j, by_a) = fire_at(cells, flags, opening)
            return _pairs(on_a, on_a.rows(i, by_d), on_d, on_d.rows(j, by_a), nd)

        def prepare(cells: np.ndarray) -> None:
            """Work out at once (one batch per side) the rows the level of ``cells`` may read."""
            asked = []
            fights = cells[fighting[cells]]
            for f in (1, 2, 3):
                reached = cells[mid[f * nc + cells] > 0]
                asked.append(fire_at(reached, np.full(len(reached), f), 0))
            asked += [fire_at(fights, opens[fights], 0), fire_at(fights, opens[fights], 1)]
            on_a.rows(np.concatenate([a[0][0] for a in asked]), np.concatenate([a[0][1] for a in asked]))
            on_d.rows(np.concatenate([a[1][0] for a in asked]), np.concatenate([a[1][1] for a in asked]))

        # Hits only ever lower the total hit points: within a level of equal totals, mass moves only where nothing
        # changes (no hits, or hits that fall on nothing), so each level is settled at once, highest first.
        totals = (np.array([A.hp(a) for a in a_states])[:, None] + np.array([D.hp(d) for d in d_states])).reshape(-1)
        order = np.argsort(-totals, kind="stable")
        levels = np.split(order, np.flatnonzero(np.diff(totals[order])) + 1)
        stalemate = np.zeros(nc, dtype=bool)
        mid_id = np.full(4 * nc, -1, dtype=np.int64)  # row of the backward pass's ``between`` (-1: never reached)
        n_mid = 0
        ops: list[tuple] = []  # what the backward pass reads, in the order settled
        for cells in levels:
            cells = cells[(mass[cells] > 0) | (mid.reshape(4, nc)[1:, cells] > 0).any(axis=0)]
            if not len(cells):
                continue
            prepare(cells)
            # The ordinary fire after an opening strike struck above this level (or in a round that did not
            # start here): the mass is complete, it goes on to cells of this level (nothing hit) or below.
            parts = [(cells[hit], f) for f in (1, 2, 3) for hit in
                     [(mid[f * nc + cells] > 0) & ~((opens[cells] == f) & fighting[cells])] if hit.any()]
            if parts:
                mc = np.concatenate([c for c, _ in parts])
                mf = np.concatenate([np.full(len(c), f) for c, f in parts])
                y = mid[mf * nc + mc]
                ids = np.arange(n_mid, n_mid + len(mc))
                mid_id[mf * nc + mc] = ids
                n_mid += len(mc)
                # Where the opening strike wiped a side out, nobody fires: the round ends there, in (a1, d1).
                pos, target, prob = volleys(mc, mf, 0)
                mass += np.bincount(target, prob * y[pos], minlength=nc)
                ops.append(("between", ids, pos, target, prob))

            f0 = opens[cells]
            m = mass[cells]
            over = (m > 0) & ~fighting[cells]
            ended[cells[over]] += m[over]
            to_fight[cells[over], 0] = 1.0

            plain = (m > 0) & fighting[cells] & (f0 == 0)
            if plain.any():
                pc, pm = cells[plain], m[plain]
                pos, target, prob = volleys(pc, f0[plain], 0)
                own = target == pc[pos]
                stay = np.bincount(pos[own], prob[own], minlength=len(pc))
                still = stay >= STALEMATE
                ended[pc[still]] += pm[still]
                stalemate[pc[still]] = True
                to_fight[pc[still], 0] = 1.0
                x = np.where(still, 0.0, pm / np.where(still, 1.0, 1.0 - stay))
                moving = ~own
                pos, target, prob = pos[moving], target[moving], prob[moving]
                mass += np.bincount(target, prob * x[pos], minlength=nc)
                ops.append(("plain", pc, still, stay, pos, target, prob))

            # A round that opens with a first strike: the mass X through (a, d) and Y through (a, d) after the
            # opening strike (a flagged cell of its own) feed each other when nothing is hit (q0 in the opening,
            # s0 in the ordinary fire): with I1 reaching (a, d) and I2 reaching it after an opening above,
            # X = I1 + s0 Y, Y = I2 + q0 X, so X = (I1 + s0 I2) / (1 - q0 s0).
            paired = fighting[cells] & (f0 > 0)
            i2 = np.where(paired, mid[f0 * nc + cells], 0.0)
            strike = paired & ((m > 0) | (i2 > 0))
            if strike.any():
                sc, sf, i1, i2 = cells[strike], f0[strike], m[strike], i2[strike]
                n = len(sc)
                opos, otarget, oprob = volleys(sc, sf, 1)
                own = otarget == sc[opos]
                q0 = np.bincount(opos[own], oprob[own], minlength=n)
                opos, otarget, oprob = opos[~own], sf[opos[~own]] * nc + otarget[~own], oprob[~own]
                pos, target, prob = volleys(sc, sf, 0)
                own = target == sc[pos]
                s0 = np.bincount(pos[own], prob[own], minlength=n)
                pos, target, prob = pos[~own], target[~own], prob[~own]
                stay = q0 * s0
                still = stay >= STALEMATE
                # A stalemate's mass stays; what reached it between the volleys still takes the ordinary fire.
                ended[sc[still]] += (i1 + s0 * i2)[still]
                stalemate[sc[still]] = True
                to_fight[sc[still], 0] = 1.0
                x = np.where(still, 0.0, (i1 + s0 * i2) / np.where(still, 1.0, 1.0 - stay))
                y = i2 + q0 * x
                mid += np.bincount(otarget, oprob * x[opos], minlength=4 * nc)
                mass += np.bincount(target, prob * y[pos], minlength=nc)
                ids = np.arange(n_mid, n_mid + n)
                mid_id[sf * nc + sc] = ids
                n_mid += n
                ops.append(("strike", sc, still, stay, q0, s0, ids, opos, otarget, oprob, pos, target, prob))

        # Backward: every target has a lower total, or is settled earlier in the same level.
        between = np.zeros((n_mid + 1, R + 1))  # rounds still to fight after an opening (this round counted later)
        for op in reversed(ops):
            if op[0] == "between":
                _, ids, pos, target, prob = op
                between[ids] = _gather(pos, target, prob, to_fight, len(ids))
            elif op[0] == "plain":
                _, pc, still, stay, pos, target, prob = op
                onward = _spread(_gather(pos, target, prob, to_fight, len(pc)), stay)
                to_fight[pc[~still], 1:] = onward[~still, :-1]  # one round more
            else:
                _, sc, still, stay, q0, s0, ids, opos, otarget, oprob, pos, target, prob = op
                ordinary = _gather(pos, target, prob, to_fight, len(sc))
                onward = _gather(opos, mid_id[otarget], oprob, between, len(sc)) + q0[:, None] * ordinary
                onward = _spread(onward, stay)
                to_fight[sc[~still], 1:] = onward[~still, :-1]  # one round: the opening and the ordinary fire
                between[ids] = s0[:, None] * to_fight[sc] + ordinary
        if first:
            cells = np.fromiter(first, dtype=np.int64, count=len(first))
            rounds[1:] += np.fromiter(first.values(), dtype=float, count=len(first)) @ to_fight[cells, :-1]
        out = self._outcomes(ended.reshape(na, nd), stalemate.reshape(na, nd), a_alive, d_alive, a_retreats, rounds)
        return self._odds(out, nc)

    def _outcomes(self, ended: np.ndarray, stalemate: np.ndarray, a_alive: np.ndarray, d_alive: np.ndarray,
                  a_retreats: np.ndarray, rounds: np.ndarray) -> _Outcomes:
        """What the mass ``ended`` in each cell (an attacker x defender grid) comes to."""
        A, D = self.A, self.D
        a_up, d_up = a_alive[:, None], d_alive[None, :]
        kinds = {
            "attacker_wins": a_up & ~d_up,
            "defender_wins": ~a_up & d_up,
            "draw": ~a_up & ~d_up,
            "retreat": a_up & d_up & a_retreats[:, None],
            "stalemate": stalemate,
        }
        takers = np.array([self.land and any(A.taker[t] for t in a[0]) for a in self.a_states], dtype=bool)
        a_counts = np.array([A.counts(a) for a in self.a_states], dtype=float).reshape(len(self.a_states), -1)
        d_counts = np.array([D.counts(d) for d in self.d_states], dtype=float).reshape(len(self.d_states), -1)
        return _Outcomes(
            {k: float(ended[where].sum()) for k, where in kinds.items()},
            rounds,
            ended.sum(axis=1) @ a_counts,
            ended.sum(axis=0) @ d_counts,
            float(ended[kinds["attacker_wins"] & takers[:, None]].sum()),
        )

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
