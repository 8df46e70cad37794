"""Exact battle odds: the chain over (attacking force, defending force) solved with whole-array steps.

Each side's reachable states are indexed in order of decreasing hit points, so a battle state is a cell of an
attacker x defender grid and every hit moves mass to a later row or column. Given the states of both sides, the
two sides' hits are independent: one round from cell (a, d) reaches (a', d') with probability
``HA[d, a, a'] * HD[a, d, d']`` (``kernels.transitions``: the defender's fire from d on the attacker, the attacker's
from a on the defender). A round applied to the whole grid is then a few array products (one small matrix
product per attacker row, stacked).
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
from assistant.families.axis_allies.kernels import kept_states, restricted_hits, transitions

STALEMATE = 1.0 - 1e-15  # a state kept by a round with at least this probability is never left
NEGLIGIBLE = 1e-17  # mass still fighting below this is let go (every figure moves by less than it)
TINY = 1e-30  # leading rows and columns holding less than this are left out of a round's arithmetic
# Cells up to which the grid also takes battles with hits that spare aircraft (submarines'), and with hits that
# spare submarines too (aircraft without a destroyer, A&A Europe); measured in docs/speed.md.
SPARING_AIRCRAFT_CELLS = 6000
# Since stepwise splits first-strike rounds it is the quicker there from about 150 cells (random A&A Europe fleets:
# 6 of 7 of 125-199 cells, all 29 of 200-2,650; grid 10 of 17 below 125).
SPARING_SUBMARINES_CELLS = 150


def suits(chain: Chain) -> bool:
    """Whether the grid is the quicker way: every hit moves a force down its casualty order (any land battle, a
    fleet battle without submarines against aircraft), or the battle is small enough. Otherwise the grid would work
    out each side state against each fire, state by state, where ``stepwise`` visits only what the battle reaches."""
    kinds = [restricted_hits(chain, side) for side in (chain.A, chain.D)]
    cells = len(chain.a_states) * len(chain.d_states)
    if any(no_sub for _, no_sub in kinds):
        return cells <= SPARING_SUBMARINES_CELLS
    return not any(spare_air for spare_air, _ in kinds) or cells <= SPARING_AIRCRAFT_CELLS


class _Step:
    """One round's fire, for the cells where each side does (or does not) strike first."""

    def __init__(self, on_a: np.ndarray, on_d: np.ndarray, open_a: np.ndarray | None, open_d: np.ndarray | None):
        self.on_a, self.on_d = on_a, on_d  # [d, a, a'] and [a, d, d']
        self.open_a, self.open_d = open_a, open_d  # first strikes, None where that side has none in these cells
        self.by_row = _by_row(on_a)
        self.open_by_row = None if open_a is None else _by_row(open_a)

    def apply(self, m: np.ndarray, lo: int, dlo: int) -> np.ndarray:
        """The mass ``m`` (rows lo.., columns dlo.. of the grid) after one round, on the same rows and columns."""
        if self.open_a is not None or self.open_d is not None:
            m = _volley(m, self.open_by_row, self.open_d, lo, dlo)
        return _volley(m, self.by_row, self.on_d, lo, dlo)

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
        out = self.on_a[:, a, a][:, None] * self.on_d[a]
        if self.open_d is not None:
            out = self.open_d[a] @ out
        if self.open_a is not None:
            out = self.open_a[:, a, a][:, None] * out
        return out


def _by_row(on_a: np.ndarray) -> np.ndarray:
    """[d, a, a'] as [a, a', d]: for each attacker row, where the defender's fire (by column) sends it."""
    return np.ascontiguousarray(on_a.transpose(1, 2, 0))


def _volley(m: np.ndarray, on_a: np.ndarray | None, on_d: np.ndarray | None, lo: int, dlo: int) -> np.ndarray:
    """Fire that may hit either side at once (``None``: that side is not fired on); ``on_a`` as ``_by_row`` gives.
    One small matrix product per attacker row, stacked (a single large product would spread over threads that
    this machine's other work needs; stacked ones stay on one)."""
    if on_d is None:
        return (on_a[lo:, lo:, dlo:] * m[:, None, :]).sum(axis=0)
    spread = m[:, :, None] * on_d[lo:, dlo:, dlo:]  # [a, d, d']
    if on_a is None:
        return spread.sum(axis=1)
    return np.matmul(on_a[lo:, lo:, dlo:], spread).sum(axis=0)


class Solver:
    def __init__(self, chain: Chain):
        self.chain = chain
        A, D, fire = chain.A, chain.D, chain.fire
        ka, kd = self.ka, self.kd = kept_states(chain, A), kept_states(chain, D)
        a_kept = [chain.a_states[i] for i in ka]
        d_kept = [chain.d_states[j] for j in kd]
        cancel = chain.rules.destroyers_cancel_first_strike
        a_first = np.array([A.has_first_strike(a) for a in a_kept], dtype=bool)
        d_first = np.array([D.has_first_strike(d) for d in d_kept], dtype=bool)
        a_dd = np.array([cancel and A.has_destroyer(a) for a in a_kept], dtype=bool)
        d_dd = np.array([cancel and D.has_destroyer(d) for d in d_kept], dtype=bool)
        a_sur = a_first[:, None] & ~d_dd[None, :]  # the attacker's submarines strike first in cell (a, d)
        d_sur = d_first[None, :] & ~a_dd[:, None]
        support = chain.support
        built: dict[tuple, np.ndarray] = {}

        def on_a(surprise: bool, opening: bool = False) -> np.ndarray:
            key = ("a", surprise, opening)
            if key not in built:
                built[key] = transitions(chain, A, ka, [fire(D, d, opening, surprise=surprise) for d in d_kept])
            return built[key]

        def on_d(surprise: bool, opening: bool = False, extra: tuple = ()) -> np.ndarray:
            key = ("d", surprise, opening, extra)
            if key not in built:
                built[key] = transitions(chain, D, kd, [fire(A, a, opening, extra, surprise=surprise) for a in a_kept])
            return built[key]

        self.steps, self.first = [], []
        for sa in (False, True):
            for sd in (False, True):
                cells = (a_sur == sa) & (d_sur == sd)
                if not cells.any():
                    continue
                opening = (on_a(True, True) if sd else None), (on_d(True, True) if sa else None)
                self.steps.append((cells, _Step(on_a(sd), on_d(sa), *opening)))
                first = _Step(on_a(sd), on_d(sa, extra=support), *opening) if support else self.steps[-1][1]
                self.first.append((cells, first))

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
        self.a_pos = {a: n for n, a in enumerate(a_kept)}
        self.d0 = d_kept.index(D.start)

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
