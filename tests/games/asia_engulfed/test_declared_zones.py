"""AE 8.21: once the phasing player moves on to another sea zone, or the enemy reacted, no more fleets or land
units are sent into a sea zone he declared earlier in the Naval Movement Phase."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed.evolve import evolve
from events.core import PhaseBegan
from tests.games.asia_engulfed.table import Table, piece, scenario


def naval() -> Table:
    # jp-inf-k in Kyushu reaches the South China Sea in two sea zones (Honshu is three away)
    pieces = (*scenario().pieces, piece("jp-inf-k", "japan", "infantry", 2, "kyushu"))
    t = Table(scenario(surprise=False, pieces=pieces))
    t.do(c.Advance())
    assert t.state.phase == "naval_movement"
    return t


def refused(t: Table, cmd) -> Refused:
    before = len(t.log)
    with pytest.raises(Refused) as caught:
        t.do(cmd)
    assert len(t.log) == before  # a refusal changes nothing
    return caught.value


def test_fleets_join_the_zone_being_declared_but_not_one_left_behind():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="east_china_sea", zones=1))
    t.do(c.NavalMove(pieces=("jp-ca-elite",), to="east_china_sea", zones=1))  # still the zone being declared
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="south_china_sea", zones=3))  # the next zone: East China Sea is done
    no = refused(t, c.NavalMove(pieces=("jp-inf-1",), to="east_china_sea", zones=1))  # land units too
    assert no.rule == "AE 8.21" and "East China Sea" in str(no)
    t.do(c.NavalMove(pieces=("jp-inf-k",), to="south_china_sea", zones=2))
    assert t.state.pieces["jp-inf-k"].at == "south_china_sea"
    assert t.state.naval_declared == ("east_china_sea", "south_china_sea")


def test_a_reaction_closes_the_zone_but_the_phasing_submarine_may_still_join():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=2))
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="south_china_sea", zones=2, mode="react"))
    assert refused(t, c.NavalMove(pieces=("jp-ca-elite",), to="south_china_sea", zones=2)).rule == "AE 8.21"
    t.do(c.NavalMove(pieces=("jp-sub",), to="south_china_sea", zones=0))  # AE 8.25: after an enemy fleet reacted
    assert t.state.pieces["jp-sub"].at == "south_china_sea"
    t.do(c.NavalMove(pieces=("jp-ca-elite",), to="east_china_sea", zones=1))  # a new zone is declared


def test_unmoved_fleets_join_an_extended_operation_until_the_enemy_reacts_there():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="gulf_of_thailand", zones=2, mode="extended",
                     path=("south_china_sea", "gulf_of_thailand")))
    assert refused(t, c.NavalMove(pieces=("jp-inf-1",), to="east_china_sea", zones=1)).rule == "AE 8.21"
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="gulf_of_thailand", zones=3))  # AE 8.23: joins in range
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="gulf_of_thailand", zones=1, mode="react"))
    assert refused(t, c.NavalMove(pieces=("jp-inf-1",), to="gulf_of_thailand", zones=2)).rule == "AE 8.21"


def test_each_player_turn_declares_afresh():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="east_china_sea", zones=1))
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="south_china_sea", zones=3))
    assert (t.state.naval_declared, t.state.naval_open) == (("east_china_sea", "south_china_sea"), "south_china_sea")
    allied = evolve(t.state, PhaseBegan(round=t.state.turn, side="allies", phase="naval_movement"))
    assert (allied.naval_declared, allied.naval_open) == ((), "")
