"""Who fights in a land battle: CBA (AE 6.53, 7.24) and air support named by unit (AE 6.5-6.52, 9.47), and the one
Chinese force that attacks where Nationalists and Communists stand together (AE 9.43)."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from tests.games.asia_engulfed.table import Table, piece, scenario


def fire_of(t: Table) -> ev.LandFire:
    return [e for e in t.log if isinstance(e, ev.LandFire)][-1]


def japanese_combat(*extra, drop=(), **kw) -> Table:
    """Japan's Land Combat Phase; the Shanghai garrison and the network keep Japanese units supplied."""
    t = Table(scenario(pieces=(*(p for p in scenario().pieces if p.id not in drop), *extra,
                               piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai")),
                       surprise=False, network={"east_china_sea": 1, "south_china_sea": 1}, **kw))
    t.do(c.Advance())
    t.advance_to("land_combat", "japan")
    return t


# CBA over land battles (AE 6.53)


def test_cba_never_fight_over_a_non_amphibious_battle_in_a_large_zone():
    t = japanese_combat(piece("jp-inf-luz", "japan", "infantry", 2, "luzon", top=4),
                        piece("jp-cv-scs", "japan", "cv", 2, "formosa", top=4),
                        piece("jp-cba-scs", "japan", "cba", 2, "jp-cv-scs"),
                        piece("us-lba-luz", "usa", "lba", 2, "luzon"))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="luzon", side="attacker", air_support={"jp-cba-scs": "jp-inf-luz"}))
    assert refused.value.rule == "AE 6.53" and "large zone" in str(refused.value)
    with pytest.raises(Refused) as refused:
        t.do(c.AirToAir(where="luzon", japan=("jp-cba-scs",), allies=("us-lba-luz",)))
    assert refused.value.rule == "AE 6.53"


def port_box_battle() -> Table:
    return japanese_combat(piece("jp-inf-hk", "japan", "infantry", 2, "hong_kong", top=4),
                           piece("cw-inf-hk", "commonwealth", "infantry", 2, "hong_kong", nationality="british",
                                 top=4),
                           piece("cw-lba-hk", "commonwealth", "lba", 2, "hong_kong"),
                           piece("jp-lba-hk", "japan", "lba", 1, "hong_kong", top=2),
                           piece("jp-cv-fo", "japan", "cv", 2, "south_china_sea", top=4),  # next to Hong Kong
                           piece("jp-cba-fo", "japan", "cba", 2, "jp-cv-fo"),
                           piece("jp-cv-far", "japan", "cv", 1, "formosa", top=4),  # in another zone's port
                           piece("jp-cba-far", "japan", "cba", 2, "jp-cv-far"))


def test_in_a_port_box_cba_fly_air_combat_only_from_a_carrier_next_to_it():
    t = port_box_battle()
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="hong_kong", side="attacker", air_support={"jp-cba-fo": "jp-inf-hk"}))
    assert refused.value.rule == "AE 6.53" and "air combat only" in str(refused.value)
    with pytest.raises(Refused) as refused:  # « dans une zone maritime adjacente ou dans un port de la zone »
        t.do(c.AirToAir(where="hong_kong", japan=("jp-cba-far",), allies=("cw-lba-hk",)))
    assert refused.value.rule == "AE 6.53"
    t.do(c.AirToAir(where="hong_kong", japan=("jp-cba-fo",), allies=("cw-lba-hk",), faces=(1, 1, 1, 1)))
    assert [e for e in t.log if isinstance(e, ev.AirCombatFought)][-1].units == ("jp-cba-fo", "cw-lba-hk")


def test_air_support_named_by_unit_gives_one_bonus_a_step_up_to_the_air_units_steps():
    t = port_box_battle()
    t.do(c.Fire(zone="hong_kong", side="defender", faces=(1, 1)))  # AE 6.31: the defender first, no hit
    with pytest.raises(Refused) as refused:  # an LBA supports only where it is
        t.do(c.Fire(zone="hong_kong", side="attacker", air_support={"jp-lba-1": "jp-inf-hk"}))
    assert refused.value.rule == "AE 6.21, 7.24"
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="hong_kong", side="attacker", air_support={"jp-lba-hk": "jp-inf-hk"},
                    support={"jp-inf-hk": 1}))
    assert refused.value.rule == "AE 6.5"
    t.do(c.Fire(zone="hong_kong", side="attacker", air_support={"jp-lba-hk": "jp-inf-hk"}, faces=(5, 5)))
    f = fire_of(t)  # the 1-step LBA supports one of the two infantry steps (AE 6.51)
    assert [(x.dice, x.bonus, x.hits) for x in f.fire] == [(1, 1, 1), (1, 0, 0)]
    assert f.fire[0].bonuses == ("air support",)


