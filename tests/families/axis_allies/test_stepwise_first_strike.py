"""The state-by-state solver's rounds that open with submarines' first strike (settled in two half-steps, the
ordinary fire worked out once per cell the opening strike reaches) give the die-by-die count on small battles, and
on bigger ones the results of the plain fold: every state's whole round (``round_transitions``), one at a time."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from assistant.families.axis_allies.battle import MAX_ROUNDS, Battle, BattleRules, Odds
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.odds import clear_caches
from assistant.families.axis_allies.stepwise import StepwiseChain
from assistant.games.aa_europe.odds import RULES
from tests.analysis.profiles import AA_CLASSIC as P
from tests.families.axis_allies.test_odds_brute_force import brute_force
from tests.families.axis_allies.test_solver_matches_reference import E, assert_same

BOTH_STRIKE = BattleRules(defender_subs_first_strike=True)


def europe(attackers: dict[str, int], defenders: dict[str, int], **kw) -> Battle:
    return Battle(profiles=E, rules=RULES, at_sea=True, attackers=attackers, defenders=defenders, **kw)


def classic(attackers: dict[str, int], defenders: dict[str, int], **kw) -> Battle:
    return Battle(profiles=P, at_sea=True, attackers=attackers, defenders=defenders, **kw)


SMALL = {
    "both sides strike first": europe({"submarine": 2, "fighter": 1}, {"submarine": 1, "carrier": 1}),
    "both strike first, two-hit battleship": classic(
        {"submarine": 1, "battleship": 1}, {"submarine": 2, "fighter": 1},
        rules=BattleRules(defender_subs_first_strike=True, two_hit_battleships=True)),
    "a destroyer cancels one side's strike": europe({"submarine": 2}, {"destroyer": 1, "submarine": 1}),
    "destroyers cancel both strikes": europe({"submarine": 1, "destroyer": 1}, {"submarine": 1, "destroyer": 1}),
    "losing the destroyer brings the strike back": europe({"submarine": 2, "fighter": 1},
                                                          {"transport": 1, "destroyer": 1, "submarine": 1}),
    "wiped out by the opening strike": classic({"submarine": 3}, {"submarine": 1}, rules=BOTH_STRIKE),
    "hits wasted on aircraft": classic({"submarine": 2}, {"fighter": 1, "carrier": 1}, rules=BOTH_STRIKE),
    "wasted, then nobody can hit (stalemate)": europe({"submarine": 2}, {"fighter": 1, "transport": 1}),
    "retreat after the opening and the fire": europe({"submarine": 2, "battleship": 1},
                                                     {"submarine": 2, "transport": 1},
                                                     retreat_when_attackers_at_most=1),
}


@pytest.mark.parametrize("battle", SMALL.values(), ids=SMALL.keys())
def test_first_strike_rounds_equal_the_die_by_die_count(battle):
    clear_caches()
    odds = StepwiseChain(battle).solve()
    ends, rounds = brute_force(battle)
    for kind, p in ends.items():
        assert abs(getattr(odds, kind) - float(p)) <= 1e-12, kind
    for r, p in enumerate(rounds):
        assert abs(odds.rounds[r] - float(p)) <= 1e-12, f"round {r}"


def test_the_small_battles_cover_what_they_claim():
    """Guard against battles that would prove less than their names say."""
    chains = {name: Chain(b) for name, b in SMALL.items()}

    def opening(name: str) -> tuple[bool, bool]:
        c = chains[name]
        return c.surprise(c.A.start, c.D.start)

    assert opening("both sides strike first") == (True, True)
    assert opening("both strike first, two-hit battleship") == (True, True)
    assert opening("a destroyer cancels one side's strike") == (False, True)
    assert opening("destroyers cancel both strikes") == (False, False)
    c = chains["losing the destroyer brings the strike back"]
    assert c.surprise(c.A.start, c.D.start) == (False, True)
    assert any(c.surprise(c.A.start, d)[0] for d in c.d_states if d[0])
    c = chains["wiped out by the opening strike"]
    wiped, _ = c.hit_targets(c.D, c.D.start, c.fire(c.A, c.A.start, True))
    assert any(not c.d_states[j][0] for j in wiped.tolist())
    c = chains["hits wasted on aircraft"]
    planes = [d for d in c.d_states if d[0] and all(c.D.aircraft[t] for t in d[0])]
    strike = c.fire(c.A, c.A.start, True)
    assert strike[0] and planes  # the submarines' hits, with only aircraft left to hit
    assert all(c.hit_targets(c.D, d, strike)[0].tolist() == [c.di[d]] for d in planes)
    solved = {name: StepwiseChain(b).solve() for name, b in SMALL.items()}
    assert solved["wasted, then nobody can hit (stalemate)"].stalemate > 0.1
    assert solved["retreat after the opening and the fire"].retreat > 0.1


def plain_fold(battle: Battle) -> Odds:
    """The straightforward way: every state's whole round from ``round_transitions``, settled one state at a time by
    decreasing total hit points ("nobody hit" divided out), then the rounds still to fight, state by state, back."""
    chain = StepwiseChain(battle)
    A, D = chain.A, chain.D
    R = MAX_ROUNDS
    ends: dict[str, float] = defaultdict(float)
    survivors_a, survivors_d = np.zeros(len(A.names)), np.zeros(len(D.names))
    rounds = np.zeros(R + 1)
    captures = 0.0

    def kind(a, d, may_retreat: bool = True) -> str | None:
        if not (a[0] and d[0]):
            return "attacker_wins" if a[0] else "defender_wins" if d[0] else "draw"
        if may_retreat and chain.retreat_at is not None and len(a[0]) <= chain.retreat_at:
            return "retreat"
        return None

    def settle(k: str, a, d, m: float) -> None:
        nonlocal captures
        ends[k] += m
        survivors_a[:] += m * np.array(A.counts(a), dtype=float)
        survivors_d[:] += m * np.array(D.counts(d), dtype=float)
        if k == "attacker_wins" and chain.land and any(A.taker[t] for t in a[0]):
            captures += m

    mass: dict = defaultdict(float)
    first: dict = defaultdict(float)
    for a0, p0 in chain.start.items():
        k = kind(a0, D.start, may_retreat=False)
        if k:
            settle(k, a0, D.start, p0)
            rounds[0] += p0
            continue
        for key, p in chain.round_transitions(a0, D.start, True).items():
            mass[key] += p0 * p
            first[key] += p0 * p
    at_once = np.eye(1, R + 1)[0]
    to_fight: dict = {}
    fought = []
    cells = sorted(((a, d) for a in chain.a_states for d in chain.d_states), key=lambda s: -(A.hp(s[0]) + D.hp(s[1])))
    for a, d in cells:
        m = mass.get((a, d), 0.0)
        if m <= 0.0:
            continue
        k = kind(a, d)
        step = {} if k else chain.round_transitions(a, d, False)
        stay = step.pop((a, d), 0.0)
        if k or stay >= 1.0 - 1e-15:
            settle(k or "stalemate", a, d, m)
            to_fight[a, d] = at_once
            continue
        for key, p in step.items():
            mass[key] += m * p / (1.0 - stay)
        fought.append(((a, d), step, stay))
    for s, step, stay in reversed(fought):
        onward = sum(p * to_fight[t] for t, p in step.items())
        onward = np.convolve(onward, stay ** np.arange(R + 1))[: R + 1]
        to_fight[s] = np.concatenate([[0.0], onward[:-1]])
    for s, p in first.items():
        rounds[1:] += p * to_fight[s][:-1]
    total = sum(ends.values())
    return Odds(
        **{k: ends[k] for k in ("attacker_wins", "defender_wins", "draw", "retreat", "stalemate")},
        captures=captures,
        expected_attacker_survivors=dict(zip(A.names, survivors_a.tolist())),
        expected_defender_survivors=dict(zip(D.names, survivors_d.tolist())),
        expected_attacker_loss=sum(p.cost * (s - e) for p, s, e in zip(A.profiles, A.counts(A.start), survivors_a)),
        expected_defender_loss=sum(p.cost * (s - e) for p, s, e in zip(D.profiles, D.counts(D.start), survivors_d)),
        rounds=tuple(rounds.tolist()),
        rounds_beyond=max(0.0, total - float(rounds.sum())),
        states=len(chain.a_states) * len(chain.d_states),
    )


BIGGER = {
    "Europe fleets 8 v 8": europe({"battleship": 1, "destroyer": 2, "submarine": 2, "carrier": 1, "fighter": 2},
                                  {"battleship": 1, "destroyer": 1, "submarine": 3, "carrier": 1, "fighter": 1,
                                   "transport": 1}),
    "Europe fleets, destroyers on one side only": europe(
        {"submarine": 4, "fighter": 2, "battleship": 1}, {"destroyer": 2, "submarine": 2, "fighter": 2, "carrier": 1}),
    "classic fleets, both strike first, retreat": classic(
        {"submarine": 3, "battleship": 2, "fighter": 2, "transport": 1}, {"submarine": 3, "carrier": 1, "fighter": 2},
        rules=BattleRules(defender_subs_first_strike=True, two_hit_battleships=True),
        retreat_when_attackers_at_most=2),
}


@pytest.mark.parametrize("battle", BIGGER.values(), ids=BIGGER.keys())
def test_bigger_battles_equal_the_plain_fold(battle):
    clear_caches()
    assert_same(StepwiseChain(battle).solve(), plain_fold(battle))
