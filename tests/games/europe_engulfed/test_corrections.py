"""A physical die corrected after the assistant applied it (core.correct_dice): the table is told that the old
result still stands and how to redo it, instead of a log showing faces the facts do not follow."""

from __future__ import annotations

import json

from assistant.games.europe_engulfed.board.loader import to_dict
from tests.games.europe_engulfed.scenarios import game_options, mid_war
from tests.games.europe_engulfed.table import BOARD, advance


def _britain_after_uboats(app):
    """Mar/Apr 1942 (variable weather rolled), Britain's production: 25 U-boats against ASW 3; the ASW die 3 (10%) sinks 3."""
    options = game_options(mid_war("1942-03"), asw_table={"3": [0, 0, 10, 10, 20, 20]},
                           uboat_attack_table=[[0, [0, 0, 0, 1, 1, 2]], [20, [1, 1, 2, 2, 3, 4]]])
    gid = app.new_game("europe_engulfed", options | {"board": to_dict(BOARD)})
    for _ in range(40):
        s = app.view(gid).game
        if s.phase == "production" and s.step == "britain":
            break
        if s.phase == "weather" and not s.weather:
            app.handle(gid, '{"type": "ee.roll_weather", "faces": [4, 2]}')
        else:
            advance(app, gid)
    out = app.handle(gid, json.dumps({"type": "ee.resolve_uboats", "faces": [3, 6]}))
    return gid, out.first_seq  # the ASW die is the first throw


def test_a_corrected_uboat_die_says_the_old_result_stands(app):
    gid, asw_seq = _britain_after_uboats(app)
    s = app.view(gid).game
    assert s.track.uboats == 22  # 10% of 25, rounded up
    out = app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": asw_seq, "faces": [5],
                                      "reason": "the die showed 5"}))
    types = [r.event.__struct_config__.tag for r in out.events]
    assert types == ["core.dice_corrected", "ee.correction_outstanding"]
    last = app.log(gid)[-1]
    assert "still stands" in last.sentence and f"Roll back to event {asw_seq - 1}" in last.sentence
    assert app.view(gid).game.track.uboats == 22  # nothing re-derived behind the table's back


def test_the_same_faces_again_need_nothing_redone(app):
    gid, asw_seq = _britain_after_uboats(app)
    out = app.handle(gid, json.dumps({"type": "core.correct_dice", "dice_seq": asw_seq, "faces": [3],
                                      "reason": "checked: it was a 3"}))
    assert [r.event.__struct_config__.tag for r in out.events] == ["core.dice_corrected"]
