"""Edits: the table changes the record by hand (a rule it plays differently, a piece knocked over), with a reason."""

from __future__ import annotations

import assistant.games.aa_classic.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_classic import commands as cmd
from assistant.games.aa_classic.moves.common import require_reason
from assistant.games.aa_classic.state import State

# Sane ranges an edit keeps the game in (the whole board produces under 200 IPCs a round; it starts with ~300 units).
MAX_TREASURY = cmd.MAX_TREASURY
MAX_PRODUCTION = 999
MAX_UNITS = 2000


def edit(c: cmd.Edit, s: State, ctx: Context) -> list:
    require_reason(c.reason)
    w = s.world
    powers = set(w.tables.turn_order)
    out: list = []
    added: list[ev.UnitLine] = []
    removed: list[int] = []
    next_id = s.next_id
    for spec in (*c.add, *c.remove):
        if spec.space not in w.board.spaces or spec.power not in powers or spec.kind not in w.units or spec.count < 1:
            raise Refused(f"edit names an unknown space, power or unit: {spec.space}/{spec.power}/{spec.kind}", "A&A edits")
    on_board = len(s.units) + sum(spec.count for spec in c.add)
    if c.add and on_board > MAX_UNITS:
        raise Refused(f"the edit would put {on_board} units on the board; at most {MAX_UNITS}", "A&A edits")
    for spec in c.add:
        for _ in range(spec.count):
            added.append(ev.UnitLine(id=next_id, kind=spec.kind, owner=spec.power, space=spec.space))
            next_id += 1
    for spec in c.remove:
        there = sorted(i for i, u in s.units.items() if (u.space, u.owner, u.kind) == (spec.space, spec.power, spec.kind))
        there = [i for i in there if i not in removed]
        if len(there) < spec.count:
            raise Refused(f"{spec.power} has {len(there)} {spec.kind} in {spec.space}", "A&A edits")
        removed.extend(there[: spec.count])
    for space in c.clear:
        if space not in w.board.spaces:
            raise Refused(f"edit names an unknown space: {space}", "A&A edits")
        there = sorted(i for i, u in s.units.items() if u.space == space and i not in removed)
        if not there:
            raise Refused(f"{space} holds no unit to clear", "A&A edits")
        removed.extend(there)
    if added or removed:
        out.append(ev.UnitsEdited(reason=c.reason, added=tuple(added), removed=tuple(removed)))
    for territory, power in c.control.items():
        if territory not in w.board.spaces or w.is_sea(territory) or (power and power not in powers):
            raise Refused(f"cannot give {territory} to {power!r}", "A&A edits")
        previous = s.controller(territory)
        value = w.value(territory)
        production = {p: d for p, d in ((previous, -value), (power, value)) if p and d and previous != power}
        out.append(ev.ControlEdited(reason=c.reason, territory=territory, controller=power, production=production))
    _unknown(powers, c.treasury, c.production, c.treasury_to, c.production_to)
    for power in set(c.treasury) & set(c.treasury_to) | set(c.production) & set(c.production_to):
        raise Refused(f"change {power}'s value or set it, not both in one edit", "A&A edits")
    for power, amount in c.treasury.items():
        if power not in powers or not 0 <= s.treasury.get(power, 0) + amount <= MAX_TREASURY:
            raise Refused(f"a treasury stays between 0 and {MAX_TREASURY} IPCs ({power})", "A&A edits")
        out.append(ev.TreasuryEdited(reason=c.reason, power=power, amount=amount))
    for power, value in c.treasury_to.items():
        out.append(ev.TreasuryEdited(reason=c.reason, power=power, amount=value - s.treasury.get(power, 0), to=value))
    for power, amount in c.production.items():
        if power not in powers or not 0 <= s.production.get(power, 0) + amount <= MAX_PRODUCTION:
            raise Refused(f"a production level stays between 0 and {MAX_PRODUCTION} IPCs ({power})", "A&A edits")
        out.append(ev.ProductionEdited(reason=c.reason, power=power, amount=amount))
    for power, value in c.production_to.items():
        out.append(ev.ProductionEdited(reason=c.reason, power=power, amount=value - s.production.get(power, 0), to=value))
    known = set(w.tables.technologies.values())
    for power, techs in c.technologies.items():
        if power not in powers or not set(techs) <= known or len(set(techs)) != len(techs):
            raise Refused(f"technologies are named once each from the table: {', '.join(sorted(known))}", "A&A edits")
        out.append(ev.TechnologiesEdited(reason=c.reason, power=power, technologies=tuple(techs)))
    if not out:
        raise Refused("the edit changes nothing", "A&A edits")
    return out


def _unknown(powers: set[str], *values: dict[str, int]) -> None:
    for value in values:
        for power in value:
            if power not in powers:
                raise Refused(f"no power {power!r}; the powers are {', '.join(sorted(powers))}", "A&A edits")
