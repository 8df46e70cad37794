"""Battles and strategic raids: who joined, what the dice did, who was lost, how it ended."""

import msgspec


class BattleJoined(msgspec.Struct, frozen=True):
    """Attacking units entered a battle (key: the space, or space + "/bombing" for a strategic raid)."""

    battle: str
    space: str
    kind: str  # land | naval | bombing
    attacker: str
    units: tuple[int, ...]
    came_from: str
    amphibious: bool = False


class HitsScored(msgspec.Struct, frozen=True):
    """What a throw did to the other side (the games add which hits some units cannot take)."""

    battle: str
    side: str  # attacker | defender: who fired
    firer: str
    fire: str
    hits: int


class HitsRecounted(msgspec.Struct, frozen=True):
    """A corrected physical throw scores ``hits`` now."""

    battle: str
    hits: int


class CorrectionOutstanding(msgspec.Struct, frozen=True):
    """A corrected throw whose consequences the rules no longer change by themselves: the table rolls back or
    edits."""

    ref: str
    reason: str


class CasualtiesChosen(msgspec.Struct, frozen=True):
    battle: str
    side: str  # whose units
    units: tuple[int, ...]


class SubmarinesSubmerged(msgspec.Struct, frozen=True):
    battle: str
    side: str
    units: tuple[int, ...]


class AttackerRetreated(msgspec.Struct, frozen=True):
    battle: str
    units: tuple[int, ...]
    to: str
    aircraft: tuple[int, ...] = ()


class BattleEnded(msgspec.Struct, frozen=True):
    battle: str
    outcome: str  # attacker_won | defender_held | attacker_retreated | both_destroyed | bombed | ... (per game)
    survivors: tuple[int, ...] = ()


class LandingMade(msgspec.Struct, frozen=True):
    """Cargo waiting aboard went ashore after its sea zone was cleared."""

    zone: str
    territory: str
    cargo: tuple[int, ...]


class BombingDamage(msgspec.Struct, frozen=True):
    """A strategic raid: the complex's owner pays the dice total from its treasury (never more than it has)."""

    battle: str
    territory: str
    owner: str
    total: int
    paid: int


class BattleOddsRecorded(msgspec.Struct, frozen=True):
    """Exact odds of a battle for the forces at its first die (``odds.py``), kept in the log."""

    battle: str
    space: str
    attacker: str
    defender: str
    attacking: dict[str, int]
    defending: dict[str, int]
    attacker_wins: float
    defender_wins: float
    draw: float
