"""Defensive fire (p.21-22): a shot at a unit moving from one hex adjacent to the firer to another. At best it
disrupts at once (a face-up counter) and stops the mover where it is; a cover roll cancels it. A Blast firer
attacks every other unit in the hex it shoots at as well (glossary, p.29), each capped at disruption."""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.moves import movement
from assistant.games.aa_miniatures.moves.common import Emitter, unit
from assistant.games.aa_miniatures.moves.shots import Shot, cover_roll, fire, split_faces
from assistant.games.aa_miniatures.state import State, Unit, other


def _check(c: cmd.DefensiveFire, s: State) -> tuple[Unit, Unit, str, str]:
    """(mover, firer, the hex shot at, the mover's facing there) once the shot is allowed."""
    w = s.window
    if w is None or s.stage != "play":
        raise Refused("defensive fire answers a unit moving next to yours: no move is under way", "AAM p.21")
    if s.cover is not None:
        raise Refused(f"{s.units[s.cover.target].label} rolls for cover first", "AAM p.24")
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
    facing = hexes.facing_towards(a_hex, b_hex) or "" if s.card(mover).type == "vehicle" else ""
    return mover, f, a_hex if c.where == "start" else b_hex, facing


def defensive_fire(c: cmd.DefensiveFire, s: State, ctx: Context) -> list:
    mover, f, where, facing = _check(c, s)
    targets = [(mover, Shot(s, f, mover, where, "short", c.arc or "", 0, facing=facing))]
    if s.card(f).has("Blast"):
        targets += [(u, Shot(s, f, u, where, "short", c.arc or "", 0)) for u in s.on_map()
                    if u.hex == where and u.id not in (mover.id, f.id) and not u.aboard]
    cover_dice = list(c.cover_dice) if c.cover_dice is not None else None
    out = Emitter(s)
    stopped = False
    for (u, shot), mine in zip(targets, split_faces(c.faces, targets, "defensive fire", "AAM p.22")):
        ref = f"defensive:{s.turn}:{s.phase}:{s.owner}:{f.id}:{u.id}:{c.step}"
        successes, hits = fire(ctx, out, f, u, shot, mine, ref, "defensive", c.step, c.where)
        if not hits:
            out(ev.DefensiveFireFailed(unit=u.id, by=f.id, reason="missed", labels=(u.label, f.label)))
            continue
        ask = (lambda: out(ev.CoverAwaited(attacker=f.id, target=u.id, kind="defensive", hits=hits,
                                           successes=successes, defense=shot.defense, needed=shot.cover_needed,
                                           ref=ref, step=c.step, where=c.where, label=u.label))) if len(targets) == 1 else None
        covered = cover_roll(ctx, out, u, shot, ref, cover_dice, ask, c.faces is not None, "shot")
        if covered is None:
            return out.events
        if u.id == mover.id:
            if not covered:
                out(ev.MoverDisrupted(unit=u.id, hex=where, by=f.id, labels=(u.label, f.label)))
                stopped = True
            else:
                out(ev.DefensiveFireFailed(unit=u.id, by=f.id, reason="cover", labels=(u.label, f.label)))
        elif covered:
            out(ev.DefensiveFireFailed(unit=u.id, by=f.id, reason="cover", labels=(u.label, f.label)))
        else:
            out(ev.MoverDisrupted(unit=u.id, hex=where, by=f.id, labels=(u.label, f.label), moving=False))
    if cover_dice:
        raise Refused(f"{len(cover_dice)} cover die/dice more than this shot needs", "AAM p.24")
    if stopped:
        out(*movement.finish(out.state, c.step - 1 if c.where == "start" else c.step, "defensive fire"))
    else:
        _close_when_nobody_left(out)
    return out.events


def _close_when_nobody_left(out: Emitter) -> None:
    """A shot that did not stop the mover, and no other unit the move provokes can still fire: the move ends there
    (at the table: the table was left with an empty firer list and had to press Hold fire)."""
    if out.state.window is not None and out.state.cover is None and not movement.provoked(out.state):
        out(*movement.finish(out.state))


def result(s: State, firer: int, step: int, where: str, covered: bool) -> list:
    """After the mover's awaited cover roll: cover cancels the shot; otherwise the mover is disrupted at once and
    stops where it is (p.22)."""
    w = s.window
    assert w is not None
    labels = (s.units[w.unit].label, s.units[firer].label)
    if covered:
        out = Emitter(s)
        out(ev.DefensiveFireFailed(unit=w.unit, by=firer, reason="cover", labels=labels))
        _close_when_nobody_left(out)
        return out.events
    upto = step - 1 if where == "start" else step
    out = Emitter(s)
    out(ev.MoverDisrupted(unit=w.unit, hex=w.path[upto], by=firer, labels=labels))
    out(*movement.finish(out.state, upto, "defensive fire"))
    return out.events
