"""Phase 5 [T L73, L86]: new land and air units at a complex held since the start of the turn, ships in a sea zone
next to one (enemy ships there do not stop it); unlimited on the power's national territory, at most the
territory's value on a captured one (ships included, ruling R26); Great Britain may place any or all in Canada and
ships next to it; new aircraft never go straight onto a carrier."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.common import Emitter, require_phase, require_reason, rule, space_named
from assistant.games.aa_europe.state import State

CANADA = "Canada"
UNLIMITED = 10**6


def national(s: State, territory: str, power: str) -> bool:
    """Part of the power's own territory: held by it when the game began (ruling R27) — or Canada for Britain."""
    return s.world.spaces[territory].owner == power or (territory == CANADA and power == "uk")


def usable(s: State, territory: str, power: str) -> bool:
    ok_site = territory in s.complexes or (territory == CANADA and power == "uk")
    return ok_site and territory in s.controlled_at_start and s.controller(territory) == power


def room(s: State, territory: str, power: str) -> int:
    if national(s, territory, power):
        return UNLIMITED
    return s.world.value(territory) - s.placed.get(territory, 0)


def place(c: cmd.Place, s: State, ctx: Context) -> list:
    require_phase(s, "placement")
    space_named(s, c.space)
    power = s.power
    if not c.units:
        raise Refused("name the units to place", rule("placement"))
    for kind, count in c.units.items():
        if not 0 < count <= s.purchased.get(kind, 0):
            raise Refused(f"{s.world.name(power)} has {s.purchased.get(kind, 0)} {kind} to place, not {count}",
                          rule("placement"))
    for kind in c.units:
        domain = s.world.domain(kind)
        # an override waives the rules, not the board: ships stay at sea, land units on land
        if domain != "air" and (domain == "sea") != s.world.is_sea(c.space):
            where = "a sea zone next to the complex" if domain == "sea" else "a territory with the complex"
            raise Refused(f"{kind} cannot stand in {c.space}: it is placed in {where}", rule("placement"))
    out = Emitter(s, ctx)
    try:
        source = _check(s, c)
    except Refused as refusal:
        if not c.override.strip():
            raise
        require_reason(c.override)
        out(ev.RuleOverridden(command="aae.place", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
        source = c.complex or c.space
    lines, nxt = [], s.next_id
    for kind, count in sorted(c.units.items()):
        for _ in range(count):
            lines.append(ev.UnitLine(id=nxt, kind=kind, owner=power, space=c.space))
            nxt += 1
    out(ev.UnitsPlaced(power=power, space=c.space, complex=source, units=tuple(lines)))
    return out.events


def _check(s: State, c: cmd.Place) -> str:
    w, power = s.world, s.power
    n = sum(c.units.values())
    naval = [k for k in c.units if w.domain(k) == "sea"]
    if w.is_sea(c.space):
        if len(naval) != len(c.units):
            raise Refused("only naval units are placed at sea; new aircraft never go straight onto a carrier",
                          rule("placement"))
        options = [t for t in w.spaces[c.space].borders if usable(s, t, power)]
        if c.complex:
            options = [t for t in options if t == c.complex]
        if not options:
            raise Refused(f"no complex of {w.name(power)} held since the start of the turn borders {c.space}",
                          rule("placement"))
        fits = [t for t in options if room(s, t, power) >= n]
        if not fits:
            raise Refused(f"{options[0]} can produce {room(s, options[0], power)} more this turn (a captured complex: "
                          "its territory's value)", rule("complex"))
        return fits[0]
    if naval:
        raise Refused("naval units are placed in a sea zone next to the complex", rule("placement"))
    if not usable(s, c.space, power):
        raise Refused(f"{w.name(power)} has no complex at {c.space} held since the start of the turn", rule("placement"))
    if room(s, c.space, power) < n:
        raise Refused(f"{c.space} can produce {room(s, c.space, power)} more this turn (a captured complex: its "
                      "territory's value)", rule("complex"))
    return c.space
