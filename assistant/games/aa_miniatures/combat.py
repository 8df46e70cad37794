"""The arithmetic of an attack (rulebook p.15-24), as pure functions the moves and the odds share."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.games.aa_miniatures.cards import Card
from assistant.games.aa_miniatures.state import Unit
from assistant.games.aa_miniatures.tables import load

DISRUPTED, DAMAGED, DESTROYED = "disrupted", "damaged", "destroyed"


def impaired(unit: Unit) -> bool:
    """Disrupted or damaged (face-up counters only): -1 on each attack die and on defense, once (p.16, p.20)."""
    return unit.disrupted or unit.damaged


def attack_modifier(unit: Unit, ability_modifier: int = 0) -> int:
    return (load().impaired_modifier if impaired(unit) else 0) + ability_modifier


def defense(card: Card, unit: Unit, arc: str) -> int:
    """Front or rear (p.17), -1 when disrupted or damaged; never below 1 (docs/rulings.md, defense floor)."""
    base = card.front if arc == "front" else card.rear
    return max(1, base - (1 if impaired(unit) else 0))


def successes(faces: Sequence[int], modifier: int) -> int:
    return sum(1 for f in faces if f + modifier >= load().success_at)


def hits(successes_: int, defense_: int) -> int:
    """p.16: equal -> 1; more -> 2; double or more -> 3."""
    if successes_ >= 2 * defense_:
        return 3
    if successes_ > defense_:
        return 2
    return 1 if successes_ == defense_ else 0


def counters(unit_type: str, damaged: bool, hidden: Sequence[str], n: int) -> tuple[str, ...]:
    """The face-down counters ``n`` more simultaneous hits add (p.16): Disrupted first; then Destroyed for a
    Soldier or a damaged Vehicle, Damaged for a Vehicle; a Vehicle's third is Destroyed. None after Destroyed."""
    placed = list(hidden)
    added: list[str] = []
    for _ in range(n):
        if DESTROYED in placed:
            break
        if not placed:
            nxt = DISRUPTED
        elif unit_type == "soldier" or damaged or DAMAGED in placed:
            nxt = DESTROYED
        else:
            nxt = DAMAGED
        placed.append(nxt)
        added.append(nxt)
    return tuple(added)


def counters_under_cover(hidden: Sequence[str], n: int) -> tuple[str, ...]:
    """A successful cover roll limits a normal attack to disruption: one face-down Disrupted when it hit at all,
    none when the unit already has one (p.24)."""
    if n >= 1 and DISRUPTED not in hidden and DESTROYED not in hidden:
        return (DISRUPTED,)
    return ()


def cover_matters(kind: str, n: int, hidden: Sequence[str], unit_type: str, damaged: bool) -> bool:
    """Whether a cover roll could change this attack's result: compare what it places with and without cover.
    (The French text makes a 1-hit attack matter too when a face-down Disrupted is already there, p.24.)"""
    if n == 0:
        return False
    if kind == "defensive":
        return True
    return counters(unit_type, damaged, hidden, n) != counters_under_cover(hidden, n)


def cover_rule(attacker: Card, target: Card, terrain: str, same_hex: bool, band: str) -> tuple[str, int]:
    """("none" | "ignored" | "automatic" | "rolled", the die needed) for a target in ``terrain`` (p.24, p.26)."""
    t = load()
    if target.type not in t.terrain[terrain].cover:
        return "none", 0
    if attacker.has("Bombardment"):  # ignoring cover beats automatic cover: "can't" beats "can" (p.26)
        return "ignored", 0
    if terrain == "forest" and band == "long" and target.has("Forest Camouflage"):
        return "automatic", 0
    needed = t.cover[target.type] - (t.same_hex_cover_modifier if same_hex else 0)
    return "rolled", needed


def die_chance(at_least: int) -> float:
    """Chance one d6 shows ``at_least`` or more."""
    return min(6, max(0, 7 - at_least)) / 6
