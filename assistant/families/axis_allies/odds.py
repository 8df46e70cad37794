"""Exact battle odds for the Axis & Allies family: a Markov chain over the forces left on each side.

Units come in as profiles (attack, defence, cost and flags), so a game passes the profiles read from its own units
data and the family knows no game's rules module. A battle state is the pair (attacking force left, defending force
left); each side's force is the tuple of its units still standing in casualty order (first lost first) plus how
many two-hit battleships are damaged. One combat round moves the chain from one state to another with
probabilities given by the hit distributions of each side's dice, so the outcome probabilities are computed, not
sampled.

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

Where each part lives: ``battle`` (what a battle and its odds are), ``forces`` (casualty orders and who is lost to a
hit), ``dice`` (hit distributions), ``chain`` (the battle's states and each side's fire), ``kernels`` (one side's
fire on the other as arrays), ``solver`` (the chain solved on the grid of both sides' states, whole arrays at a
time), ``stepwise`` (the chain solved state by state: big fleets whose hits may spare aircraft or submarines, and
the grid's test oracle). This module is the door: it picks the solver, and keeps solved battles.
"""

from __future__ import annotations

import msgspec

from assistant.families.axis_allies.battle import (MAX_ROUNDS, Battle, BattleRules, Odds, TooLarge, UnitProfile,
                                                   profiles_from_table)
from assistant.families.axis_allies.chain import Chain
from assistant.families.axis_allies.dice import binomial, hits_pmf, pascal
from assistant.families.axis_allies.montecarlo import Estimate, simulate_vectorised
from assistant.families.axis_allies.sampling import simulate_any
from assistant.families.axis_allies.solver import Solver, suits
from assistant.families.axis_allies.stepwise import StepwiseChain

__all__ = ["MAX_ROUNDS", "Battle", "BattleRules", "Estimate", "Odds", "TooLarge", "UnitProfile", "battle_odds",
           "casualty_orders", "clear_caches", "estimate", "profiles_from_table"]

_encoder = msgspec.msgpack.Encoder()  # insertion order kept: a given casualty order is part of the battle

# Solved battles by their encoded description: a report, its chart exports and the battle panel ask again and again.
_SOLVED: dict[bytes, Odds] = {}
_SOLVED_MAX = 512


# What one battle may cost, so that a giant stack neither holds the table for minutes nor takes the machine's memory:
# the grid's transition arrays grow with the cube of the forces' states (12 million entries: some 300 MB and a
# second here; 92 against 97 land units would need 2.6 GB and 10 s, 138 against 145 some 18 GB), the
# state-by-state solver's work with its cells (60,000: some 200 MB and 1.5 s). docs/speed.md has the figures.
GRID_ENTRIES_MAX = 12_000_000
STEPWISE_CELLS_MAX = 60_000


def battle_odds(battle: Battle) -> Odds:
    """Exact outcome probabilities, expected survivors and the distribution of rounds. Raises ``TooLarge`` for a
    battle beyond what the solvers may spend (``GRID_ENTRIES_MAX``, ``STEPWISE_CELLS_MAX``)."""
    key = _encoder.encode(battle)
    odds = _SOLVED.get(key)
    if odds is None:
        chain = StepwiseChain(battle)  # a Chain that can also solve itself state by state: set up once for either
        grid = suits(chain)
        na, nd = len(chain.a_states), len(chain.d_states)
        if (na * nd * (na + nd) > GRID_ENTRIES_MAX) if grid else (na * nd > STEPWISE_CELLS_MAX):
            units = len(chain.A.start[0]), len(chain.D.start[0])
            raise TooLarge(f"Too large a battle for exact odds here: {units[0]} attacking against {units[1]} "
                           f"defending units make {na * nd:,} states of the two forces to work through.", battle)
        odds = Solver(chain).solve() if grid else chain.solve()
        if len(_SOLVED) >= _SOLVED_MAX:
            del _SOLVED[next(iter(_SOLVED))]  # the oldest first
        _SOLVED[key] = odds
    return odds


ESTIMATE_RUNS = 10_000  # two standard errors of a probability: at most one percentage point


def estimate(battle: Battle, runs: int = ESTIMATE_RUNS) -> Estimate:
    """What simulated battles say of one too large for exact odds (``TooLarge``): every run at once, with a fixed
    seed so that the same battle always shows the same figures. A battle of plain fire (a land battle) walks its
    casualty chain (``simulate_vectorised``); any other (fleets, landings with shore support) is followed through
    its surprise strikes and kinds of hits (``sampling.simulate_any``)."""
    try:
        return simulate_vectorised(battle, runs=runs, seed=0)
    except ValueError:
        return simulate_any(battle, runs=runs, seed=0)


def clear_caches() -> None:
    """Forget every solved battle and hit distribution (cold-cache timings)."""
    _SOLVED.clear()
    binomial.cache_clear()
    hits_pmf.cache_clear()
    pascal.cache_clear()


def casualty_orders(battle: Battle) -> tuple[list[str], list[str]]:
    """The casualty orders the calculator uses (given or default), AA guns left out: what the battle panel shows."""
    chain = Chain(battle)
    return [chain.A.names[t] for t in chain.A.start[0]], [chain.D.names[t] for t in chain.D.start[0]]
