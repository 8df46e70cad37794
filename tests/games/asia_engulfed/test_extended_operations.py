"""Extended Naval Operations (AE 8.23, 7.4) and the Japanese Extended Return to Base (AE 7.5)."""

from __future__ import annotations

import msgspec

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from tests.games.asia_engulfed.table import Table, piece, scenario


def naval(**kw) -> Table:
    t = Table(scenario(surprise=False, **kw))
    t.do(c.Advance())
    assert t.state.phase == "naval_movement"
    return t


def of(t: Table, kind):
    return [e for e in t.log if isinstance(e, kind)]


def test_an_extended_operation_moves_fleets_on_from_a_dominant_zone_for_a_kept_special_action():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    oil = t.state.balance("japan", "oil")
    with pytest.raises(Refused) as refused:  # the carrier has not moved yet
        t.do(c.NavalMove(pieces=("jp-cv-a",), to="south_china_sea", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23"
    with pytest.raises(Refused) as refused:  # stops on entering the Gulf of Thailand (the CW cruiser at Singapore)
        t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="java_sea", zones=3, mode="extended",
                         path=("south_china_sea", "gulf_of_thailand", "java_sea")))
    assert refused.value.rule == "AE 8.22"
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="gulf_of_thailand", zones=2, mode="extended",
                     path=("south_china_sea", "gulf_of_thailand")))
    spent = of(t, ev.SpecialActionSpent)[-1]
    assert (spent.nation, spent.use, spent.target) == ("japan", "extended_naval", "east_china_sea")
    assert t.state.special_actions["japan"] == () and t.state.balance("japan", "oil") == oil  # oil paid already
    assert t.state.pieces["jp-bb-1"].at == "gulf_of_thailand"
    with pytest.raises(Refused) as refused:  # one extended operation per fleet per turn
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23"
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="gulf_of_thailand", zones=1, mode="react"))  # the enemy reacts again


def test_the_destination_must_be_new_this_turn_and_only_the_phasing_player_extends():
    t = naval(special_actions={"japan": 2, "usa": 1})
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    t.do(c.NavalMove(pieces=("jp-cv-a",), to="south_china_sea", zones=3))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23" and "already made" in str(refused.value)
    t.do(c.NavalMove(pieces=("us-bb-1",), to="hawaiian_islands", zones=1, mode="react"))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("us-bb-1",), to="eastern_pacific", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23"


def test_no_extended_operation_from_a_sea_zone_of_limited_influence():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=2))
    t.do(c.NavalMove(pieces=("cw-ca-1",), to="south_china_sea", zones=2, mode="react"))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="java_sea", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23" and "Dominant" in str(refused.value)


def test_an_enemy_submarine_attacks_the_whole_force_before_it_leaves():
    t = naval()
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="east_china_sea", zones=1))
    t.do(c.Edit(what="place", key="us-sub", value="east_china_sea", reason="the US submarine waits there"))
    with pytest.raises(Refused) as refused:  # no extended operation paid for there: not in Naval Movement
        t.do(c.SubmarineAttack(sea="east_china_sea", side="allies", option="undamaged", target="jp-bb-1",
                               faces=(1, 1, 1, 1, 6, 5)))
    assert refused.value.rule == "AE 8.5, 8.23"
    t.do(c.SpendSpecialAction(nation="japan", use="extended_naval", target="east_china_sea"))
    # ASW: the undamaged cruiser's 4 steps roll first (no 6); the 2-step submarine: 6 destroys, 5 damages.
    t.do(c.SubmarineAttack(sea="east_china_sea", side="allies", option="undamaged", target="jp-bb-1",
                           faces=(1, 1, 1, 1, 6, 5)))
    assert t.state.pieces["jp-bb-1"].steps == 3 and t.state.damaged["jp-bb-1"] == 1
    t.do(c.NavalMove(pieces=("jp-bb-1", "jp-ca-elite"), to="south_china_sea", zones=1, mode="extended"))
    assert len([e for e in of(t, ev.SpecialActionSpent) if e.use == "extended_naval"]) == 1  # paid once


def return_phase(**kw) -> Table:
    pieces = (*scenario().pieces, piece("jp-ca-r", "japan", "ca", 2, "south_china_sea"),
              piece("jp-inf-r", "japan", "infantry", 2, "formosa", top=4),
              piece("jp-mar-r", "japan", "marine", 2, "formosa"), *kw.pop("extra", ()))
    t = Table(scenario(pieces=pieces, surprise=False, network={"east_china_sea": 1, "south_china_sea": 2},
                       special_actions={"japan": 1}, **kw))
    t.do(c.Advance())
    t.do(c.NavalMove(pieces=("jp-inf-r",), to="south_china_sea", zones=1))  # a troop transport at sea
    t.advance_to("return_to_base", "japan")
    return t