def test_air_support_goes_to_a_land_unit_of_the_same_nation_and_chinese_air_to_nationalists():
    t = japanese_combat(piece("jp-inf-chk", "japan", "infantry", 2, "chungking", top=4),
                        piece("cn-mil-chk", "china", "militia", 2, "chungking", force="communist", top=3),
                        piece("cn-lba", "china", "lba", 2, "chungking"),
                        piece("us-lba-chk", "usa", "lba", 2, "chungking"))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="chungking", side="defender", air_support={"us-lba-chk": "cn-inf-1"}))
    assert refused.value.rule == "AE 6.51"
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="chungking", side="defender", air_support={"cn-lba": "cn-mil-chk"}))
    assert refused.value.rule == "AE 9.47"


def invasion_of_borneo(*extra) -> Table:
    """Japan invades Borneo from the South China Sea (Formosa, on it, is Japanese; the sea zone is in the network)."""
    t = Table(scenario(pieces=(*scenario().pieces, *extra,
                               piece("jp-inf-inv", "japan", "infantry", 2, "formosa", top=4),
                               piece("dei-mil-bor", "dei", "militia", 2, "borneo", top=2),
                               piece("jp-gar-shanghai", "japan", "garrison", 1, "shanghai")),
                       surprise=False, network={"east_china_sea": 1, "south_china_sea": 1}))
    t.do(c.Advance())
    t.do(c.NavalMove(pieces=("jp-inf-inv",), to="south_china_sea", zones=1))
    t.advance_to("operational_movement", "japan")
    t.do(c.Move(pieces=("jp-inf-inv",), to="borneo", mode="invasion"))
    t.advance_to("land_combat", "japan")
    return t


def test_in_an_invasion_the_invaders_cba_come_from_the_invasion_sea_zone():
    t = invasion_of_borneo(piece("jp-cv-java", "japan", "cv", 1, "java_sea", top=4),
                           piece("jp-cba-java", "japan", "cba", 2, "jp-cv-java"),
                           piece("jp-cv-scs", "japan", "cv", 1, "south_china_sea", top=4),
                           piece("jp-cba-scs", "japan", "cba", 2, "jp-cv-scs"))
    assert t.state.invaded_from == {"borneo": ("south_china_sea",)}
    t.do(c.Fire(zone="borneo", side="defender", faces=(1, 1)))  # AE 6.31: the defender first, no hit
    with pytest.raises(Refused) as refused:  # the Java Sea touches Borneo, but the invaders came by the other sea
        t.do(c.Fire(zone="borneo", side="attacker", air_support={"jp-cba-java": "jp-inf-inv"}))
    assert refused.value.rule == "AE 7.24"
    t.do(c.Fire(zone="borneo", side="attacker", air_support={"jp-cba-scs": "jp-inf-inv"}, faces=(5, 5)))
    f = fire_of(t)  # ground support in an amphibious invasion (AE 6.53); Borneo is jungle: no surprise bonus now
    assert [(x.dice, x.bonus, x.hits) for x in f.fire] == [(2, 1, 2)]


def test_in_an_invasion_the_defenders_cba_fly_from_a_sea_zone_next_to_the_zone():
    t = invasion_of_borneo(piece("us-cv-java", "usa", "cv", 1, "java_sea", top=4),
                           piece("us-cba-java", "usa", "cba", 2, "us-cv-java"),
                           piece("us-cba-far", "usa", "cba", 2, "us-cv-a"),  # us-cv-a is at Hawaii
                           piece("jp-cv-scs", "japan", "cv", 1, "south_china_sea", top=4),
                           piece("jp-cba-scs", "japan", "cba", 2, "jp-cv-scs"))
    with pytest.raises(Refused) as refused:
        t.do(c.AirToAir(where="borneo", japan=("jp-cba-scs",), allies=("us-cba-far",)))
    assert refused.value.rule == "AE 6.53"
    t.do(c.AirToAir(where="borneo", japan=("jp-cba-scs",), allies=("us-cba-java",), faces=(1, 1, 1, 1)))
    assert any(isinstance(e, ev.AirCombatFought) for e in t.log)


# One Chinese force attacks (AE 9.43)


def chinese_attack(**kw) -> Table:
    """Sian (Allied, rough) holds Japanese infantry, Nationalists and Communists; the Allies fight there."""
    pieces = (piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4),
              piece("cn-nat-sian", "china", "infantry", 3, "sian", force="nationalist", top=4),
              piece("cn-com-sian", "china", "infantry", 2, "sian", force="communist", top=3))
    t = japanese_combat(*pieces, drop=("cn-mil-1",), **kw)  # one unit of each force
    t.advance_to("land_combat", "allies")
    return t


