"""Air-Naval Combat bookkeeping: kamikaze attacks (AE 9.13a-c) and attacks on port facilities (AE 8.7)."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import data, places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import Kamikaze, PortAttack
from assistant.games.asia_engulfed.rules.naval_combat import apply_results
from assistant.games.asia_engulfed.state import AEState
from events.base import Event


def kamikaze(cmd: Kamikaze, s: AEState, ctx: Context) -> list[Event]:
    if s.phase != "air_naval_combat":
        raise Refused("kamikazes attack in the Air-Naval Combat Phase", rule="AE 9.13a")
    if cmd.sea not in s.board.seas:
        raise Refused(f"{cmd.sea!r} is not a sea zone")
    targets = [p for p in s.pieces.values() if p.at == cmd.sea and places.side(p) == "allies"
               and (places.is_fleet(p) or places.is_land(p) or p.kind == "lba")]
    fleets = {p.id for p in targets}
    for lba, target in cmd.attacks.items():
        p = s.pieces.get(lba)
        if p is None or not places.is_kamikaze(s, p):
            raise Refused(f"{lba}: kamikazes are Japanese non-elite LBA once the Kamikaze marker is at 0",
                          rule="AE 9.13")
        if target not in fleets:
            raise Refused(f"{target}: not an Allied fleet or transport in {s.board.seas[cmd.sea].name}",
                          rule="AE 9.13b")
        zone = s.board.zones.get(p.at)
        if zone is None or cmd.sea not in (zone.seas or ()) or places.contested(s, p.at):
            raise Refused(f"{lba} does not project influence into this sea zone", rule="AE 9.13a")
    order = list(cmd.attacks.items())
    cruisers = [t for t in fleets if s.pieces[t].kind == "ca"]
    if cruisers and s.pieces[order[0][1]].kind != "ca":
        raise Refused("the first kamikaze targets a cruiser fleet when one is present", rule="AE 9.13b")
    hit = [t for _, t in order]
    if len(set(hit)) < len(hit) and set(hit) != fleets:
        raise Refused("no doubling up on a target until every fleet has a kamikaze on it", rule="AE 9.13b")
    roll = ctx.throw(f"kamikaze attacks in {s.board.seas[cmd.sea].name}", len(order))
    k = data.table("kamikaze")
    attacks, results = [], {}
    for (lba, target), die in zip(order, roll.faces, strict=True):
        full = s.pieces[lba].steps >= 2
        result = "miss"
        if full and die >= k["full_destroy"]:
            result = "destroy"
        elif (full and die >= k["full_damage"]) or (not full and die >= k["half_damage"]):
            result = "damage"
        attacks.append((lba, target, die, result))
        results.setdefault(target, []).append(result)
    out: list[Event] = [roll, ev.KamikazeAttack(sea=cmd.sea, attacks=tuple(attacks))]
    out += apply_results(s, cmd.sea, results, cause="kamikaze", dei_destroyed=True)
    out.append(ev.LossesApplied(zone=cmd.sea, losses={lba: s.pieces[lba].steps for lba in cmd.attacks},
                                eliminated=tuple(cmd.attacks), cause="kamikazes are destroyed after firing"))
    return out


def port_attack(cmd: PortAttack, s: AEState, ctx: Context) -> list[Event]:
    """AE 8.7: only the phasing player; each 6 is one point of port damage, at most 3 per port."""
    if s.phase != "air_naval_combat":
        raise Refused("ports are attacked in the Air-Naval Combat Phase", rule="AE 8.7")
    z = s.board.zones.get(cmd.zone)
    if z is None or not places.has_port(s.board, cmd.zone) or s.control.get(cmd.zone) == s.side:
        raise Refused(f"{cmd.zone!r} is not an enemy zone with a port", rule="AE 8.7")
    hit_on = 5 if s.surprise and cmd.first_round else 6  # AE 9.11c: the surprise +1 counts in port attacks
    roll = ctx.throw(f"attack on the port of {z.name}", cmd.attack_steps, targets=(hit_on,) * cmd.attack_steps,
                     hits_when="at_least")
    before = s.port_damage.get(cmd.zone, 0)
    after = min(3, before + sum(1 for f in roll.faces if f >= hit_on))
    return [roll, ev.PortDamaged(zone=cmd.zone, before=before, after=after, cause="port attack")]


