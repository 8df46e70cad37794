"""Air-Naval Combat (AE 8.3-8.6) and amphibious invasions (AE 7.2, 3.25): interceptions, night fire, air
strikes, AA, damage resolution onto the Naval Production Track; the invaded zone converting after Land Combat."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.rules.construction import pipeline
from tests.games.asia_engulfed.table import Table, piece, scenario


def sea_battle(extra=()) -> Table:
    pieces = (*scenario().pieces, piece("us-ca-2", "usa", "ca", 3, "south_china_sea"),
              piece("us-cv-b", "usa", "cv", 2, "south_china_sea"),
              piece("us-cba-b", "usa", "cba", 2, "us-cv-b"),
              piece("jp-ca-2", "japan", "ca", 3, "south_china_sea"),
              piece("jp-bb-2", "japan", "bb", 2, "south_china_sea", top=4), *extra)
    t = Table(scenario(pieces=pieces, surprise=False))
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    return t


def interception(t: Table) -> ev.InterceptionRolled:
    return [e for e in t.log if isinstance(e, ev.InterceptionRolled)][-1]


def test_interception_winner_chooses_and_a_four_point_lead_is_surprise():
    t = sea_battle()
    with pytest.raises(Refused) as refused:  # no Avoid on the first attempt
        t.do(c.Intercept(sea="south_china_sea", japan="night", allies="avoid", faces=(3, 3)))
    assert refused.value.rule == "AE 8.31"
    t.do(c.Intercept(sea="south_china_sea", japan="night", allies="day", faces=(6, 1)))
    i = interception(t)
    assert (i.modified, i.outcome, i.winner, i.surprise) == ({"japan": 6, "allies": 2}, "night", "japan", True)
    t.do(c.Intercept(sea="south_china_sea", japan="night", allies="day", attempt=2, faces=(3, 2)))
    assert interception(t).outcome == "bad_weather"  # 3 against 2 + 1 for Day: a tie


def test_night_fire_battleships_at_battleships_cruisers_at_cruisers_with_the_modifiers():
    t = sea_battle((piece("us-bb-2", "usa", "bb", 2, "south_china_sea", top=4),))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalFire(sea="south_china_sea", kind="night", targets={"jp-bb-2": "us-ca-2"}))
    assert refused.value.rule == "AE 8.41"
    # jp-ca-2 (3 steps) at us-ca-2: 6 destroys, 5 damages, a second 5 destroys the damaged step.
    t.do(c.NavalFire(sea="south_china_sea", kind="night", targets={"jp-ca-2": "us-ca-2"}, faces=(6, 5, 5)))
    assert t.state.pieces["us-ca-2"].steps == 1 and t.state.damaged.get("us-ca-2", 0) == 0


def test_air_strikes_cba_bonus_against_carriers_then_aa_and_damage_resolution():
    t = sea_battle()
    t.do(c.Edit(what="place", key="jp-cv-a", value="south_china_sea", reason="the carrier sailed with the fleet"))
    t.do(c.NavalFire(sea="south_china_sea", kind="strike", targets={"jp-cba-1": "us-cv-b"}, faces=(3, 1)))
    assert t.state.damaged["us-cv-b"] == 1  # 3 + 1 (CBA against a carrier) + 1 (elite) = 5: damaged
    t.do(c.AntiAircraft(sea="south_china_sea", side="allies", losses={"jp-cba-1": 1}, faces=(6, 2)))
    assert t.state.pieces["jp-cba-1"].steps == 1  # (3 + 2) // 2 = 2 dice; one 6
    with pytest.raises(Refused) as refused:
        t.do(c.ResolveDamage(fleet="us-cv-b"))
    assert refused.value.rule == "AE 8.6"
    t.do(c.ResolveDamage(fleet="us-cv-b", boxes=(2,)))
    assert t.state.pieces["us-cv-b"].steps == 1 and t.state.pieces["us-cba-b"].steps == 2
    assert [p["build"] for p in pipeline(t.state) if p["marker"].startswith("repair-us-cv-b")] == ["cv"]


def test_an_invasion_spends_a_special_action_and_the_zone_converts_at_the_end_of_land_combat():
    pieces = (*scenario().pieces, piece("jp-inf-sea", "japan", "infantry", 2, "formosa", top=4))
    t = Table(scenario(pieces=pieces, surprise=False, network={"east_china_sea": 1, "south_china_sea": 2}))
    t.do(c.Advance())
    t.do(c.NavalMove(pieces=("jp-inf-sea",), to="south_china_sea", zones=1))  # 1 transport point (AE 5.31)
    t.advance_to("operational_movement", "japan")
    with pytest.raises(Refused) as refused:
        t.do(c.Move(pieces=("jp-inf-sea",), to="hong_kong", mode="landing"))
    assert refused.value.rule == "AE 5.31, 7.2"
    t.do(c.Move(pieces=("jp-inf-sea",), to="hong_kong", mode="invasion"))
    assert t.state.special_actions["japan"] == () and t.state.control["hong_kong"] == "allies"
    t.advance_to("land_combat", "japan")
    t.do(c.Advance())
    assert t.state.control["hong_kong"] == "japan"
    changed = [e for e in t.log if isinstance(e, ev.ControlChanged)][-1]
    assert changed.cause == "amphibious invasion"


def test_a_submarine_faces_asw_then_strikes_an_undamaged_fleet():
    t = sea_battle((piece("us-sub-sea", "usa", "submarine", 2, "south_china_sea"),))
    # Japanese ASW: the CA fleet's 3 steps roll (no CV at sea): one 6 sinks a submarine step.
    t.do(c.SubmarineAttack(sea="south_china_sea", side="allies", option="undamaged", target="jp-bb-2",
                           faces=(6, 1, 2, 5)))
    assert t.state.pieces["us-sub-sea"].steps == 1
    assert t.state.damaged["jp-bb-2"] == 1  # the surviving step rolled 5: damage (AE 8.52)


def test_the_first_turn_surprise_gives_japanese_air_one_more_in_port_attacks():
    t = Table(scenario())
    t.do(c.Advance())
    t.advance_to("air_naval_combat", "japan")
    t.do(c.PortAttack(zone="singapore", attack_steps=2, faces=(5, 4)))
    assert t.state.port_damage["singapore"] == 1  # a 5 hits with the +1 of AE 9.11c


def test_a_unit_gives_a_step_to_make_a_garrison():
    t = Table(scenario(surprise=False, network={"east_china_sea": 1}))
    t.do(c.Advance())
    t.advance_to("operational_movement", "japan")
    t.do(c.ConvertToGarrison(piece="jp-inf-2"))  # Manchukuo, supplied through Korea and the East China Sea
    assert t.state.pieces["jp-inf-2"].steps == 2
    assert [p.id for p in t.state.pieces.values() if p.kind == "garrison" and p.at == "manchukuo"] == \
        ["jp-garrison-1"]
    with pytest.raises(Refused) as refused:
        t.do(c.ConvertToGarrison(piece="jp-inf-2"))  # a second garrison in Manchukuo
    assert refused.value.rule == "AE 4.28"


def test_air_combat_elite_hits_on_four_and_takes_the_allied_hits_first():
    t = sea_battle((piece("jp-lba-2", "japan", "lba", 2, "formosa"),))
    t.do(c.Edit(what="place", key="jp-cv-a", value="south_china_sea", reason="the carrier sailed with the fleet"))
    # Japan: elite CBA (2 steps, hit on 4) then the LBA (2 steps, 5); the Allies: the US CBA (2 steps, 5).
    t.do(c.AirToAir(where="south_china_sea", japan=("jp-cba-1", "jp-lba-2"), allies=("us-cba-b",),
                    faces=(4, 1, 4, 1, 6, 5)))
    fought = [e for e in t.log if isinstance(e, ev.AirCombatFought)][-1]
    assert fought.hits == {"japan": 1, "allies": 2}
    with pytest.raises(Refused) as refused:
        t.do(c.AirLosses(side="japan", losses={"jp-lba-2": 2}))
    assert refused.value.rule == "AE 9.12"
    t.do(c.AirLosses(side="japan", losses={"jp-cba-1": 2}))
    t.do(c.AirLosses(side="allies", losses={"us-cba-b": 1}))
    assert "jp-cba-1" not in t.state.pieces and t.state.pieces["us-cba-b"].steps == 1


def test_a_refused_interception_chit_says_which_chits_the_side_has():
    """AE 8.31a: surface ships only choose Night; a side with only troop transports (and no LBA over the sea zone)
    has nothing to intercept with. The refusal says so in words, never "may choose  on this attempt"."""
    t = sea_battle()
    with pytest.raises(Refused) as refused:
        t.do(c.Intercept(sea="south_china_sea", japan="night", allies="avoid", faces=(3, 3)))
    assert str(refused.value) == "The Allies may choose only Day or Night on this attempt, not Avoid (AE 8.31)"
    pieces = [p for p in scenario().pieces if p.id != "jp-lba-1"]
    pieces.append(piece("us-ca-2", "usa", "ca", 3, "south_china_sea"))
    t = Table(scenario(pieces=tuple(pieces), surprise=False))
    t.do(c.Advance())
    t.do(c.NavalMove(pieces=("jp-inf-3",), to="south_china_sea", zones=1))  # troops at sea, no escort
    t.advance_to("air_naval_combat", "japan")
    with pytest.raises(Refused) as refused:
        t.do(c.Intercept(sea="south_china_sea", japan="night", allies="night", faces=(3, 3)))
    assert refused.value.rule == "AE 8.31" and "Japan has no surface ship, carrier or LBA" in str(refused.value)
