"""Attacks (p.15-20), defensive fire (p.21-22) and cover rolls (p.24).

An assault attack places face-down counters that act only in the Casualty Phase; defensive fire disrupts at
once and stops the mover. A cover roll is asked for only when it could change the result.
"""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.moves import movement
from assistant.games.aa_miniatures.moves.common import Emitter, line_of_sight, require_phase, unit
from assistant.games.aa_miniatures.state import State, Unit, other
from assistant.games.aa_miniatures.tables import load

MAX_MODIFIER = 3


class Shot:
    """What an attack needs before the dice: band, distance, dice, modifier, the arc and defense it meets."""

    def __init__(self, s: State, attacker: Unit, target: Unit, where: str, band: str, arc: str,
                 modifier: int, facing: str | None = None):
        acard, tcard = s.card(attacker), s.card(target)
        self.distance = hexes.distance(attacker.hex, where)
        if self.distance is None:
            if not band:
                raise Refused(f"{attacker.hex} and {where} have no map coordinates: give the range band", "AAM p.15")
            self.band = band
        else:
            found = load().band(self.distance, acard.long_range(tcard.type))
            if found is None:
                raise Refused(f"{target.label} is {self.distance} hexes away, beyond long range "
                              f"({acard.long_range(tcard.type)})", "AAM p.15")
            if band and band != found:
                raise Refused(f"{target.label} is {self.distance} hexes away: {found} range, not {band}", "AAM p.15")
            self.band = found
        dice = acard.attack(tcard.type, self.band)
        if not dice:
            raise Refused(f"{attacker.label} has no attack value against {tcard.type}s at {self.band} range",
                          "AAM p.15")
        self.dice = dice
        self.modifier = combat.attack_modifier(attacker, modifier)
        self.arc = ""
        if tcard.has_facing:
            self.arc = hexes.arc(where, facing if facing is not None else target.facing, attacker.hex) or arc
            if not self.arc:
                raise Refused(f"say whether {attacker.label} fires at {target.label}'s front or rear", "AAM p.17")
        self.defense = combat.defense(tcard, target, self.arc or "front")
        self.cover_kind, self.cover_needed = combat.cover_rule(acard, tcard, s.terrain_of(where),
                                                               attacker.hex == where, self.band)
        self.needed = load().success_at - self.modifier


def _throw(ctx: Context, purpose: str, shot: Shot, faces, ref: str, thrower: str):
    return ctx.throw(purpose, shot.dice, faces, targets=(shot.needed,) * shot.dice, hits_when="at_least", ref=ref,
                     thrower=thrower)


def _modifier(c: cmd.Attack) -> int:
    if not -MAX_MODIFIER <= c.modifier <= MAX_MODIFIER:
        raise Refused(f"an ability's modifier to each die is -{MAX_MODIFIER} to +{MAX_MODIFIER}", "AAM p.26")
    if c.modifier and not c.modifier_reason.strip():
        raise Refused("name the ability that gives the modifier (modifier_reason)", "AAM p.26")
    return c.modifier


