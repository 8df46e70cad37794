"""Exact battle odds for the Axis & Allies family: a Markov chain over the forces left on each side.

Units come in as profiles (attack, defence, cost and flags), so a game passes the
profiles read from its own units data and this module knows no game's rules
module. A battle state is the pair (attacking force left, defending force left);
each side's force is the tuple of its units still standing in casualty order
(first lost first) plus how many two-hit battleships are damaged. One combat
round moves the chain from one state to another with probabilities given by
binomial hit distributions (one per hit value), so the outcome probabilities
are computed, not sampled.

Round procedure (A&A 2nd ed. §6.2 land, §6.3 sea, §6.4 amphibious):

* before round 1, the defender's AA gun fires one die per attacking aircraft
  (a hit on <= its defence value); the attacker loses aircraft only;
* before round 1, bombarding battleships of an amphibious assault fire one
  support shot each; those casualties still fire back in round 1;
* each round, attacking submarines fire first and their casualties are removed
  at once, without return fire (defending submarines too under the rules
  option ``defender_subs_first_strike``); submarine hits never fall on aircraft;
* then the other attackers and all surviving defenders fire "simultaneously";
* after a round the attacker retreats when its units are down to the retreat
  threshold (never in an amphibious assault, §6.4).

Every state's transition mass is settled once, in order of decreasing total hit
points (every hit lowers them, so the chain has no cycles besides "nobody hit",
which is divided out exactly). The distribution of rounds comes from a backward
pass: per state, a vector of the rounds still to fight before the battle ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

import msgspec
import numpy as np

_encoder = msgspec.msgpack.Encoder()  # insertion order kept: a given casualty order is part of the battle

# Rounds tracked one by one; the (exactly known) mass of longer battles is reported as ``rounds_beyond``.
MAX_ROUNDS = 80


class UnitProfile(msgspec.Struct, frozen=True, kw_only=True):
    """What the odds need to know of a unit type (values hit on <= value with a d6)."""

    name: str
    attack: int = 0
    defence: int = 0
    cost: int = 0
    is_aircraft: bool = False
    is_submarine: bool = False
    is_battleship: bool = False
    is_aa_gun: bool = False
    is_transport: bool = False
    is_destroyer: bool = False  # cancels enemy submarines' first strike, lets its side's aircraft hit submarines
    is_artillery: bool = False  # raises one attacking ``artillery_supported`` unit by one
    artillery_supported: bool = False
    can_take_territory: bool = False
    attack_dice: int = 1  # dice per unit when attacking (Heavy Bombers: 3)


class BattleRules(msgspec.Struct, frozen=True, kw_only=True):
    """Rule switches that differ between editions of the family (defaults: A&A 2nd edition)."""

    sides: int = 6
    two_hit_battleships: bool = False  # 2nd ed. has none (§3.1); later editions and house rules do
    attacker_subs_first_strike: bool = True  # §6.3 N2, every round
    defender_subs_first_strike: bool = False  # not in 2nd ed.; later editions
    subs_can_hit_aircraft: bool = False  # §3.3 Submarine
    # A&A Europe (1999): each artillery raises one attacking infantry from 1 to 2; a destroyer on the other side
    # cancels the submarines' first strike; aircraft hit submarines only with a destroyer on their own side.
    artillery_support: bool = False
    destroyers_cancel_first_strike: bool = False
    aircraft_need_destroyer_vs_subs: bool = False


class Battle(msgspec.Struct, frozen=True, kw_only=True):
    """A proposed battle. Casualty orders name units first-lost-first: either one name per
    unit, or each type once (all units of a type before the next); empty means the default
    (cheapest first, and in a land battle the attacker keeps its last land unit)."""

    profiles: dict[str, UnitProfile]
    attackers: dict[str, int]
    defenders: dict[str, int]
    at_sea: bool = False
    attacker_casualty_order: tuple[str, ...] = ()
    defender_casualty_order: tuple[str, ...] = ()
    support_fire: dict[str, int] = {}  # bombarding units of an amphibious assault, e.g. {"battleship": 1}
    amphibious: bool = False  # landed from transports: no retreat (§6.4), with or without support fire
    retreat_when_attackers_at_most: int | None = None
    rules: BattleRules = BattleRules()


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    """Exact results. ``rounds[r]`` is the probability that the battle ends after exactly r rounds."""

    attacker_wins: float
    defender_wins: float
    draw: float
    retreat: float
    stalemate: float  # neither side can ever score a hit again
    captures: float  # attacker wins with a unit that can take the territory (land battles)
    expected_attacker_survivors: dict[str, float]
    expected_defender_survivors: dict[str, float]
    expected_attacker_loss: float  # in cost (IPC)
    expected_defender_loss: float
    rounds: tuple[float, ...]
    rounds_beyond: float
    states: int


def profiles_from_table(rows: Iterable[Mapping[str, Any]]) -> dict[str, UnitProfile]:
    """Profiles from a game's units data rows (``defense`` accepted for ``defence``; unknown keys ignored)."""
    fields = set(UnitProfile.__struct_fields__)
    out: dict[str, UnitProfile] = {}
    for row in rows:
        data = dict(row)
        if "defense" in data and "defence" not in data:
            data["defence"] = data.pop("defense")
        profile = msgspec.convert({k: v for k, v in data.items() if k in fields}, UnitProfile)
        out[profile.name] = profile
    return out


