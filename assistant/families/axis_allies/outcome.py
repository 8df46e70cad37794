"""How an Axis & Allies battle ends once a side has nothing left that fights."""

from __future__ import annotations

from collections.abc import Sequence


def battle_outcome(kind: str, attacker_domains: Sequence[str], defenders_left: bool) -> str:
    """``kind`` land | naval; ``attacker_domains``: the domain of each attacker still there. Only land units take a
    territory: aircraft alone clear it and leave it to its owner."""
    if not attacker_domains:
        return "defender_held" if defenders_left else "both_destroyed"
    if kind == "naval" or (kind == "land" and "land" in attacker_domains):
        return "attacker_won"
    return "cleared"
