"""A corrected physical throw: recount the hits still waiting for a casualty choice (A&A §6.1)."""

from __future__ import annotations

import events.aa_classic as ev
from assistant.games.aa_classic.moves.battle import auto_casualties, count_hits, settle
from assistant.games.aa_classic.moves.common import Emitter
from assistant.games.aa_classic.state import State
from events.core import DiceCorrected


def after_dice_corrected(s: State, correction: DiceCorrected) -> list:
    """Ruling: hits can only be recounted while their casualties are not yet chosen; the throw waiting for a choice
    with as many dice as the correction is the corrected one. Later throws need a roll back."""
    for b in s.battles.values():
        p = b.pending
        if p is None or len(p.targets) != len(correction.faces):
            continue
        hits, ships_only = count_hits(correction.faces, p.targets, p.restricted)
        if (hits, ships_only) == (p.hits, p.ships_only):
            return []
        out = Emitter(s)
        out(ev.HitsRecounted(battle=b.key, hits=hits, ships_only=ships_only))
        if hits == 0:
            out(ev.CasualtiesChosen(battle=b.key, side=p.side, units=(), removed=not p.line, chosen_by="rule"))
        else:
            auto_casualties(out, b.key)
        settle(out, b.key)
        return out.events
    return []
