"""One side's force in a battle: its casualty order and how it takes hits (the casualty policy).

A side's state is the tuple of its units still standing in casualty order (first lost first) plus how many two-hit
battleships are damaged; ``Side`` names which of its units fire, with what, and who is lost to each kind of hit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.families.axis_allies.battle import BattleRules, UnitProfile


def default_order(counts: Mapping[str, int], profiles: Mapping[str, UnitProfile], attacking: bool, land: bool) -> list[str]:
    """Cheapest first (then weakest in this role); an attacker on land keeps its last land unit to the end."""

    def key(name: str) -> tuple[int, int, str]:
        p = profiles[name]
        return (p.cost, p.attack if attacking else p.defence, name)

    order = [name for name in sorted(counts, key=key) for _ in range(counts[name])]
    if attacking and land:
        takers = [i for i, name in enumerate(order) if profiles[name].can_take_territory]
        if takers:
            order.append(order.pop(takers[-1]))
    return order


def expand_order(given: Sequence[str], counts: Mapping[str, int]) -> list[str]:
    if sorted(given) == sorted(n for n, c in counts.items() for _ in range(c)):
        return list(given)
    if len(set(given)) == len(given) and set(given) >= {n for n, c in counts.items() if c}:
        return [name for name in given for _ in range(counts.get(name, 0))]
    raise ValueError(
        "a casualty order names every unit once (one name per unit) or every unit type once; "
        f"got {list(given)} for forces {dict(counts)}"
    )


SideState = tuple[tuple[int, ...], int]  # (type indices left, first-lost first; damaged two-hit units)


class Side:
    """One side's unit types (indexed) and how it takes hits: the casualty policy."""

    def __init__(self, names: Sequence[str], profiles: Mapping[str, UnitProfile], attacking: bool, rules: BattleRules):
        self.names = list(dict.fromkeys(names))
        index = {n: i for i, n in enumerate(self.names)}
        self.start: SideState = (tuple(index[n] for n in names), 0)
        ps = [profiles[n] for n in self.names]
        self.profiles = ps
        self.aircraft = [p.is_aircraft for p in ps]
        self.two_hit = [p.is_battleship and rules.two_hit_battleships for p in ps]
        self.taker = [p.can_take_territory for p in ps]
        sub_first = rules.attacker_subs_first_strike if attacking else rules.defender_subs_first_strike
        self.first_strike = [p.is_submarine and sub_first for p in ps]
        # A submarine's hits never fall on aircraft (unless the rules say otherwise).
        self.restricted = [p.is_submarine and not rules.subs_can_hit_aircraft for p in ps]
        self.destroyer = [p.is_destroyer for p in ps]
        self.submarine = [p.is_submarine for p in ps]
        self.artillery = [p.is_artillery and attacking and rules.artillery_support for p in ps]
        self.supported = [p.artillery_supported and attacking and rules.artillery_support for p in ps]
        self.needs_destroyer = rules.aircraft_need_destroyer_vs_subs
        self.value = [p.attack if attacking else p.defence for p in ps]
        self.dice = [p.attack_dice if attacking else 1 for p in ps]
        self._take: dict[tuple[SideState, int, int, bool], SideState] = {}
        self._hp: dict[SideState, int] = {}
        self._groups: dict[tuple[SideState, bool], tuple] = {}

    def hp(self, state: SideState) -> int:
        hp = self._hp.get(state)
        if hp is None:
            units, damaged = state
            hp = self._hp[state] = len(units) + sum(1 for t in units if self.two_hit[t]) - damaged
        return hp

    def has_first_strike(self, state: SideState) -> bool:
        return any(self.first_strike[t] for t in state[0])

    def has_destroyer(self, state: SideState) -> bool:
        return any(self.destroyer[t] for t in state[0])

    def spots_submarines(self, state: SideState) -> bool:
        return not self.needs_destroyer or self.has_destroyer(state)

    def eligible_hp_no_sub(self, state: SideState) -> int:
        units, damaged = state
        return sum((2 if self.two_hit[t] else 1) for t in units if not self.submarine[t]) - damaged

    def eligible_hp(self, state: SideState, aircraft_ok: bool) -> int:
        units, damaged = state
        return sum((2 if self.two_hit[t] else 1) for t in units if aircraft_ok or not self.aircraft[t]) - damaged

    def take(
        self, state: SideState, restricted: int, unrestricted: int, aircraft_only: bool = False, no_sub: int = 0
    ) -> SideState:
        """Apply hits: ``restricted`` ones (never aircraft) first, then ``no_sub`` ones (never submarines), then
        the others.

        Undamaged two-hit units soak hits first (the usual choice: damage costs nothing);
        otherwise the first eligible unit in casualty order is lost. Hits with no
        eligible target are wasted. ``aircraft_only`` is AA fire (aircraft only).
        """
        key = (state, restricted, unrestricted, aircraft_only, no_sub)
        hit = self._take.get(key)
        if hit is not None:
            return hit
        units, damaged = list(state[0]), state[1]
        for kind in ("no_air",) * restricted + ("no_sub",) * no_sub + ("any",) * unrestricted:
            if not aircraft_only and sum(1 for t in units if self.two_hit[t]) > damaged:
                damaged += 1
                continue
            for i, t in enumerate(units):
                barred = (kind == "no_air" and self.aircraft[t]) or (kind == "no_sub" and self.submarine[t])
                if (aircraft_only and self.aircraft[t]) or (not aircraft_only and not barred):
                    units.pop(i)
                    if self.two_hit[t]:
                        damaged -= 1
                    break
        result = (tuple(units), damaged)
        self._take[key] = result
        return result

    def counts(self, state: SideState) -> list[int]:
        out = [0] * len(self.names)
        for t in state[0]:
            out[t] += 1
        return out

    def fire_groups(self, state: SideState, first_strike: bool, surprise: bool = True, spotted: bool = True) -> tuple:
        """(value, dice) groups firing now: (restricted, unrestricted, no_sub). ``surprise``: this side's
        submarines strike first this round (else they fire with the others); ``spotted``: its aircraft may hit
        submarines."""
        key = (state, first_strike, surprise, spotted)
        groups = self._groups.get(key)
        if groups is not None:
            return groups
        restricted: dict[int, int] = {}
        free: dict[int, int] = {}
        no_sub: dict[int, int] = {}
        boost = min(sum(1 for t in state[0] if self.artillery[t]), sum(1 for t in state[0] if self.supported[t]))
        for t in state[0]:
            value = self.value[t]
            if self.supported[t] and boost:
                value, boost = value + 1, boost - 1
            if (self.first_strike[t] and surprise) != first_strike or value <= 0:
                continue
            if self.restricted[t]:
                bucket = restricted
            elif self.aircraft[t] and not spotted:
                bucket = no_sub
            else:
                bucket = free
            bucket[value] = bucket.get(value, 0) + self.dice[t]
        groups = self._groups[key] = (
            tuple(sorted(restricted.items())), tuple(sorted(free.items())), tuple(sorted(no_sub.items()))
        )
        return groups
