"""Exact odds of a battle as it stands, from the game's own unit table (the analysis package computes them).

``battle_odds(state, key)`` is pure: the web battle panel calls it to show the odds before any die is rolled;
``record_odds`` turns the same numbers into the ``aa.battle_odds_recorded`` fact written before a battle's first
die, so the log keeps the odds the players saw.
"""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Refused
from assistant.games.aa_classic.state import Battle, State


def retreat_refusal(state: State, key: str) -> str | None:
    """Why the attacker of battle ``key`` may not plan a retreat, or None when it may."""
    if state.battles[key].amphibious:
        return "No retreat from an amphibious assault (A&A §6.4)."
    return None


def battle_odds(state: State, key: str, retreat_at: int | None = None) -> ev.BattleOddsRecorded | None:
    """The odds of battle ``key`` for the forces in it now (A&A §6.2-§6.4: AA fire, support shots, first strikes),
    as the log would record them; None when no die decides it (a raid, or a side with nothing that fights).
    Raises the family's ``TooLarge`` for a battle too large to work out. ``retreat_at``: the attacker retreats when down to that many units (refused where the rules forbid it)."""
    # numpy and the report's adapters load when a battle first needs its odds, not with the game's rules
    from assistant.families.axis_allies.odds import Battle as OddsBattle
    from assistant.families.axis_allies.odds import battle_odds as exact_odds
    from assistant.games.aa_classic.report.board import forces, profiles

    b = state.battles[key]
    if retreat_at is not None and (refusal := retreat_refusal(state, key)):
        raise Refused(refusal)
    attacking, defending, bombarding, defender = forces(state, key)
    if b.kind == "bombing" or not attacking or not defending:
        return None
    world = state.world
    support = {k: n for k, n in bombarding.items() if world.units[k].attack} if b.amphibious and not b.support_done else {}
    o = exact_odds(
        OddsBattle(
            profiles=profiles(world, state.techs(b.attacker), state.techs(defender)),
            attackers=attacking, defenders=defending, at_sea=b.kind == "naval", support_fire=support,
            amphibious=b.amphibious, retreat_when_attackers_at_most=retreat_at,
        )
    )
    return ev.BattleOddsRecorded(
        battle=key, space=b.space, attacker=b.attacker, defender=defender,
        attacking=attacking, defending=defending, bombarding=support,
        attacker_wins=o.attacker_wins, defender_wins=o.defender_wins, draw=o.draw, retreat=o.retreat,
        captures=o.captures, expected_attacker_survivors=o.expected_attacker_survivors,
        expected_defender_survivors=o.expected_defender_survivors,
        expected_attacker_loss=o.expected_attacker_loss, expected_defender_loss=o.expected_defender_loss,
        expected_rounds=sum(r * p for r, p in enumerate(o.rounds)),
    )


def first_die(b: Battle) -> bool:
    """No throw of this battle has been made yet."""
    return b.round == 1 and not b.fired and not b.aa_done and not b.support_done and not b.fires


def record_odds(state: State, b: Battle) -> list[ev.BattleOddsRecorded]:
    """The odds to write before the first die; none for a battle too large to work out (the battle goes on)."""
    from assistant.families.axis_allies.battle import TooLarge

    try:
        found = battle_odds(state, b.key)
    except TooLarge:
        return []
    return [] if found is None else [found]
