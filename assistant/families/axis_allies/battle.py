"""What a battle is, for the family's exact odds: unit profiles, the edition's rule switches, the forces and the
casualty orders; and what the odds say (``Odds``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

# Rounds tracked one by one; the (exactly known) mass of longer battles is reported as ``rounds_beyond``.
MAX_ROUNDS = 80


class TooLarge(ValueError):
    """A battle too large for exact odds at the table (``odds.battle_odds``); the message says how large, for the
    players, and ``battle`` is the battle refused (``odds.estimate`` may still simulate it). Here, beside what a
    battle is, so that a game can catch it without loading the solvers."""

    def __init__(self, message: str, battle: Battle):
        super().__init__(message)
        self.battle = battle


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

