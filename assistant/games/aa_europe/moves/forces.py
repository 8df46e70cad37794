"""Who is in a battle and what each throw rolls: land combat [T L32], naval combat rebuilt from the examples
(surprise strikes, destroyers, aircraft and submarines, two-hit battleships [T L34, L98, L106; E L52, L63, L66,
L100, L104]), shore support of a landing [T L106, E L49, L52] and the strategic raid [T L56]."""

from __future__ import annotations

from assistant.games.aa_europe.moves.common import is_cargo
from assistant.games.aa_europe.state import Battle, State

Die = tuple[int, int, str]  # (unit id, hits on this or less, category: any | no_air | no_sub | air_only)


def _flag(s: State, i: int, flag: str) -> bool:
    return s.world.units[s.units[i].kind].has(flag)


def air(s: State, i: int) -> bool:
    return s.world.domain(s.units[i].kind) == "air"


def attackers(s: State, b: Battle) -> list[int]:
    return [
        i for i in b.units
        if i in s.units and s.units[i].space == b.space and not is_cargo(s, s.units[i]) and not s.units[i].submerged
    ]


def escorts(s: State, b: Battle) -> list[int]:
    return [i for i in attackers(s, b) if not _flag(s, i, "strategic_bombing")] if b.kind == "bombing" else []


def bombers(s: State, b: Battle) -> list[int]:
    return [i for i in attackers(s, b) if _flag(s, i, "strategic_bombing")]


def passive(s: State, b: Battle) -> list[int]:
    """The attacker's allies in a sea battle zone: they do not fire on another power's turn, but may be taken as
    casualties and their destroyers count [E L66]."""
    if b.kind != "naval":
        return []
    w = s.world
    return [
        i for i, u in s.units.items()
        if u.space == b.space and u.owner != b.attacker and w.allied(u.owner, b.attacker) and not is_cargo(s, u)
        and not u.submerged and not (u.aboard and w.domain(u.kind) == "air")
    ]


def defenders(s: State, b: Battle) -> list[int]:
    """Units at war with the attacker there that fight: not AA guns or complexes, not cargo, not submerged submarines,
    not the interceptors of a raid on the same territory [T L56]."""
    w = s.world
    raid = s.battles.get(f"{b.space}/bombing")
    out = []
    for i, u in s.units.items():
        if u.space != b.space or not w.enemies(u.owner, b.attacker) or is_cargo(s, u) or u.submerged:
            continue
        if w.units[u.kind].has("never_attacks"):
            continue
        if b.kind == "bombing":
            if b.interceptors is None or i not in b.interceptors:
                continue
        elif raid is not None and raid.interceptors and i in raid.interceptors:
            continue
        out.append(i)
    return sorted(out)


def aa_guns(s: State, b: Battle) -> list[int]:
    w = s.world
    return [
        i for i, u in s.units.items()
        if u.space == b.space and w.units[u.kind].has("anti_aircraft") and w.enemies(u.owner, b.attacker) and not u.aboard
    ]


def support_ships(s: State, b: Battle) -> list[int]:
    """Destroyers and battleships of the attacker in the landing's sea zone that fought no sea battle [E L49, L52]."""
    if not b.amphibious:
        return []
    zones = {z for z in b.came_from if s.world.is_sea(z)}
    return [
        i for i, u in s.units.items()
        if u.space in zones and u.owner == b.attacker and _flag(s, i, "shore_support") and not s.mark(i).fought_at_sea
        and (not s.mark(i).battle or s.mark(i).battle == b.key)
    ]


def interceptor_pool(s: State, b: Battle) -> list[int]:
    """Fighters of the defending side in the raided territory [T L56]."""
    w = s.world
    return sorted(
        i for i, u in s.units.items()
        if u.space == b.space and w.enemies(u.owner, b.attacker) and w.units[u.kind].has("intercept") and not u.aboard
    )


def has_destroyer(s: State, ids: list[int]) -> bool:
    return any(_flag(s, i, "spots_submarines") for i in ids)


