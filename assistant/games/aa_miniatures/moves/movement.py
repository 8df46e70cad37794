"""Moving (p.13-14, p.23-24): speed, double-cost terrain, movement rolls, roads, stacking, facing, Transports.

A move is declared whole. When a step of it may provoke defensive fire (p.21) it stays open: the opponent may
shoot (``defensive`` module) or hold fire; the mover's next command, or the end of the phase, closes it.
"""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from msgspec.structs import replace

from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.moves.battlefield import refuse_boarding
from assistant.games.aa_miniatures.moves.common import (
    MAX_PATH, Emitter, can_stop, effective_speed, hex_label, hex_labels, require_phase, unit,
)
from assistant.games.aa_miniatures.state import State, Unit, hexside, other
from assistant.games.aa_miniatures.tables import load


def _phase(s: State) -> None:
    require_phase(s, s.phase if s.phase in ("movement", "assault") else "movement")


def able_to_move(s: State, u: Unit) -> str:
    """"" when the unit may move now; otherwise why not."""
    if not u.hex:
        return f"{u.label} is not on the map"
    if u.aboard:
        return f"{u.label} rides {s.units[u.aboard].label}: it cannot move while aboard"
    if u.disrupted:
        return f"{u.label} is disrupted: it cannot move or change facing"
    if u.moved:
        return f"{u.label} has already moved this phase"
    if s.phase == "assault" and u.action:
        return f"{u.label} has already acted in this Assault Phase: it moves or attacks, once"
    return ""


def close_open_move(s: State) -> Emitter:
    out = Emitter(s)
    if s.window is not None:
        out(*finish(s))
    return out


def move(c: cmd.Move, s: State, ctx: Context) -> list:
    _phase(s)
    out = close_open_move(s)
    s = out.state
    u = unit(s, c.unit, s.owner)
    why = able_to_move(s, u)
    if why:
        raise Refused(why, "AAM p.11")
    card = s.card(u)
    typed = hex_labels(c.path)
    if len(typed) > MAX_PATH:
        raise Refused(f"a path holds at most {MAX_PATH} hexes")
    facing = c.facing.strip().upper()
    if facing and card.type != "vehicle":
        raise Refused("only Vehicles have a facing", "AAM p.14")
    if facing and facing not in hexes.FACINGS:
        raise Refused(f"a Vehicle faces one hexside: {', '.join(hexes.FACINGS)}", "AAM p.14")
    if not c.path:  # a zero-hex move: pivot (p.14)
        if card.type != "vehicle" or not facing:
            raise Refused("a move without hexes is a Vehicle pivoting: give its new facing", "AAM p.14")
        out(ev.MoveStarted(unit=u.id, path=(u.hex,), facing=facing, pivot=True, label=u.label),
            ev.MoveEnded(unit=u.id, hex=u.hex, facing=facing, label=u.label))
        return out.events
    path, cost, road_bonus, rolls = _walk(s, u, typed)
    full = can_stop(s, u, path[-1])
    if full:  # only a unit forced to stop retraces its path; a move may not be planned into a full hex
        raise Refused(full, "AAM p.13")
    entered, blocked = _roll(ctx, s, u, path, rolls, c.dice, out)
    if blocked:
        final_facing = hexes.facing_towards(entered[-1], blocked) or u.facing if card.type == "vehicle" else ""
    elif card.type == "vehicle":
        final_facing = facing or hexes.facing_towards(entered[-2], entered[-1]) or u.facing
    else:
        final_facing = ""
    out(ev.MoveStarted(unit=u.id, path=tuple(entered), facing=final_facing, cost=cost, blocked=blocked,
                       road_bonus=road_bonus, label=u.label))
    if not any(provokes(out.state, u, entered[i - 1], entered[i], f) for i in range(1, len(entered))
               for f in firers(out.state, u)):
        out(*finish(out.state))
    return out.events


