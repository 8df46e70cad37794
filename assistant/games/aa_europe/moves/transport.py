"""Transports [T L106]: two land units (AA guns included) or one armour; loading and unloading take a unit's whole
move; once it unloads, a transport's move is over, all into one territory; no loading or unloading in a zone with
enemy units [T L31]; after a fight, load or unload but not both, and no more moving; allied transports: load on your
turn, it sails on its owner's, unload on your next [T L54]. Unloading into enemy territory is an amphibious assault."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.describe import possessive
from assistant.games.aa_europe.moves.capture import capture
from assistant.games.aa_europe.moves.common import Emitter, pick, require_phase, require_reason, rule, space_named
from assistant.games.aa_europe.state import State, Unit


def _shore(s: State, territory: str, zone: str) -> None:
    w = s.world
    space_named(s, territory)
    space_named(s, zone)
    if w.is_sea(territory) or not w.is_sea(zone) or not w.adjacent(territory, zone):
        raise Refused(f"{territory} is not a coastal territory of {zone}", rule("transport"))


def _contested(s: State, zone: str) -> bool:
    return any(not u.submerged for _, u in s.enemy_units_in(zone, s.power))


def room_on(s: State, transport: int) -> int:
    w = s.world
    cap = w.units[s.units[transport].kind].transport_capacity
    return cap - sum(w.units[u.kind].transport_cost for u in s.units.values() if u.aboard == transport)


def load(c: cmd.Load, s: State, ctx: Context) -> list:
    require_phase(s, "combat_move", "noncombat_move")
    _shore(s, c.territory, c.zone)
    out = Emitter(s, ctx)
    try:
        cargo, transport = _check_load(s, c)
    except Refused as refusal:
        if not c.override.strip():
            raise
        require_reason(c.override)
        out(ev.RuleOverridden(command="aae.load", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
        cargo = pick(s, c.territory, s.power, c.units, c.ids, lambda i, u: True, "board")
        transport = _overridden_transport(s, c)
    out(ev.UnitsLoaded(power=s.power, transport=transport, cargo=cargo, territory=c.territory, zone=c.zone))
    return out.events


def _overridden_transport(s: State, c: cmd.Load) -> int:
    """An override waives the rules, not the pieces: the cargo goes aboard a friendly transport that is in the zone
    (the one named, else the mover's own first); land units are never left at sea without one."""
    w = s.world
    ships = sorted((i for i, u in s.units.items() if u.space == c.zone and w.units[u.kind].transport_capacity
                    and w.allied(u.owner, s.power)), key=lambda i: (s.units[i].owner != s.power, i))
    if c.transport and c.transport not in ships:
        raise Refused(f"there is no friendly transport #{c.transport} in {c.zone}: an override cannot load onto it "
                      "(add the transport with an edit first)", rule("transport"))
    if not ships:
        raise Refused(f"there is no friendly transport in {c.zone}: an override cannot load without one "
                      "(add the transport with an edit first)", rule("transport"))
    return c.transport or ships[0]


def _check_load(s: State, c: cmd.Load) -> tuple[tuple[int, ...], int]:
    w = s.world
    if _contested(s, c.zone):
        raise Refused(f"{c.zone} holds enemy units: no loading there", rule("combat_move"))

    def boardable(i: int, u: Unit) -> bool:
        m = s.mark(i)
        return w.units[u.kind].transport_cost > 0 and not m.used and not m.done and not m.captured and not m.battle \
            and i not in s.held_until_soviet_turn

    cargo = pick(s, c.territory, s.power, c.units, c.ids, boardable, "board (it has moved, or cannot be carried)",
                 "transport")
    need = sum(w.units[s.units[i].kind].transport_cost for i in cargo)
    ships = [
        i for i, u in s.units.items()
        if u.space == c.zone and w.units[u.kind].transport_capacity and w.allied(u.owner, s.power)
        and (not c.transport or i == c.transport)
    ]
    if not ships:
        raise Refused(f"no friendly transport in {c.zone}", rule("transport"))
    for t in sorted(ships, key=lambda i: (s.units[i].owner != s.power, i)):
        m = s.mark(t)
        if m.done:
            continue  # it has unloaded: its move is over
        if room_on(s, t) >= need:
            return cargo, t
    raise Refused(f"no transport in {c.zone} has room for {need} (two land units, or one armour) and can still load",
                  rule("transport"))


def unload(c: cmd.Unload, s: State, ctx: Context) -> list:
    require_phase(s, "combat_move", "noncombat_move")
    _shore(s, c.territory, c.zone)
    out = Emitter(s, ctx)
    try:
        cargo, transports, waiting = _check_unload(s, c)
    except Refused as refusal:
        if not c.override.strip():
            raise
        require_reason(c.override)
        out(ev.RuleOverridden(command="aae.unload", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
        cargo = tuple(i for i, u in s.units.items() if u.space == c.zone and u.owner == s.power and u.aboard
                      and (not c.units or u.kind in c.units))
        if not cargo:  # an override waives the rules, not the pieces
            raise Refused(f"{s.world.name(s.power)} has no cargo aboard in {c.zone} to land", rule("transport"))
        transports, waiting = tuple(sorted({s.units[i].aboard for i in cargo})), False
    w = s.world
    enemy = w.enemies(s.controller(c.territory), s.power)
    amphibious = s.phase == "combat_move" and enemy
    out(ev.UnitsUnloaded(power=s.power, transports=transports, cargo=cargo, zone=c.zone, territory=c.territory,
                         amphibious=amphibious, waiting=waiting))
    if not amphibious:
        return out.events
    if waiting or s.enemy_units_in(c.territory, s.power, guns=True):
        out(ev.BattleJoined(battle=c.territory, space=c.territory, kind="land", attacker=s.power, units=cargo,
                            came_from=c.zone, amphibious=True))
    else:
        out(*capture(out.state, c.territory, s.power, "unoccupied"))
    return out.events


def _check_unload(s: State, c: cmd.Unload) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    w = s.world
    waiting = False
    if _contested(s, c.zone):
        battle = s.battles.get(c.zone)
        if s.phase != "combat_move" or battle is None or battle.outcome:
            raise Refused(f"{c.zone} holds enemy units: no unloading there", rule("combat_move"))
        waiting = True  # the sea battle comes first; the landing follows if it is won [E L52]
    if s.phase == "noncombat_move" and not s.friendly(c.territory, s.power):
        raise Refused(f"{c.territory} is not friendly: the non-combat move unloads on friendly land only",
                      rule("noncombat_move"))
    aboard = [
        (i, u) for i, u in s.units.items()
        if u.space == c.zone and u.owner == s.power and u.aboard in s.units
        and w.units[s.units[u.aboard].kind].transport_capacity
    ]
    able = []
    for i, u in aboard:
        ship = s.units[u.aboard]
        if ship.owner != s.power and s.mark(i).boarded:
            continue  # loaded on an ally's transport this turn: it lands on your next turn [T L54]
        if s.mark(i).boarded and s.mark(i).phase == "noncombat_move" and s.mark(u.aboard).fought_at_sea:
            continue  # after its fight a transport loads or unloads, not both [T L106] (ruling: see docs/rulings.md)
        if s.mark(u.aboard).done or s.mark(i).landing:
            continue
        able.append((i, u))
    wanted = dict(c.units)
    chosen: list[int] = []
    for i, u in sorted(able, key=lambda x: x[0]):
        if not wanted:
            chosen.append(i)
        elif wanted.get(u.kind, 0) > 0:
            wanted[u.kind] -= 1
            chosen.append(i)
    if any(n > 0 for n in wanted.values()) or not chosen:
        if any(s.units[u.aboard].owner != s.power and s.mark(i).boarded for i, u in aboard):
            raise Refused(f"{possessive(s.power)} cargo in {c.zone} went aboard an ally's transport this turn: it can "
                          f"land on {possessive(s.power)} next turn, not this one", rule("allied_transport"))
        raise Refused(f"{w.name(s.power)} has no such cargo able to land from {c.zone}", rule("transport"))
    transports = tuple(sorted({s.units[i].aboard for i in chosen}))
    return tuple(chosen), transports, waiting
