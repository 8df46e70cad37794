"""Land combat rounds (AE 6.1-6.8, 7.21-7.22, 9.11g, 9.14-9.16, 9.43, 9.46): the assistant works out every
step's dice and Hit-bonuses from the table, throws or takes the dice, counts hits; losses are checked against
the full-strength-first rule; Banzai units die after their fire unless the enemy is wiped out."""

from __future__ import annotations

import math

import msgspec

from assistant.decider import Context, Refused
from assistant.families.engulfed.steps import loss_problems
from assistant.games.asia_engulfed import places
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.commands import ApplyLosses, Fire
from assistant.games.asia_engulfed.rules import china, movement
from assistant.games.asia_engulfed.rules.supply import FULL, NONE
from assistant.games.asia_engulfed.state import AEState
from events.base import Event

MAX_SUPPORTED_STEPS = 8  # AE 6.52


def fire(cmd: Fire, s: AEState, ctx: Context) -> list[Event]:
    if s.phase != "land_combat":
        raise Refused("land combat rounds are fought in the Land Combat Phase", rule="AE 1.17")
    zone = s.board.zones.get(cmd.zone)
    if zone is None or not places.contested(s, cmd.zone):
        raise Refused(f"{cmd.zone!r} is not a contested zone", rule="AE 6.1")
    if cmd.assault and zone.terrain == "jungle":
        raise Refused("no Assault in jungle", rule="AE 6.72")
    side = s.side if cmd.side == "attacker" else places.enemy(s.side)
    owed = s.land_hits.get(f"{cmd.zone}:{side}", 0)
    if owed:
        raise Refused(f"{_who(side)} first take the {owed} hit(s) scored on them at {zone.name} (ae.apply_losses): "
                      "only surviving steps fire", rule="AE 6.24, 6.31")
    _in_turn(s, cmd, zone)
    if cmd.side == "defender":  # the defender's fire opens each round, so it is the one that needs the round
        _round_allowed(s, cmd.zone, zone)
    else:
        _round_type(s, cmd, zone)
    if cmd.first_round and s.rounds.get(cmd.zone, 0):
        cmd = msgspec.structs.replace(cmd, first_round=False)  # a round was fought there: no first-round bonus
    foe = places.enemy(side)
    firing = places.land_at(s, cmd.zone, side)
    foes = places.land_at(s, cmd.zone, foe)
    supported = sum(cmd.support.values())
    if supported > MAX_SUPPORTED_STEPS:
        raise Refused(f"at most {MAX_SUPPORTED_STEPS} land steps get air support per side per round", rule="AE 6.52")
    for pid, n in cmd.support.items():
        p = s.pieces.get(pid)
        if p is None or p not in firing or n > p.steps:
            raise Refused(f"{pid}: air support goes to steps of a firing land unit (one bonus a step)", rule="AE 6.51")
    for pid in cmd.banzai:
        p = s.pieces.get(pid)
        if p is None or p.nation != "japan" or p.kind not in ("garrison", "militia") or p not in firing:
            raise Refused(f"{pid}: only Japanese garrison and militia units make Banzai attacks", rule="AE 9.14")
    if cmd.zone in s.invasions and not cmd.invasion and cmd.first_round:
        cmd = msgspec.structs.replace(cmd, invasion=True)  # AE 7.21: the zone was invaded this player turn
    river, river_from = _river(s, cmd) if cmd.side == "defender" and cmd.first_round and not cmd.invasion else ("", ())
    plan = _plan(s, cmd, side, firing, foes, zone, bool(river))
    hdf = _hdf(s, cmd.zone, side)
    plan += hdf
    dice = sum(d for _, d, _, _ in plan)
    if dice == 0:
        raise Refused("no step of that side fires this round")
    roll = ctx.throw(f"land combat at {zone.name}: {cmd.side}", dice,
                     targets=tuple(max(6 - b, 1) for _, d, b, _ in plan for _ in range(d)), hits_when="at_least")
    faces = list(roll.faces)
    fires, total = [], 0
    for pid, d, bonus, names in plan:
        mine, faces = faces[:d], faces[d:]
        hits = sum(1 for f in mine if f + bonus >= 6)
        total += hits
        fires.append(ev.UnitFire(piece=pid, dice=d, bonus=bonus, hits=hits, bonuses=tuple(names)))
    return [roll, ev.LandFire(zone=cmd.zone, side=side, round=1 if cmd.first_round else 2, assault=cmd.assault,
                              fire=tuple(fires), hits=total, river=river, river_from=river_from)]


