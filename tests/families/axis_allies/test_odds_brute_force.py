"""Small battles worked out die by die in exact fractions: every die of every unit hits or misses, the round
procedure written out again here (AA fire, support shots, first strikes cancelled by destroyers, simultaneous fire,
retreat), and the chain solved by settling states in decreasing hit points. Only the casualty policy (who is lost
to a hit: ``forces.Side``) and which units fire with what (``Side.fire_groups``) are shared with the product."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from assistant.families.axis_allies.battle import Battle, BattleRules
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.odds import battle_odds, clear_caches
from assistant.games.aa_europe.odds import RULES
from tests.analysis.profiles import AA_CLASSIC as P
from tests.families.axis_allies.test_solver_matches_reference import E


def _volley(side, state, first_strike, surprise, extra=()):
    """Every outcome of one side's dice: {(restricted, free, no_sub) hits: probability}."""
    restricted, free, no_sub = side.fire_groups(state, first_strike, surprise, side.spots_submarines(state))
    dice = [(kind, v) for kind, groups in enumerate((restricted, free + extra, no_sub)) for v, n in groups
            for _ in range(n)]
    out: dict[tuple, Fraction] = {}
    for hits in itertools.product((False, True), repeat=len(dice)):
        p, count = Fraction(1), [0, 0, 0]
        for (kind, v), hit in zip(dice, hits):
            chance = Fraction(min(v, 6), 6)
            p *= chance if hit else 1 - chance
            count[kind] += hit
        out[tuple(count)] = out.get(tuple(count), 0) + p
    return out


def _round(chain, a, d, extra=()):
    """{(a', d'): probability} of one round, written from the rules (§6.2–6.4)."""
    A, D = chain.A, chain.D
    cancel = chain.rules.destroyers_cancel_first_strike
    a_sur = A.has_first_strike(a) and not (cancel and D.has_destroyer(d))
    d_sur = D.has_first_strike(d) and not (cancel and A.has_destroyer(a))
    opening = {(a, d): Fraction(1)}
    if a_sur or d_sur:
        opening = {}
        for (r1, f1, n1), p1 in _volley(A, a, True, a_sur).items():
            for (r2, f2, n2), p2 in _volley(D, d, True, d_sur).items():
                key = (A.take(a, r2, f2, no_sub=n2), D.take(d, r1, f1, no_sub=n1))
                opening[key] = opening.get(key, 0) + p1 * p2
    out: dict[tuple, Fraction] = {}
    for (a1, d1), p0 in opening.items():
        if not (a1[0] and d1[0]):
            out[a1, d1] = out.get((a1, d1), 0) + p0
            continue
        for (r1, f1, n1), p1 in _volley(A, a1, False, a_sur, extra).items():
            for (r2, f2, n2), p2 in _volley(D, d1, False, d_sur).items():
                key = (A.take(a1, r2, f2, no_sub=n2), D.take(d1, r1, f1, no_sub=n1))
                out[key] = out.get(key, 0) + p0 * p1 * p2
    return out


def brute_force(battle: Battle) -> tuple[dict[str, Fraction], list[Fraction]]:
    chain = Chain(battle)
    A, D = chain.A, chain.D
    ends = dict.fromkeys(("attacker_wins", "defender_wins", "draw", "retreat", "stalemate"), Fraction(0))
    start: dict = {}
    planes = sum(1 for t in A.start[0] if A.aircraft[t])
    for shot in range(planes + 1 if chain.aa_value else 1):
        chance = Fraction(chain.aa_value, 6)
        p = Fraction(1) if not chain.aa_value else chance**shot * (1 - chance) ** (planes - shot) * \
            sum(1 for _ in itertools.combinations(range(planes), shot))
        a = A.take(A.start, 0, shot, aircraft_only=True)
        start[a, D.start] = start.get((a, D.start), 0) + p

    def over(a, d, may_retreat=True):
        if not a[0] or not d[0]:
            return "attacker_wins" if a[0] else "defender_wins" if d[0] else "draw"
        if may_retreat and chain.retreat_at is not None and len(a[0]) <= chain.retreat_at:
            return "retreat"
        return None

    # Rounds, forward (exact for the first rounds), and the outcomes, settling states by decreasing hit points.
    rounds = [sum(p for (a, d), p in start.items() if over(a, d, False))]
    mass: dict = {}
    for (a, d), p in start.items():
        if not over(a, d, False):
            for key, q in _round(chain, a, d, chain.support).items():
                mass[key] = mass.get(key, 0) + p * q
    now = dict(mass)
    for _ in range(6):
        done = sum(p for (a, d), p in now.items() if over(a, d) or _round(chain, a, d).get((a, d), 0) == 1)
        rounds.append(done)
        after: dict = {}
        for (a, d), p in now.items():
            if not over(a, d) and _round(chain, a, d).get((a, d), 0) != 1:
                for key, q in _round(chain, a, d).items():
                    after[key] = after.get(key, 0) + p * q
        now = after
    while mass:
        (a, d) = max(mass, key=lambda s: A.hp(s[0]) + D.hp(s[1]))
        m = mass.pop((a, d))
        kind = over(a, d)
        step = {} if kind else _round(chain, a, d)
        stay = step.get((a, d), 0)
        if kind or stay == 1:
            ends[kind or "stalemate"] += m
            continue
        for key, q in step.items():
            if key != (a, d):
                mass[key] = mass.get(key, 0) + m * q / (1 - stay)
    return ends, rounds


SMALL = {
    "2 v 2 mixed, AA gun": Battle(profiles=P, attackers={"infantry": 1, "fighter": 1},
                                  defenders={"infantry": 1, "armour": 1, "aa_gun": 1}),
    "landing with a support shot": Battle(profiles=P, attackers={"infantry": 2}, defenders={"infantry": 1, "armour": 1},
                                          support_fire={"battleship": 1}),
    "retreat at one": Battle(profiles=P, attackers={"armour": 2}, defenders={"infantry": 2},
                             retreat_when_attackers_at_most=1),
    "submarines and a fighter": Battle(profiles=P, at_sea=True, attackers={"submarine": 2},
                                       defenders={"fighter": 1, "transport": 1}),
    "two-hit battleship, defending sub strikes first": Battle(
        profiles=P, at_sea=True, attackers={"battleship": 1, "submarine": 1}, defenders={"submarine": 1, "carrier": 1},
        rules=BattleRules(two_hit_battleships=True, defender_subs_first_strike=True)),
    "Europe: artillery": Battle(profiles=E, rules=RULES, attackers={"infantry": 2, "artillery": 1},
                                defenders={"infantry": 2}),
    "Europe: destroyer cancels the surprise": Battle(profiles=E, rules=RULES, at_sea=True,
                                                     attackers={"submarine": 2, "fighter": 1},
                                                     defenders={"destroyer": 1, "submarine": 1}),
}


@pytest.mark.parametrize("battle", SMALL.values(), ids=SMALL.keys())
def test_exact_odds_equal_the_die_by_die_count(battle):
    clear_caches()
    odds = battle_odds(battle)
    ends, rounds = brute_force(battle)
    for kind, p in ends.items():
        assert abs(getattr(odds, kind) - float(p)) <= 1e-12, kind
    for r, p in enumerate(rounds):
        assert abs(odds.rounds[r] - float(p)) <= 1e-12, f"round {r}"