def test_where_both_forces_stand_only_one_attacks_and_the_allied_player_names_it():
    t = chinese_attack()
    # Japan's defending fire opens the round (AE 6.31): the force is named with it, since it takes those hits.
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="sian", side="defender"))
    assert refused.value.rule == "AE 9.43" and "chinese_force" in str(refused.value)
    out = t.do(c.Fire(zone="sian", side="defender", chinese_force="nationalist", faces=(1, 1)))
    assert ev.ChineseAttackerChosen(zone="sian", force="nationalist") in out
    t.do(c.Fire(zone="sian", side="attacker", faces=(6, 1, 1)))
    assert [x.piece for x in fire_of(t).fire] == ["cn-nat-sian"]  # the Communists do not fire
    assert t.state.chinese_attackers == {"sian": "nationalist"}


def test_japan_keeps_its_bonus_and_the_attacking_force_alone_takes_the_losses():
    t = chinese_attack()
    t.do(c.Fire(zone="sian", side="defender", chinese_force="communist", faces=(3, 3)))
    f = fire_of(t)  # rough terrain, tenacity against Chinese attacks and the mixed Chinese forces: +3
    assert f.fire[0].bonuses == ("rough terrain", "tenacious against Chinese attacks",
                                 "Chinese Nationalists and Communists together")
    assert f.hits == 2
    with pytest.raises(Refused) as refused:
        t.do(c.ApplyLosses(zone="sian", hits=2, losses={"cn-com-sian": 1, "cn-nat-sian": 1}))
    assert refused.value.rule == "AE 9.43"
    out = t.do(c.ApplyLosses(zone="sian", hits=2, losses={"cn-com-sian": 2}))
    assert "cn-com-sian" not in t.state.pieces and t.state.pieces["cn-nat-sian"].steps == 3
    # the Nationalists are still there: Sian does not pass to Japan, no emergency militia
    assert not any(isinstance(e, (ev.ControlChanged, ev.FreeStepsGranted)) for e in out)
    assert t.state.control["sian"] == "allies"


def test_the_force_named_attacks_for_the_whole_player_turn_there():
    t = chinese_attack(special_actions={"japan": 1, "usa": 1})
    t.do(c.Fire(zone="sian", side="defender", chinese_force="nationalist", faces=(1, 1)))
    t.do(c.Fire(zone="sian", side="attacker", faces=(1, 1, 1)))
    t.do(c.SpendSpecialAction(nation="usa", use="breakthrough", target="sian"))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="sian", side="defender", first_round=False, chinese_force="communist"))
    assert refused.value.rule == "AE 9.43"
    t.do(c.Fire(zone="sian", side="defender", first_round=False, faces=(1, 1)))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="sian", side="attacker", first_round=False, chinese_force="communist"))
    assert refused.value.rule == "AE 9.43"
    t.do(c.Fire(zone="sian", side="attacker", faces=(1, 1, 1)))  # the Nationalists again, named or not
    assert [x.piece for x in fire_of(t).fire] == ["cn-nat-sian"]


def test_japanese_attacks_hit_both_forces_and_the_split_is_only_for_chinese_attacks():
    t = japanese_combat(piece("jp-inf-sian", "japan", "infantry", 2, "sian", top=4),
                        piece("cn-nat-sian", "china", "infantry", 3, "sian", force="nationalist", top=4),
                        piece("cn-com-sian", "china", "infantry", 2, "sian", force="communist", top=3))
    with pytest.raises(Refused) as refused:
        t.do(c.Fire(zone="sian", side="defender", chinese_force="nationalist"))
    assert refused.value.rule == "AE 9.43"
    t.do(c.Fire(zone="sian", side="defender", faces=(1,) * 7))  # AE 6.31: the defender first, no hit
    t.do(c.Fire(zone="sian", side="attacker", faces=(5, 5)))
    assert fire_of(t).fire[0].bonuses == ("Chinese Nationalists and Communists together",)
    t.do(c.ApplyLosses(zone="sian", hits=2, losses={"cn-nat-sian": 1, "cn-com-sian": 1}))
    assert (t.state.pieces["cn-nat-sian"].steps, t.state.pieces["cn-com-sian"].steps) == (2, 1)


def test_banzai_defenders_all_die_when_the_attacking_force_falls_but_the_other_force_stays():
    t = chinese_attack()
    t.do(c.Edit(what="place", key="jp-gar-peking", value="sian", reason="the garrison stands in Sian"))
    t.do(c.Fire(zone="sian", side="defender", chinese_force="communist", banzai=("jp-gar-peking",), faces=(6, 6, 6)))
    out = t.do(c.ApplyLosses(zone="sian", hits=3, losses={"cn-com-sian": 2}))
    banzai = next(e for e in out if isinstance(e, ev.LossesApplied) and e.cause == "banzai")
    assert banzai.losses == {"jp-gar-peking": 1}  # no step spared: the Nationalists are still in Sian (AE 9.14)
    assert "jp-gar-peking" not in t.state.pieces and t.state.control["sian"] == "allies"