def attack(c: cmd.Attack, s: State, ctx: Context) -> list:
    require_phase(s, "assault")
    out = movement.close_open_move(s)
    s = out.state
    a = unit(s, c.attacker, s.owner)
    t = unit(s, c.target, other(s.owner))
    if not a.hex or a.aboard:
        raise Refused(f"{a.label} cannot fire {'while aboard' if a.aboard else 'off the map'}", "AAM p.29")
    if a.action or a.moved:
        raise Refused(f"{a.label} has already acted in this Assault Phase: it moves or attacks, once", "AAM p.11")
    if t.aboard:
        raise Refused(f"{t.label} rides {s.units[t.aboard].label}: attack the Transport", "AAM p.29")
    clear, blocking = line_of_sight(s, a.hex, t.hex)
    if clear is False:
        raise Refused(f"{blocking} ({s.terrain_of(blocking)}) blocks the line of sight from {a.hex} to {t.hex}",
                      "AAM p.19")
    modifier = _modifier(c)
    targets = [t]
    if s.card(a).has("Blast"):  # a separate attack on every other unit in the target hex, friends too (p.29)
        targets += [u for u in s.on_map() if u.hex == t.hex and u.id not in (t.id, a.id) and not u.aboard]
    shots = [(u, Shot(s, a, u, u.hex, c.band or "", (c.arc or "") if u.id == t.id else "", modifier)) for u in targets]
    faces = list(c.faces) if c.faces is not None else None
    if faces is not None and len(faces) != sum(shot.dice for _, shot in shots):
        names = ", ".join(f"{shot.dice} at {u.label}" for u, shot in shots)
        raise Refused(f"this attack rolls {sum(shot.dice for _, shot in shots)} dice ({names}); "
                      f"{len(faces)} typed", "AAM p.16")
    cover_dice = list(c.cover_dice) if c.cover_dice is not None else None
    for u, shot in shots:
        mine = None
        if faces is not None:
            mine, faces = tuple(faces[: shot.dice]), faces[shot.dice:]
        ref = f"attack:{s.turn}:{a.id}:{u.id}"
        throw = _throw(ctx, f"{a.label} attacks {u.label}", shot, mine, ref, a.side)
        successes = combat.successes(throw.faces, shot.modifier)
        hits = combat.hits(successes, shot.defense)
        out(throw, ev.AttackRolled(attacker=a.id, target=u.id, kind="assault", band=shot.band,
                                   distance=shot.distance, dice=shot.dice, modifier=shot.modifier,
                                   successes=successes, defense=shot.defense, arc=shot.arc, hits=hits, ref=ref,
                                   labels=(a.label, u.label)))
        target = out.state.units[u.id]
        tcard = s.card(u)
        matters = combat.cover_matters("assault", hits, target.hidden, tcard.type, target.damaged)
        cover_ok = False
        if matters and shot.cover_kind in ("automatic", "ignored"):
            out(ev.CoverRolled(target=u.id, needed=0, success=shot.cover_kind == "automatic", how=shot.cover_kind,
                              label=u.label))
            cover_ok = shot.cover_kind == "automatic"
        elif matters and shot.cover_kind == "rolled":
            typed = None
            if cover_dice:
                typed, cover_dice = (cover_dice[0],), cover_dice[1:]
            elif len(shots) == 1:  # the attacked unit's player rolls next (aam.cover)
                out(ev.CoverAwaited(attacker=a.id, target=u.id, kind="assault", hits=hits, successes=successes,
                                    defense=shot.defense, needed=shot.cover_needed, ref=ref, label=u.label))
                continue
            elif c.faces is not None:
                raise Refused(f"{u.label} may roll for cover ({shot.cover_needed}+): with Blast, type the cover "
                              "dice with the attack (cover dice), one per target that needs one", "AAM p.24")
            roll = ctx.throw(f"{u.label} cover roll", 1, typed, targets=(shot.cover_needed,), hits_when="at_least",
                             ref=f"cover-{ref}", thrower=u.side)
            cover_ok = roll.faces[0] >= shot.cover_needed
            out(roll, ev.CoverRolled(target=u.id, needed=shot.cover_needed, face=roll.faces[0], success=cover_ok,
                                    label=u.label))
        out(*place(out.state, u.id, hits, cover_ok, ref, shot.defense))
    if cover_dice:
        raise Refused(f"{len(cover_dice)} cover die/dice more than this attack needs", "AAM p.24")
    return out.events


def place(s: State, target: int, hits: int, cover_ok: bool, ref: str, defense: int) -> list:
    u = s.units[target]
    if cover_ok:
        added = combat.counters_under_cover(u.hidden, hits)
    else:
        added = combat.counters(s.card(u).type, u.damaged, u.hidden, hits)
    return [ev.CountersPlaced(target=target, counters=added, limited_by_cover=cover_ok, label=u.label, ref=ref,
                              hits=hits, defense=defense)]


