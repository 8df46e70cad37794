"""The submarine Replacement marker (AE 4.61, 8.53) and Orphan CBA joining a carrier (AE 4.21, 4.42, 5.22)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.scenario.format import Tracks
from tests.games.asia_engulfed.table import Table, piece, scenario

QUIET = Tracks(oil=20, transport_capacity=10, asw=1, us_submarine_points=0, us_bomber_points=0, kamikaze=5)


def with_pieces(*extra, drop=(), **kw) -> Table:
    pieces = tuple(p for p in scenario().pieces if p.id not in drop) + extra
    return Table(scenario(pieces=pieces, surprise=False, tracks=QUIET, **kw))


def japanese_sub_at_sea(*extra) -> Table:
    """« une unité sous-marine de 1 Pas qui a été déployée depuis la case de stockage avant la Phase de
    Production »: the Japanese unit is in the Philippine Sea, reduced to one step, when Japan produces."""
    t = with_pieces(piece("jp-sub", "japan", "submarine", 1, "philippine_sea", top=2), *extra, drop=("jp-sub",))
    t.do(c.Advance())
    t.advance_to("production", "japan", producer="japan")
    return t


def test_a_step_for_a_submarine_at_sea_waits_as_the_replacement_marker_then_merges_on_its_return():
    t = japanese_sub_at_sea()
    werp = t.state.balance("japan", "werp")
    bought = t.do(c.Buy(item="submarine_step"))[-1]
    assert isinstance(bought, ev.Purchased) and bought.target == "japan-submarine-replacement"
    assert t.state.pieces["jp-sub"].steps == 1  # the step does not reach the unit at sea (AE 4.61)
    assert t.state.submarine_replacements == ("japan",)
    assert t.state.balance("japan", "werp") == werp - 2  # 2 WERP a step (AE 4.44)
    from assistant.games.asia_engulfed.read_models.views import tracks

    assert tracks(t.state)["Submarine Replacement marker"] == "Japan"
    t.advance_to("air_naval_combat", "japan")
    out = t.do(c.NavalMove(pieces=("jp-sub",), to="holding", zones=0, mode="return"))
    assert [type(e) for e in out] == [ev.NavalMoved, ev.SubmarineReplacementMerged]
    assert (t.state.pieces["jp-sub"].at, t.state.pieces["jp-sub"].steps) == ("holding", 2)  # AE 8.53
    assert t.state.submarine_replacements == ()


def test_the_marker_counts_in_the_submarine_limits():
    t = japanese_sub_at_sea()
    t.do(c.Buy(item="submarine_step"))
    with pytest.raises(Refused) as refused:  # Japan: 2 WERP a turn on its submarine unit
        t.do(c.Buy(item="submarine_step"))
    assert refused.value.rule == "AE 4.62"


def test_the_marker_becomes_a_one_step_unit_when_the_submarine_was_destroyed():
    t = japanese_sub_at_sea(piece("us-ca-ps", "usa", "ca", 1, "philippine_sea", top=4))
    t.do(c.Buy(item="submarine_step"))
    t.advance_to("air_naval_combat", "japan")
    t.do(c.SubmarineAttack(sea="philippine_sea", side="japan", option="undamaged", target="us-ca-ps", faces=(6,)))
    assert "jp-sub" not in t.state.pieces  # the cruiser's ASW die sank its only step
    out = t.do(c.Advance())  # « après la Phase de Combat Aéronaval » (AE 4.61)
    merged = next(e for e in out if isinstance(e, ev.SubmarineReplacementMerged))
    assert merged.new_piece is not None and merged.steps == 1
    boat = t.state.pieces[merged.piece]
    assert (boat.nation, boat.at, boat.steps, boat.top) == ("japan", "holding", 1, 2)
    assert t.state.submarine_replacements == ()


def test_submarines_still_at_sea_go_home_at_the_end_of_air_naval_combat_and_merge():
    t = japanese_sub_at_sea()
    t.do(c.Buy(item="submarine_step"))
    t.advance_to("air_naval_combat", "japan")
    out = t.do(c.Advance())
    assert any(isinstance(e, ev.NavalMoved) and e.pieces == ("jp-sub",) and e.to == "holding" for e in out)
    assert (t.state.pieces["jp-sub"].at, t.state.pieces["jp-sub"].steps) == ("holding", 2)


def test_a_submarine_in_its_box_takes_the_step_at_once():
    t = with_pieces(piece("jp-sub", "japan", "submarine", 1, "holding", top=2), drop=("jp-sub",))
    t.do(c.Advance())
    t.advance_to("production", "japan", producer="japan")
    t.do(c.Buy(item="submarine_step"))
    assert t.state.pieces["jp-sub"].steps == 2 and t.state.submarine_replacements == ()


def test_a_us_submarine_at_sea_with_its_marker_waiting_takes_no_second_step():
    t = with_pieces(piece("us-sub", "usa", "submarine", 1, "holding", top=2), drop=("us-sub",))
    t.do(c.Advance())
    t.advance_to("naval_movement", "allies")
    t.do(c.NavalMove(pieces=("us-bb-1",), to="philippine_sea", zones=2))
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="philippine_sea", zones=1, mode="react"))
    t.do(c.NavalMove(pieces=("us-sub",), to="philippine_sea", zones=0))  # AE 1.11b: where Japan reacted
    t.advance_to("production", "allies", producer="usa")
    t.do(c.Buy(item="submarine_step"))
    assert t.state.pieces["us-sub"].steps == 1 and t.state.submarine_replacements == ("usa",)
    with pytest.raises(Refused) as refused:  # the US may spend 3 a turn, but the unit has two steps
        t.do(c.Buy(item="submarine_step"))
    assert refused.value.rule == "AE 4.25, 4.61" and "Replacement marker" in str(refused.value)


# Orphan CBA (AE 4.42, 5.22)


def test_an_orphan_cba_joins_a_carrier_in_its_national_port_without_strategic_movement():
    t = with_pieces(piece("jp-cba-o", "japan", "cba", 2, "orphan"))
    t.do(c.Advance())  # Japanese Naval Movement
    out = t.do(c.BaseOrphanCba(pieces=("jp-cba-o",), fleet="jp-cv-a"))  # jp-cv-a is at Honshu
    assert out == [ev.OrphanCbaBased(pieces=("jp-cba-o",), fleet="jp-cv-a", strategic=False)]
    assert t.state.pieces["jp-cba-o"].at == "jp-cv-a" and t.state.sr_used == {}


def allied_orphans(*extra) -> Table:
    t = with_pieces(piece("us-cba-o", "usa", "cba", 2, "orphan"), *extra)
    t.do(c.Advance())
    t.advance_to("operational_movement", "allies")
    return t


def test_away_from_its_national_port_an_orphan_cba_reaches_a_carrier_by_strategic_movement():
    t = allied_orphans()
    with pytest.raises(Refused) as refused:  # us-cv-a is at Hawaii, not in the USA
        t.do(c.BaseOrphanCba(pieces=("us-cba-o",), fleet="us-cv-a"))
    assert refused.value.rule == "AE 4.42, 5.22"
    t.advance_to("strategic_movement", "allies")
    out = t.do(c.BaseOrphanCba(pieces=("us-cba-o",), fleet="us-cv-a"))
    assert out[0].strategic and t.state.pieces["us-cba-o"].at == "us-cv-a"
    assert t.state.sr_used == {"usa": 1}  # one of the USA's 4 strategic moves (AE 5.24)


def test_no_strategic_movement_into_a_sea_zone_of_limited_influence():
    t = with_pieces(piece("jp-cba-o", "japan", "cba", 2, "orphan"), piece("jp-cv-b", "japan", "cv", 2, "kyushu", top=4),
                    piece("us-ca-luz", "usa", "ca", 2, "luzon", top=4))
    t.do(c.Advance())
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="south_china_sea", zones=2))
    t.advance_to("strategic_movement", "japan")
    with pytest.raises(Refused) as refused:  # the carrier and the US cruisers at Luzon both project: Limited
        t.do(c.BaseOrphanCba(pieces=("jp-cba-o",), fleet="jp-cv-a"))
    assert refused.value.rule == "AE 5.22, 8.13"
    with pytest.raises(Refused) as refused:  # nor through one, when the table names the flight's sea zones
        t.do(c.BaseOrphanCba(pieces=("jp-cba-o",), fleet="jp-cv-b", path=("south_china_sea", "east_china_sea")))
    assert refused.value.rule == "AE 5.22, 8.13"
    t.do(c.BaseOrphanCba(pieces=("jp-cba-o",), fleet="jp-cv-b"))  # Kyushu is not Japan's national port
    assert t.state.sr_used == {"japan": 1}


def test_the_carrier_needs_room_and_the_nation_its_strategic_moves():
    t = allied_orphans(piece("us-cv-1s", "usa", "cv", 1, "hawaii", top=4),
                       piece("us-cba-c1", "usa", "cba", 1, "us-cv-1s", top=2),
                       piece("us-cba-c2", "usa", "cba", 1, "us-cv-1s", top=2),
                       piece("cw-cv", "commonwealth", "cv", 2, "ceylon", top=4),
                       piece("cw-cba-1", "commonwealth", "cba", 1, "orphan", top=2),
                       piece("cw-cba-2", "commonwealth", "cba", 1, "orphan", top=2))
    t.advance_to("strategic_movement", "allies")
    with pytest.raises(Refused) as refused:  # a 1-step CV with two cadre CBA is full (AE 4.31's example)
        t.do(c.BaseOrphanCba(pieces=("us-cba-o",), fleet="us-cv-1s"))
    assert refused.value.rule == "AE 4.24, 4.31, 8.6"
    with pytest.raises(Refused) as refused:  # the Commonwealth moves one unit a Strategic Movement Phase
        t.do(c.BaseOrphanCba(pieces=("cw-cba-1", "cw-cba-2"), fleet="cw-cv"))
    assert refused.value.rule == "AE 5.24, 2.13"
    with pytest.raises(Refused) as refused:  # a US CBA does not land on a Commonwealth carrier
        t.do(c.BaseOrphanCba(pieces=("us-cba-o",), fleet="cw-cv"))
    assert refused.value.rule == "AE 4.21, 5.22"
    with pytest.raises(Refused) as refused:  # only Orphan CBA move this way
        t.do(c.BaseOrphanCba(pieces=("us-cba-1",), fleet="us-cv-1s"))
    assert refused.value.rule == "AE 4.21, 5.22"
    t.do(c.BaseOrphanCba(pieces=("cw-cba-1",), fleet="cw-cv"))
    assert t.state.pieces["cw-cba-1"].at == "cw-cv"


def test_orphans_join_in_their_own_player_turn():
    t = with_pieces(piece("us-cba-o", "usa", "cba", 2, "orphan"))
    t.do(c.Advance())
    t.advance_to("strategic_movement", "japan")
    with pytest.raises(Refused) as refused:
        t.do(c.BaseOrphanCba(pieces=("us-cba-o",), fleet="us-cv-a"))
    assert refused.value.rule == "AE 4.42, 5.22"
