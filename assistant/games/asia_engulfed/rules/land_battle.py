"""Land combat with the limits on who fights: the one Chinese force that attacks (AE 9.43) and the air units that
may fly over the battle (AE 6.5-6.53, 7.24). Each move checks those limits, then resolves the round as combat.py
does, seeing only the units that take part."""

from __future__ import annotations

from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import AirToAir, ApplyLosses, Fire
from assistant.games.asia_engulfed.rules import air_combat, air_commitment, carrier_air, chinese_attack, combat
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

# What the side left alone in a zone brings: none of it while the force that did not attack is still there.
_ZONE_TAKEN = (ev.ControlChanged, ev.FreeStepsGranted, ev.AirBaseLost)


def _without(s: AEState, ids: set[str]) -> AEState:
    return replace(s, pieces={k: v for k, v in s.pieces.items() if k not in ids}) if ids else s


def fire(cmd: Fire, s: AEState, ctx: Context) -> list[Event]:
    if s.phase != "land_combat" or cmd.zone not in s.board.zones:
        return combat.fire(cmd, s, ctx)  # refuses, naming the phase or the zone
    side = s.side if cmd.side == "attacker" else places.enemy(s.side)
    out: list[Event] = []
    force = chinese_attack.attacking_force(s, cmd)
    if force and cmd.zone not in s.chinese_attackers:
        out.append(ev.ChineseAttackerChosen(zone=cmd.zone, force=force))
    committed: list[Event] = []
    if cmd.air_support:
        committed.append(air_commitment.commit(s, cmd.zone, air_commitment.GROUND_SUPPORT, tuple(cmd.air_support)))
        cmd = replace(cmd, support=carrier_air.support_from(s, cmd, side), air_support={})
    # The force that does not attack neither fires nor is fired at; Japan's defending fire still sees both forces
    # (its Hit-bonus holds « toujours » while both are in the zone, AE 9.43), its hits go to the attacking force.
    view = _without(s, chinese_attack.others(s, cmd.zone, force) if force and cmd.side == "attacker" else set())
    return out + list(combat.fire(cmd, view, ctx)) + committed


def forced_losses(s: AEState, cmd: ApplyLosses) -> dict[str, int]:
    """The losses when the hits leave no choice (AE 6.25): one side owes hits in the zone and has a single land unit
    there, or fewer steps than the hits; {} otherwise (the table names them)."""
    owing = [k.rsplit(":", 1)[1] for k, v in s.land_hits.items() if v and k.rsplit(":", 1)[0] == cmd.zone]
    if len(owing) != 1 or chinese_attack.sidelined(s, cmd.zone):
        return {}
    side = owing[0]
    if side == "japan" and cmd.zone in places.HOME_ISLANDS and s.track(f"hdf_{cmd.zone}"):
        return {}  # the Home Defense Force may take them too
    units = places.land_at(s, cmd.zone, side)
    due = s.land_hits[f"{cmd.zone}:{side}"]
    if len(units) == 1:
        return {units[0].id: min(due, units[0].steps)}
    if units and sum(p.steps for p in units) <= due:
        return {p.id: p.steps for p in units}
    return {}


def apply_losses(cmd: ApplyLosses, s: AEState, ctx: Context) -> list[Event]:
    if not cmd.losses and not cmd.hdf:  # nothing named: the hits may leave no choice
        cmd = replace(cmd, losses=forced_losses(s, cmd))
    aside = chinese_attack.sidelined(s, cmd.zone)
    named = aside & set(cmd.losses)
    if named:
        force = chinese_attack.NAMES[s.chinese_attackers[cmd.zone]]
        raise Refused(f"{', '.join(sorted(named))} did not attack: {force} alone take the losses", rule="AE 9.43")
    losing_allies = any(p in s.pieces and places.side(s.pieces[p]) == "allies" for p in cmd.losses)
    if not aside or not losing_allies:
        return combat.apply_losses(cmd, s, ctx)
    # The zone stays contested while the force that did not attack is there, so the enemy is not wiped out.
    out: list[Event] = []
    for e in combat.apply_losses(cmd, _without(s, aside), ctx):
        if isinstance(e, ev.LossesApplied) and e.cause == "banzai":
            e = _banzai_die(s, cmd.zone)
        if not isinstance(e, _ZONE_TAKEN):
            out.append(e)
    return out


def _banzai_die(s: AEState, zone: str) -> ev.LossesApplied:
    """AE 9.14: every Japanese unit that made a Banzai attack dies, the Chinese in the zone not all gone."""
    gone = {p: s.pieces[p].steps for p in s.banzai.get(zone, ()) if p in s.pieces and s.pieces[p].nation == "japan"}
    return ev.LossesApplied(zone=zone, losses=gone, eliminated=tuple(gone), cause="banzai")


def air_to_air(cmd: AirToAir, s: AEState, ctx: Context) -> list[Event]:
    carrier_air.check_air_combat(s, cmd)
    if s.phase != "land_combat" or cmd.where not in s.board.zones:
        return air_combat.air_to_air(cmd, s, ctx)
    committed = air_commitment.commit(s, cmd.where, air_commitment.AIR_COMBAT, (*cmd.japan, *cmd.allies))
    if combat.next_to_fire(s, cmd.where) == "attacker":  # the round is under way: its air combat came first
        raise Refused(f"air combat opens a round at {s.board.zones[cmd.where].name}, before the defender fires: "
                      "this round's defender has fired, the attacker fires next", rule="AE 6.22, 6.31")
    return [*air_combat.air_to_air(cmd, s, ctx), committed]
