"""Supply (AE 3.1-3.8): the Japanese Supply Network, submarine supply, partial supply, Final Supply eliminations,
influence (AE 8.13, 9.11d) and the board facts a verdict is missing."""

from __future__ import annotations

import pytest

from assistant.decider import Refused
from assistant.games.asia_engulfed import commands as c
from assistant.games.asia_engulfed import events as ev
from assistant.games.asia_engulfed.board.amend import SetSeaZone, SetZone
from assistant.games.asia_engulfed.rules.influence import all_influence
from assistant.games.asia_engulfed.rules.supply import Tracer
from tests.games.asia_engulfed.table import Table, board, piece, scenario


def at_japanese_initial_supply(**kw) -> Table:
    t = Table(scenario(surprise=False, **kw))
    t.do(c.Advance())
    t.do(c.Advance())
    assert t.state.phase == "initial_supply"
    return t


def verdict(t: Table, pid: str) -> ev.Verdict:
    found = [e for e in t.log if isinstance(e, ev.SupplyDetermined)][-1]
    return next(v for v in found.verdicts if v.piece == pid)


def test_a_japanese_unit_is_supplied_through_the_network_and_partially_without_it():
    t = at_japanese_initial_supply()
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea")))
    t.do(c.DetermineSupply())
    v = verdict(t, "jp-inf-3")  # French Indochina
    assert v.status == "full"
    assert v.route == ("french_indochina", "south_china_sea", "east_china_sea", "kyushu")
    assert t.state.balance("japan", "ta") == 10 - 3

    t2 = at_japanese_initial_supply()
    t2.do(c.SetNetwork(seas=()))
    t2.do(c.DetermineSupply())
    v2 = verdict(t2, "jp-inf-3")
    assert (v2.status, v2.reason) == ("partial", "traces to a partial supply source (AE 3.35)")


def test_setting_the_network_again_in_the_phase_replaces_it_and_pays_once():
    """AE 3.51: the network's transport points come off Transports Available once a turn; a table that sets it
    again before the determination (a smaller network, say) gets back what the first one took."""
    t = at_japanese_initial_supply()
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea")))
    assert t.state.balance("japan", "ta") == 10 - 3
    t.do(c.Edit(what="ta", value="1", reason="troops at sea took the rest"))
    t.do(c.SetNetwork(seas=("east_china_sea",)))  # 1 left + 3 back: the smaller network fits
    assert t.state.balance("japan", "ta") == 1 + 3 - 1 and t.state.network == {"east_china_sea": 1}
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea")))
    assert t.state.balance("japan", "ta") == 3 + 1 - 3

def test_the_network_refuses_allied_dominant_sea_zones_and_broken_chains():
    t = at_japanese_initial_supply()
    assert all_influence(t.state)["java_sea"] == "allies"  # the Commonwealth cruisers at Singapore
    with pytest.raises(Refused) as refused:
        t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea", "java_sea")))
    assert refused.value.rule == "AE 3.51"
    with pytest.raises(Refused, match="no chain") as refused:
        t.do(c.SetNetwork(seas=("south_china_sea",)))
    assert refused.value.rule == "AE 3.51"
    t.do(c.Edit(what="ta", value="2", reason="transports spent on troops at sea"))
    with pytest.raises(Refused, match="costs 3 transport points, 2 are available"):
        t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea")))


def test_the_submarine_covers_one_zone_alone_and_ignores_allied_dominance():
    t = at_japanese_initial_supply()
    with pytest.raises(Refused) as refused:
        t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea"), submarine_zone="java_sea"))  # 3 icons
    assert refused.value.rule == "AE 3.52"
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea"), submarine_zone="gulf_of_thailand"))
    assert t.state.balance("japan", "ta") == 10 - 3  # the submarine's zone costs nothing
    tracer = Tracer(t.state)
    assert all_influence(t.state)["gulf_of_thailand"] == "allies"
    assert tracer.legs("japan").sea_ok("gulf_of_thailand")


def test_final_supply_eliminates_the_unsupplied_even_if_supplied_at_initial_supply():
    pieces = (*scenario().pieces, piece("jp-inf-borneo", "japan", "infantry", 2, "borneo", top=4))
    t = at_japanese_initial_supply(pieces=pieces, control={"borneo": "japan"})
    t.do(c.SetNetwork(seas=("east_china_sea", "south_china_sea")))
    t.do(c.DetermineSupply())
    assert verdict(t, "jp-inf-borneo").status == "full"
    # The network is fixed for the turn; the Allies then take the South China Sea with a fleet.
    t.do(c.Edit(what="place", key="us-bb-1", value="luzon", reason="US battleships arrive at Manila"))
    t.do(c.Edit(what="place", key="jp-lba-1", value="honshu", reason="LBA withdrawn"))
    t.advance_to("final_supply", "japan")
    t.do(c.DetermineSupply())
    assert verdict(t, "jp-inf-borneo").status == "none"
    assert "jp-inf-borneo" not in t.state.pieces


def test_unknown_board_facts_are_named_when_a_verdict_depends_on_them():
    t = Table(scenario(surprise=False))
    t.do(c.AmendBoard(amendments=(SetZone(zone="formosa", seas=None),
                                  SetSeaZone(sea="east_china_sea", adjacent=None))))
    tracer = Tracer(t.state)
    assert tracer.piece(t.state.pieces["jp-lba-1"])[0] != "full"
    assert "formosa: the sea zones it borders (AE 3.4)" in tracer.missing


def test_chinese_communists_dei_and_philippines_are_always_supplied():
    t = Table(scenario())
    tracer = Tracer(t.state)
    for pid in ("cn-mil-1", "dei-inf", "ph-mil"):
        assert tracer.piece(t.state.pieces[pid])[0] == "full"


def test_partisans_cut_supply_through_unoccupied_conquered_resource_zones():
    t = Table(scenario())
    legs = Tracer(t.state).legs("japan")
    assert not legs.land_ok("shanghai", False)  # Japanese-controlled, resource, nobody there (AE 4.8)
    assert legs.land_ok("peking", False)  # the garrison holds it


def test_first_turn_allied_fleets_and_lba_in_port_project_no_influence():
    pieces = (*scenario().pieces, piece("cw-lba-1", "commonwealth", "lba", 2, "singapore"))
    t = Table(scenario(pieces=pieces))
    t.do(c.Advance())
    assert all_influence(t.state)["java_sea"] == "none"  # AE 9.11d
    t.advance_to("air_naval_combat", "japan")
    assert all_influence(t.state)["java_sea"] == "allies"


def test_influence_is_limited_when_both_sides_project():
    pieces = (*scenario().pieces, piece("jp-lba-fic", "japan", "lba", 2, "french_indochina"))
    t = Table(scenario(pieces=pieces, surprise=False))
    levels = all_influence(t.state)
    assert levels["gulf_of_thailand"] == "limited"
    assert levels["east_china_sea"] == "japan"
    assert levels["coral_sea"] == "none"


def test_the_test_board_is_valid():
    assert board().zones["honshu"].national
