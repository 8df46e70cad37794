"""National rules: Chinese free steps (AE 9.42, 9.45), US free naval steps (AE 9.21), the kamikaze free advance
(AE 9.13), stacking at the end of a phase (AE 5.42-5.44)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.scenario.format import Tracks
from tests.games.asia_engulfed.table import Table, piece, scenario


def test_the_communists_get_a_free_step_each_allied_production():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="china")
    assert t.state.free_steps == {"communist": 1}
    with pytest.raises(Refused) as refused:
        t.do(c.PlaceFreeSteps(force="communist", kind="militia", zone="peking"))  # Japanese-held
    assert refused.value.rule == "AE 4.41"
    t.do(c.PlaceFreeSteps(force="communist", kind="militia", zone="chungking", max_steps=3))  # next to Sian
    assert t.state.pieces["cn-militia-1"].steps == 1 and t.state.free_steps == {"communist": 0}


def test_a_chinese_zone_lost_in_combat_brings_five_emergency_militia_steps():
    pieces = (*scenario().pieces, piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),
              piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"))
    t = Table(scenario(pieces=pieces, surprise=False, network={"east_china_sea": 1}))
    t.do(c.Advance())
    t.advance_to("land_combat", "japan")
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))  # AE 6.31: the defender first, no hit
    t.do(c.Fire(zone="chungking", side="attacker", faces=(6, 6, 6, 1)))
    t.do(c.ApplyLosses(zone="chungking", hits=3, losses={"cn-inf-1": 3}))
    assert t.state.control["chungking"] == "japan"  # AE 3.25
    granted = [e for e in t.log if isinstance(e, ev.FreeStepsGranted)][-1]
    assert (granted.force, granted.steps, granted.rule) == ("communist", 5, "AE 9.45")  # Chungking is rough
    t.do(c.PlaceFreeSteps(force="communist", target="cn-mil-1"))  # Sian's militia back to full strength
    assert t.state.pieces["cn-mil-1"].steps == 3


def test_us_free_naval_steps_from_jan_feb_1944():
    pieces = (*scenario().pieces, piece("us-ca-2", "usa", "ca", 2, "usa", top=4))
    t = Table(scenario(pieces=pieces, start_turn="1944-01", surprise=False))
    t.do(c.Advance())
    t.advance_to("production", "allies", producer="usa")
    t.do(c.Advance())
    free = [e for e in t.log if isinstance(e, ev.ConstructionCompleted) and not e.marker]
    assert [(e.build, e.target) for e in free] == [("cv", "us-cv-1"), ("bb", "us-bb-2"), ("ca", "us-ca-2")]
    assert t.state.pieces["us-ca-2"].steps == 3 and t.state.pieces["us-cv-1"].at == "usa"


def test_kamikazes_move_an_lba_marker_one_free_box_before_production():
    t = Table(scenario(surprise=False, tracks=Tracks(oil=30, transport_capacity=10, kamikaze=0)))
    t.do(c.Advance())
    t.advance_to("production", "japan")
    t.do(c.Buy(item="construction", target="jp-air-1", build="lba", free=True))
    t.do(c.Buy(item="construction", target="jp-air-1"))  # and the paid box: two boxes this turn
    assert t.state.builds["jp-air-1"].box == 2
    with pytest.raises(Refused) as refused:
        t.do(c.Buy(item="construction", target="jp-naval-1", build="cv", free=True))
    assert refused.value.rule == "AE 9.13"
    t.do(c.Advance())
    assert any(p.kind == "lba" and p.id.startswith("jp-lba") for p in t.state.pieces.values())


def test_an_over_stacked_island_box_must_be_cleared_before_the_phase_ends():
    pieces = (*scenario().pieces, piece("jp-inf-m1", "japan", "infantry", 1, "marianas", top=4),
              piece("jp-inf-m2", "japan", "infantry", 2, "marianas", top=4))
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    with pytest.raises(Refused) as refused:
        t.do(c.Advance())
    assert refused.value.rule == "AE 5.42-5.44" and "Marianas: 1 land unit(s) of japan too many" in str(refused.value)
    with pytest.raises(Refused):
        t.do(c.EliminateExcess(pieces=("jp-inf-m1", "jp-inf-m2")))
    t.do(c.EliminateExcess(pieces=("jp-inf-m1",)))
    t.do(c.Advance())
    assert t.state.phase == "initial_supply"