def attacker_surprise(s: State, b: Battle) -> bool:
    """The attacker's submarines strike first unless an enemy destroyer is there [T L106]."""
    return not has_destroyer(s, defenders(s, b))


def defender_surprise(s: State, b: Battle) -> bool:
    return not has_destroyer(s, attackers(s, b) + passive(s, b))


def _value(s: State, i: int, attacking: bool) -> int:
    t = s.world.units[s.units[i].kind]
    return t.attack if attacking else t.defence


def _category(s: State, i: int, spotted: bool) -> str:
    if _flag(s, i, "cannot_hit_aircraft"):
        return "no_air"  # submarines never hit aircraft [T L98]
    if air(s, i) and not spotted:
        return "no_sub"  # aircraft hit submarines only with a friendly destroyer there [T L106]
    return "any"


def dice_for(s: State, b: Battle, fire: str) -> list[Die]:
    w = s.world
    f = w.tables.fire
    atk = attackers(s, b)
    dice: list[Die] = []
    if fire == "aa":
        dice = [(i, f["aa"], "air_only") for i in atk if air(s, i)]
    elif fire == "support":
        dice = [(i, _value(s, i, True), "any") for i in support_ships(s, b)]
    elif fire == "intercept":
        dice = [(i, f["interceptor"], "any") for i in defenders(s, b)]
    elif fire == "escort":
        dice = [(i, f["escort"], "any") for i in escorts(s, b)]
    elif fire == "damage":
        dice = [(i, 6, "any") for i in bombers(s, b)]
    elif fire == "surprise":
        if b.kind == "naval" and attacker_surprise(s, b):
            dice = [(i, _value(s, i, True), "no_air") for i in atk if _flag(s, i, "surprise_strike")]
    elif fire == "attack":
        spotted = has_destroyer(s, atk + passive(s, b))
        surprise = b.kind == "naval" and attacker_surprise(s, b)
        artillery = sum(1 for i in atk if _flag(s, i, "artillery")) if b.kind == "land" else 0
        for i in sorted(atk):
            if _flag(s, i, "surprise_strike") and surprise:
                continue
            value = _value(s, i, True)
            if artillery and _flag(s, i, "artillery_supported"):
                value, artillery = value + 1, artillery - 1  # one infantry per artillery attacks at 2 [T L86, E L88]
            if value:
                dice.append((i, value, _category(s, i, spotted)))
    elif fire.startswith("surprise:") or fire.startswith("defence:"):
        kind, power = fire.split(":", 1)
        dfn = [i for i in defenders(s, b) if s.units[i].owner == power]
        spotted = has_destroyer(s, defenders(s, b))
        surprise = b.kind == "naval" and defender_surprise(s, b)
        for i in dfn:
            sub = _flag(s, i, "surprise_strike")
            if kind == "surprise" and not (sub and surprise) or kind == "defence" and sub and surprise:
                continue
            value = _value(s, i, False)
            if value:
                dice.append((i, value, _category(s, i, spotted)))
    return sorted(dice, key=lambda d: (d[1], s.units[d[0]].kind, d[0]))


def defending_powers(s: State, b: Battle) -> list[str]:
    owners = {s.units[i].owner for i in defenders(s, b)}
    return [p for p in s.world.tables.turn_order if p in owners]


def waiting_cargo(s: State, b: Battle) -> list[int]:
    return [i for i, m in s.marks.items() if m.landing == b.space and i in s.units]


def can_hurt(s: State, shooters: list[int], targets: list[int], spotted: bool, attacking: bool) -> bool:
    """Whether any of ``shooters`` could ever hit one of ``targets`` (submarines and aircraft cannot touch each
    other without a destroyer [E L66, L100])."""
    for i in shooters:
        if not _value(s, i, attacking):
            continue
        cat = _category(s, i, spotted)
        for t in targets:
            if cat == "no_air" and air(s, t) or cat == "no_sub" and _flag(s, t, "hidden_from_aircraft"):
                continue
            return True
    return False