def _who(side: str) -> str:
    return "Japan must" if side == "japan" else "the Allies must"


def next_to_fire(s: AEState, zone_id: str) -> str:
    """AE 6.31, 6.32: in each round the defender fires first and the attacker takes its losses; then the attacker's
    surviving steps fire, which ends the round. A round is open at a zone while the defender has fired it and the
    attacker not yet."""
    return "attacker" if s.defender_rounds.get(zone_id, 0) > s.rounds.get(zone_id, 0) else "defender"


def _in_turn(s: AEState, cmd: Fire, zone) -> None:
    if cmd.side == next_to_fire(s, cmd.zone):
        return
    if cmd.side == "attacker":
        raise Refused(f"the defender fires first in each round at {zone.name}: the attacker's surviving steps fire "
                      "after taking its hits", rule="AE 6.31")
    raise Refused(f"the defender has fired this round at {zone.name}: the attacker's surviving steps fire now "
                  "(a new round opens after that)", rule="AE 6.31")


def _round_type(s: AEState, cmd: Fire, zone) -> None:
    """AE 6.2, 6.31, 6.32: the attacker declares the round Normal or Assault as it opens (with the defender's fire
    here, which opens it); both sides then fire one die a step in a Normal round, two in an Assault."""
    assault = cmd.zone in s.assault_rounds
    if cmd.assault == assault:
        return
    if assault:
        raise Refused(f"the round under way at {zone.name} is an Assault (declared with the defender's fire): the "
                      "attacker's surviving steps fire two dice a step too (assault)", rule="AE 6.2, 6.32")
    raise Refused(f"the round under way at {zone.name} is a Normal round (declared with the defender's fire): the "
                  "attacker's surviving steps fire one die a step, no Assault", rule="AE 6.2, 6.31")


def river_crossed(s: AEState, zone_id: str) -> tuple[str, ...]:
    """AE 6.73: the zones the attacker's land units left across a river or strait into this zone this player turn,
    as their moves recorded the borders, where those moves made it newly contested (AE 6.1)."""
    if zone_id not in s.newly_contested:
        return ()
    return tuple(sorted(z for z, kind in s.crossed.get(zone_id, {}).items() if kind in ("river", "strait")))


def _river(s: AEState, cmd: Fire) -> tuple[str, tuple[str, ...]]:
    """The defenders' river or strait Hit-bonus in the first round (AE 6.4d, 6.73; never with an amphibious
    invasion there): from the recorded crossings, unless the table says otherwise."""
    if cmd.river != "board":
        return ("table", ()) if cmd.river == "yes" else ("", ())
    crossed = river_crossed(s, cmd.zone)
    return ("crossings", crossed) if crossed else ("", ())


def _round_allowed(s: AEState, zone_id: str, zone) -> None:
    """AE 6.1, 6.6, 6.75: one Initial Combat round a zone (unlimited against island boxes); each further round is
    a Breakthrough round bought with a Special Action (every Initial Combat first, AE 6.2)."""
    fought = s.rounds.get(zone_id, 0)
    if fought == 0 or zone.kind == "island_box":
        return
    if zone.terrain == "jungle":
        raise Refused("no Breakthrough Combat in jungle", rule="AE 6.72")
    if s.breakthroughs.get(zone_id, 0) < fought:
        raise Refused(f"the Initial Combat round at {zone.name} is fought; another round is a Breakthrough round "
                      "bought with a Special Action (ae.spend_special_action use=breakthrough)", rule="AE 6.6")


