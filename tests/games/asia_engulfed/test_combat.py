"""Land combat rounds (AE 6.2-6.4, 9.14-9.16, 9.46), kamikazes (AE 9.13) and port attacks (AE 8.7)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.scenario.format import Tracks
from tests.games.asia_engulfed.table import Table, piece, scenario


def battle(extra, **kw) -> Table:
    """Japan's Land Combat Phase; a garrison in Shanghai and the East China Sea network keep Japan supplied."""
    extra = (*extra, piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai"))
    t = Table(scenario(pieces=(*scenario().pieces, *extra), surprise=False, network={"east_china_sea": 1}, **kw))
    t.do(c.Advance())
    t.advance_to("land_combat", "japan")
    return t


def fire_of(t: Table) -> ev.LandFire:
    return [e for e in t.log if isinstance(e, ev.LandFire)][-1]


def test_defenders_in_rough_terrain_hit_on_five_and_air_support_gives_one_bonus_a_step():
    t = battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),))
    assert t.state.supply["jp-inf-chk"] == "full"
    t.do(c.Fire(zone="chungking", side="defender", faces=(5, 2, 6)))  # 3 Nationalist steps, rough: +1
    f = fire_of(t)
    assert f.side == "allies" and f.hits == 2
    assert f.fire[0].bonuses == ("rough terrain",)
    t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"jp-inf-chk": 2}))  # the surviving steps fire
    t.do(c.Fire(zone="chungking", side="attacker", support={"jp-inf-chk": 1}, faces=(5, 5)))
    f = fire_of(t)
    assert [(x.dice, x.bonus, x.hits) for x in f.fire] == [(1, 1, 1), (1, 0, 0)]  # 1 step air-supported


def test_japanese_units_defending_against_a_chinese_attack_get_a_bonus_but_not_militia():
    t = battle((piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4),
                piece("jp-mil-sian", "japan", "militia", 2, "sian")), control={"sian": "allies"})
    t.advance_to("land_combat", "allies")
    t.do(c.Fire(zone="sian", side="defender", faces=(5, 5, 5, 5)))
    fired = fire_of(t).fire
    assert [(x.piece, x.bonus, x.hits) for x in fired] == [("jp-inf-sian", 2, 2), ("jp-mil-sian", 0, 0)]
    assert fired[0].bonuses == ("rough terrain", "tenacious against Chinese attacks")  # AE 6.4 c and k


def test_assault_doubles_dice_but_not_in_jungle():
    t = battle((piece("jp-inf-mal", "japan", "infantry", 2, "malaya"),
                piece("cw-inf-mal", "commonwealth", "infantry", 2, "malaya", nationality="british")))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="malaya", side="defender", assault=True))
    assert refused.value.rule == "AE 6.72"
    t.do(c.Fire(zone="malaya", side="defender", faces=(1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="malaya", side="attacker", assault=True))
    assert refused.value.rule == "AE 6.72"
    t.do(c.Fire(zone="malaya", side="attacker", faces=(6, 1)))
    assert fire_of(t).hits == 1


def test_full_strength_units_lose_a_step_before_any_loses_a_second():
    t = battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),
                piece("cn-inf-2", "china", "infantry", 2, "chungking", force="nationalist")))
    t.do(c.Fire(zone="chungking", side="defender", faces=(1,) * 5))  # AE 6.31: the defender first, no hit
    t.do(c.Fire(zone="chungking", side="attacker", faces=(6, 6, 1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"cn-inf-1": 2}))  # cn-inf-2 is full strength
    assert refused.value.rule == "AE 6.25"
    t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"cn-inf-1": 1, "cn-inf-2": 1}))
    assert t.state.pieces["cn-inf-1"].steps == 2 and t.state.pieces["cn-inf-2"].steps == 1


def test_chinese_militia_does_not_fire_when_attacking():
    t = battle((piece("jp-gar-sian", "japan", "garrison", 1, "sian"),), control={"sian": "allies"})
    t.advance_to("land_combat", "allies")
    t.do(c.Fire(zone="sian", side="defender", faces=(1,)))  # AE 6.31: the Japanese garrison fires first
    with pytest.raises(Refused, match="no step"):
        t.do(c.Fire(zone="sian", side="attacker"))


