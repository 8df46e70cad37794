"""Long-duration production (AE 4.7): markers advance one box a turn and deliver at the end of production."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.rules.construction import available, pipeline
from assistant.games.asia_engulfed.scenario.format import Tracks
from tests.games.asia_engulfed.table import Table, piece, scenario


def japanese_productions(t: Table, turns: int, buys) -> None:
    for _ in range(turns):
        t.advance_to("production", "japan")
        for b in buys:
            t.do(b)
        t.advance_to("turn_advance")
        t.do(c.Advance())


def quiet() -> Tracks:
    return Tracks(oil=30, transport_capacity=10, asw=1, kamikaze=9)


def test_a_battleship_step_takes_five_turns_and_joins_a_reduced_fleet_in_a_national_port():
    pieces = (*scenario().pieces, piece("jp-bb-2", "japan", "bb", 2, "honshu", top=4))
    t = Table(scenario(pieces=pieces, tracks=quiet(), surprise=False))
    t.do(c.Advance())
    japanese_productions(t, 1, [c.Buy(item="construction", target="jp-bbtr", build="bb")])
    assert pipeline(t.state) == [{"marker": "jp-bbtr", "nation": "japan", "build": "bb", "box": 1, "needed": 5,
                                  "waiting": False, "completes": "Jul/Aug 1942"}]
    japanese_productions(t, 3, [c.Buy(item="construction", target="jp-bbtr")])
    assert t.state.pieces["jp-bb-2"].steps == 2
    t.advance_to("production", "japan")
    t.do(c.Buy(item="construction", target="jp-bbtr"))
    t.do(c.Advance())
    done = [e for e in t.log if isinstance(e, ev.ConstructionCompleted)]
    assert [(d.marker, d.target) for d in done] == [("jp-bbtr", "jp-bb-2")]
    assert t.state.pieces["jp-bb-2"].steps == 3 and t.state.turn == 5
    assert not available(t.state, t.state.builds["jp-bbtr"])  # not reused in the turn it completed (AE 4.76)


def test_a_japanese_cba_is_built_in_three_turns_as_in_the_rule_example():
    """AE 4.76: pay 1 WERP a turn, boxes 1, 2 and '3 CBA built'; a 2-step CBA then lands on a CV at Honshu."""
    t = Table(scenario(tracks=quiet(), surprise=False))
    t.do(c.Advance())
    japanese_productions(t, 2, [c.Buy(item="construction", target="jp-air-1", build="cba")])
    t.advance_to("production", "japan")
    t.do(c.Buy(item="construction", target="jp-air-1"))
    t.do(c.Advance())
    done = [e for e in t.log if isinstance(e, ev.ConstructionCompleted)][-1]
    assert done.piece is not None and done.piece.kind == "cba" and done.piece.steps == 2
    assert done.piece.at == "jp-cv-a"  # room on the carrier at Honshu


def test_the_bb_tr_marker_adds_transport_capacity_at_the_end_of_that_phase():
    t = Table(scenario(tracks=quiet(), surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "japan")
    t.do(c.Buy(item="construction", target="jp-bbtr", build="tr"))
    assert t.state.balance("japan", "tc") == 10
    t.do(c.Advance())
    assert t.state.balance("japan", "tc") == 11


def test_japanese_air_spending_is_capped_at_three_werp():
    pieces = (*scenario().pieces, piece("jp-lba-2", "japan", "lba", 1, "honshu", top=2),
              piece("jp-lba-3", "japan", "lba", 1, "honshu", top=2),
              piece("jp-lba-4", "japan", "lba", 1, "honshu", top=2))
    t = Table(scenario(pieces=pieces, tracks=quiet(), surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "japan")
    t.do(c.Buy(item="construction", target="jp-air-1", build="lba"))
    t.do(c.Buy(item="replacement", target="jp-lba-2"))
    t.do(c.Buy(item="replacement", target="jp-lba-3"))
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="replacement", target="jp-lba-4"))
    assert refused.value.rule == "AE 4.62"
    t.do(c.Advance())
    kamikaze = [e for e in t.log if isinstance(e, ev.TrackMoved) and e.track == "kamikaze"]
    assert [k.cause for k in kamikaze] == ["more than 1 WERP spent on air units"]  # AE 9.13
