"""Assault attacks (p.15-20) and cover rolls (p.24).

An assault attack places face-down counters that act only in the Casualty Phase. A cover roll is asked for only
when it could change the result; the roll awaited after a defensive-fire shot is settled here too.
"""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures.corrections import revised_counters
from assistant.games.aa_miniatures.moves import defensive, movement
from assistant.games.aa_miniatures.moves.common import Emitter, line_of_sight, require_phase, unit
from assistant.games.aa_miniatures.moves.shots import Shot, cover_roll, fire, split_faces
from assistant.games.aa_miniatures.state import State, other

MAX_MODIFIER = 3


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
    cover_dice = list(c.cover_dice) if c.cover_dice is not None else None
    for (u, shot), mine in zip(shots, split_faces(c.faces, shots, "attack", "AAM p.16")):
        ref = f"attack:{s.turn}:{a.id}:{u.id}"
        successes, hits = fire(ctx, out, a, u, shot, mine, ref, "assault")
        target = out.state.units[u.id]
        tcard = s.card(u)
        matters = combat.cover_matters("assault", hits, target.hidden, tcard.type, target.damaged)
        cover_ok = False
        cover = (a.id, shot.cover_kind, shot.cover_needed, matters)
        if matters:
            ask = (lambda: out(ev.CoverAwaited(attacker=a.id, target=u.id, kind="assault", hits=hits,
                                               successes=successes, defense=shot.defense, needed=shot.cover_needed,
                                               ref=ref, label=u.label))) if len(shots) == 1 else None
            covered = cover_roll(ctx, out, u, shot, ref, cover_dice, ask, c.faces is not None, "attack")
            if covered is None:
                continue
            cover_ok = covered
        out(*place(out.state, u.id, hits, cover_ok, ref, shot.defense, cover))
    if cover_dice:
        raise Refused(f"{len(cover_dice)} cover die/dice more than this attack needs", "AAM p.24")
    return out.events


def place(s: State, target: int, hits: int, cover_ok: bool, ref: str, defense: int,
          cover: tuple[int, str, int, bool]) -> list:
    """The face-down counters of one attack; ``cover`` is (attacker, cover kind, die needed, rolled), kept so that a
    corrected throw knows whether the target's cover roll is still to be made (p.24)."""
    u = s.units[target]
    if cover_ok:
        added = combat.counters_under_cover(u.hidden, hits)
    else:
        added = combat.counters(s.card(u).type, u.damaged, u.hidden, hits)
    attacker, kind, needed, rolled = cover
    return [ev.CountersPlaced(target=target, counters=added, limited_by_cover=cover_ok, label=u.label, ref=ref,
                              hits=hits, defense=defense, attacker=attacker, cover=kind, cover_needed=needed,
                              cover_rolled=rolled)]


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
        out(*defensive.result(out.state, due.attacker, due.step, due.where, ok))
    elif due.ref in out.state.shots:  # the roll a corrected throw made necessary: the counters are worked out again
        out(revised_counters(out.state, due.ref, due.hits, ok, rolled=True))
    else:
        rolled = (due.attacker, "rolled", due.needed, True)
        out(*place(out.state, due.target, due.hits, ok, due.ref, due.defense, rolled))
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
