"""Read models: the score sheet, rebuilt from the log like every other view."""

from __future__ import annotations

from typing import Any

import msgspec

from projections.base import Projection, Recorded
from tabletop_duel.events import PointScored


class ScoreSheet(msgspec.Struct, frozen=True):
    points: dict[str, int] = {}
    rounds: tuple[tuple[int, str, int, int], ...] = ()  # (event, winner, high, low)


def initial(definition: dict[str, Any]) -> ScoreSheet:
    return ScoreSheet(points={s: 0 for s in definition["sides"]})


def apply(sheet: ScoreSheet, rec: Recorded) -> ScoreSheet:
    e = rec.event
    if isinstance(e, PointScored):
        return ScoreSheet(points={**sheet.points, e.side: sheet.points[e.side] + 1},
                          rounds=(*sheet.rounds, (rec.seq, e.side, e.high, e.low)))
    return sheet


SCORE_SHEET: Projection[ScoreSheet] = Projection("score_sheet", initial, apply, ScoreSheet)