def _plan(s: AEState, cmd: Fire, side: str, firing, foes, zone, river: bool) -> list[tuple[str, int, int, list[str]]]:
    attacking = cmd.side == "attacker"
    per_step = 2 if cmd.assault else 1
    chinese_attack = not attacking and foes and all(p.nation == "china" for p in foes)
    mixed_chinese = {p.force for p in (foes if side == "japan" else []) if p.nation == "china"} >= {
        "nationalist", "communist"}
    bombard_left = cmd.bombardment if (attacking and cmd.first_round and zone.kind in ("port_box", "island_box")) else 0
    plan = []
    for p in sorted(firing, key=lambda p: p.id):
        status = s.supply.get(p.id, FULL)
        militia = p.kind == "militia" or (p.kind == "garrison" and status != FULL)  # AE 4.28, 3.23
        dice = p.steps * per_step
        if attacking and status == NONE:
            dice //= 2  # AE 3.6 (decision: per unit, rounded down)
        if attacking and p.nation == "china" and p.kind == "militia":
            dice = 0  # AE 9.46
        names: list[str] = []
        if p.id in cmd.banzai:
            names.append("banzai")  # AE 9.14: even militia and partial supply
        if not militia and status == FULL:  # AE 3.35, 4.27: no other bonus for militia or partial supply
            names += _bonuses(s, cmd, p, attacking, zone, chinese_attack, mixed_chinese, river)
        bonus = len(names)
        support = cmd.support.get(p.id, 0) if not militia and status == FULL else 0
        bomb = min(bombard_left, p.steps - support) if not militia and status == FULL else 0
        bombard_left -= bomb
        split = [(support, bonus + 1, names + ["air support"]), (bomb, bonus + 1, names + ["shore bombardment"])]
        rest = p.steps - support - bomb
        for steps, b, why in split:
            if steps:
                plan.append((p.id, min(dice, steps * per_step), b, why))
                dice -= min(dice, steps * per_step)
        if dice and rest:
            plan.append((p.id, dice, bonus, names))
    return plan


def _bonuses(s: AEState, cmd: Fire, p, attacking: bool, zone, chinese_attack: bool, mixed: bool,
             river: bool) -> list[str]:
    out = []
    if p.nation == "usa" and p.kind == "marine":
        out.append("US Marines")  # a
    if not attacking:
        if zone.terrain == "rough":
            out.append("rough terrain")  # c
        elif cmd.first_round and cmd.zone in s.forts:
            out.append("fortification")  # g: rough-terrain benefit in the first round
        if cmd.first_round and cmd.invasion:
            out.append("amphibious invasion")  # e (not with d)
        elif cmd.first_round and river:
            out.append("river or strait")  # d
        if chinese_attack and p.nation == "japan":
            out.append("tenacious against Chinese attacks")  # k
    else:
        surprise = s.surprise
        if surprise and p.nation == "japan" and p.kind == "infantry" and zone.terrain == "jungle":
            out.append("surprise attack in jungle")  # h
    if mixed:
        out.append("Chinese Nationalists and Communists together")  # i
    return out


def _hdf(s: AEState, zone: str, side: str) -> list[tuple[str, int, int, list[str]]]:
    """AE 9.16: the Home Defense Force fights as militia; a quarter of its steps (rounded up) must Banzai."""
    steps = s.track(f"hdf_{zone}") if zone in places.HOME_ISLANDS and side == "japan" else 0
    if not steps:
        return []
    banzai = math.ceil(steps / 4)
    out = [(f"hdf_{zone}", banzai, 1, ["banzai (Home Defense Force)"])]
    if steps - banzai:
        out.append((f"hdf_{zone}", steps - banzai, 0, []))
    return out


def _taken(s: AEState, cmd: ApplyLosses, side: str, units: dict, banzai: list[str]) -> list[Event]:
    """AE 3.25: the zone passes to the side left alone in it (an invaded zone waits for the end of Land Combat);
    a Chinese zone of China taken by Japan brings emergency militia (AE 9.45)."""
    left = sum(st for st, _ in units.values()) - min(cmd.hits, sum(st for st, _ in units.values()))
    winner = places.enemy(side) if side else ""
    survivors = [p for p in places.land_at(s, cmd.zone, winner)
                 if p.id not in banzai or sum(st for st, _ in units.values()) <= cmd.hits]
    if left or not winner or not survivors or s.control.get(cmd.zone) == winner or cmd.zone in s.invasions:
        return []
    out: list[Event] = [ev.ControlChanged(zone=cmd.zone, side=winner, cause="combat")]
    if winner == "japan" and s.control.get(cmd.zone) == "allies":
        out += china.emergency(s, cmd.zone)
        out += movement.air_base_lost(s, cmd.zone)
    return out


