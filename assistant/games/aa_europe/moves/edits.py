"""Corrections by hand: the table overrides the record (units, control, treasuries), always with a reason."""

from __future__ import annotations

from assistant.decider import Context, Refused
from assistant.games.aa_europe import commands as cmd
from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.common import Emitter, require_reason, rule
from assistant.games.aa_europe.state import State

MAX_EDIT = 100


def edit(c: cmd.Edit, s: State, ctx: Context) -> list:
    require_reason(c.reason)
    w = s.world
    if not (c.add or c.remove or c.control or c.treasury):
        raise Refused("an edit changes units, control or a treasury", rule("edits"))
    if len(c.add) + len(c.remove) + len(c.control) + len(c.treasury) > MAX_EDIT:
        raise Refused(f"one edit changes at most {MAX_EDIT} things", rule("edits"))
    out = Emitter(s, ctx)
    added, nxt = [], s.next_id
    for spec in c.add:
        if spec.space not in w.spaces or spec.power not in w.tables.turn_order or spec.kind not in w.units:
            raise Refused(f"cannot add {spec.kind} of {spec.power} in {spec.space}", rule("edits"))
        if not 0 < spec.count <= MAX_EDIT or spec.kind == "industrial_complex":
            raise Refused("add 1 to 100 pieces (complexes are part of the board)", rule("edits"))
        for _ in range(spec.count):
            added.append(ev.UnitLine(id=nxt, kind=spec.kind, owner=spec.power, space=spec.space))
            nxt += 1
    for i in c.remove:
        if i not in s.units:
            raise Refused(f"there is no unit #{i}", rule("edits"))
    if added or c.remove:
        out(ev.UnitsEdited(reason=c.reason, added=tuple(added), removed=tuple(c.remove)))
    for space, power in c.control.items():
        if space not in s.control or (power and power not in w.tables.turn_order):
            raise Refused(f"cannot give {space} to {power!r}", rule("edits"))
        out(ev.ControlEdited(reason=c.reason, space=space, controller=power))
    for power, amount in c.treasury.items():
        if power not in w.tables.turn_order or not 0 <= amount <= 9999:
            raise Refused(f"a treasury of {power!r} is 0 to 9999 IPC", rule("edits"))
        out(ev.TreasuryEdited(reason=c.reason, power=power, amount=amount))
    return out.events
