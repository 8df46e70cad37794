"""A corrected physical throw (core.correct_dice) in Europe Engulfed.

Every throw here is settled by the command that throws it (a combat round with its losses, the U-boat war, a raid,
V-weapons, the weather, interdiction, lend-lease), so by the time a die is corrected its consequences are already
on the table. Re-deriving them would mean re-deciding the command against a state that has moved on (losses
chosen, units moved, WERP spent); instead the table is told plainly that the old result still stands and how to
redo it (``core.roll_back`` to the throw, or ``ee.edit``), rather than the log silently showing faces the facts do
not follow."""

from __future__ import annotations

from typing import Any

import assistant.games.europe_engulfed.events as ev
from events.core import DiceCorrected


def after_dice_corrected(s: Any, correction: DiceCorrected) -> list[ev.CorrectionOutstanding]:
    if tuple(correction.faces) == tuple(correction.original):
        return []  # the same faces: nothing to redo
    return [ev.CorrectionOutstanding(dice_seq=correction.dice_seq, purpose=correction.purpose,
                                     original=tuple(correction.original), faces=tuple(correction.faces))]