def test_extended_return_to_any_supplied_port_ignoring_distance_for_one_special_action_and_no_oil():
    t = return_phase()
    oil = t.state.balance("japan", "oil")
    with pytest.raises(Refused) as refused:  # Hong Kong is not a Japanese port
        t.do(c.NavalMove(pieces=("jp-ca-r",), to="hong_kong", zones=0, mode="extended_return"))
    assert refused.value.rule == "AE 7.5"
    t.do(c.NavalMove(pieces=("jp-ca-r", "jp-inf-r"), to="honshu", zones=0, mode="extended_return"))
    assert t.state.pieces["jp-ca-r"].at == "honshu" and t.state.balance("japan", "oil") == oil
    assert t.state.special_actions["japan"] == ()
    t.do(c.NavalMove(pieces=("jp-mar-r",), to="kyushu", zones=0, mode="extended_return"))  # same Special Action
    assert t.state.pieces["jp-mar-r"].at == "kyushu"
    with pytest.raises(Refused) as refused:  # a fleet in port is not returning
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="honshu", zones=0, mode="extended_return"))
    assert refused.value.rule == "AE 7.5"


def test_extended_return_obeys_influence():
    t = return_phase(extra=(piece("us-ca-x", "usa", "ca", 2, "east_china_sea"),))
    with pytest.raises(Refused) as refused:  # Korea lies on the East China Sea only, now Limited
        t.do(c.NavalMove(pieces=("jp-ca-r",), to="korea", zones=0, mode="extended_return"))
    assert refused.value.rule == "AE 7.5, 8.8"
    t.do(c.NavalMove(pieces=("jp-ca-r",), to="honshu", zones=0, mode="extended_return"))  # by the Philippine Sea
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("us-ca-x",), to="usa", zones=0, mode="extended_return"))
    assert refused.value.rule == "AE 7.5"


def test_an_extended_operation_needs_a_special_action_kept_from_a_previous_turn():
    t = naval(special_actions={})
    t.do(c.NavalMove(pieces=("jp-bb-1",), to="east_china_sea", zones=1))
    with pytest.raises(Refused) as refused:
        t.do(c.NavalMove(pieces=("jp-bb-1",), to="south_china_sea", zones=1, mode="extended"))
    assert refused.value.rule == "AE 8.23, 7.4"
    assert t.state.pieces["jp-bb-1"].at == "east_china_sea"


def test_japanese_fleets_at_sea_in_the_allied_return_to_base_may_use_the_extended_return():
    t = return_phase()
    t.do(c.NavalMove(pieces=("jp-ca-r", "jp-inf-r"), to="formosa", zones=1, mode="return"))
    t.advance_to("return_to_base", "allies")
    t.do(c.Edit(what="place", key="jp-ca-r", value="philippine_sea", reason="it reacted into the Philippine Sea"))
    t.do(c.NavalMove(pieces=("jp-ca-r",), to="honshu", zones=0, mode="extended_return"))
    assert t.state.pieces["jp-ca-r"].at == "honshu" and t.state.special_actions["japan"] == ()


def pacific_board():
    """The test board with the sea zones of the AE 8.22 example joined in a chain (invented adjacency)."""
    from assistant.games.asia_engulfed.board.format import SeaZone
    from tests.games.asia_engulfed.table import board, zone

    b = board()
    chain = ("hawaiian_islands", "johnston_islands", "phoenix_islands", "us_mandate", "tonga_sea")
    seas = dict(b.seas)
    for i, sea in enumerate(chain):
        near = tuple(x for x in (chain[i - 1] if i else None, chain[i + 1] if i + 1 < len(chain) else None) if x)
        old = seas.get(sea)
        extra = tuple(old.adjacent or ()) if old is not None and sea == "hawaiian_islands" else ()
        seas[sea] = SeaZone(name=sea.replace("_", " ").title(), transports=2, vp=False, japan_link=False,
                            adjacent=tuple(dict.fromkeys(extra + near)))
    zones = dict(b.zones)
    zones["fiji"] = zone("Fiji", "commonwealth", kind="island_box", port="small", seas=("tonga_sea",))
    zones["samoa"] = zone("Samoa", "usa", kind="island_box", port="small", seas=("tonga_sea",))
    return msgspec.structs.replace(b, seas=seas, zones=zones)


def test_the_rule_book_example_three_zones_out_and_three_back_into_port():
    """AE 8.22 (8.22a, 8.8): Hawaii -> Hawaiian Islands (1) -> Johnston Islands (2) -> Phoenix Islands (3); in
    Return to Base on through U.S. Mandate (1) and Tonga Sea (2) into port at Fiji or Samoa (3)."""
    control = {"fiji": "allies", "samoa": "allies"}
    t = Table(scenario(surprise=False, control=control), board_=pacific_board())
    t.advance_to("naval_movement", "allies")
    t.do(c.NavalMove(pieces=("us-bb-1",), to="phoenix_islands", zones=3,
                     path=("hawaiian_islands", "johnston_islands", "phoenix_islands")))
    t.advance_to("return_to_base", "allies")
    t.do(c.NavalMove(pieces=("us-bb-1",), to="fiji", zones=3, mode="return", path=("us_mandate", "tonga_sea")))
    assert t.state.pieces["us-bb-1"].at == "fiji"
