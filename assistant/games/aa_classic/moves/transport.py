"""Transports: loading, unloading, bridging, amphibious landings (A&A §3.3 transport, §6.4, §7.6)."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.moves.capture import capture
from assistant.games.aa_classic.describe import power_words
from assistant.games.aa_classic.moves.common import Emitter, known_space, pick, require_step
from assistant.games.aa_classic.state import State


def room(s: State, transport: int) -> int:
    w = s.world
    used = sum(w.units[u.kind].transport_cost for u in s.units.values() if u.aboard == transport)
    return w.units[s.units[transport].kind].transport_capacity - used


def _coast(s: State, territory: str, zone: str) -> None:
    b = s.world.board
    known_space(s, territory, "territory")
    known_space(s, zone, "sea zone")
    if b.spaces[territory].kind != "land" or b.spaces[zone].kind != "sea" or not b.adjacent(territory, zone):
        raise Refused(f"{territory} is not a coast of the sea zone {zone}", "A&A §7.6")


def load(c: cmd.Load, s: State, ctx: Context) -> list:
    require_step(s, "combat_move", "noncombat_move")
    _coast(s, c.territory, c.zone)
    w = s.world

    def boardable(i: int, u) -> bool:
        m = s.mark(i)
        return w.units[u.kind].transport_cost > 0 and not u.aboard and m.step == "" and not (m.done or m.captured)

    cargo = pick(s, c.territory, s.power, c.units, c.ids, boardable, "board a transport")
    out = Emitter(s)
    try:
        plan = _stow(s, c, cargo)
    except Refused as refusal:
        if not c.override.strip():
            raise
        out(ev.RuleOverridden(command="aa.load", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
        plan = _stow(s, cmd.Load(territory=c.territory, zone=c.zone, transport=c.transport), cargo, strict=False)
    for transport, units in plan.items():
        out(ev.UnitsLoaded(power=s.power, transport=transport, cargo=tuple(units), territory=c.territory, zone=c.zone))
    return out.events


def _stow(s: State, c: cmd.Load, cargo: tuple[int, ...], strict: bool = True) -> dict[int, list[int]]:
    w = s.world
    if strict and s.enemy_units_in(c.zone, s.power):
        raise Refused(f"transports cannot load in {c.zone} while enemy units are there", "A&A §7.6")
    if strict and not s.friendly_territory(c.territory, s.power):
        raise Refused(f"units load only from friendly territory; {c.territory} is not", "A&A §7.6")
    transports = [
        i
        for i, u in s.units.items()
        if u.space == c.zone
        and w.units[u.kind].transport_capacity
        and w.allied(u.owner, s.power)
        and (not strict or not (s.mark(i).done or s.mark(i).battle))
        and (not c.transport or i == c.transport)
    ]
    transports.sort(key=lambda i: (s.units[i].owner != s.power, i))
    if not transports:
        raise Refused(f"no friendly transport able to load in {c.zone}", "A&A §7.6")
    free = {t: room(s, t) for t in transports}
    plan: dict[int, list[int]] = {}
    for i in sorted(cargo, key=lambda i: -w.units[s.units[i].kind].transport_cost):
        need = w.units[s.units[i].kind].transport_cost
        spot = next((t for t in transports if free[t] >= need), None if strict else transports[0])
        if spot is None:
            raise Refused("not enough room: a transport carries 1 or 2 infantry, or 1 tank, or 1 AA gun", "A&A §3.3 (transport)")
        free[spot] -= need
        plan.setdefault(spot, []).append(i)
    return plan


def unload(c: cmd.Unload, s: State, ctx: Context) -> list:
    require_step(s, "combat_move", "noncombat_move")
    _coast(s, c.territory, c.zone)
    w = s.world
    aboard = [
        i
        for i, u in s.units.items()
        if u.space == c.zone and u.owner == s.power and u.aboard and w.units[s.units[u.aboard].kind].transport_capacity
    ]
    wanted = dict(c.units)
    cargo: list[int] = []
    for i in sorted(aboard):
        k = s.units[i].kind
        if not wanted or wanted.get(k, 0) > 0:
            cargo.append(i)
            if wanted:
                wanted[k] -= 1
    if not cargo or any(v > 0 for v in wanted.values()):
        raise Refused(f"{power_words(s.power)} has no such cargo aboard transports in {c.zone}", "A&A §7.6")
    out = Emitter(s)
    try:
        _check_unload(s, c, cargo)
    except Refused as refusal:
        if not c.override.strip():
            raise
        out(ev.RuleOverridden(command="aa.unload", refusal=refusal.reason, rule=refusal.rule or "", reason=c.override))
    transports = tuple(sorted({s.units[i].aboard for i in cargo}))
    combat = s.step == "combat_move"
    waiting = combat and bool(s.enemy_units_in(c.zone, s.power))
    hostile = combat and not s.friendly_territory(c.territory, s.power)
    out(
        ev.UnitsUnloaded(
            power=s.power,
            transports=transports,
            cargo=tuple(cargo),
            zone=c.zone,
            territory=c.territory,
            amphibious=hostile,
            waiting=waiting,
        )
    )
    if combat and not waiting:
        land_cargo(out, c.zone, c.territory, tuple(cargo))
    return out.events


def _check_unload(s: State, c: cmd.Unload, cargo: list[int]) -> None:
    w = s.world
    for i in cargo:
        carrier = s.units[s.units[i].aboard]
        if s.mark(i).boarded and carrier.owner != s.power:
            raise Refused(
                "cargo that boarded an ally's transport this turn lands on a later turn of its own", "A&A §3.3 (transport)"
            )
        if s.mark(s.units[i].aboard).battle and s.mark(s.units[i].aboard).step and s.step == "noncombat_move":
            raise Refused("a transport that fought this turn cannot move or unload now", "A&A §7.4")
    if s.step == "noncombat_move":
        if not s.friendly_territory(c.territory, s.power):
            raise Refused(f"non-combat landings go to friendly territory; {c.territory} is not", "A&A §7.4")
        if s.enemy_units_in(c.zone, s.power):
            raise Refused(f"{c.zone} holds enemy units", "A&A §7.4")
        return
    if s.options.get("restricted_attack") and s.power == "ussr" and s.round == 1:
        raise Refused("optional rule 'restricted attack': the USSR may not attack before its second turn", "A&A Annex IV")
    if s.friendly_territory(c.territory, s.power):
        raise Refused(f"{c.territory} is friendly: landing there is a non-combat move", "A&A §7.4")
    if any("never_attacks" in w.units[s.units[i].kind].flags for i in cargo):
        raise Refused("an AA gun lands only on a friendly coast", "A&A §3.3 (AA gun)")
    if w.board.spaces[c.territory].is_neutral and s.controller(c.territory) == "":
        if s.treasury.get(s.power, 0) < w.tables.neutrality_penalty:
            raise Refused("violating a neutral costs 3 IPC; the treasury cannot pay it", "A&A §7.7")


def land_cargo(out: Emitter, zone: str, territory: str, cargo: tuple[int, ...]) -> None:
    """Landed cargo attacks (amphibious assault), takes an empty enemy territory, or violates a neutral."""
    s = out.state
    if s.enemy_units_in(territory, s.power):
        out(
            ev.BattleJoined(
                battle=territory, space=territory, kind="land", attacker=s.power, units=cargo, came_from=zone, amphibious=True
            )
        )
    elif s.world.board.spaces[territory].is_neutral and s.controller(territory) == "":
        out(ev.NeutralityViolated(power=s.power, territory=territory, penalty=s.world.tables.neutrality_penalty))
        out(*capture(out.state, territory, s.power, "neutral"))
    elif s.world.enemies(s.controller(territory), s.power):
        out(*capture(s, territory, s.power, "amphibious"))
