"""What the moment offers, computed from the state for the table's forms (``Move.when`` and ``Move.choices``).

For showing only: each move's ``run`` still refuses what the rules forbid, naming the rule.
"""

from __future__ import annotations

from collections import Counter

from assistant.games.aa_classic import geography as geo
from assistant.games.aa_classic.moves.battle import candidates, required
from assistant.games.aa_classic.moves.movement import can_move
from assistant.games.aa_classic.moves.placement import capacity, room, usable
from assistant.games.aa_classic.moves.transport import room as hold
from assistant.games.aa_classic.state import State


def movers(s: State) -> dict[str, int]:
    """Spaces where the power has units that may still move in this step, and how many (a unit that fought, or
    moved in the combat move, is left out of the non-combat move: A&A §7.4)."""
    found = Counter(u.space for i, u in s.units.items() if u.owner == s.power and can_move(s, i, u))
    return dict(sorted(found.items()))


def rocket_targets(s: State) -> dict[str, tuple[str, ...]]:
    """Launcher -> enemy complexes in range, for a power with Rockets that has not fired this turn (A&A §5.2)."""
    w = s.world
    if not s.has_tech(s.power, "rockets") or s.rocket_fired:
        return {}
    launchers = sorted({u.space for i, u in s.units.items()
                        if u.owner == s.power and not u.aboard and "anti_aircraft" in w.units[u.kind].flags
                        and not s.mark(i).captured})
    targets = [t for t in s.complexes if w.enemies(s.controller(t), s.power)]
    out = {}
    for launcher in launchers:
        near = tuple(sorted(t for t in targets
                            if (d := geo.distance(w.board, launcher, t, "air")) is not None and d <= w.tables.rocket_range))
        if near:
            out[launcher] = near
    return out


def _transports(s: State) -> list[int]:
    w = s.world
    return [i for i, u in s.units.items()
            if u.owner == s.power and w.units[u.kind].transport_capacity and not (s.mark(i).done or s.mark(i).battle)]


def load_zones(s: State) -> tuple[str, ...]:
    """Sea zones where the power's transports have room (A&A §7.6)."""
    return tuple(sorted({s.units[i].space for i in _transports(s) if hold(s, i) > 0}))


def load_coasts(s: State) -> tuple[str, ...]:
    """Territories next to those zones where the power has units able to board."""
    w, zones = s.world, load_zones(s)
    return tuple(sorted({u.space for u in s.units.values()
                         if u.owner == s.power and not u.aboard and w.units[u.kind].transport_cost > 0
                         and any(w.board.adjacent(u.space, z) for z in zones)}))


def unload_zones(s: State) -> tuple[str, ...]:
    """Sea zones where the power's transports carry cargo."""
    w = s.world
    return tuple(sorted({u.space for u in s.units.values()
                         if u.owner == s.power and u.aboard and w.units[s.units[u.aboard].kind].transport_capacity}))


def unload_coasts(s: State) -> tuple[str, ...]:
    w = s.world
    return tuple(sorted({t for z in unload_zones(s) for t in w.neighbours(z) if not w.is_sea(t)}))


def placements(s: State) -> list[tuple[str, int | None]]:
    """Where the units bought may go now: the power's usable complexes with the units each may still take
    (None: no limit), then the sea zones next to them for ships (A&A §4.5)."""
    w, power = s.world, s.power
    complexes = [(t, None if capacity(s, t, power) is None else room(s, t, power))
                 for t in sorted(s.complexes) if usable(s, t, power)]
    out = [(t, left) for t, left in complexes if left is None or left > 0]
    if any(w.domain(k) == "sea" for k in s.purchased):
        zones = sorted({z for t, _ in out for z in w.neighbours(t) if w.is_sea(z)})
        out += [(z, None) for z in zones]
    return out


def suggested_casualties(s: State, key: str) -> dict[str, int]:
    """The usual choice for the hits waiting in a battle, offered pre-filled: the cheapest units first, the hits
    that only ships can take (submarine fire) on the cheapest units that are not aircraft (A&A §6.1)."""
    b = s.battles.get(key)
    if b is None or b.pending is None:
        return {}
    w, p = s.world, b.pending
    pool = sorted(candidates(s, b, p), key=lambda i: (w.units[s.units[i].kind].cost, s.units[i].kind, i))
    need = required(s, pool, p)
    ships = [i for i in pool if w.domain(s.units[i].kind) != "air"][: p.ships_only]
    rest = [i for i in pool if i not in ships][: max(0, need - len(ships))]
    return dict(Counter(s.units[i].kind for i in ships + rest))
