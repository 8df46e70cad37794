"""A corrected physical throw: what the rules make of the corrected faces.

A battle throw whose hits still wait for the casualty choice is recounted with the corrected faces (each die's own
target and restriction kept from the throw); if it now scores nothing, the battle goes on at once. A throw whose
consequences were already acted on (casualties taken, the battle over, AA fire over a path, a raid's damage paid,
the turn played) gets ``aae.correction_outstanding``: the table rolls back to the throw (``core.roll_back``) or
edits the board.
"""

from __future__ import annotations

from assistant.games.aa_europe import events as ev
from assistant.games.aa_europe.moves.battle import settle
from assistant.games.aa_europe.moves.common import Emitter
from assistant.games.aa_europe.state import State
from events.core import DiceCorrected


def after_dice_corrected(s: State, correction: DiceCorrected) -> list:
    parts = correction.ref.split(":", 5)
    out = Emitter(s)
    if len(parts) == 6 and parts[0] == "battle":
        _, round_, power, key, battle_round, fire = parts
        b = s.battles.get(key)
        p = b.pending if b is not None else None
        current = (round_, power) == (str(s.round), s.power) and b is not None and not b.outcome
        if current and p is not None and p.ref == correction.ref and str(b.round) == battle_round and p.kinds:
            hit = [k for f, t, k in zip(correction.faces, correction.targets, p.kinds) if f <= t]
            out(ev.HitsRecounted(battle=key, hits=len(hit), no_air=hit.count("no_air"), no_sub=hit.count("no_sub"),
                                 ref=correction.ref))
            settle(out, key)
            return out.events
    if correction.ref:
        out(ev.CorrectionOutstanding(ref=correction.ref, reason="its consequences were already acted on: roll back "
                                     "to the throw or edit the board by hand"))
    return out.events
