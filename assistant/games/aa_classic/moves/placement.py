"""Step 5: placing what was bought (A&A §4.5): at complexes held since the start of the turn, within their
production limits; ships in a friendly sea zone next to the complex; new complexes in territory held since then."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.describe import power_words, unit_words
from assistant.games.aa_classic.moves.common import Emitter, known_space, require_step
from assistant.games.aa_classic.state import State


def capacity(s: State, territory: str, power: str) -> int | None:
    """Units a complex produces per turn: None (unlimited) for an original complex in its original owner's hands,
    otherwise the territory's value, at least 1 (0-value and neutral territories: 1 unit)."""
    if s.complexes.get(territory) and s.world.board.spaces[territory].original_owner == power:
        return None
    return max(s.world.value(territory), 1)


def usable(s: State, territory: str, power: str) -> bool:
    """A complex the power held at the start of its turn (not placed or captured this turn)."""
    return (
        territory in s.complexes
        and territory not in s.new_complexes
        and territory in s.controlled_at_start
        and s.controller(territory) == power
    )


def room(s: State, territory: str, power: str) -> int:
    cap = capacity(s, territory, power)
    return 10**6 if cap is None else cap - s.placed.get(territory, 0)


def _full(s: State, territory: str, power: str) -> str:
    """Why a complex takes no more: only an original complex in its original owner's hands is unlimited; any other
    (captured, or built during the game) produces up to its territory's value each turn, at least 1 (A&A §4.5)."""
    which = "a captured complex" if s.complexes.get(territory) else "a complex built during the game"
    value = s.world.value(territory)
    worth = f"{territory} is worth {value} IPC" if value else f"{territory} is worth 0 IPC, so 1 unit"
    placed = s.placed.get(territory, 0)
    return (f"the complex at {territory} can produce {room(s, territory, power)} more this turn: {which} produces "
            f"up to its territory's value each turn ({worth}; {placed} placed there already)")


def place(c: cmd.Place, s: State, ctx: Context) -> list:
    require_step(s, "placement")
    power = s.power
    known_space(s, c.space)
    if c.complex:  # checked before any override: it bends rules, not the board
        known_space(s, c.complex, "complex territory")
    for kind, count in c.units.items():
        if count <= 0:
            raise Refused(f"a count of {unit_words(kind, 2)} to place must be positive, not {count}", "A&A §4.5")
        if s.purchased.get(kind, 0) < count:
            bought = s.purchased.get(kind, 0)
            raise Refused(f"{power_words(power)} has {bought} {unit_words(kind, bought)} waiting to be placed, "
                          f"not {count}", "A&A §4.5")
    if not c.units:
        raise Refused("name the units to place", "A&A §4.5")
    out = Emitter(s)
    try:
        source = _check(s, c)
    except Refused as refusal:
        if not c.override.strip():
            raise
        out(ev.RuleOverridden(command="aa.place", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
        source = c.complex
    if "industrial_complex" in c.units:
        out(ev.ComplexPlaced(power=power, territory=c.space))
        return out.events
    lines = []
    next_id = s.next_id
    for kind, count in sorted(c.units.items()):
        for _ in range(count):
            lines.append(ev.UnitLine(id=next_id, kind=kind, owner=power, space=c.space))
            next_id += 1
    out(ev.UnitsPlaced(power=power, space=c.space, complex=source, units=tuple(lines)))
    return out.events


def _check(s: State, c: cmd.Place) -> str:
    w, power = s.world, s.power
    n = sum(c.units.values())
    if "industrial_complex" in c.units:
        if len(c.units) > 1 or n > 1:
            raise Refused("place an industrial complex on its own, one per territory", "A&A §4.5")
        if w.is_sea(c.space) or c.space not in s.controlled_at_start or s.controller(c.space) != power:
            raise Refused(f"a new complex goes in a territory held since the start of the turn; not {c.space}", "A&A §4.5")
        if c.space in s.complexes:
            raise Refused(f"{c.space} already has an industrial complex", "A&A §4.5")
        return ""
    sea_units = [k for k in c.units if w.domain(k) == "sea"]
    if w.is_sea(c.space):
        if len(sea_units) != len(c.units):
            raise Refused("only naval units are placed in a sea zone", "A&A §4.5")
        if s.enemy_units_in(c.space, power) and not s.options.get("enemy_zone_placement"):
            raise Refused(f"{c.space} holds enemy units: new ships go to a friendly sea zone", "A&A §4.5")
        options = [t for t in w.neighbours(c.space) if usable(s, t, power)]
        if c.complex:
            options = [t for t in options if t == c.complex]
        if not options:
            raise Refused(f"no complex of {power_words(power)} held since the start of the turn borders {c.space}", "A&A §4.5")
        fits = [t for t in options if room(s, t, power) >= n]
        if not fits:
            raise Refused(_full(s, options[0], power), "A&A §4.5")
        return fits[0]
    if sea_units:
        raise Refused("naval units are placed in a sea zone next to the complex", "A&A §4.5")
    if not usable(s, c.space, power):
        raise Refused(f"{power_words(power)} has no complex at {c.space} held since the start of the turn", "A&A §4.5")
    if room(s, c.space, power) < n:
        raise Refused(_full(s, c.space, power), "A&A §4.5")
    if "aa_gun" in c.units:
        already = any(u.space == c.space and "one_per_territory" in w.units[u.kind].flags for u in s.units.values())
        if c.units["aa_gun"] > 1 or already:
            raise Refused(f"one AA gun per territory; {c.space} would have two", "A&A §3.3 (AA gun)")
    return c.space


def placeable(s: State) -> dict[str, list[str]]:
    """Each kind still waiting that one more unit of could be placed now, with where (A&A §4.5): what the
    placement step must not end without."""
    w = s.world
    spaces = sorted({*s.complexes, *s.controlled_at_start,
                     *(z for t in s.complexes for z in w.neighbours(t) if w.is_sea(z))})
    out: dict[str, list[str]] = {}
    for kind in sorted(s.purchased):
        for space in spaces:
            try:
                _check(s, cmd.Place(space=space, units={kind: 1}))
            except Refused:
                continue
            out.setdefault(kind, []).append(space)
    return out