# ---------------------------------------------------------------- one side's force


def default_order(counts: Mapping[str, int], profiles: Mapping[str, UnitProfile], attacking: bool, land: bool) -> list[str]:
    """Cheapest first (then weakest in this role); an attacker on land keeps its last land unit to the end."""

    def key(name: str) -> tuple[int, int, str]:
        p = profiles[name]
        return (p.cost, p.attack if attacking else p.defence, name)

    order = [name for name in sorted(counts, key=key) for _ in range(counts[name])]
    if attacking and land:
        takers = [i for i, name in enumerate(order) if profiles[name].can_take_territory]
        if takers:
            order.append(order.pop(takers[-1]))
    return order


def expand_order(given: Sequence[str], counts: Mapping[str, int]) -> list[str]:
    if sorted(given) == sorted(n for n, c in counts.items() for _ in range(c)):
        return list(given)
    if len(set(given)) == len(given) and set(given) >= {n for n, c in counts.items() if c}:
        return [name for name in given for _ in range(counts.get(name, 0))]
    raise ValueError(
        "a casualty order names every unit once (one name per unit) or every unit type once; "
        f"got {list(given)} for forces {dict(counts)}"
    )


SideState = tuple[tuple[int, ...], int]  # (type indices left, first-lost first; damaged two-hit units)


