"""Exact odds of an A&A Europe battle as it stands, from the family's Markov chain with this edition's rules:
artillery support [T L86], two-hit battleships [T L34], submarines' surprise strikes for both sides cancelled by a
destroyer opposite [T L106, E L63], aircraft hitting submarines only beside a friendly destroyer [T L106],
submarine hits never on aircraft [T L98], AA fire before the battle [T L32], shore support in a landing's first
round [E L49]. Submerging and retreats are the players' choices and are not modelled: the odds fight to the end.

``battle_odds(state, key)`` is pure (the battle panel shows it before any die; the family's ``TooLarge`` for a battle
too large to work out); ``record_odds`` writes the same numbers into the log before a battle's first die."""

from __future__ import annotations

from assistant.families.axis_allies.odds import Battle as OddsBattle
from assistant.families.axis_allies.odds import BattleRules, TooLarge, UnitProfile
from assistant.families.axis_allies.odds import battle_odds as exact_odds
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves import forces as f
from assistant.games.aa_europe.state import Battle, State
from assistant.games.aa_europe.world import World

RULES = BattleRules(
    two_hit_battleships=True, defender_subs_first_strike=True, artillery_support=True,
    destroyers_cancel_first_strike=True, aircraft_need_destroyer_vs_subs=True,
)
PASSIVE = "passive "  # an ally's unit in the zone: it may be lost and its destroyer counts, but it does not fire


def profiles(world: World) -> dict[str, UnitProfile]:
    out: dict[str, UnitProfile] = {}
    for kind, u in world.units.items():
        base = dict(
            cost=u.cost, is_aircraft=u.domain == "air", is_submarine=u.has("surprise_strike"),
            is_battleship=u.has("two_hits"), is_aa_gun=u.has("anti_aircraft"), is_transport=u.transport_capacity > 0,
            is_destroyer=u.has("spots_submarines"), is_artillery=u.has("artillery"),
            artillery_supported=u.has("artillery_supported"), can_take_territory=u.domain == "land",
        )
        out[kind] = UnitProfile(name=kind, attack=u.attack, defence=u.defence, **base)
        out[PASSIVE + kind] = UnitProfile(name=PASSIVE + kind, attack=0, defence=0, **base)
    return out


def _count(state: State, ids, prefix: str = "") -> dict[str, int]:
    out: dict[str, int] = {}
    for i in ids:
        k = prefix + state.units[i].kind
        out[k] = out.get(k, 0) + 1
    return out


def battle_odds(state: State, key: str) -> ev.BattleOddsRecorded | None:
    b = state.battles[key]
    if b.kind == "bombing":
        return None
    attacking = _count(state, f.attackers(state, b))
    attacking.update(_count(state, f.passive(state, b), PASSIVE))
    defending = _count(state, [*f.defenders(state, b), *(f.aa_guns(state, b) if b.kind == "land" else [])])
    if not attacking or not any(not k.startswith("aa_gun") for k in defending):
        return None
    support = _count(state, f.support_ships(state, b)) if b.kind == "land" and b.amphibious and b.round == 1 else {}
    o = exact_odds(OddsBattle(
        profiles=profiles(state.world), attackers=attacking, defenders=defending, at_sea=b.kind == "naval",
        support_fire=support, amphibious=b.amphibious, rules=RULES,
    ))
    defender = next((state.units[i].owner for i in f.defenders(state, b)), state.controller(b.space))
    return ev.BattleOddsRecorded(
        battle=key, space=b.space, attacker=b.attacker, defender=defender, attacking=attacking, defending=defending,
        attacker_wins=o.attacker_wins, defender_wins=o.defender_wins, draw=o.draw + o.stalemate, captures=o.captures,
        supporting=support, expected_rounds=sum(r * p for r, p in enumerate(o.rounds)),
    )


def record_odds(state: State, b: Battle) -> list[ev.BattleOddsRecorded]:
    """The odds to write before the first die; none for a battle too large to work out (the battle goes on)."""
    try:
        found = battle_odds(state, b.key)
    except TooLarge:
        return []
    return [] if found is None else [found]
