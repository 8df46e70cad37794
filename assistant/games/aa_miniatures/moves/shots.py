"""What an attack needs before its dice (band, dice, modifiers, arc, defense, cover), shared by assault attacks
and defensive fire (p.15-24)."""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import combat, hexes
from assistant.games.aa_miniatures.state import State, Unit
from assistant.games.aa_miniatures.tables import load


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
            measured = hexes.arc(where, facing if facing is not None else target.facing, attacker.hex)
            if measured and arc and arc != measured:  # as with the band: a typed arc the map contradicts is refused
                raise Refused(f"{attacker.label} fires at {target.label}'s {measured}, not its {arc} (facing "
                              f"{facing if facing is not None else target.facing})", "AAM p.17")
            self.arc = measured or arc
            if not self.arc:
                raise Refused(f"say whether {attacker.label} fires at {target.label}'s front or rear", "AAM p.17")
        self.defense = combat.defense(tcard, target, self.arc or "front")
        self.cover_kind, self.cover_needed = combat.cover_rule(acard, tcard, s.terrain_of(where),
                                                               attacker.hex == where, self.band)
        self.needed = load().success_at - self.modifier


def throw(ctx: Context, purpose: str, shot: Shot, faces, ref: str, thrower: str):
    return ctx.throw(purpose, shot.dice, faces, targets=(shot.needed,) * shot.dice, hits_when="at_least", ref=ref,
                     thrower=thrower)


def split_faces(faces, shots: list[tuple[Unit, Shot]], what: str, rule: str) -> list[tuple[int, ...] | None]:
    """Typed faces shared out among the targets in order (Blast: one attack per unit); None: the assistant rolls."""
    if faces is None:
        return [None] * len(shots)
    wanted = sum(shot.dice for _, shot in shots)
    if len(faces) != wanted:
        names = ", ".join(f"{shot.dice} at {u.label}" for u, shot in shots)
        raise Refused(f"this {what} rolls {wanted} dice ({names}); {len(faces)} typed", rule)
    out, rest = [], list(faces)
    for _, shot in shots:
        out.append(tuple(rest[: shot.dice]))
        rest = rest[shot.dice:]
    return out


def fire(ctx: Context, out, a: Unit, u: Unit, shot: Shot, faces, ref: str, kind: str, step: int = 0,
         where: str = "") -> tuple[int, int]:
    """Throw one attack's dice and record what they made: (successes, hits)."""
    purpose = f"{a.label} {'attacks' if kind == 'assault' else 'defensive fire at'} {u.label}"
    thrown = throw(ctx, purpose, shot, faces, ref, a.side)
    successes = combat.successes(thrown.faces, shot.modifier)
    hits = combat.hits(successes, shot.defense)
    out(thrown, ev.AttackRolled(attacker=a.id, target=u.id, kind=kind, band=shot.band, distance=shot.distance,
                                dice=shot.dice, modifier=shot.modifier, successes=successes, defense=shot.defense,
                                arc=shot.arc, hits=hits, ref=ref, step=step, where=where, labels=(a.label, u.label)))
    return successes, hits


def cover_roll(ctx: Context, out, u: Unit, shot: Shot, ref: str, queue: list[int] | None, ask, typed_attack: bool,
               what: str) -> bool | None:
    """The cover roll of an attack whose result it may change (p.24): automatic or ignored by an ability, a die
    typed with the attack (``queue``), left to the attacked unit's player (``ask`` records that; None is returned),
    or rolled by the assistant. True when the unit is covered."""
    if shot.cover_kind in ("automatic", "ignored"):
        covered = shot.cover_kind == "automatic"
        out(ev.CoverRolled(target=u.id, needed=0, success=covered, how=shot.cover_kind, label=u.label))
        return covered
    if shot.cover_kind != "rolled":
        return False
    typed = None
    if queue:
        typed = (queue.pop(0),)
    elif ask is not None:
        ask()
        return None
    elif typed_attack:
        raise Refused(f"{u.label} may roll for cover ({shot.cover_needed}+): with Blast, type the cover dice with the "
                      f"{what} (cover dice), one per unit that needs one", "AAM p.24")
    roll = ctx.throw(f"{u.label} cover roll", 1, typed, targets=(shot.cover_needed,), hits_when="at_least",
                     ref=f"cover-{ref}", thrower=u.side)
    covered = roll.faces[0] >= shot.cover_needed
    out(roll, ev.CoverRolled(target=u.id, needed=shot.cover_needed, face=roll.faces[0], success=covered,
                             label=u.label))
    return covered
