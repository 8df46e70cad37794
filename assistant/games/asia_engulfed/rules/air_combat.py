"""Air-to-air combat (AE 6.22, 8.42d, 9.12, 9.13): both sides fire at once, one die per step; a 5-6 kills a step,
4-6 for Japanese elite units. Kamikazes never fight in the air. The owner then names the steps lost, Japanese
elite units first; every hit is taken before the battle goes on."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import AirLosses, AirToAir
from assistant.games.asia_engulfed.places import is_kamikaze
from assistant.games.asia_engulfed.state import AEState
from events.base import Event


def air_to_air(cmd: AirToAir, s: AEState, ctx: Context) -> list[Event]:
    if s.phase not in ("air_naval_combat", "land_combat"):
        raise Refused("air combat belongs to an Air-Naval or a Land Combat Phase", rule="AE 6.22, 8.42")
    if cmd.where not in s.board.seas and cmd.where not in s.board.zones:
        raise Refused(f"{cmd.where!r} is not a place of the board")
    if any(s.air_hits.values()):
        raise Refused("name the air steps lost to the last air combat first (ae.air_losses)", rule="AE 6.22")
    targets: dict[str, list[int]] = {}
    for side, ids in (("japan", cmd.japan), ("allies", cmd.allies)):
        for pid in ids:
            p = s.pieces.get(pid)
            if p is None or not places.is_air(p) or places.side(p) != side:
                raise Refused(f"{pid}: an air unit of {side}", rule="AE 6.22")
            if is_kamikaze(s, p):
                raise Refused(f"{pid} is a kamikaze: no air combat", rule="AE 9.13")
            targets.setdefault(side, []).extend([4 if p.elite else 5] * p.steps)
    if not targets.get("japan") or not targets.get("allies"):
        raise Refused("air combat needs air units of both sides", rule="AE 6.22")
    jp = ctx.throw("Japanese air combat", len(targets["japan"]), targets=tuple(targets["japan"]),
                   hits_when="at_least", thrower="japan")
    al = ctx.throw("Allied air combat", len(targets["allies"]), targets=tuple(targets["allies"]),
                   hits_when="at_least", thrower="allies")
    hits = {"japan": sum(1 for f, t in zip(jp.faces, targets["japan"], strict=True) if f >= t),
            "allies": sum(1 for f, t in zip(al.faces, targets["allies"], strict=True) if f >= t)}
    for side, ids in (("japan", cmd.japan), ("allies", cmd.allies)):  # never more than the steps there are
        enemy = "allies" if side == "japan" else "japan"
        hits[enemy] = min(hits[enemy], sum(s.pieces[p].steps for p in ids))
    return [jp, al, ev.AirCombatFought(where=cmd.where, hits=hits, dice={"japan": jp.faces, "allies": al.faces},
                                       units=tuple(cmd.japan) + tuple(cmd.allies))]


def air_losses(cmd: AirLosses, s: AEState, ctx: Context) -> list[Event]:
    owed = s.air_hits.get(cmd.side, 0)
    if not owed:
        raise Refused(f"{cmd.side} owes no air-to-air losses", rule="AE 6.22")
    for pid, n in cmd.losses.items():
        p = s.pieces.get(pid)
        if p is None or pid not in s.air_combatants or places.side(p) != cmd.side or n > p.steps:
            raise Refused(f"{pid}: an air unit of {cmd.side} in the air combat, with that many steps", rule="AE 6.22")
    if sum(cmd.losses.values()) != owed:
        raise Refused(f"{owed} air step(s) are lost: name exactly that many", rule="AE 6.22")
    if cmd.side == "japan":
        elite = [s.pieces[p] for p in s.air_combatants if p in s.pieces and s.pieces[p].elite
                 and s.pieces[p].nation == "japan"]
        spared = sum(p.steps - cmd.losses.get(p.id, 0) for p in elite)
        plain = sum(n for pid, n in cmd.losses.items() if not s.pieces[pid].elite)
        if plain and spared:
            raise Refused("Allied air-to-air hits go to Japanese elite units first", rule="AE 9.12")
    zone = places.fleet_zone(s, s.pieces[next(iter(cmd.losses))])
    return [ev.LossesApplied(zone=zone, losses=dict(cmd.losses), cause="air combat",
                             eliminated=tuple(p for p, n in cmd.losses.items() if n >= s.pieces[p].steps))]

