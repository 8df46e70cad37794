"""The Rockets technology: one rocket a turn from an AA gun within 3 spaces of an enemy complex (A&A §5.2)."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic import geography as geo
from assistant.games.aa_classic.describe import power_words
from assistant.games.aa_classic.moves.common import known_space, require_step, throw_ref
from assistant.games.aa_classic.state import State


def fire_rocket(c: cmd.FireRocket, s: State, ctx: Context) -> list:
    require_step(s, "combat")
    w = s.world
    if not s.has_tech(s.power, "rockets"):
        raise Refused(f"{power_words(s.power)} has not developed rockets", "A&A §5.2")
    if s.rocket_fired:
        raise Refused("one rocket attack per turn", "A&A §5.2")
    known_space(s, c.launcher, "launcher territory")
    known_space(s, c.target, "target territory")
    guns = [
        i
        for i, u in s.units.items()
        if u.space == c.launcher and u.owner == s.power and "anti_aircraft" in w.units[u.kind].flags and not u.aboard
    ]
    if not guns or s.mark(guns[0]).captured:
        raise Refused(f"{power_words(s.power)} has no AA gun able to fire a rocket in {c.launcher}", "A&A §5.2")
    owner = s.controller(c.target)
    if c.target not in s.complexes or not w.enemies(owner, s.power):
        raise Refused(f"{c.target} has no enemy industrial complex", "A&A §5.2")
    d = geo.distance(w.board, c.launcher, c.target, "air")
    if d is None or d > w.tables.rocket_range:
        raise Refused(f"{c.target} is {d} spaces away; rockets reach {w.tables.rocket_range}", "A&A §5.2")
    ref = throw_ref(s, "rocket", c.launcher, c.target)
    throw = ctx.throw(f"the rocket from {c.launcher} at {c.target}", 1, c.faces, ref=ref)
    damage = throw.faces[0]
    paid = min(damage, s.treasury.get(owner, 0))
    return [
        throw,
        ev.RocketFired(
            power=s.power, launcher=c.launcher, target=c.target, owner=owner, damage=damage, paid=paid, gun=guns[0], ref=ref
        ),
    ]
