"""Exact battle odds: the chain over (attacking force, defending force) solved with whole-array steps.

Each side's reachable states are indexed in order of decreasing hit points, so a battle state is a cell of an
attacker x defender grid and every hit moves mass to a later row or column. Given the states of both sides, the
two sides' hits are independent: one round from cell (a, d) reaches (a', d') with probability
``HA[d, a, a'] * HD[a, d, d']`` (``kernels.transitions``: the defender's fire from d on the attacker, the attacker's
from a on the defender). A round applied to the whole grid is then one product of arrays (one matrix product).
Rounds where submarines strike first (§6.3) are two such steps, the opening fire and then the rest; cells are
grouped by which sides strike first there (a destroyer opposite cancels it in later editions).

The grid of mass is carried forward round by round, which gives the distribution of rounds directly; a battle is
over for a cell once a side is gone, the attacker retreats, or nothing can change any more (stalemate). Battles
end within some dozen rounds almost surely: once the mass still fighting is below ``NEGLIGIBLE`` it is let go.
Whatever still fights after ``MAX_ROUNDS`` rounds is settled exactly row by row (each row of the grid a small
triangular system: a cell's mass passes through it once, its stay divided out), and counts as ``rounds_beyond``.
"""

from __future__ import annotations

import numpy as np

from assistant.families.axis_allies.battle import MAX_ROUNDS, Odds
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.kernels import reachable, transitions

STALEMATE = 1.0 - 1e-15  # a state kept by a round with at least this probability is never left
NEGLIGIBLE = 1e-17  # mass still fighting below this is let go (every figure moves by less than it)
TINY = 1e-30  # leading rows and columns holding less than this are left out of a round's arithmetic


class _Step:
    """One round's fire, for the cells where each side does (or does not) strike first."""

    def __init__(self, on_a: np.ndarray, on_d: np.ndarray, open_a: np.ndarray | None, open_d: np.ndarray | None):
        self.on_a, self.on_d = on_a, on_d  # [d, a, a'] and [a, d, d']
        self.open_a, self.open_d = open_a, open_d  # first strikes, None where that side has none in these cells
        self.on_a_by_cell = np.ascontiguousarray(on_a.transpose(1, 0, 2))  # [a, d, a']

    def apply(self, m: np.ndarray, lo: int, dlo: int) -> np.ndarray:
        """The mass ``m`` (rows lo.., columns dlo.. of the grid) after one round, on the same rows and columns."""
        if self.open_a is not None or self.open_d is not None:
            m = _fire(m, self.open_a, self.open_d, lo, dlo)
        na, nd = m.shape
        cells = self.on_a_by_cell[lo:, dlo:, lo:].reshape(na * nd, na)
        spread = m[:, :, None] * self.on_d[lo:, dlo:, dlo:]
        return cells.T @ spread.reshape(na * nd, nd)

    def stay(self) -> np.ndarray:
        """P(a round leaves cell (a, d) as it is)."""
        out = np.einsum("daa->ad", self.on_a) * np.einsum("add->ad", self.on_d)
        if self.open_a is not None:
            out = out * np.einsum("daa->ad", self.open_a)
        if self.open_d is not None:
            out = out * np.einsum("add->ad", self.open_d)
        return out

    def within_row(self, a: int) -> np.ndarray:
        """W[d, d']: P(a round takes (a, d) to (a, d')), the attacker untouched."""
        out = np.einsum("d,de->de", self.on_a[:, a, a], self.on_d[a])
        if self.open_d is not None:
            out = self.open_d[a] @ out
        if self.open_a is not None:
            out = self.open_a[:, a, a][:, None] * out
        return out


def _fire(m: np.ndarray, on_a: np.ndarray | None, on_d: np.ndarray | None, lo: int, dlo: int) -> np.ndarray:
    """One volley that may hit either side (``None``: that side is not fired on)."""
    if on_d is not None:
        if on_a is None:
            return np.matmul(m[:, None, :], on_d[lo:, dlo:, dlo:])[:, 0, :]
        spread = m[:, :, None] * on_d[lo:, dlo:, dlo:]
        cells = on_a[dlo:, lo:, lo:].transpose(1, 0, 2).reshape(-1, m.shape[0])
        return cells.T @ spread.reshape(-1, m.shape[1])
    return np.einsum("dax,ad->xd", on_a[dlo:, lo:, lo:], m)