def test_banzai_units_fire_with_a_bonus_then_die_unless_the_enemy_is_wiped_out():
    t = battle((piece("jp-mil-1", "japan", "militia", 2, "chungking"),
                piece("jp-inf-chk", "japan", "infantry", 2, "chungking", top=4)))
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))  # AE 6.31: the defender first, no hit
    t.do(c.Fire(zone="chungking", side="attacker", banzai=("jp-mil-1",), faces=(1, 1, 5, 5)))
    f = fire_of(t)
    assert [(x.piece, x.bonus, x.hits) for x in f.fire] == [("jp-inf-chk", 0, 0), ("jp-mil-1", 1, 2)]
    t.do(c.ApplyLosses(zone="chungking", hits=2, losses={"cn-inf-1": 2}))
    assert "jp-mil-1" not in t.state.pieces  # AE 9.14


def test_the_home_defense_force_must_banzai_with_a_quarter_of_its_steps():
    t = battle((piece("us-mar-honshu", "usa", "marine", 3, "honshu"),))
    t.do(c.Fire(zone="honshu", side="defender", faces=(6, 5, 4)))  # US Marines: inherent +1 (AE 4.26)
    assert [(x.bonus, x.hits) for x in fire_of(t).fire] == [(1, 2)]
    t.do(c.ApplyLosses(zone="honshu", hits=2, losses={"jp-inf-1": 1}, hdf=1))
    t.do(c.Fire(zone="honshu", side="attacker", faces=(1, 1, 1) + (5, 5, 5) + (5,) * 8))
    hdf = [x for x in fire_of(t).fire if x.piece == "hdf_honshu"]
    assert [(x.dice, x.bonus, x.hits) for x in hdf] == [(3, 1, 3), (8, 0, 0)]  # 11 steps: 3 must Banzai


def test_kamikazes_must_strike_a_cruiser_first_and_die_after_firing():
    pieces = (*scenario().pieces, piece("cw-ca-2", "commonwealth", "ca", 2, "south_china_sea"),
              piece("us-cv-b", "usa", "cv", 2, "south_china_sea"))
    t = Table(scenario(pieces=pieces, surprise=False,
                       tracks=Tracks(oil=20, transport_capacity=10, kamikaze=0)))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    with pytest.raises(Refused) as refused:
        t.do(c.Kamikaze(sea="south_china_sea", attacks={"jp-lba-1": "us-cv-b"}, faces=(6,)))
    assert refused.value.rule == "AE 9.13b"
    t.do(c.Kamikaze(sea="south_china_sea", attacks={"jp-lba-1": "cw-ca-2"}, faces=(5,)))
    assert t.state.damaged["cw-ca-2"] == 1
    assert "jp-lba-1" not in t.state.pieces


def test_port_attacks_damage_at_most_three_points():
    t = Table(scenario(surprise=False))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    t.do(c.PortAttack(zone="singapore", attack_steps=4, faces=(6, 6, 6, 6)))
    assert t.state.port_damage["singapore"] == 3


def test_a_second_round_is_a_breakthrough_bought_with_a_special_action():
    t = battle((piece("jp-inf-chk", "japan", "infantry", 4, "chungking"),))
    t.do(c.Fire(zone="chungking", side="defender", faces=(1, 1, 1)))
    t.do(c.Fire(zone="chungking", side="attacker", faces=(1, 1, 1, 1)))
    with pytest.raises(Refused) as refused:  # the defender's fire opens the next round: it needs the Breakthrough
        t.do(c.Fire(zone="chungking", side="defender", first_round=False, faces=(1, 1, 1)))
    assert refused.value.rule == "AE 6.6"
    t.do(c.SpendSpecialAction(nation="japan", use="breakthrough", target="chungking"))
    t.do(c.Fire(zone="chungking", side="defender", first_round=False, assault=True, faces=(1,) * 6))
    t.do(c.Fire(zone="chungking", side="attacker", first_round=False, assault=True, faces=(6,) * 8))
    assert fire_of(t).hits == 8 and fire_of(t).assault
