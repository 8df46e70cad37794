"""The table's hand corrections: a figure knocked over, a counter lost. Recorded with a reason, never silent."""

from __future__ import annotations

import assistant.games.aa_miniatures.events as ev
from assistant.decider import Context, Refused
from assistant.games.aa_miniatures import commands as cmd
from assistant.games.aa_miniatures import hexes
from assistant.games.aa_miniatures.combat import DAMAGED, DESTROYED, DISRUPTED
from assistant.games.aa_miniatures.moves.common import hex_label, require_stage, unit
from assistant.games.aa_miniatures.state import State

MAX_REASON = 200


def edit_unit(c: cmd.EditUnit, s: State, ctx: Context) -> list:
    require_stage(s, "deploy", "play")
    if not c.reason.strip() or len(c.reason) > MAX_REASON:
        raise Refused(f"an edit needs a reason, for the record (1 to {MAX_REASON} characters)")
    u = unit(s, c.unit)
    card = s.card(u)
    h = hex_label(c.hex) if c.hex else u.hex
    facing = c.facing.strip().upper() or u.facing
    if card.type == "vehicle" and facing and facing not in hexes.FACINGS:
        raise Refused(f"a Vehicle faces one hexside: {', '.join(hexes.FACINGS)}", "AAM p.14")
    if card.type == "soldier":
        facing = ""
    if c.damaged and card.type != "vehicle":
        raise Refused("Soldiers are never damaged", "AAM p.20")
    allowed = {DISRUPTED, DAMAGED, DESTROYED} if card.type == "vehicle" else {DISRUPTED, DESTROYED}
    # a field left out keeps the unit's counters: setting a knocked-over figure back must not clear its hits
    hidden = u.hidden if c.hidden is None else tuple(x.strip().lower() for x in c.hidden if x.strip().lower() != "none")
    bad = [x for x in hidden if x not in allowed]
    if bad:
        raise Refused(f"face-down counters are {', '.join(sorted(allowed))} (at most 3), not {', '.join(bad)}", "AAM p.16")
    return [ev.UnitEdited(unit=u.id, hex=h, facing=facing,
                          disrupted=u.disrupted if c.disrupted is None else c.disrupted,
                          damaged=u.damaged if c.damaged is None else c.damaged,
                          hidden=hidden, reason=c.reason.strip(), label=u.label)]