def _hits_owed(s: AEState, cmd: ApplyLosses, side: str) -> int:
    """AE 6.24: the hits taken are those the enemy's last fire there scored, no more, no fewer. The assistant
    counted them, so the table need not type them again; a number typed is still checked against them."""
    owing = {k.rsplit(":", 1)[1]: v for k, v in s.land_hits.items() if k.rsplit(":", 1)[0] == cmd.zone and v}
    due = owing.get(side, 0) if side else sum(owing.values())
    name = s.board.zones[cmd.zone].name if cmd.zone in s.board.zones else repr(cmd.zone)
    if due and not side:  # no step named: nothing would take them
        raise Refused(f"the fire at {name} scored {due} hit(s) on "
                      f"{' and '.join(_side_name(x) for x in sorted(owing))}: name the steps lost, unit=steps "
                      "(several units share them)",
                      rule="AE 6.24, 6.25")
    if cmd.hits == due or (cmd.hits is None and due):
        return due
    if not due:
        raise Refused(f"no fire at {name} scored hits still to take{' on ' + _side_name(side) if side else ''}: "
                      "fire first (ae.fire)", rule="AE 6.24")
    raise Refused(f"the fire at {name} scored {due} hit(s){' on ' + _side_name(side) if side else ''}: apply "
                  f"{due}, not {cmd.hits}", rule="AE 6.24")


def _side_name(side: str) -> str:
    return "Japan" if side == "japan" else "the Allies"


def apply_losses(cmd: ApplyLosses, s: AEState, ctx: Context) -> list[Event]:
    if s.phase not in ("land_combat",):
        raise Refused("losses of land combat are applied in the Land Combat Phase", rule="AE 6.25")
    sides = {places.side(s.pieces[p]) for p in cmd.losses if p in s.pieces}
    if len(sides) > 1:
        raise Refused("one side's losses at a time", rule="AE 6.25")
    side = sides.pop() if sides else ("japan" if cmd.hdf else "")
    units = {p.id: (p.steps, p.top) for p in places.land_at(s, cmd.zone, side)} if side else {}
    island = cmd.zone if cmd.zone in places.HOME_ISLANDS and side == "japan" else ""
    if island and s.track(f"hdf_{island}"):
        units[f"hdf_{island}"] = (s.track(f"hdf_{island}"), 20)
    losses = dict(cmd.losses)
    if cmd.hdf:
        losses[f"hdf_{island}"] = cmd.hdf
    cmd = msgspec.structs.replace(cmd, hits=_hits_owed(s, cmd, side))
    problems = loss_problems(units, losses, cmd.hits)
    if problems:
        raise Refused("; ".join(problems), rule="AE 6.25")
    eliminated = tuple(p for p, n in cmd.losses.items() if n >= s.pieces[p].steps)
    out: list[Event] = [ev.LossesApplied(zone=cmd.zone, losses=dict(cmd.losses), eliminated=eliminated,
                                         hdf={island: cmd.hdf} if cmd.hdf else {})]
    banzai = [p for p in s.banzai.get(cmd.zone, ()) if p in s.pieces and places.side(s.pieces[p]) != side]
    out += _taken(s, cmd, side, units, banzai)
    if banzai:  # AE 9.14: after their hits are applied, Banzai units die, unless the enemy is wiped out
        wiped = sum(st for st, _ in units.values()) <= cmd.hits
        gone = {p: s.pieces[p].steps for p in banzai}
        if wiped:
            keep = banzai[0]
            gone[keep] -= 1
            if not gone[keep]:
                gone.pop(keep)
        out.append(ev.LossesApplied(zone=cmd.zone, losses=gone, eliminated=tuple(
            p for p, n in gone.items() if n >= s.pieces[p].steps), cause="banzai"))
    return out