class Solver:
    def __init__(self, chain: Chain):
        self.chain = chain
        A, D, fire = chain.A, chain.D, chain.fire
        a_states, d_states = chain.a_states, chain.d_states
        cancel = chain.rules.destroyers_cancel_first_strike
        a_first = np.array([A.has_first_strike(a) for a in a_states], dtype=bool)
        d_first = np.array([D.has_first_strike(d) for d in d_states], dtype=bool)
        a_dd = np.array([cancel and A.has_destroyer(a) for a in a_states], dtype=bool)
        d_dd = np.array([cancel and D.has_destroyer(d) for d in d_states], dtype=bool)
        a_sur = a_first[:, None] & ~d_dd[None, :]  # the attacker's submarines strike first in cell (a, d)
        d_sur = d_first[None, :] & ~a_dd[:, None]
        support = chain.support

        def on_a(surprise: bool, opening: bool = False) -> np.ndarray:
            return transitions(chain, A, [fire(D, d, opening, surprise=surprise) for d in d_states])

        def on_d(surprise: bool, opening: bool = False, extra: tuple = ()) -> np.ndarray:
            return transitions(chain, D, [fire(A, a, opening, extra, surprise=surprise) for a in a_states])

        kinds = [(sa, sd) for sa in (False, True) for sd in (False, True)
                 if ((a_sur == sa) & (d_sur == sd)).any()]
        built: dict[tuple, np.ndarray] = {}

        def get(key: tuple, make) -> np.ndarray:
            if key not in built:
                built[key] = make()
            return built[key]

        parts = {}
        for sa, sd in kinds:
            parts[sa, sd] = dict(
                on_a=get(("a", sd), lambda: on_a(sd)),
                on_d=get(("d", sa), lambda: on_d(sa)),
                first=get(("d1", sa), lambda: on_d(sa, extra=support)) if support else None,
                open_a=get(("oa",), lambda: on_a(True, True)) if sd else None,
                open_d=get(("od",), lambda: on_d(True, True)) if sa else None,
            )
        # Only the states some fire can reach take part (a side's restricted hits may never be fired at it).
        start = np.zeros(len(a_states), dtype=bool)
        start[[chain.ai[s] for s in chain.start]] = True
        self.ka = np.flatnonzero(reachable(start, *(v for k, v in built.items() if k[0] in ("a", "oa"))))
        d_start = np.zeros(len(d_states), dtype=bool)
        d_start[chain.di[D.start]] = True
        self.kd = np.flatnonzero(reachable(d_start, *(v for k, v in built.items() if k[0] != "a" and k[0] != "oa")))
        ka, kd = self.ka, self.kd

        def cut(t: np.ndarray | None, rows: np.ndarray, states: np.ndarray) -> np.ndarray | None:
            return None if t is None else t[np.ix_(rows, states, states)]

        self.steps, self.first = [], []
        for (sa, sd), p in parts.items():
            cells = (a_sur == sa)[np.ix_(ka, kd)] & (d_sur == sd)[np.ix_(ka, kd)]
            ha, hd = cut(p["on_a"], kd, ka), cut(p["on_d"], ka, kd)
            oa, od = cut(p["open_a"], kd, ka), cut(p["open_d"], ka, kd)
            self.steps.append((cells, _Step(ha, hd, oa, od)))
            self.first.append((cells, _Step(ha, cut(p["first"], ka, kd), oa, od) if support else self.steps[-1][1]))

        a_kept = [a_states[i] for i in ka]
        d_kept = [d_states[j] for j in kd]
        self.a_alive = np.array([bool(a[0]) for a in a_kept])
        self.d_alive = np.array([bool(d[0]) for d in d_kept])
        retreat_at = chain.retreat_at
        self.retreats = np.array([retreat_at is not None and len(a[0]) <= retreat_at for a in a_kept])
        self.a_counts = np.array([A.counts(a) for a in a_kept], dtype=float).reshape(len(ka), len(A.names))
        self.d_counts = np.array([D.counts(d) for d in d_kept], dtype=float).reshape(len(kd), len(D.names))
        self.takers = np.array([chain.land and any(A.taker[t] for t in a[0]) for a in a_kept])
        stay = np.zeros((len(ka), len(kd)))
        for cells, step in self.steps:
            stay[cells] = step.stay()[cells]
        both = self.a_alive[:, None] & self.d_alive[None, :]
        self.stalemate = both & ~self.retreats[:, None] & (stay >= STALEMATE)
        self.fighting = both & ~self.retreats[:, None] & ~self.stalemate
        self.stay = stay
        self.a_pos = {chain.a_states[i]: n for n, i in enumerate(ka)}
        self.d0 = int(np.flatnonzero(kd == chain.di[D.start])[0])

    # -- rounds
    def _round(self, m: np.ndarray, first: bool = False) -> np.ndarray:
        """The grid after one round from the fighting mass ``m`` (a copy; ``m`` is left as it is)."""
        out = np.zeros_like(m)
        rows = np.flatnonzero(m.sum(axis=1) > TINY)
        cols = np.flatnonzero(m.sum(axis=0) > TINY)
        if not len(rows):
            return out
        lo, dlo = int(rows[0]), int(cols[0]) if len(cols) else 0
        steps = self.first if first else self.steps
        for cells, step in steps:
            part = m[lo:, dlo:] if len(steps) == 1 else np.where(cells, m, 0.0)[lo:, dlo:]
            out[lo:, dlo:] += step.apply(part, lo, dlo)
        return out

    def solve(self) -> Odds:
        chain = self.chain
        na, nd = len(self.ka), len(self.kd)
        rounds = np.zeros(MAX_ROUNDS + 1)
        grid = np.zeros((na, nd))
        for a, p in chain.start.items():
            grid[self.a_pos[a], self.d0] += p
        over = ~(self.a_alive[:, None] & self.d_alive[None, :])
        ended = np.where(over, grid, 0.0)  # shot down before any round (AA fire)
        rounds[0] = ended.sum()
        grid = self._round(np.where(over, 0.0, grid), first=True)
        for r in range(1, MAX_ROUNDS + 1):
            done = np.where(self.fighting, 0.0, grid)
            ended += done
            rounds[r] = done.sum()
            grid = np.where(self.fighting, grid, 0.0)
            if grid.sum() < NEGLIGIBLE:
                break
            grid = self._round(grid)
        else:
            ended += self._settle(grid)
        return self._odds(ended, rounds)

    # -- what still fights after the rounds tracked one by one
    def _settle(self, grid: np.ndarray) -> np.ndarray:
        """Where the mass of ``grid`` (arriving now) ends, row by row: within a row only the defender is hit, a
        triangular system; each row's mass then flows on to later rows in one step."""
        m = grid.copy()
        nd = m.shape[1]
        through = np.where(self.fighting, 1.0 / np.where(self.fighting, 1.0 - self.stay, 1.0), 0.0)
        eye = np.eye(nd)
        for a in range(m.shape[0]):
            if not (self.fighting[a].any() and m[a].any()):
                continue
            w = np.zeros((nd, nd))
            for cells, step in self.steps:
                w[cells[a]] = step.within_row(a)[cells[a]]
            np.fill_diagonal(w, 0.0)
            m[a] = np.linalg.solve(eye - (w * through[a][:, None]).T, m[a])
            leaving = np.zeros_like(m)
            leaving[a] = m[a] * through[a]
            m[a + 1:] += self._round(leaving)[a + 1:]
        return np.where(self.fighting, 0.0, m)

    def _odds(self, ended: np.ndarray, rounds: np.ndarray) -> Odds:
        chain = self.chain
        A, D = chain.A, chain.D
        a_alive, d_alive = self.a_alive[:, None], self.d_alive[None, :]
        kinds = {
            "attacker_wins": a_alive & ~d_alive,
            "defender_wins": ~a_alive & d_alive,
            "draw": ~a_alive & ~d_alive,
            "retreat": a_alive & d_alive & self.retreats[:, None],
            "stalemate": self.stalemate,
        }
        mass = {k: float(ended[where].sum()) for k, where in kinds.items()}
        captures = float(ended[kinds["attacker_wins"] & self.takers[:, None]].sum())
        attacker = ended.sum(axis=1) @ self.a_counts
        defender = ended.sum(axis=0) @ self.d_counts
        a_start, d_start = A.counts(A.start), D.counts(D.start)
        total = sum(mass.values())
        return Odds(
            **mass,
            captures=captures,
            expected_attacker_survivors={n: float(v) for n, v in zip(A.names, attacker)},
            expected_defender_survivors={n: float(v) for n, v in zip(D.names, defender)},
            expected_attacker_loss=float(sum(p.cost * (s - e) for p, s, e in zip(A.profiles, a_start, attacker))),
            expected_defender_loss=float(sum(p.cost * (s - e) for p, s, e in zip(D.profiles, d_start, defender))),
            rounds=tuple(float(x) for x in rounds),
            rounds_beyond=max(0.0, float(total - rounds.sum())),
            states=len(chain.a_states) * len(chain.d_states),
        )
