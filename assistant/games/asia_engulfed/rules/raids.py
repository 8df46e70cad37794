"""Port and airbase attacks (AE 8.7), the phasing player's only, in a sea zone left with no enemy fleet after the
interceptions: LBA from uncontested zones bordering the sea zone and CBA in it attack an enemy zone in or bordering
it that has a port (port attack) or that is uncontested and holds an enemy LBA (airbase attack). One such attack
per air unit per turn. The attacker assigns each unit to Escort or Port Attack; every defending air unit (CBA on
carriers in port too) flies CAP. Air combat as AE 8.42d; AA (fleets in port plus the port's dice) only when a unit
attacks the port (ruling [42]); then each port attacker fires at a fleet in port (8.42f, +1) or at the facilities
(each 6 one damage point, at most 3). The Pearl Harbor surprise attack (AE 9.11j) is this attack on Hawaii."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed import events_air as ea
from assistant.games.asia_engulfed.commands_air import AttackPort, StrikePort
from assistant.games.asia_engulfed.rules import pearl_harbor
from assistant.games.asia_engulfed.rules.air_missions import aa_dice, battle_at, no_owed, side_name, units
from assistant.games.asia_engulfed.places import is_kamikaze
from assistant.games.asia_engulfed.rules.naval_combat import apply_results
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

MAX_PORT_DAMAGE = 3


def attack_port(cmd: AttackPort, s: AEState, ctx: Context) -> list[Event]:
    if s.phase != "air_naval_combat":
        raise Refused("ports and airbases are attacked in the Air-Naval Combat Phase", rule="AE 1.14, 8.7")
    zone = s.board.zones.get(cmd.zone)
    if zone is None or cmd.sea not in s.board.seas or cmd.sea not in (zone.seas or ()):
        raise Refused(f"{cmd.zone!r} is not a zone in or bordering the sea zone {cmd.sea!r}", rule="AE 8.7")
    side, enemy = s.side, places.enemy(s.side)
    if s.control.get(cmd.zone) != enemy:
        raise Refused(f"{zone.name} is not an enemy zone", rule="AE 8.7")
    if cmd.zone in s.battles:
        raise Refused(f"an attack on {zone.name} is already open", rule="AE 8.7")
    surprise_attack = s.surprise and cmd.zone == pearl_harbor.PORT and cmd.sea == pearl_harbor.SEA and s.pearl == ""
    second = not surprise_attack and pearl_harbor.second_attack(s, cmd.zone, cmd.sea)
    if not surprise_attack and any(p.at == cmd.sea and places.is_fleet(p) and places.side(p) == enemy
                                   for p in s.pieces.values()):
        raise Refused(f"an enemy fleet is still at sea in {s.board.seas[cmd.sea].name}", rule="AE 8.7")
    if surprise_attack and side != "japan":
        raise Refused("the surprise port attack is Japan's", rule="AE 9.11j")
    defenders = _defending_air(s, cmd.zone, enemy)
    enemy_lba = [p for p in defenders if p.kind == "lba"]
    if cmd.port_attack and not places.has_port(s.board, cmd.zone):
        raise Refused(f"{zone.name} has no port bordering the sea zone: no Port Attack mission", rule="AE 8.7")
    if not cmd.port_attack and not (enemy_lba and not places.contested(s, cmd.zone)):
        raise Refused("an airbase attack needs an uncontested zone holding an enemy LBA; otherwise assign Port "
                      "Attack units", rule="AE 8.7")
    missions: dict[str, str] = {}
    for mission, ids in (("escort", cmd.escort), ("port_attack", cmd.port_attack)):
        for u in ids:
            if u in missions:
                raise Refused(f"{u}: one mission per air unit (units are not split)", rule="AE 8.7")
            _attacker(s, u, cmd.sea, side, second)
            missions[u] = mission
    if not missions:
        raise Refused("assign at least one air unit to Escort or Port Attack", rule="AE 8.7")
    grounded = tuple(p.id for p in enemy_lba) if surprise_attack else ()
    if cmd.strafe and not surprise_attack:
        raise Refused("Escorts fire at grounded LBA only in the Pearl Harbor surprise attack", rule="AE 9.11j")
    if any(missions.get(u) != "escort" for u in cmd.strafe):
        raise Refused("the units firing at the grounded LBA are Escort units", rule="AE 9.11j")
    for p in defenders:
        if p.id not in grounded:
            missions[p.id] = "cap"
    # AE 9.11c: port attacks that are the first attacks in their sea zone; at Hawaii it is spent by the surprise
    # attack (the sea zone counts as fought from then on).
    bonus = s.surprise and side == "japan" and cmd.sea not in s.fought_seas and not second
    return [ea.RaidOpened(zone=cmd.zone, sea=cmd.sea, missions=missions, grounded=grounded,
                          strafe=tuple(cmd.strafe), bonus=bool(bonus), surprise_attack=surprise_attack,
                          second=second)]


def _defending_air(s: AEState, zone: str, enemy: str) -> list:
    """Every defending air unit flies CAP: LBA in the zone, CBA on carriers in its port (AE 8.7); kamikazes never
    fight in the air (AE 9.13)."""
    out = []
    for p in s.pieces.values():
        if not places.is_air(p) or places.side(p) != enemy or is_kamikaze(s, p):
            continue
        if places.fleet_zone(s, p) == zone:
            out.append(p)
    return sorted(out, key=lambda p: p.id)


def _attacker(s: AEState, u: str, sea: str, side: str, second: bool) -> None:
    p = s.pieces.get(u)
    if p is None or not places.is_air(p) or places.side(p) != side:
        raise Refused(f"{u}: an air unit of {side_name(side)}", rule="AE 8.7")
    if is_kamikaze(s, p):
        raise Refused(f"{u} is a kamikaze: no port or airbase attack", rule="AE 9.13")
    if u in s.raided and not second:
        raise Refused(f"{u} already made its port or airbase attack this turn", rule="AE 8.7")
    if p.kind == "cba":
        cv = s.pieces.get(p.at)
        if cv is None or cv.at != sea:
            raise Refused(f"{u}: CBA attack from carriers in the sea zone", rule="AE 8.7")
        return
    if second:
        raise Refused("the second port attack at Hawaii is made by the surviving Japanese CBA", rule="AE 9.11k")
    zone = s.board.zones.get(p.at)
    if zone is None or sea not in (zone.seas or ()) or places.contested(s, p.at) or s.control.get(p.at) != side:
        raise Refused(f"{u}: LBA attack from uncontested friendly zones bordering the sea zone", rule="AE 8.7")


def strike_port(cmd: StrikePort, s: AEState, ctx: Context) -> list[Event]:
    b = battle_at(s, cmd.zone)
    if b.kind != "raid":
        raise Refused(f"no port attack is open on {cmd.zone!r}", rule="AE 8.7")
    no_owed(s, b)
    if b.stage == "assigned" and (units(s, b, places.enemy(s.side), "cap") or b.strafe):
        raise Refused("the air combat comes first (ae.fight_air)", rule="AE 8.7, 8.42d")
    enemy = places.enemy(s.side)
    if enemy not in b.aa and aa_dice(s, b, enemy)[0]:
        raise Refused("the port's AA fires before the port attackers (ae.fire_anti_aircraft)", rule="AE 8.7")
    if b.struck:
        raise Refused("the port attackers already fired", rule="AE 8.7")
    in_port = {p.id: p for p in s.pieces.values() if p.at == cmd.zone and places.is_fleet(p)
               and places.side(p) == enemy}
    attackers = {p.id for p in units(s, b, s.side, "port_attack")}
    for u, target in cmd.targets.items():
        if u not in attackers:
            raise Refused(f"{u}: a surviving Port Attack unit of this attack", rule="AE 8.7")
        if target != "port" and target not in in_port:
            raise Refused(f"{target}: an enemy fleet in the port of {s.board.zones[cmd.zone].name}, or 'port'",
                          rule="AE 8.7")
    on_fleets = [t for t in cmd.targets.values() if t != "port"]
    if any(on_fleets.count(t) > 2 for t in set(on_fleets)) and any(on_fleets.count(t) < 2 for t in in_port):
        raise Refused("at most two air units on a fleet until every fleet in port has two", rule="AE 8.7, 8.42f")
    count = sum(s.pieces[u].steps for u in cmd.targets)
    roll = ctx.throw(f"port attack on {s.board.zones[cmd.zone].name}", count, thrower=s.side)
    faces = list(roll.faces)
    shots, results, damage = [], {}, 0
    for u, target in cmd.targets.items():
        p = s.pieces[u]
        common = (1 if p.elite else 0) + (1 if b.bonus and p.nation == "japan" else 0)  # AE 9.12, 9.11c
        if target == "port":
            mod = common  # no port-attack bonus against the facilities
        else:
            kind = in_port[target].kind
            mod = common + 1 + (1 if p.kind == "cba" and kind in ("cv", "ca") else 0)  # AE 8.7 +1, 8.42f CBA
        for _ in range(p.steps):
            die, faces = faces[0], faces[1:]
            if target == "port":
                result = "damage" if die + mod >= 6 else "miss"
                damage += result == "damage"
            else:
                result = "destroy" if die + mod >= 6 else "damage" if die + mod == 5 else "miss"
                results.setdefault(target, []).append(result)
            shots.append((u, target, die, mod, result))
    out: list[Event] = [roll, ea.PortStruck(zone=cmd.zone, shots=tuple(shots))]
    out += apply_results(s, cmd.zone, results, cause="port attack")
    before = s.port_damage.get(cmd.zone, 0)
    after = min(MAX_PORT_DAMAGE, before + damage)
    if after != before:
        out.append(ev.PortDamaged(zone=cmd.zone, before=before, after=after, cause="port attack"))
    return out