def _walk(s: State, u: Unit, path: list[str]) -> tuple[list[str], int, bool, list[int]]:
    """The path with its start, its cost (road bonus applied) and the movement rolls each step needs."""
    t = load()
    card = s.card(u)
    speed = effective_speed(s, u)
    full = [u.hex, *path]
    cost, bonus_taken, rolls = 0, False, []
    for i in range(1, len(full)):
        a, b = full[i - 1], full[i]
        if a == b:
            raise Refused(f"{b} appears twice in a row in the path")
        if hexes.adjacent(a, b) is False:
            raise Refused(f"{a} and {b} are not neighbours: name every hex entered", "AAM p.13")
        road = hexside(a, b) in s.roads
        terrain_a, terrain_b = t.terrain[s.terrain_of(a)], t.terrain[s.terrain_of(b)]
        if not road and not terrain_a.enterable_by(card.type):
            raise Refused(f"{u.label} may leave {a} ({terrain_a.name}) only by the road", "AAM p.24")
        if not road and not terrain_b.enterable_by(card.type):
            raise Refused(f"{b} ({terrain_b.name}) is impassable to {card.type}s", "AAM p.24")
        step = 1 if road or card.type == "soldier" else terrain_b.vehicle_cost
        if road and card.type == "vehicle" and not bonus_taken and u.id not in s.road_bonus_used:
            step, bonus_taken = 0, True  # the first road hex each phase is free for a Vehicle (p.24)
        minimum = card.type == "vehicle" and speed == 1 and s.phase == "movement" and len(full) == 2
        if cost + step > speed and not (minimum and step == 2):
            raise Refused(f"{u.label} has speed {speed}: entering {b} would take {cost + step} hexes of movement",
                          "AAM p.13, p.23")
        cost += step
        need = 0 if road else int(hexside(a, b) in s.rivers) + int(card.type == "vehicle" and terrain_b.vehicle_roll)
        rolls.append(need)
    return full, cost, bonus_taken, rolls


def _roll(ctx: Context, s: State, u: Unit, full: list[str], needs: list[int], typed, out: Emitter):
    """Movement rolls step by step (p.23): any roll under 4 ends the move in the hex it tried to leave."""
    queue = list(typed) if typed is not None else None
    at = load().movement_roll_at
    for i, need in enumerate(needs, start=1):
        if not need:
            continue
        faces = None
        if queue is not None:
            if len(queue) < need:
                raise Refused(f"entering {full[i]} needs {need} movement roll(s): type {need} more die/dice", "AAM p.23")
            faces, queue = tuple(queue[:need]), queue[need:]
        throw = ctx.throw(f"{u.label} movement roll into {full[i]}", need, faces, targets=(at,) * need,
                          hits_when="at_least", ref=f"move:{s.turn}:{u.id}:{full[i]}", thrower=u.side)
        out(throw)
        if min(throw.faces) < at:
            if queue:
                raise Refused(f"the move ended at the failed roll into {full[i]}: {len(queue)} die/dice too many",
                              "AAM p.23")
            return full[:i], full[i]
    if queue:
        raise Refused(f"this move needs no more movement rolls: {len(queue)} die/dice too many", "AAM p.23")
    return full, ""


def firers(s: State, mover: Unit) -> list[Unit]:
    """Enemy units that may still make a defensive-fire attack at ``mover`` this phase (p.21)."""
    mover_type = s.card(mover).type
    out = []
    for e in s.on_map(other(mover.side)):
        card = s.card(e)
        if e.aboard or e.disrupted or e.fired:
            continue
        if mover_type == "soldier" and card.type == "vehicle":
            continue  # Soldiers never provoke Vehicles (p.21)
        if not card.attack(mover_type, "short"):
            continue
        out.append(e)
    return out


def provoked(s: State) -> list[Unit]:
    """The units the open move lets fire: able to, and next to both ends of one of its steps (p.21). Only these
    are offered, so that the form does not start on a unit the move went nowhere near."""
    w = s.window
    if w is None:
        return []
    mover = s.units[w.unit]
    return [f for f in firers(s, mover)
            if any(provokes(s, mover, w.path[i - 1], w.path[i], f) for i in range(1, len(w.path)))]


def provokes(s: State, mover: Unit, a: str, b: str, firer: Unit) -> bool:
    """A step from a hex adjacent to the firer to another adjacent to it provokes (p.21); unknown geometry is
    left to the players."""
    near_a, near_b = hexes.adjacent(a, firer.hex), hexes.adjacent(b, firer.hex)
    return near_a is not False and near_b is not False


