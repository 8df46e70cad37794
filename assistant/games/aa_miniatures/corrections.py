"""What a corrected throw changes. An assault attack's counters are still face down until the Casualty Phase, so
its hits (and every later attack's counters on the same unit) are worked out again from the corrected faces.
Throws whose consequences have already happened on the table (movement rolls, defensive fire, initiative, a
Casualty Phase already played) are corrected by hand with aam.edit_unit: the log shows both."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

import assistant.games.aa_miniatures.events as ev
from assistant.games.aa_miniatures import combat
from assistant.games.aa_miniatures.state import State


def after_dice_corrected(s: State, correction: Any) -> list:
    ref = correction.ref
    key = ref[len("cover-"):] if ref.startswith("cover-") else ref
    shot = s.shots.get(key)
    if shot is None:
        return []
    if ref.startswith("cover-"):
        needed = correction.targets[0] if correction.targets else 0
        revised = replace(shot, covered=correction.faces[0] >= needed)
    else:
        successes = sum(1 for f, t in zip(correction.faces, correction.targets) if f >= t)
        revised = replace(shot, hits=combat.hits(successes, shot.defense))
    shots = {**s.shots, key: revised}
    u = s.units[shot.target]
    before = tuple(c for c in u.hidden)
    placed: tuple[str, ...] = ()
    for record in (r for r in shots.values() if r.target == shot.target):
        if record.covered:
            placed += combat.counters_under_cover(placed, record.hits)
        else:
            placed += combat.counters(s.card(u).type, u.damaged, placed, record.hits)
    if placed == before and revised == shot:
        return []
    return [ev.CountersRevised(target=u.id, counters=placed, ref=key, label=u.label, hits=revised.hits,
                               covered=revised.covered)]
