"""Casualty choices: who may take which hits [T L32, L54, L98, L106] and how many must be taken."""

from __future__ import annotations

from assistant.games.aa_europe.moves.forces import air, attackers, defenders, passive
from assistant.games.aa_europe.state import Battle, Pending, State


def _sub(s: State, i: int) -> bool:
    return s.world.units[s.units[i].kind].has("hidden_from_aircraft")


def hit_points(s: State, i: int) -> int:
    u = s.units[i]
    return 2 if s.world.units[u.kind].has("two_hits") and not u.damaged else 1


def pool(s: State, b: Battle, p: Pending) -> list[int]:
    """The units that may take these hits (AA guns and complexes never [T L32])."""
    if p.side == "attacker":
        units = attackers(s, b) + passive(s, b)
        if p.fire in ("aa", "raid_losses"):
            units = [i for i in units if air(s, i)]
        return units
    return [i for i in defenders(s, b) if i not in b.casualty_line]


def due(s: State, units: list[int], p: Pending) -> int:
    """The most hits these units can absorb: submarine hits never on aircraft, aircraft hits (without a destroyer)
    never on submarines; a battleship absorbs two [T L34]."""
    air_hp = sum(hit_points(s, i) for i in units if air(s, i))
    sub_hp = sum(hit_points(s, i) for i in units if _sub(s, i))
    other = sum(hit_points(s, i) for i in units) - air_hp - sub_hp
    free = p.hits - p.no_air - p.no_sub
    best = 0
    for to_sub in range(min(p.no_air, sub_hp) + 1):
        na_other = min(p.no_air - to_sub, other)
        for to_air in range(min(p.no_sub, air_hp) + 1):
            ns_other = min(p.no_sub - to_air, other - na_other)
            left = air_hp - to_air + sub_hp - to_sub + other - na_other - ns_other
            best = max(best, to_sub + na_other + to_air + ns_other + min(free, left))
    return best


def check_choice(s: State, units: list[int], p: Pending, chosen: list[int]) -> str:
    """Why ``chosen`` (one entry per hit; a battleship named twice is sunk) is not a valid choice, or ""."""
    need = due(s, units, p)
    if len(chosen) != need:
        return f"{need} hits are to be taken, {len(chosen)} named"
    for i in set(chosen):
        if i not in units:
            return f"unit #{i} cannot take these hits"
        if chosen.count(i) > hit_points(s, i):
            return f"unit #{i} cannot take {chosen.count(i)} hits"
    free = p.hits - p.no_air - p.no_sub
    on_air = sum(1 for i in chosen if air(s, i))
    on_sub = sum(1 for i in chosen if _sub(s, i))
    if on_air > free + p.no_sub:
        return "submarine hits cannot be taken by aircraft"
    if on_sub > free + p.no_air:
        return "aircraft cannot hit submarines without a friendly destroyer in the battle"
    return ""


def default_choice(s: State, units: list[int], p: Pending) -> list[int] | None:
    """The choice when there is none to make: every unit is lost, or they are all alike; else None."""
    need = due(s, units, p)
    free = p.hits - p.no_air - p.no_sub
    if not free and not p.no_sub:
        units = [i for i in units if not air(s, i)]  # submarine hits only: ships take them
    if not free and not p.no_air:
        units = [i for i in units if not _sub(s, i)]  # aircraft hits without a destroyer: never submarines
    total = sum(hit_points(s, i) for i in units)
    alike = len({(s.units[i].kind, s.units[i].owner, s.units[i].damaged) for i in units}) <= 1
    cargo = any(u.aboard in units for u in s.units.values())
    if need == 0:
        return []
    if need == total:
        return [i for i in sorted(units) for _ in range(hit_points(s, i))]
    if alike and not cargo:
        out: list[int] = []
        for i in sorted(units):
            out.extend([i] * hit_points(s, i))
        # battleships: damage every one before sinking any (the usual choice; damage costs nothing)
        if s.world.units[s.units[units[0]].kind].has("two_hits"):
            out = sorted(set(out)) + [i for i in sorted(set(out)) if hit_points(s, i) == 2]
        return out[:need]
    return None