def finish(s: State, upto: int | None = None, reason: str = "") -> list:
    """End the open move at ``path[upto]`` (default: the end of its path), retracing the path while the hex is
    full (p.13)."""
    w = s.window
    assert w is not None
    u = s.units[w.unit]
    path = list(w.path if upto is None else w.path[: upto + 1])
    passed: list[str] = []
    while len(path) > 1 and can_stop(s, u, path[-1]):
        passed.append(path.pop())
    facing = w.facing
    if upto is not None and s.card(u).type == "vehicle" and upto >= 1:
        # stopped by defensive fire: it still points the way it was going (p.22)
        facing = hexes.facing_towards(w.path[upto - 1], w.path[upto]) or facing
    if reason == "" and w.blocked:
        reason = "movement roll"
    if passed and not reason:
        reason = "stacking"
    return [ev.MoveEnded(unit=u.id, hex=path[-1], facing=facing, reason=reason, passed=tuple(passed), label=u.label)]


def hold_fire(c: cmd.HoldFire, s: State, ctx: Context) -> list:
    if s.window is None:
        raise Refused("no move is waiting for defensive fire", "AAM p.21")
    if s.cover is not None:
        raise Refused(f"{s.units[s.cover.target].label} rolls for cover first", "AAM p.24")
    return finish(s)


def board(c: cmd.Board, s: State, ctx: Context) -> list:
    require_phase(s, "movement")
    out = close_open_move(s)
    s = out.state
    soldier, carrier = unit(s, c.soldier, s.owner), unit(s, c.transport, s.owner)
    why = able_to_move(s, soldier)
    if why:
        raise Refused(why, "AAM p.29")
    refuse_boarding(s, soldier, carrier)
    if soldier.hex != carrier.hex:
        raise Refused(f"{soldier.label} boards a Transport in its own hex ({soldier.hex}); {carrier.label} is in "
                      f"{carrier.hex}", "AAM p.29")
    out(ev.Boarded(soldier=soldier.id, transport=carrier.id, labels=(soldier.label, carrier.label)))
    return out.events


def disembark(c: cmd.Disembark, s: State, ctx: Context) -> list:
    require_phase(s, "movement")
    out = close_open_move(s)
    s = out.state
    soldier = unit(s, c.soldier, s.owner)
    if not soldier.aboard:
        raise Refused(f"{soldier.label} is not aboard a Transport", "AAM p.29")
    if soldier.moved:
        raise Refused(f"{soldier.label} boarded this phase: it gets off in a later Movement Phase", "AAM p.29")
    carrier = s.units[soldier.aboard]
    here = carrier.hex
    off = replace(soldier, aboard=0)
    if can_stop(s, off, here):
        if c.hex and hex_label(c.hex) != here:
            raise Refused(f"{soldier.label} gets off in its Transport's hex ({here})", "AAM p.29")
    else:
        if not c.hex:
            raise Refused(f"{here} is full: the opponent places {soldier.label} in one of the nearest hexes where "
                          "it may stand (hex)", "AAM p.29")
        where = hex_label(c.hex)
        why = can_stop(s, off, where) or ("" if load().terrain[s.terrain_of(where)].soldier_enters else
                                          f"{where} is impassable to Soldiers")
        if why:
            raise Refused(why, "AAM p.13")
        legal_near = [h for h in hexes.neighbours(here)
                      if not can_stop(s, off, h) and load().terrain[s.terrain_of(h)].soldier_enters]
        if legal_near and hexes.distance(here, where) not in (None, 1):
            raise Refused(f"{where} is not one of the nearest hexes to {here} where it may stand: "
                          f"{', '.join(legal_near)}", "AAM p.29")
        here = where
    out(ev.Disembarked(soldier=soldier.id, transport=carrier.id, hex=here, labels=(soldier.label, carrier.label)))
    return out.events


def demolish_bridge(c: cmd.DemolishBridge, s: State, ctx: Context) -> list:
    require_phase(s, "assault")
    out = close_open_move(s)
    s = out.state
    u = unit(s, c.unit, s.owner)
    if not s.card(u).has("Bridge Demolition"):
        raise Refused(f"{u.label} has no Bridge Demolition ability", "AAM p.29")
    if u.action or u.moved:
        raise Refused(f"{u.label} has already acted in this Assault Phase", "AAM p.29")
    a, b = hex_label(c.a), hex_label(c.b)
    key = hexside(a, b)
    if key not in s.roads or key not in s.rivers:
        raise Refused(f"no bridge is recorded between {a} and {b}", "AAM p.29")
    if u.hex not in (a, b):
        raise Refused(f"{u.label} must stand at the bridge ({a} or {b})", "AAM p.29")
    out(ev.BridgeDemolished(unit=u.id, a=a, b=b, label=u.label))
    return out.events