class Side:
    """One side's unit types (indexed) and how it takes hits: the casualty policy."""

    def __init__(self, names: Sequence[str], profiles: Mapping[str, UnitProfile], attacking: bool, rules: BattleRules):
        self.names = list(dict.fromkeys(names))
        index = {n: i for i, n in enumerate(self.names)}
        self.start: SideState = (tuple(index[n] for n in names), 0)
        ps = [profiles[n] for n in self.names]
        self.profiles = ps
        self.aircraft = [p.is_aircraft for p in ps]
        self.two_hit = [p.is_battleship and rules.two_hit_battleships for p in ps]
        self.taker = [p.can_take_territory for p in ps]
        sub_first = rules.attacker_subs_first_strike if attacking else rules.defender_subs_first_strike
        self.first_strike = [p.is_submarine and sub_first for p in ps]
        # A submarine's hits never fall on aircraft (unless the rules say otherwise).
        self.restricted = [p.is_submarine and not rules.subs_can_hit_aircraft for p in ps]
        self.destroyer = [p.is_destroyer for p in ps]
        self.submarine = [p.is_submarine for p in ps]
        self.artillery = [p.is_artillery and attacking and rules.artillery_support for p in ps]
        self.supported = [p.artillery_supported and attacking and rules.artillery_support for p in ps]
        self.needs_destroyer = rules.aircraft_need_destroyer_vs_subs
        self.value = [p.attack if attacking else p.defence for p in ps]
        self.dice = [p.attack_dice if attacking else 1 for p in ps]
        self._take: dict[tuple[SideState, int, int, bool], SideState] = {}
        self._hp: dict[SideState, int] = {}
        self._groups: dict[tuple[SideState, bool], tuple] = {}

    def hp(self, state: SideState) -> int:
        hp = self._hp.get(state)
        if hp is None:
            units, damaged = state
            hp = self._hp[state] = len(units) + sum(1 for t in units if self.two_hit[t]) - damaged
        return hp

    def has_first_strike(self, state: SideState) -> bool:
        return any(self.first_strike[t] for t in state[0])

    def has_destroyer(self, state: SideState) -> bool:
        return any(self.destroyer[t] for t in state[0])

    def spots_submarines(self, state: SideState) -> bool:
        return not self.needs_destroyer or self.has_destroyer(state)

    def eligible_hp_no_sub(self, state: SideState) -> int:
        units, damaged = state
        return sum((2 if self.two_hit[t] else 1) for t in units if not self.submarine[t]) - damaged

    def eligible_hp(self, state: SideState, aircraft_ok: bool) -> int:
        units, damaged = state
        return sum((2 if self.two_hit[t] else 1) for t in units if aircraft_ok or not self.aircraft[t]) - damaged

    def take(
        self, state: SideState, restricted: int, unrestricted: int, aircraft_only: bool = False, no_sub: int = 0
    ) -> SideState:
        """Apply hits: ``restricted`` ones (never aircraft) first, then ``no_sub`` ones (never submarines), then
        the others.

        Undamaged two-hit units soak hits first (the usual choice: damage costs nothing);
        otherwise the first eligible unit in casualty order is lost. Hits with no
        eligible target are wasted. ``aircraft_only`` is AA fire (aircraft only).
        """
        key = (state, restricted, unrestricted, aircraft_only, no_sub)
        hit = self._take.get(key)
        if hit is not None:
            return hit
        units, damaged = list(state[0]), state[1]
        for kind in ("no_air",) * restricted + ("no_sub",) * no_sub + ("any",) * unrestricted:
            if not aircraft_only and sum(1 for t in units if self.two_hit[t]) > damaged:
                damaged += 1
                continue
            for i, t in enumerate(units):
                barred = (kind == "no_air" and self.aircraft[t]) or (kind == "no_sub" and self.submarine[t])
                if (aircraft_only and self.aircraft[t]) or (not aircraft_only and not barred):
                    units.pop(i)
                    if self.two_hit[t]:
                        damaged -= 1
                    break
        result = (tuple(units), damaged)
        self._take[key] = result
        return result

    def counts(self, state: SideState) -> list[int]:
        out = [0] * len(self.names)
        for t in state[0]:
            out[t] += 1
        return out

    def fire_groups(self, state: SideState, first_strike: bool, surprise: bool = True, spotted: bool = True) -> tuple:
        """(value, dice) groups firing now: (restricted, unrestricted, no_sub). ``surprise``: this side's
        submarines strike first this round (else they fire with the others); ``spotted``: its aircraft may hit
        submarines."""
        key = (state, first_strike, surprise, spotted)
        groups = self._groups.get(key)
        if groups is not None:
            return groups
        restricted: dict[int, int] = {}
        free: dict[int, int] = {}
        no_sub: dict[int, int] = {}
        boost = min(sum(1 for t in state[0] if self.artillery[t]), sum(1 for t in state[0] if self.supported[t]))
        for t in state[0]:
            value = self.value[t]
            if self.supported[t] and boost:
                value, boost = value + 1, boost - 1
            if (self.first_strike[t] and surprise) != first_strike or value <= 0:
                continue
            if self.restricted[t]:
                bucket = restricted
            elif self.aircraft[t] and not spotted:
                bucket = no_sub
            else:
                bucket = free
            bucket[value] = bucket.get(value, 0) + self.dice[t]
        groups = self._groups[key] = (
            tuple(sorted(restricted.items())), tuple(sorted(free.items())), tuple(sorted(no_sub.items()))
        )
        return groups


# ---------------------------------------------------------------- hit distributions


