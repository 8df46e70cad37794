"""A battle's Markov chain, made ready: the two sides, where AA fire leaves the attackers, the reachable force
states of each side (indexed, in order of decreasing hit points, so every hit moves to a later index), and where one
side's fire leaves the other (``hit_targets``). The solver and the simulation both start from here."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from assistant.families.axis_allies.battle import Battle
from assistant.families.axis_allies.dice import binomial, capped, hits_pmf
from assistant.families.axis_allies.forces import Side, SideState, default_order, expand_order


class Chain:
    """A battle made ready to solve or simulate: its two sides (casualty orders fixed), the attackers left after
    AA fire, every force state each side can reach, and what one side's fire does to the other."""

    def __init__(self, battle: Battle):
        rules = battle.rules
        for name in (*battle.attackers, *battle.defenders, *battle.support_fire):
            if name not in battle.profiles:
                raise ValueError(f"no unit profile for {name!r}")
        if (battle.amphibious or battle.support_fire) and battle.retreat_when_attackers_at_most is not None:
            raise ValueError("no retreat in an amphibious assault (A&A §6.4)")
        if battle.support_fire and battle.at_sea:
            raise ValueError("support shots fire at a land battle (A&A §6.4)")
        attackers = {n: c for n, c in battle.attackers.items() if c > 0}
        # AA guns never fight in the battle: they fire before it and are captured with the territory (§3.3).
        aa = {n: c for n, c in battle.defenders.items() if c > 0 and battle.profiles[n].is_aa_gun}
        defenders = {n: c for n, c in battle.defenders.items() if c > 0 and n not in aa}
        land = not battle.at_sea
        a_order = (
            expand_order(battle.attacker_casualty_order, attackers)
            if battle.attacker_casualty_order
            else default_order(attackers, battle.profiles, True, land)
        )
        d_order = (
            expand_order(tuple(n for n in battle.defender_casualty_order if n not in aa), defenders)
            if battle.defender_casualty_order
            else default_order(defenders, battle.profiles, False, land)
        )
        self.battle = battle
        self.rules = rules
        self.land = land
        self.A = Side(a_order, battle.profiles, True, rules)
        self.D = Side(d_order, battle.profiles, False, rules)
        # AA guns fire only over land; aboard a transport they never fire (§3.3).
        self.aa_value = max((battle.profiles[n].defence for n in aa), default=0) if land else 0
        self.support = tuple(
            sorted((battle.profiles[n].attack, c) for n, c in battle.support_fire.items() if c > 0)
        )
        self.retreat_at = battle.retreat_when_attackers_at_most
        self._targets: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self._chains: dict[tuple, np.ndarray] = {}
        self.start = self.initial()
        self.a_states = self._reachable(self.A, self.start)
        self.d_states = self._reachable(self.D, [self.D.start])
        self.ai = {s: i for i, s in enumerate(self.a_states)}
        self.di = {s: i for i, s in enumerate(self.d_states)}

    # -- index the reachable force states of each side
    def _reachable(self, side: Side, starts: Iterable[SideState]) -> list[SideState]:
        seen = set(starts)
        todo = list(seen)
        while todo:
            s = todo.pop()
            for nxt in (side.take(s, 1, 0), side.take(s, 0, 1), side.take(s, 0, 0, no_sub=1)):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return sorted(seen, key=lambda s: (-side.hp(s), s))

    def fire(self, side: Side, state: SideState, first_strike: bool, extra: tuple[tuple[int, int], ...] = (),
              surprise: bool = True):
        restricted, free, no_sub = side.fire_groups(state, first_strike, surprise, side.spots_submarines(state))
        return restricted, tuple(sorted(free + extra)), no_sub

    def surprise(self, a: SideState, d: SideState) -> tuple[bool, bool]:
        """Whether each side's submarines strike first this round (a destroyer opposite may cancel it)."""
        cancel = self.rules.destroyers_cancel_first_strike
        return (self.A.has_first_strike(a) and not (cancel and self.D.has_destroyer(d)),
                self.D.has_first_strike(d) and not (cancel and self.A.has_destroyer(a)))

    def hit_targets(self, target: Side, state: SideState, fire: tuple) -> tuple[np.ndarray, np.ndarray]:
        """Where hits from ``fire`` (restricted groups, free groups) leave ``target``:
        (indices of the distinct states reached, their probabilities)."""
        key = (target is self.A, state, fire)
        memo = self._targets.get(key)
        if memo is not None:
            return memo
        sides = self.rules.sides
        index = self.ai if target is self.A else self.di
        free = capped(hits_pmf(fire[1], sides), target.hp(state))
        if fire[2]:
            return self._three_way(target, index, state, fire, key)
        if not fire[0]:
            # Only free hits: h hits lead to the h-th state down the casualty chain, all distinct.
            memo = (self._chain(target, index, state)[: len(free)], free)
        else:
            restricted = capped(hits_pmf(fire[0], sides), target.eligible_hp(state, False))
            out: dict[int, float] = {}
            for r, pr in enumerate(restricted):
                if pr == 0.0:
                    continue
                for h, ph in enumerate(free):
                    if ph == 0.0:
                        continue
                    nxt = index[target.take(state, r, h)]
                    out[nxt] = out.get(nxt, 0.0) + pr * ph
            memo = (np.fromiter(out, dtype=np.int64, count=len(out)), np.fromiter(out.values(), dtype=float, count=len(out)))
        self._targets[key] = memo
        return memo

    def _three_way(self, target: Side, index: dict[SideState, int], state: SideState, fire: tuple, key) -> tuple:
        """Hits of three kinds: never on aircraft, never on submarines, on anything."""
        sides = self.rules.sides
        restricted = capped(hits_pmf(fire[0], sides), target.eligible_hp(state, False))
        no_sub = capped(hits_pmf(fire[2], sides), target.eligible_hp_no_sub(state))
        free = capped(hits_pmf(fire[1], sides), target.hp(state))
        out: dict[int, float] = {}
        for r, pr in enumerate(restricted):
            for n, pn in enumerate(no_sub):
                for h, ph in enumerate(free):
                    p = pr * pn * ph
                    if p:
                        nxt = index[target.take(state, r, h, no_sub=n)]
                        out[nxt] = out.get(nxt, 0.0) + p
        memo = (np.fromiter(out, dtype=np.int64, count=len(out)), np.fromiter(out.values(), dtype=float, count=len(out)))
        self._targets[key] = memo
        return memo

    def _chain(self, side: Side, index: dict[SideState, int], state: SideState) -> np.ndarray:
        key = (side is self.A, state)
        chain = self._chains.get(key)
        if chain is None:
            steps = [index[state]]
            for _ in range(side.hp(state)):
                state = side.take(state, 0, 1)
                steps.append(index[state])
            chain = self._chains[key] = np.array(steps, dtype=np.int64)
        return chain

    def initial(self) -> dict[SideState, float]:
        """Attacking forces after AA fire (one die per aircraft, before the battle)."""
        start = self.A.start
        planes = sum(1 for t in start[0] if self.A.aircraft[t])
        if not self.aa_value or not planes:
            return {start: 1.0}
        pmf = binomial(planes, self.aa_value, self.rules.sides)
        out: dict[SideState, float] = {}
        for k, p in enumerate(pmf):
            s = self.A.take(start, 0, k, aircraft_only=True)
            out[s] = out.get(s, 0.0) + p
        return out