def defensive_fire(c: cmd.DefensiveFire, s: State, ctx: Context) -> list:
    w = s.window
    if w is None or s.stage != "play":
        raise Refused("defensive fire answers a unit moving next to yours: no move is under way", "AAM p.21")
    if s.cover is not None:
        raise Refused(f"{s.units[s.cover.target].label} rolls for cover first (aam.cover)", "AAM p.24")
    mover = s.units[w.unit]
    f = unit(s, c.firer, other(mover.side))
    if f not in movement.firers(s, mover):
        why = ("it is disrupted" if f.disrupted else "it has already fired defensively this phase" if f.fired
               else "Soldiers never provoke defensive fire from Vehicles" if s.card(f).type == "vehicle"
               and s.card(mover).type == "soldier" else "it cannot fire at that target now")
        raise Refused(f"{f.label} may not fire: {why}", "AAM p.21")
    if not 1 <= c.step < len(w.path):
        raise Refused(f"the move has {len(w.path) - 1} step(s); step {c.step} is not one of them", "AAM p.21")
    order = (c.step, 0 if c.where == "start" else 1)
    if w.shot_step and order < (w.shot_step, 0 if w.shot_where == "start" else 1):
        raise Refused("shots follow the move: the unit has already gone past that point", "AAM p.22")
    a_hex, b_hex = w.path[c.step - 1], w.path[c.step]
    if not movement.provokes(s, mover, a_hex, b_hex, f):
        raise Refused(f"moving from {a_hex} to {b_hex} does not go from one hex adjacent to {f.label} to another",
                      "AAM p.21")
    where = a_hex if c.where == "start" else b_hex
    facing = hexes.facing_towards(a_hex, b_hex) if s.card(mover).type == "vehicle" else ""
    shot = Shot(s, f, mover, where, "short", c.arc or "", 0, facing=facing)
    ref = f"defensive:{s.turn}:{s.phase}:{s.owner}:{f.id}:{mover.id}:{c.step}"
    out = Emitter(s)
    throw = _throw(ctx, f"{f.label} defensive fire at {mover.label}", shot, c.faces, ref, f.side)
    successes = combat.successes(throw.faces, shot.modifier)
    hits = combat.hits(successes, shot.defense)
    out(throw, ev.AttackRolled(attacker=f.id, target=mover.id, kind="defensive", band=shot.band,
                               distance=shot.distance, dice=shot.dice, modifier=shot.modifier, successes=successes,
                               defense=shot.defense, arc=shot.arc, hits=hits, ref=ref, step=c.step, where=c.where,
                               labels=(f.label, mover.label)))
    if not hits:
        out(ev.DefensiveFireFailed(unit=mover.id, by=f.id, reason="missed", labels=(mover.label, f.label)))
        return out.events
    if shot.cover_kind in ("automatic", "ignored"):
        out(ev.CoverRolled(target=mover.id, needed=0, success=shot.cover_kind == "automatic", how=shot.cover_kind,
                           label=mover.label))
        out(*defensive_result(out.state, f.id, c.step, c.where, shot.cover_kind == "automatic"))
        return out.events
    if shot.cover_kind == "rolled":
        if c.cover_face is None:
            out(ev.CoverAwaited(attacker=f.id, target=mover.id, kind="defensive", hits=hits, successes=successes,
                                defense=shot.defense, needed=shot.cover_needed, ref=ref, step=c.step, where=c.where,
                                label=mover.label))
            return out.events
        roll = ctx.throw(f"{mover.label} cover roll", 1, (c.cover_face,),
                         targets=(shot.cover_needed,), hits_when="at_least", ref=f"cover-{ref}",
                         thrower=mover.side)
        ok = roll.faces[0] >= shot.cover_needed
        out(roll, ev.CoverRolled(target=mover.id, needed=shot.cover_needed, face=roll.faces[0], success=ok,
                                 label=mover.label))
        out(*defensive_result(out.state, f.id, c.step, c.where, ok))
        return out.events
    out(*defensive_result(out.state, f.id, c.step, c.where, False))
    return out.events


def defensive_result(s: State, firer: int, step: int, where: str, covered: bool) -> list:
    """Cover cancels defensive fire; otherwise the mover is disrupted at once and stops where it is (p.22)."""
    w = s.window
    assert w is not None
    labels = (s.units[w.unit].label, s.units[firer].label)
    if covered:
        return [ev.DefensiveFireFailed(unit=w.unit, by=firer, reason="cover", labels=(labels[0], labels[1]))]
    upto = step - 1 if where == "start" else step
    out = Emitter(s)
    out(ev.MoverDisrupted(unit=w.unit, hex=w.path[upto], by=firer, labels=labels))
    out(*movement.finish(out.state, upto, "defensive fire"))
    return out.events


def cover(c: cmd.Cover, s: State, ctx: Context) -> list:
    due = s.cover
    if due is None:
        raise Refused("no attack is waiting for a cover roll", "AAM p.24")
    target = s.units[due.target]
    roll = ctx.throw(f"{target.label} cover roll", 1, c.dice, targets=(due.needed,),
                     hits_when="at_least", ref=f"cover-{due.ref}", thrower=target.side)
    ok = roll.faces[0] >= due.needed
    out = Emitter(s)
    out(roll, ev.CoverRolled(target=due.target, needed=due.needed, face=roll.faces[0], success=ok,
                             label=target.label))
    if due.kind == "defensive":
        out(*defensive_result(out.state, due.attacker, due.step, due.where, ok))
    else:
        out(*place(out.state, due.target, due.hits, ok, due.ref, due.defense))
    return out.events


def preview(s: State, attacker: int, target: int, band: str = "", arc: str = "", modifier: int = 0):
    """The attack's numbers and exact odds before the dice, or why it cannot be made."""
    from assistant.games.aa_miniatures.odds import attack_odds, cover_chance

    a, t = s.units[attacker], s.units[target]
    clear, blocking = line_of_sight(s, a.hex, t.hex)
    if clear is False:
        raise Refused(f"{blocking} ({s.terrain_of(blocking)}) blocks the line of sight", "AAM p.19")
    shot = Shot(s, a, t, t.hex, band, arc, modifier)
    odds = attack_odds(shot.dice, shot.modifier, shot.defense, s.card(t).type, t.damaged, t.hidden,
                       cover_chance(shot.cover_kind, shot.cover_needed))
    return shot, odds