@lru_cache(maxsize=None)
def binomial(n: int, value: int, sides: int = 6) -> tuple[float, ...]:
    """P(k hits) for n dice each hitting on <= value."""
    p = min(max(value, 0), sides) / sides
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=None)
def hits_pmf(groups: tuple[tuple[int, int], ...], sides: int = 6) -> np.ndarray:
    """P(total hits) of groups of (value, dice)."""
    pmf = np.ones(1)
    for value, dice in groups:
        pmf = np.convolve(pmf, np.array(binomial(dice, value, sides)))
    pmf.setflags(write=False)
    return pmf


def capped(pmf: np.ndarray, cap: int) -> np.ndarray:
    """Hits beyond ``cap`` change nothing: fold the tail into the last entry."""
    if len(pmf) <= cap + 1:
        return pmf
    out = pmf[: cap + 1].copy()
    out[cap] += pmf[cap + 1 :].sum()
    return out


# ---------------------------------------------------------------- the chain


@dataclass
class _Outcomes:
    mass: dict[str, float]
    rounds: np.ndarray
    attacker: np.ndarray
    defender: np.ndarray
    captures: float = 0.0


class _Chain:
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

    def _fire(self, side: Side, state: SideState, first_strike: bool, extra: tuple[tuple[int, int], ...] = (),
              surprise: bool = True):
        restricted, free, no_sub = side.fire_groups(state, first_strike, surprise, side.spots_submarines(state))
        return restricted, tuple(sorted(free + extra)), no_sub

    def surprise(self, a: SideState, d: SideState) -> tuple[bool, bool]:
        """Whether each side's submarines strike first this round (a destroyer opposite may cancel it)."""
        cancel = self.rules.destroyers_cancel_first_strike
        return (self.A.has_first_strike(a) and not (cancel and self.D.has_destroyer(d)),
                self.D.has_first_strike(d) and not (cancel and self.A.has_destroyer(a)))

    def _hit_targets(self, target: Side, state: SideState, fire: tuple) -> tuple[np.ndarray, np.ndarray]:
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

    def round_blocks(self, a: SideState, d: SideState, first_round: bool) -> list[tuple[float, tuple, tuple]]:
        """One combat round from (a, d) as blocks (p, (a' indices, pa), (d' indices, pd)):
        P(a', d') = sum over blocks of p * pa * pd."""
        A, D = self.A, self.D
        a_sur, d_sur = self.surprise(a, d)
        if a_sur or d_sur:
            d_idx, d_p = self._hit_targets(D, d, self._fire(A, a, True, surprise=a_sur))
            a_idx, a_p = self._hit_targets(A, a, self._fire(D, d, True, surprise=d_sur))
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
            d_next = self._hit_targets(D, d1, self._fire(A, a1, False, extra, surprise=a_sur))
            a_next = self._hit_targets(A, a1, self._fire(D, d1, False, surprise=d_sur))
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
        a_fire = [self._fire(A, a, False, surprise=False) for a in a_states]
        d_fire = [self._fire(D, d, False, surprise=False) for d in d_states]
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
                    ia, pa = self._hit_targets(A, a, d_fire[j])
                    id_, pd = self._hit_targets(D, d, a_fire[i])
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


# Solved battles by their encoded description: a report, its chart exports and the battle panel ask again and again.
_SOLVED: dict[bytes, Odds] = {}
_SOLVED_MAX = 512


def battle_odds(battle: Battle) -> Odds:
    """Exact outcome probabilities, expected survivors and the distribution of rounds."""
    key = _encoder.encode(battle)
    odds = _SOLVED.get(key)
    if odds is None:
        odds = _Chain(battle).solve()
        if len(_SOLVED) >= _SOLVED_MAX:
            del _SOLVED[next(iter(_SOLVED))]  # the oldest first
        _SOLVED[key] = odds
    return odds


def clear_caches() -> None:
    """Forget every solved battle and hit distribution (cold-cache timings)."""
    _SOLVED.clear()
    binomial.cache_clear()
    hits_pmf.cache_clear()


def casualty_orders(battle: Battle) -> tuple[list[str], list[str]]:
    """The casualty orders the calculator uses (given or default), AA guns left out: what the battle panel shows."""
    chain = _Chain(battle)
    return [chain.A.names[t] for t in chain.A.start[0]], [chain.D.names[t] for t in chain.D.start[0]]
